import XCTest
import SceneCheck
import SceneModel
import SceneSyntax

final class SceneCheckerTests: XCTestCase {
    func compile(_ text: String) -> (Scene?, [Diagnostic]) {
        let r = SceneChecker().check(SourceFile(name: "t", text: text))
        return (r.scene, r.diagnostics)
    }

    func testDefaultsStylesAndFileValuesResolveInOrder() throws {
        let (scene, diags) = compile("""
            canvas: {width: 100, height: 100}
            styles:
              base: {lineWidth: 4, progressColor: blue}
              brand: {progressColor: red, spacing: {row: 2, column: 3}}
            views:
              - {id: r, type: ring, style: [base, brand], frame: {x: 0, y: 0, width: 10, height: 10}, lineWidth: 6}
              - {id: g, type: grid, style: brand, columns: 2, frame: {x: 0, y: 0, width: 10, height: 10}}
            """)
        XCTAssertEqual(diags, [])
        let ring = try XCTUnwrap(scene?.views.first)
        XCTAssertEqual(ring.values[Ring.progressColor], Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(ring.values.resolved("progressColor")?.source, .style("brand"))
        XCTAssertEqual(ring.values[Ring.lineWidth], 6)
        XCTAssertEqual(ring.values.resolved("lineWidth")?.source, .file)
        XCTAssertEqual(ring.values[Ring.trackColor], .rgb255(235, 237, 236))
        XCTAssertEqual(ring.values.resolved("trackColor")?.source, .defaultValue)
        XCTAssertEqual(scene?.views[1].values[Grid.spacing], GridSpacing(row: 2, column: 3))
    }

    func testPieHasItsOwnLayerDefaults() throws {
        let (scene, diags) = compile("canvas: {width: 100, height: 100}\nviews:\n  - {type: pie, frame: {x: 0, y: 0}}\n")
        XCTAssertEqual(diags, [])
        let pie = try XCTUnwrap(scene?.views.first)
        XCTAssertEqual(pie.values[Layer.borderWidth], 2)
        XCTAssertEqual(pie.values[Layer.borderColor], .whiteColor)
        XCTAssertEqual(pie.values[Layer.backgroundColor], .white(1, alpha: 0.15))
        XCTAssertEqual(pie.values[Layer.cornerRadius], Length(percent: 50))
        XCTAssertEqual(pie.frame?.width, .pt(37))
    }

    func testEveryErrorIsReportedSortedByPosition() {
        let (scene, diags) = compile("""
            canvas: {width: 100, height: 0}
            views:
              - {type: ring, frame: {x: 0, y: 0, width: 10, height: 10}, progress: 2}
              - {type: rng}
              - {type: clock, frame: {x: 0, y: 0, width: 10, height: 10}, progress: 1}
            """)
        XCTAssertNil(scene)
        XCTAssertEqual(diags.map(\.range.start.line), [1, 3, 4, 5])
        XCTAssertTrue(diags[1].message.contains("between 0 and 1"))
        XCTAssertTrue(diags[2].message.contains("did you mean 'ring'"))
        XCTAssertEqual(diags[3].notes, ["'progress' is an attribute of ring, pie"])
    }

    func testIdsAreUniqueAndStylesMustExist() {
        let (_, diags) = compile("""
            canvas: {width: 100, height: 100}
            styles: {brand: {lineWidth: 2}}
            views:
              - {id: a, type: ring, style: brnd, frame: {x: 0, y: 0, width: 10, height: 10}}
              - {id: a, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}
            """)
        XCTAssertEqual(diags.count, 2)
        XCTAssertTrue(diags[0].message.contains("unknown style 'brnd'; did you mean 'brand'?"), diags[0].message)
        XCTAssertTrue(diags[1].message.contains("duplicate id 'a'"))
        XCTAssertEqual(diags[1].range.start, SourceLocation(line: 5, column: 10))
    }

    func testFrameRules() {
        let (_, diags) = compile("""
            canvas: {width: 100, height: 100}
            views:
              - {type: ring}
              - {type: ring, frame: {x: 0, centerX: 5, y: 0, width: 10, height: 10}}
              - {type: ring, frame: {x: 0, y: 0, width: 10}}
              - type: stack
                frame: {x: 0, y: 0, width: 10, height: 10}
                children:
                  - {type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}
            """)
        XCTAssertEqual(diags.count, 4, "\(diags.map(\.message))")
        XCTAssertTrue(diags[0].message.contains("needs a frame"))
        XCTAssertEqual(diags[0].notes, ["views at the root or in a group are placed by their frame; only stack and grid place their children"],
                       "the kinds' children rules, in words")
        XCTAssertTrue(diags[1].message.contains("both 'x' and 'centerX'"))
        XCTAssertTrue(diags[2].message.contains("needs 'height'"))
        XCTAssertTrue(diags[3].message.contains("placed by its stack"))
    }

    func testCanvasPixelLimitsIncludeTheScale() {
        let (_, diags) = compile("canvas: {width: 10000, height: 100, scale: 2}\nviews: []\n")
        XCTAssertEqual(diags.count, 1)
        XCTAssertTrue(diags[0].message.contains("16384"), diags[0].message)
        XCTAssertEqual(diags[0].range.start, SourceLocation(line: 1, column: 44))
        var options = CheckOptions()
        options.scaleOverride = 100
        let r = SceneChecker(options: options).check(SourceFile(name: "t", text: "canvas: {width: 1000, height: 1000}\nviews: []\n"))
        XCTAssertTrue(r.diagnostics.first?.message.contains("--scale 100") ?? false)
    }

    func testNowWarnsThatThePictureIsNotReproducible() {
        let (scene, diags) = compile("canvas: {width: 10, height: 10}\nviews:\n  - {type: clock, time: now, frame: {x: 0, y: 0, width: 10, height: 10}}\n")
        XCTAssertNotNil(scene)
        XCTAssertEqual(diags.map(\.severity), [.warning])
        XCTAssertTrue(diags.first?.message.contains("reproducible") ?? false)
    }

    func testEmptyFileAndNonMappingAreErrors() {
        XCTAssertTrue(compile("").1.first?.message.contains("empty") ?? false)
        XCTAssertTrue(compile("- 1\n").1.first?.message.contains("mapping") ?? false)
        XCTAssertTrue(compile("# only a comment\n").1.first?.message.contains("empty") ?? false)
    }

    func testRegistryAttributesAgreeAcrossKindsByName() {
        var seen: [String: ValueKind] = [:]
        // spacing: a number for stacks, {row, column} for grids; alignment: where a stack puts its
        // children (start … stretch), where a label puts its lines (leading center trailing).
        let allowedToDiffer: Set = ["spacing", "alignment"]
        for kind in Registry.kinds {
            for spec in kind.attributes {
                if let other = seen[spec.name], !allowedToDiffer.contains(spec.name) {
                    XCTAssertEqual(other, spec.kind, "\(kind.type).\(spec.name)")
                }
                seen[spec.name] = spec.kind
                if let d = spec.defaultValue {
                    XCTAssertFalse(spec.doc.isEmpty)
                    _ = d
                }
            }
        }
    }
}
