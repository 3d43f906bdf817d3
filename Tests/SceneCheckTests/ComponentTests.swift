import XCTest
@testable import SceneCheck
import SceneModel
import SceneSyntax

/// Components and `repeat:` (docs/language.md §11): definitions checked once in their own file,
/// arguments at the use, instances expanded into groups with scoped ids.
final class ComponentTests: XCTestCase {
    static let meters = """
        components:
          Meter:
            doc: A ring showing a value, with a caption under it.
            parameters:
              value:   {kind: ring.progress, default: 0, doc: Fraction of the ring drawn.}
              color:   {kind: color, default: systemBlue, doc: The ring's colour.}
              caption: {kind: text, doc: Words under the ring.}
            views:
              - id: ring
                type: ring
                frame: {x: 0, y: 0, width: 100%, height: "100% - 20"}
                progress: $value
                progressColor: $color
                label: "{ring.progress:percent}"
              - id: caption
                type: label
                frame: {x: 0, y: "100% - 20", width: 100%, height: 20}
                text: "$caption"
            timeline:
              animations:
                - {target: ring.progress, from: 0, to: $value, duration: 1s}

        """

    static let scene = """
        imports: [lib/meters.yaml]
        canvas: {width: 360, height: 140}
        views:
          - id: cpu
            type: Meter
            frame: {x: 0, y: 0, width: 100, height: 140}
            value: 0.42
            caption: CPU
          - id: meter
            type: Meter
            repeat:
              - {frame: {x: 120, y: 0, width: 100, height: 140}, value: 0.3, caption: GPU, color: red}
              - {id: disk, frame: {x: 240, y: 0, width: 100, height: 140}, value: 0.6, caption: Disk}

        """

    func check(_ scene: String, library: String = ComponentTests.meters, overrides: [String] = []) throws -> CheckResult {
        var options = CheckOptions()
        options.readImport = { path in
            path == "lib/meters.yaml" ? .success(Array(library.utf8)) : .failure(ImportFailure("no such file"))
        }
        options.overrides = try overrides.map { try Override($0) }
        return SceneChecker(options: options).checkResult(SourceFile(name: "scene.yaml", text: scene))
    }

    func errors(_ result: CheckResult) -> [Diagnostic] { result.diagnostics.filter { $0.severity == .error } }

    func place(_ d: Diagnostic?) -> String {
        guard let d else { return "none" }
        return "\(d.file?.name ?? "scene.yaml"):\(d.range.start.line):\(d.range.start.column)"
    }

