import SceneModel
import SceneSyntax
import XCTest

/// A stack's `alignment` words by `axis` (StackAlignment) and the conflicts the checker reports
/// (`Stack.conflicts`, a `ValueConflict` each): a word not of the axis, with the word to use.
final class StackAlignmentTests: XCTestCase {
    func conflicts(axis: String, alignment: String) -> [ValueConflict] {
        var values = AttributeValues(defaultsOf: Stack.kind)
        values.set(Stack.axis.name, ResolvedValue(value: .choice(axis), source: .file))
        values.set(Stack.alignment.name, ResolvedValue(value: .choice(alignment), source: .file))
        return Stack.conflicts(values)
    }

    func testEachAxisTakesItsWordsAndRefusesTheOthersWithTheWordToUse() {
        for axis in StackAxis.allCases {
            for word in StackAlignment.allWords {
                XCTAssertEqual(conflicts(axis: axis.rawValue, alignment: word).isEmpty, StackAlignment.words(for: axis).contains(word),
                               "\(axis) \(word)")
            }
        }
        XCTAssertEqual(conflicts(axis: "z", alignment: "start").first?.replacement, "topLeading")
        XCTAssertEqual(conflicts(axis: "z", alignment: "end").first?.replacement, "bottomTrailing")
        XCTAssertNil(conflicts(axis: "z", alignment: "stretch").first?.replacement)
        XCTAssertEqual(conflicts(axis: "horizontal", alignment: "bottomLeading").first?.replacement, "bottom")
        XCTAssertEqual(conflicts(axis: "vertical", alignment: "topTrailing").first?.replacement, "trailing")
        XCTAssertNil(conflicts(axis: "vertical", alignment: "top").first?.replacement, "top in a column is along it")
        XCTAssertEqual(conflicts(axis: "z", alignment: "start").first?.attribute, "alignment")
        XCTAssertEqual(Stack.conflicts(AttributeValues(defaultsOf: Stack.kind)), [], "the defaults agree")
        XCTAssertEqual(Ring.conflicts(AttributeValues(defaultsOf: Ring.kind)), [], "a kind without conflicts has none")
    }

    /// The same words as data, for the schema: one set of words for each axis.
    func testTheDependentChoicesAreEachAxissWords() {
        let dependent: [DependentChoice] = Stack.dependentChoices
        XCTAssertEqual(dependent.map(\.attribute), ["alignment"])
        XCTAssertEqual(dependent.first?.on, "axis")
        XCTAssertEqual(dependent.first?.words["z"], StackAlignment.zWords)
        XCTAssertEqual(dependent.first?.words["horizontal"], ["start", "center", "end", "stretch", "top", "bottom"])
        XCTAssertEqual(Ring.dependentChoices, [])
    }

    func testZWordsAreFractionsOfTheFreeSpace() {
        XCTAssertTrue(StackAlignment.zFractions("center") == (0.5, 0.5))
        XCTAssertTrue(StackAlignment.zFractions("topTrailing") == (1, 0))
        XCTAssertTrue(StackAlignment.zFractions("bottomLeading") == (0, 1))
        XCTAssertEqual(StackAlignment.crossPlacement("top"), "start")
        XCTAssertEqual(StackAlignment.crossPlacement("trailing"), "end")
        XCTAssertEqual(StackAlignment.crossPlacement("stretch"), "stretch")
    }

    /// The axis words are one enum: the attribute's choice, the schema's dependent words and
    /// the layout all read it, so a new axis cannot be left out of one of them.
    func testTheAxisChoiceIsTheAxisEnum() {
        XCTAssertEqual(Stack.axis.spec.kind, .choice(StackAxis.allCases.map(\.rawValue)))
        XCTAssertEqual(Set(Stack.dependentChoices.first?.words.keys.map { $0 } ?? []), Set(StackAxis.allCases.map(\.rawValue)))
        XCTAssertEqual(Stack.stackAxis(AttributeValues(defaultsOf: Stack.kind)).rawValue, Stack.axis.defaultValue)
    }

    /// An axis word the checker refused (here forced in) claims no alignment conflict: before,
    /// it fell back to a column's words and named "a vertical stack" in the message.
    func testAnUnknownAxisWordClaimsNoConflict() {
        XCTAssertEqual(conflicts(axis: "diagonal", alignment: "topLeading"), [])
    }

    /// Each z word is in the table once with its fractions, and words that merely end like
    /// one (`misleading`) are not placed as it.
    func testZPlacesAreATableOfTheNineWords() {
        XCTAssertEqual(StackAlignment.zPlaces.count, 9)
        XCTAssertEqual(Set(StackAlignment.zWords).count, 9)
        for place in StackAlignment.zPlaces {
            XCTAssertTrue([0, 0.5, 1].contains(place.x) && [0, 0.5, 1].contains(place.y), place.word)
            XCTAssertEqual(place.x == 0, place.word.hasSuffix("eading"), place.word)
            XCTAssertEqual(place.y == 0, place.word.hasPrefix("top"), place.word)
        }
        XCTAssertTrue(StackAlignment.zFractions("misleading") == (0.5, 0.5))
        XCTAssertTrue(StackAlignment.zFractions("topper") == (0.5, 0.5))
    }

    func testSpacingOnAZStackIsWarnedAbout() {
        var values = AttributeValues(defaultsOf: Stack.kind)
        values.set(Stack.axis.name, ResolvedValue(value: .choice("z"), source: .file))
        values.set(Stack.spacing.name, ResolvedValue(value: .number(4), source: .file))
        let view = LintedView(values: values, size: Size(width: 10, height: 10), type: .stack, id: "s", path: "views[0]",
                              start: SourceLocation(line: 1, column: 1))
        XCTAssertEqual(Stack.lint(view).map(\.code), [.lintIgnoredInZStack])
        XCTAssertEqual(Stack.lintCodes.map(\.code), [.lintIgnoredInZStack])
    }
}

/// The components vocabulary (`ComponentVocabulary`): the lists the checker, the schema and the
/// editor read, and the hints for kind words.
final class ComponentVocabularyModelTests: XCTestCase {
    func testTheListsAreMadeOfTheRegistrysKeys() {
        XCTAssertEqual(ComponentVocabulary.parameterKinds.map(\.name),
                       ["number", "length", "angle", "color", "bool", "text", "fontFamily", "fontWeight"])
        let reserved = ComponentVocabulary.reservedParameterNames
        XCTAssertTrue(Set(ComponentVocabulary.instanceGroupKeys).isSubset(of: reserved))
        XCTAssertTrue(reserved.contains("repeat") && reserved.contains("children") && reserved.contains("opacity"))
        for name in reserved { XCTAssertTrue(ComponentVocabulary.reservedParameterNamesSentence.contains(name), name) }
    }

    func testKindHintsAndBuiltInNames() {
        XCTAssertEqual(ComponentVocabulary.kindHint(for: "String"), "a text is 'text'")
        XCTAssertEqual(ComponentVocabulary.kindHint(for: "pie").map { $0.contains("'pie.") }, true)
        XCTAssertNil(ComponentVocabulary.kindHint(for: "meter"))
        XCTAssertEqual(ComponentVocabulary.builtInKind(named: "Label"), .label)
        XCTAssertNil(ComponentVocabulary.builtInKind(named: "Meter"))
        // No hint word is itself a kind: the hint would contradict the list.
        for hint in ComponentVocabulary.kindHints { XCTAssertFalse(ComponentVocabulary.parameterKindNames.contains(hint.word), hint.word) }
    }
}
