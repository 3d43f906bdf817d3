import XCTest
import SceneCheck
import SceneModel
import SceneSyntax

/// Text values, bound text and fonts as the checker reads them: located errors with "did you
/// mean", braces escaped, formats that suit the value.
final class TextCheckTests: XCTestCase {
    func compile(_ yaml: String) -> (Scene?, [Diagnostic]) {
        SceneChecker().check(SourceFile(name: "test.scene.yaml", text: yaml))
    }

    func scene(text: String, extra: String = "") -> String {
        """
        canvas: {width: 200, height: 200}
        views:
          - {id: download, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}}
          - {id: clock, type: clock, frame: {x: 100, y: 0, width: 100, height: 100}}
          - id: caption
            type: label
            frame: {x: 0, y: 100, width: 200, height: 50}
            text: \(text)
        \(extra)
        """
    }

    func testABoundTextThatNamesAMissingViewIsALocatedErrorWithDidYouMean() {
        let (scene, diags) = compile(scene(text: "\"Done: {downlaod.progress:percent}\""))
        XCTAssertNil(scene)
        XCTAssertEqual(diags.count, 1)
        let d = diags[0]
        XCTAssertTrue(d.message.contains("no view has the id 'downlaod'; did you mean 'download'?"), d.message)
        // At the id itself: line 8, after `text: "Done: {`; the fix replaces just that word.
        XCTAssertEqual(d.range.start.line, 8)
        XCTAssertEqual(d.range.start.column, 19)
        XCTAssertEqual(d.range.end.column - d.range.start.column, "downlaod".count)
        XCTAssertEqual(d.fixes, [Fix.replace(with: "download", at: d.range)])
    }

    func testABoundTextThatNamesAMissingAttributeSuggestsTheNearest() {
        let (_, diags) = compile(scene(text: "\"{download.progres:percent}\""))
        XCTAssertEqual(diags.first?.message, "ring 'download' has no attribute 'progres'; did you mean 'progress'?")
        // At the attribute: after `text: "{download.`.
        XCTAssertEqual(diags.first?.range.start, SourceLocation(line: 8, column: 22))
        XCTAssertEqual(diags.first.map { $0.range.end.column - $0.range.start.column }, "progres".count)
        XCTAssertEqual(diags.first?.fixes.first?.edits.first?.newText, "progress")
    }

    func testABindingFromTheCommandLineGetsAHintButNoFix() throws {
        var options = CheckOptions()
        options.overrides = try OverrideList.parse(["caption.text={downlaod.progress}"]).get()
        let (_, diags) = SceneChecker(options: options).check(SourceFile(name: "test.scene.yaml", text: scene(text: "Done")))
        let d = try XCTUnwrap(diags.first)
        XCTAssertEqual(d.message, "no view has the id 'downlaod'; did you mean 'download'?")
        XCTAssertEqual(d.origin, "--set")
        XCTAssertEqual(d.fixes, [], "an option has no place in the file to fix")
    }

    func testAFormatMustSuitTheValue() {
        XCTAssertTrue(compile(scene(text: "\"{clock.time:percent}\"")).1.first?.message.contains("cannot be percent") ?? false)
        XCTAssertTrue(compile(scene(text: "\"{download.progress:time}\"")).1.first?.message.contains("cannot be time") ?? false)
        let unknown = compile(scene(text: "\"{download.progress:percnt}\"")).1.first
        XCTAssertTrue(unknown?.message.contains("unknown format 'percnt'") ?? false)
        XCTAssertTrue(unknown?.notes.contains { $0.contains("hh:mm") } ?? false)
        XCTAssertNotNil(compile(scene(text: "\"{clock.time:hh:mm} {download.progress:number(2)} {download.progress:percent(1)}\"")).0)
    }

    func testBracesAreEscapedByDoublingAndALoneOneIsAnError() throws {
        let (scene, _) = compile(scene(text: "\"{{literal}} braces\""))
        let label = try XCTUnwrap(scene?.views[2])
        XCTAssertEqual(ValueTable().resolve(label.values[Label.text].string, now: 0), "{literal} braces")
        XCTAssertTrue(compile(self.scene(text: "\"50% {done\"")).1.first?.message.contains("without its '}'") ?? false)
    }

    func testAnUnquotedBindingGetsAHintToQuoteIt() {
        let d = compile(scene(text: "{download.progress:percent}")).1.first
        XCTAssertTrue(d?.message.contains("must be text, not a mapping") ?? false, d?.message ?? "")
        XCTAssertTrue(d?.notes.first?.contains("quote the text") ?? false)
    }