    func testInstancesBecomeGroupsWithScopedIDsAndTheirAnimations() throws {
        let result = try check(Self.scene)
        XCTAssertEqual(result.diagnostics, [])
        let scene = try XCTUnwrap(result.scene)
        XCTAssertEqual(scene.views.map(\.id), ["cpu", "meter1", "disk"])
        XCTAssertEqual(scene.views.map(\.type), [.group, .group, .group])
        XCTAssertEqual(scene.views.map(\.component), ["Meter", "Meter", "Meter"])
        XCTAssertEqual(scene.views[0].children.map(\.component), [nil, nil])
        XCTAssertEqual(scene.views[0].children.map(\.id), ["cpu.ring", "cpu.caption"])
        let ring = scene.views[0].children[0]
        XCTAssertEqual(ring.values[Ring.progress], 0.42)
        XCTAssertEqual(ring.values.explicit["label"]?.value, .text("{cpu.ring.progress:percent}"))
        XCTAssertEqual(scene.views[0].children[1].values.explicit["text"]?.value, .text("CPU"))
        XCTAssertEqual(scene.views[1].children[0].values[Ring.progressColor], Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(scene.views[2].children.map(\.id), ["disk.ring", "disk.caption"])
        XCTAssertEqual(scene.timeline?.animations.map { "\($0.viewID).\($0.attribute.name)" },
                       ["cpu.ring.progress", "meter1.ring.progress", "disk.ring.progress"])
        XCTAssertEqual(scene.timeline?.animations.map { $0.keyframes.last?.value }, [.number(0.42), .number(0.3), .number(0.6)])
        XCTAssertEqual(result.references.viewTypes["disk.ring"], .ring, "targets and bindings see the instances' views")
    }

    /// The checked views of an instance are placed at the instance in the scene: what later
    /// stages say of them (lints, the language server) is said in the scene's file.
    func testAnInstancesViewsArePlacedAtTheInstance() throws {
        let scene = try XCTUnwrap(try check(Self.scene).scene)
        let ring = scene.views[0].children[0]
        XCTAssertEqual(ring.range.start, SourceLocation(line: 4, column: 5))
        XCTAssertEqual(ring.values.explicit["progress"]?.range.start, SourceLocation(line: 4, column: 5))
        XCTAssertEqual(scene.views[2].children[1].range.start, SourceLocation(line: 9, column: 5), "a copy: the view that repeats")
    }

    func testSetReachesOneInstancesViewOrAnArgument() throws {
        let scoped = try check(Self.scene, overrides: ["disk.ring.lineWidth=3", "cpu.value=0.9", "meter1.ring.frame.x=5"])
        XCTAssertEqual(errors(scoped), [])
        let scene = try XCTUnwrap(scoped.scene)
        XCTAssertEqual(scene.views[2].children[0].values[Ring.lineWidth], 3)
        XCTAssertNotEqual(scene.views[1].children[0].values[Ring.lineWidth], 3)
        XCTAssertEqual(scene.views[0].children[0].values[Ring.progress], 0.9, "cpu.value is the argument, expanded again")
        XCTAssertEqual(scene.timeline?.animations.first?.keyframes.last?.value, .number(0.9))
        let byPlace = try XCTUnwrap(try check(Self.scene, overrides: ["views[2].value=0.1"]).scene)
        XCTAssertEqual(byPlace.views[2].children[0].values[Ring.progress], 0.1, "views[2] is disk, the second copy: its argument")
        XCTAssertEqual(byPlace.views[2].arguments.first?.source, .commandLine("--set views[2].value=0.1"))
        let replaced = try check(Self.scene, overrides: ["disk.ring.progress=1"])
        XCTAssertEqual(replaced.diagnostics.map(\.message),
                       ["replaces the animation of disk.ring.progress at lib/meters.yaml:21 (in Meter, used by 'disk' at scene.yaml:9:5) with the constant 1"])
        let bad = try check(Self.scene, overrides: ["cpu.value=2"])
        let d = try XCTUnwrap(errors(bad).first)
        XCTAssertEqual(d.origin, "--set cpu.value=2")
        XCTAssertTrue(d.notes.contains { $0.contains("lib/meters.yaml:5:7: parameter 'value'") }, "\(d.notes)")
    }

    /// Each instance keeps its arguments with where they came from (the expander records them
    /// once; inspect reads them): written at the instance, in an item of `repeat:`, a default,
    /// or `--set`; the animations a definition makes say whose they are.
    func testAnInstanceKeepsItsArgumentsAndWhereEachCameFrom() throws {
        let scene = try XCTUnwrap(try check(Self.scene, overrides: ["disk.caption=Drive"]).scene)
        func arguments(_ i: Int) -> [String] { scene.views[i].arguments.map { "\($0.name)=\($0.value) \($0.source)" } }
        XCTAssertEqual(arguments(0), ["value=0.42 file line 7", "color=systemBlue default", "caption=CPU file line 8"])
        XCTAssertEqual(arguments(1), ["value=0.3 repeat item line 12", "color=red repeat item line 12", "caption=GPU repeat item line 12"])
        XCTAssertEqual(arguments(2), ["value=0.6 repeat item line 13", "color=systemBlue default",
                                      "caption=\"Drive\" --set disk.caption=Drive"])
        XCTAssertEqual(scene.views[0].arguments.first?.kind, "ring.progress")
        XCTAssertEqual(scene.views[0].children[0].arguments, [], "a view inside an instance is no instance")
        XCTAssertEqual(scene.timeline?.animations.first?.component?.name, "Meter")
        XCTAssertEqual(scene.timeline?.animations.first?.component?.file, "lib/meters.yaml")
    }

    func testABadArgumentIsReportedAtTheUseWithANoteAtTheParameter() throws {
        let result = try check(Self.scene.replacingOccurrences(of: "value: 0.42", with: "value: 1.5"))
        let d = try XCTUnwrap(errors(result).first)
        XCTAssertEqual(errors(result).count, 1)
        XCTAssertEqual(place(d), "scene.yaml:7:12")
        XCTAssertEqual(d.code, .outOfRange)
        XCTAssertTrue(d.notes.contains("lib/meters.yaml:5:7: parameter 'value' (number 0–1) of Meter is declared here"), "\(d.notes)")
    }

    func testAComponentUsingItselfIsRefusedNamingTheCycle() throws {
        let own = """
            components:
              Loop:
                views:
                  - {type: Loop, id: again, frame: {x: 0, y: 0, width: 10, height: 10}}
              Ping:
                views:
                  - {type: Pong, id: p, frame: {x: 0, y: 0, width: 10, height: 10}}
              Pong:
                views:
                  - {type: Ping, id: p, frame: {x: 0, y: 0, width: 10, height: 10}}
            canvas: {width: 100, height: 100}
            views:
              - {type: Ping, id: a, frame: {x: 0, y: 0, width: 10, height: 10}}
            """
        let result = try check(own)
        XCTAssertNil(result.scene)
        XCTAssertEqual(errors(result).map(\.message), ["component Loop uses itself: Loop → Loop",
                                                       "component Ping uses itself: Ping → Pong → Ping"])
        XCTAssertEqual(errors(result).map(place), ["scene.yaml:4:16", "scene.yaml:10:16"])
    }

    /// Each mistake of issue 29's list: located, with its words.
    func testMistakesAreLocated() throws {
        func first(_ scene: String, library: String = ComponentTests.meters) throws -> String {
            let d = try XCTUnwrap(errors(try check(scene, library: library)).first, scene)
            return "\(place(d)) \(d.message)"
        }
        XCTAssertEqual(try first(Self.scene.replacingOccurrences(of: "caption: CPU", with: "caption: CPU\n    valeu: 1")),
                       "scene.yaml:9:5 unknown argument 'valeu' for Meter 'cpu'; did you mean 'value'?")
        XCTAssertEqual(try first(Self.scene.replacingOccurrences(of: "    caption: CPU\n", with: "")),
                       "scene.yaml:5:5 Meter 'cpu' needs the argument 'caption' (text): its parameter has no default")
        XCTAssertEqual(try first(Self.scene, library: Self.meters.replacingOccurrences(of: "progressColor: $color", with: "progressColor: $colr")),
                       "lib/meters.yaml:13:24 '$colr' is not a parameter of Meter; did you mean '$color'?")
        XCTAssertEqual(try first(Self.scene.replacingOccurrences(of: "  - id: cpu\n    type: Meter", with: "  - type: Meter")),
                       "scene.yaml:4:5 an instance of Meter needs an id: its views are named through it (id: meter makes meter.ring)")
        XCTAssertEqual(try first(Self.scene.replacingOccurrences(of: "    repeat:\n      - {frame", with: "    repeat:\n      - 3\n      - {frame")),
                       "scene.yaml:12:9 each item of repeat must be a mapping of the keys of one copy (such as repeat: [{value: 0.3}, {id: disk, value: 0.6}]), not '3'")
        XCTAssertEqual(try first(Self.scene, library: Self.meters.replacingOccurrences(of: "\"{ring.progress:percent}\"", with: "\"{cpu.progress}\"")),
                       "lib/meters.yaml:14:17 '{cpu.progress}' names 'cpu', which is not a view of Meter: a component's texts show only its own views' values")
        XCTAssertEqual(try first(Self.scene, library: Self.meters.replacingOccurrences(of: "target: ring.progress", with: "target: cpu.progress")),
                       "lib/meters.yaml:21:20 target 'cpu.progress' names 'cpu', which is not a view of Meter: a component's animations move only its own views")
        XCTAssertEqual(try first(Self.scene, library: Self.meters.replacingOccurrences(of: "color:   {kind", with: "opacity: {kind")
                                     .replacingOccurrences(of: "$color", with: "$opacity")),
                       "lib/meters.yaml:6:7 a parameter cannot be named 'opacity': an instance's 'opacity' is its own, as a group's")
        XCTAssertEqual(try first(Self.scene, library: Self.meters.replacingOccurrences(of: "{kind: ring.progress, default: 0,", with: "{kind: number, default: 0,")),
                       "lib/meters.yaml:12:19 '$value' is a number, but progress of ring takes a number 0–1")
    }

    /// A mistake only the combination makes (a frame made negative by an argument) is reported
    /// in the definition, with a note naming the use; a mistake in the definition itself once,
    /// however many uses.
    func testProblemsInADefinitionAreInItsFileOnce() throws {
        let library = Self.meters.replacingOccurrences(of: "        label: \"{ring", with: "        trackColor: \"rgb($red, 0, 0)\"\n        label: \"{ring")
            .replacingOccurrences(of: "caption: {kind: text,", with: "red: {kind: number, default: 0}\n      caption: {kind: text,")
        let result = try check(Self.scene.replacingOccurrences(of: "caption: CPU", with: "caption: CPU\n    red: 300"), library: library)
        let d = try XCTUnwrap(errors(result).first)
        XCTAssertEqual(d.file?.name, "lib/meters.yaml")
        XCTAssertEqual(d.range.start.line, 15)
        XCTAssertTrue(d.notes.contains("in Meter, used by 'cpu' at scene.yaml:4:5"), "\(d.notes)")

        let broken = try check(Self.scene, library: Self.meters.replacingOccurrences(of: "progressColor: $color", with: "progressColor: $color\n        lineWidth: -1"))
        XCTAssertEqual(errors(broken).map(place), ["lib/meters.yaml:14:20"], "one error for three instances")
    }

    func testDollarsAndUnusedParameters() throws {
        let library = Self.meters.replacingOccurrences(of: "text: \"$caption\"", with: "text: \"$$5 $caption\"")
            .replacingOccurrences(of: "caption: {kind: text,", with: "spare: {kind: number, default: 1}\n      caption: {kind: text,")
        let result = try check(Self.scene, library: library)
        XCTAssertEqual(errors(result), [])
        XCTAssertEqual(result.scene?.views[0].children[1].values.explicit["text"]?.value, .text("$5 CPU"))
        let warning = try XCTUnwrap(result.diagnostics.first { $0.code == .unusedParameter })
        XCTAssertEqual("\(place(warning)) \(warning.message)", "lib/meters.yaml:7:7 parameter 'spare' of Meter is never used")
    }

    /// A definition is checked even with no use (a library on its own).
    func testADefinitionIsCheckedWithoutAUse() throws {
        let result = try check("""
            components:
              Dot:
                parameters:
                  side: {kind: length, default: 10}
                views:
                  - {type: pie, frame: {x: 0, y: 0, width: $side, height: $side}, progress: 2}
            canvas: {width: 100, height: 100}
            views: []
            """)
        XCTAssertEqual(errors(result).map { "\(place($0)) \($0.code.rawValue)" }, ["scene.yaml:6:81 out-of-range"])
    }

    /// A hundred-odd bytes that would make 2³⁰ views are refused at once, with a limit error.
    func testExponentialExpansionIsRefusedFast() throws {
        var text = "components:\n"
        for level in 0..<30 {
            text += "  C\(level):\n    views:\n"
            if level == 29 {
                text += "      - {type: pie, frame: {x: 0, y: 0, width: 1, height: 1}}\n"
            } else {
                text += "      - {type: C\(level + 1), id: a, frame: {x: 0, y: 0, width: 1, height: 1}}\n"
                text += "      - {type: C\(level + 1), id: b, frame: {x: 0, y: 0, width: 1, height: 1}}\n"
            }
        }
        text += "canvas: {width: 10, height: 10}\nviews:\n  - {type: C0, id: top, frame: {x: 0, y: 0, width: 10, height: 10}}\n"
        let start = ContinuousClock.now
        let result = try check(text)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
        XCTAssertNil(result.scene)
        XCTAssertTrue(errors(result).contains { $0.code == .limitExceeded }, "\(errors(result).map(\.message))")
    }

    /// Instances inside instances: ids nest, a definition's text reaches a view of an instance
    /// it holds, and a problem only the arguments make carries a note per level.
    func testNestedInstances() throws {
        let result = try check("""
            components:
              Badge:
                parameters:
                  level: {kind: pie.progress}
                views:
                  - {id: dot, type: pie, frame: {x: 0, y: 0, width: 10, height: 10}, progress: $level,
                     fillColor: "rgb($level, 0, 0)"}
              Card:
                parameters:
                  level: {kind: pie.progress, default: 0.5}
                views:
                  - {id: badge, type: Badge, frame: {x: 0, y: 0, width: 10, height: 10}, level: $level}
                  - {id: text, type: label, frame: {x: 0, y: 10, width: 50, height: 10}, text: "{badge.dot.progress:percent}"}
            canvas: {width: 100, height: 100}
            views:
              - {id: card, type: Card, frame: {x: 0, y: 0, width: 50, height: 20}, repeat: [{}, {level: 0.25}]}
            """)
        XCTAssertEqual(errors(result), [])
        let scene = try XCTUnwrap(result.scene)
        XCTAssertEqual(scene.views.map(\.id), ["card1", "card2"])
        XCTAssertEqual(scene.views[1].children.map(\.id), ["card2.badge", "card2.text"])
        XCTAssertEqual(scene.views[1].children[0].children.first?.id, "card2.badge.dot")
        XCTAssertEqual(scene.views[1].children[0].children.first?.values[Pie.progress], 0.25)
        XCTAssertEqual(scene.views[1].children[1].values.explicit["text"]?.value, .text("{card2.badge.dot.progress:percent}"))
    }

    /// `target: cpu.value` names an argument, not an attribute: an error at the target with
    /// the attribute it gives, as a note and a fix, and where the parameter is declared.
    func testAnArgumentAsATargetNamesTheAttributeToAnimate() throws {
        let result = try check(Self.scene + """
            timeline:
              animations:
                - {target: cpu.value, to: 1, duration: 1s}
            """)
        let d = try XCTUnwrap(errors(result).first)
        XCTAssertEqual(errors(result).count, 1)
        XCTAssertEqual(place(d), "scene.yaml:16:16")
        XCTAssertEqual(d.message, "target 'cpu.value' names the argument 'value' of the instance 'cpu' (Meter), not an attribute: an argument is read once, when the instance's views are made")
        XCTAssertEqual(d.notes.first, "animate the attribute it gives instead: cpu.ring.progress")
        XCTAssertTrue(d.notes.contains { $0.hasPrefix("lib/meters.yaml:5:7: parameter 'value'") }, "\(d.notes)")
        XCTAssertEqual(d.fixes.first?.edits.first?.newText, "cpu.ring.progress")
        XCTAssertEqual(d.code, .unknownAttribute)
    }

    /// A length parameter inside a longer length: `"100% - $inset"` reads with inset 5% as with 5.
    func testALengthArgumentInAnExpression() throws {
        let library = """
            components:
              Inset:
                parameters:
                  inset: {kind: length, default: 0}
                views:
                  - {id: r, type: pie, frame: {x: $inset, y: $inset, width: "100% - $inset - $inset", height: "100% - $inset"}}
            """
        let result = try check("""
            imports: [lib/meters.yaml]
            canvas: {width: 100, height: 100}
            views:
              - {id: a, type: Inset, frame: {x: 0, y: 0, width: 100, height: 100}, inset: 5%}
              - {id: b, type: Inset, frame: {x: 0, y: 0, width: 100, height: 100}, inset: 5}
            """, library: library)
        XCTAssertEqual(result.diagnostics, [])
        let scene = try XCTUnwrap(result.scene)
        XCTAssertEqual(scene.views[0].children[0].frame?.width, Length(percent: 90))
        XCTAssertEqual(scene.views[0].children[0].frame?.height, Length(percent: 95))
        XCTAssertEqual(scene.views[1].children[0].frame?.width, Length(percent: 100, points: -10))
    }

    /// `repeat: []` in a definition is said once, in the definition's file, however many
    /// instances there are.
    func testAnEmptyRepeatInADefinitionIsSaidOnce() throws {
        let library = """
            components:
              Row:
                views:
                  - {id: dot, type: pie, frame: {x: 0, y: 0, width: 10, height: 10}, repeat: []}
                  - {id: bar, type: pie, frame: {x: 0, y: 0, width: 10, height: 10}}
            """
        let result = try check("""
            imports: [lib/meters.yaml]
            canvas: {width: 100, height: 100}
            views:
              - {id: a, type: Row, frame: {x: 0, y: 0, width: 50, height: 20}}
              - {id: b, type: Row, frame: {x: 0, y: 50, width: 50, height: 20}}
            """, library: library)
        XCTAssertEqual(result.diagnostics.map { "\(place($0)) \($0.message)" },
                       ["lib/meters.yaml:4:82 repeat: [] makes no views: the view 'dot' is not drawn"])
        XCTAssertEqual(result.diagnostics.first?.fixes.first?.edits.first?.range.start, SourceLocation(line: 4, column: 1), "the definition's line")
        XCTAssertEqual(result.scene?.views.first?.children.map(\.id), ["a.bar"])
    }

    /// `repeat:` needs no component: copies of a plain view, numbered, inside a container too.
    func testRepeatOnAPlainView() throws {
        let result = try check("""
            canvas: {width: 100, height: 100}
            views:
              - type: stack
                frame: {x: 0, y: 0, width: 100, height: 20}
                children:
                  - {type: pie, id: dot, progress: 1, repeat: [{}, {progress: 0.5}, {id: last}]}
              - {type: pie, frame: {x: 0, y: 50, width: 10, height: 10}, repeat: []}
            timeline:
              animations:
                - {target: dot2.progress, to: 1, duration: 1}
            """)
        XCTAssertEqual(result.diagnostics.map { "\(place($0)) \($0.severity) \($0.code.rawValue)" }, ["scene.yaml:7:70 warning empty-repeat"])
        XCTAssertEqual(result.diagnostics.first?.message, "repeat: [] makes no views: the view at line 7 is not drawn")
        let removal = try XCTUnwrap(result.diagnostics.first?.fixes.first?.edits.first)
        XCTAssertEqual(result.diagnostics.first?.fixes.first?.title, "remove the view")
        XCTAssertEqual([removal.range.start, removal.range.end], [SourceLocation(line: 7, column: 1), SourceLocation(line: 8, column: 1)])
        XCTAssertEqual(removal.newText, "")
        let scene = try XCTUnwrap(result.scene)
        XCTAssertEqual(scene.views.count, 1, "repeat: [] makes no copy")
        XCTAssertEqual(scene.views[0].children.map(\.id), ["dot1", "dot2", "last"])
        XCTAssertEqual(scene.views[0].children.map { $0.values[Pie.progress] }, [1, 0.5, 1])
    }

    /// A view with `repeat: []` draws nothing but is checked as its one copy would be: its
    /// errors are said once, where they are written, in a container and in a definition too;
    /// its id is no view's (another may take it, a timeline cannot target it).
    func testAnEmptyRepeatIsCheckedAsOneCopy() throws {
        let library = """
            components:
              Row:
                views:
                  - {id: dot, type: pie, frame: {x: 0, y: 0, width: 10, height: 10}, progress: 3, repeat: []}
            """
        let result = try check("""
            imports: [lib/meters.yaml]
            canvas: {width: 400, height: 200}
            views:
              - id: u
                type: ring
                frame: {x: 0, y: 0, width: "100% - 5% - 100%", height: 10}
                repeat: []
                progress: 2
              - {id: u, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}
              - type: stack
                frame: {x: 0, y: 0, width: 100, height: 20}
                children:
                  - {type: pie, frame: {x: 0, y: 0, width: 5, height: 5}, repeat: []}
              - {id: a, type: Row, frame: {x: 0, y: 0, width: 50, height: 20}}
              - {id: b, type: Row, frame: {x: 0, y: 50, width: 50, height: 20}}
            """, library: library, overrides: ["views[0].progress=0.5"])
        XCTAssertEqual(errors(result).map { "\(place($0)) \($0.code.rawValue) \($0.message)" }, [
            "lib/meters.yaml:4:84 out-of-range progress must be between 0 and 1, not 3",
            "scene.yaml:6:32 out-of-range frame width cannot be negative: it comes to -5% of the parent",
            "scene.yaml:8:15 out-of-range progress must be between 0 and 1, not 2",
            "scene.yaml:13:21 conflicting-keys pie is placed by its stack, so it cannot have a frame; give it a 'size' instead",
        ])
        // Without the errors, nothing of it is drawn and its id is free.
        let fixed = try check("""
            canvas: {width: 400, height: 200}
            views:
              - {id: u, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}, repeat: [], progress: 0.5}
              - {id: u, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}
            """)
        XCTAssertEqual(errors(fixed), [])
        XCTAssertEqual(fixed.scene?.views.map(\.id), ["u"])
    }

    /// A sum of lengths whose total is negative at any parent size is refused like "-20".
    func testASumWhoseTotalIsNegativeIsRefused() throws {
        let result = try check("""
            canvas: {width: 400, height: 200}
            views:
              - {id: s, type: ring, frame: {x: 0, y: 0, width: "100% - 5%", height: "100 % - 5 %"}}
              - {id: u, type: ring, frame: {x: 0, y: 0, width: "100% - 5% - 100%", height: "-5% - 10"}}
              - {id: v, type: pie, size: "10 - 20", frame: {x: 0, y: 0}}
            """)
        XCTAssertEqual(errors(result).map { "\(place($0)) \($0.code.rawValue) \($0.message)" }, [
            "scene.yaml:4:52 out-of-range frame width cannot be negative: it comes to -5% of the parent",
            "scene.yaml:4:80 out-of-range frame height cannot be negative: it comes to -5% of the parent - 10",
            "scene.yaml:5:30 out-of-range size cannot be negative",
        ])
    }

    /// Renaming an instance renames the first part of the ids of its views where the scene names them.
    func testAnInstancesIdIsTheFirstPartOfItsViewsIds() throws {
        let text = Self.scene + "  - {type: label, frame: {x: 0, y: 0, width: 10, height: 10}, text: \"{cpu.ring.progress}\"}\ntimeline:\n  animations:\n    - {target: cpu.caption.opacity, to: 0}\n"
        let result = try check(text)
        XCTAssertEqual(errors(result), [])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let written = result.references.ranges(of: "cpu").map { r -> String in
            let line = Array(lines[r.start.line - 1])
            return String(line[(r.start.column - 1)..<(r.end.column - 1)])
        }
        XCTAssertEqual(written, ["cpu", "cpu", "cpu"])
        XCTAssertEqual(result.references.ranges(of: "cpu").map(\.start.line), [4, 17, 14])
    }

    /// A view's type is never an argument: `type: $kind` could hide a cycle from the check.
    func testATypeIsNotSubstituted() throws {
        let result = try check("""
            components:
              A:
                parameters:
                  k: {kind: text, default: A}
                views:
                  - {type: $k, id: x, frame: {x: 0, y: 0, width: 1, height: 1}}
                  - {type: $k, id: y, frame: {x: 0, y: 0, width: 1, height: 1}}
            canvas: {width: 10, height: 10}
            views:
              - {type: A, id: top, frame: {x: 0, y: 0, width: 10, height: 10}}
            """)
        XCTAssertEqual(errors(result).first.map { "\(place($0)) \($0.message)" }, "scene.yaml:6:16 unknown view type '$k'")
    }

    func testSubstitution() {
        XCTAssertEqual(Substitution.references(in: "$a and $$b $_c1 $ 5").map(\.name), ["a", "_c1"])
        XCTAssertEqual(Substitution.whole("$value"), "value")
        XCTAssertNil(Substitution.whole("$value%"))
        XCTAssertEqual(Substitution.interpolate("100% - $gap, $$ $nope") { $0 == "gap" ? "10" : nil }, "100% - 10, $ $nope")
        XCTAssertEqual(Substitution.prefixingBindings("{a.b} and {{x}} {c.d:percent}", with: "cpu"), "{cpu.a.b} and {{x}} {cpu.c.d:percent}")
    }

    /// Every kind's stand-in value is one of the kind: a definition is checked with it.
    func testEveryParameterKindsSampleReads() {
        var kinds = ParameterKind.named.map { ParameterKind(valueKind: $0.kind, written: $0.name) }
        for kind in Registry.kinds {
            for spec in kind.attributes { kinds.append(ParameterKind(valueKind: spec.kind, written: "\(kind.type.rawValue).\(spec.name)")) }
        }
        for kind in kinds {
            if case .failure(let e) = ValueParser.parse(kind.sample(at: .none), as: kind.valueKind, what: kind.written) {
                XCTFail("\(kind.written): \(kind.sampleText): \(e.message)")
            }
        }
    }

    func testScopedAddresses() throws {
        XCTAssertEqual(try SceneAddress(parsing: "cpu.ring.progress"), .view(.id("cpu.ring"), attribute: "progress"))
        XCTAssertEqual(try SceneAddress(parsing: "cpu.ring.frame.x"), .view(.id("cpu.ring"), attribute: "frame.x"))
        XCTAssertEqual(try SceneAddress(parsing: "cpu.value"), .view(.id("cpu"), attribute: "value"))
        XCTAssertEqual(try SceneAddress(parsing: "download.frame.width"), .view(.id("download"), attribute: "frame.width"))
        XCTAssertThrowsError(try SceneAddress(parsing: "cpu.9ring.progress"))
        XCTAssertTrue(ViewSelector.isValidScopedID("cpu.badge.dot"))
        XCTAssertFalse(ViewSelector.isValidScopedID("cpu..dot"))
    }
}

extension ComponentTests {
    func testAnOutsideIDInTheScenesOwnDefinitionIsPlacedAtItsBrace() throws {
        let text = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Corpus/bad/component-outside-id.scene.yaml"), encoding: .utf8)
        let d = try XCTUnwrap(errors(try check(text)).first)
        XCTAssertEqual(place(d), "scene.yaml:9:113")
    }
}