    /// A font family is not a text that binds: `font: {size: 12}` gets no note about quoting a
    /// `{download.progress:percent}`.
    func testAFontWrittenAsAMappingGetsNoNoteAboutBindings() {
        let d = compile(scene(text: "Hi", extra: "    font: {size: 12}")).1.first
        XCTAssertTrue(d?.message.contains("font must be text, not a mapping") ?? false, d?.message ?? "")
        XCTAssertEqual(d?.notes.filter { $0.contains("quote the text") }, [])
    }

    /// A bad format in one `{…}` hides nothing: the text's other `{…}` are checked too.
    func testABadFormatDoesNotHideTheOtherBindingsProblems() {
        let messages = compile(scene(text: "\"{download.progress:pct} {download.progres} {nope.progress} {download.progress:time}\"")).1.map(\.message)
        XCTAssertEqual(messages.count, 4, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("unknown format 'pct'") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("no attribute 'progres'") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("no view has the id 'nope'") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("its format cannot be time") }, "\(messages)")
    }

    func testAMisspeltFormatWithDecimalsIsMeantWithThem() {
        let found = compile(scene(text: "\"{download.progress:percnt(1)} {download.progress:numbr(2)} {download.progress:tme(1)}\"")).1
        let messages = found.map(\.message)
        XCTAssertTrue(messages.contains { $0.contains("unknown format 'percnt(1)'") && $0.hasSuffix("did you mean 'percent(1)'?") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("unknown format 'numbr(2)'") && $0.hasSuffix("did you mean 'number(2)'?") }, "\(messages)")
        // `time` takes no decimals: nothing is guessed.
        XCTAssertTrue(messages.contains { $0.contains("unknown format 'tme(1)'") && !$0.contains("did you mean") }, "\(messages)")
        XCTAssertEqual(found.flatMap(\.fixes).flatMap(\.edits).map(\.newText).sorted(), ["number(2)", "percent(1)"])
    }

    func testTheValuesBindingsWriteAtTheTimeDrawn() {
        // Percentages round down (issue 26): 72.5% shows 72%, never a completion not yet reached.
        XCTAssertEqual(TextTemplate.write(.number(0.725), as: .percent(digits: 0), now: 0), "72%")
        XCTAssertEqual(TextTemplate.write(.number(0.7254), as: .percent(digits: 1), now: 0), "72.5%")
        XCTAssertEqual(TextTemplate.write(.number(3.14159), as: .number(digits: 2), now: 0), "3.14")
        XCTAssertEqual(TextTemplate.write(.number(-0.001), as: .number(digits: 2), now: 0), "0.00")
        XCTAssertEqual(TextTemplate.write(.timeOfDay(.hms(10, 9, 30.7)), as: .time, now: 0), "10:09:30")
        XCTAssertEqual(TextTemplate.write(.timeOfDay(.hms(25, 5, 0)), as: .hoursMinutes, now: 0), "01:05")
    }

    func testPercentagesNeverShowCompletionEarly() {
        XCTAssertEqual(TextTemplate.write(.number(0.997), as: .percent(digits: 0), now: 0), "99%")
        XCTAssertEqual(TextTemplate.write(.number(0.9999), as: .percent(digits: 1), now: 0), "99.9%")
        XCTAssertEqual(TextTemplate.write(.number(1), as: .percent(digits: 0), now: 0), "100%")
        // 0.29 × 100 is 28.999… in binary: still 29%.
        XCTAssertEqual(TextTemplate.write(.number(0.29), as: .percent(digits: 0), now: 0), "29%")
        XCTAssertEqual(TextTemplate.write(.number(0.57), as: .percent(digits: 0), now: 0), "57%")
        XCTAssertEqual(TextTemplate.write(.number(0), as: .percent(digits: 0), now: 0), "0%")
    }

    func testFontWeightTakesWordsAndNumbers() {
        XCTAssertNotNil(compile(scene(text: "hi", extra: "    fontWeight: semibold")).0)
        XCTAssertNotNil(compile(scene(text: "hi", extra: "    fontWeight: 300")).0)
        XCTAssertTrue(compile(scene(text: "hi", extra: "    fontWeight: bolt")).1.first?.message.contains("did you mean 'bold'") ?? false)
        XCTAssertTrue(compile(scene(text: "hi", extra: "    fontWeight: 950")).1.first?.message.contains("between 100 and 900") ?? false)
    }

    func testALabelMayLeaveItsSizeOut() {
        XCTAssertNotNil(compile("canvas: {width: 10, height: 10}\nviews:\n  - {type: label, frame: {x: 0, y: 0}, text: hi}\n").0)
    }
}
