import SceneCheck
import SceneModel
import SceneSyntax
import XCTest

/// The checker's smaller public pieces through their API: the import list found without
/// checking, `--time` read with the scene's grammar, suggestions from a prepared index, the key
/// lists the schema and the editors read, and value parsing's result type.
final class CheckerTypesTests: XCTestCase {
    func testImportsAreFoundWithoutCheckingTheRestAndFollowedThroughImportedFiles() {
        var options = CheckOptions()
        let files: [String: String] = ["dir/theme.yaml": "imports: [base.yaml]\nstyles: {}\n", "dir/base.yaml": "styles: {}\n"]
        options.readImport = { path in
            files[path].map { .success(Array($0.utf8)) } ?? .failure(ImportFailure("no such file"))
        }
        let scene = SourceFile(name: "dir/s.scene.yaml", text: "imports: [theme.yaml, gone.yaml]\ncanvas: nonsense\n")
        XCTAssertEqual(SceneImports.files(of: scene, options: options), ["dir/theme.yaml", "dir/base.yaml"],
                       "a file that cannot be read is not listed; the canvas's error does not matter")
        XCTAssertEqual(SceneImports.files(of: SourceFile(name: "s", text: "views: []\n"), options: options), [])
    }

    func testAnImportThatCannotBeReadIsAnErrorGivingTheReason() {
        var options = CheckOptions()
        options.readImport = { _ in .failure(ImportFailure("it is larger than 5 bytes")) }
        let failure = ImportFailure("x")
        XCTAssertNil(failure.refusal)
        let result = SceneChecker(options: options).check(SourceFile(name: "s.yaml", text: "imports: [t.yaml]\ncanvas: {width: 1, height: 1}\nviews: []\n"))
        XCTAssertNil(result.scene)
        XCTAssertEqual(result.diagnostics.first?.message, "cannot import 't.yaml': it is larger than 5 bytes")
    }

    func testTimeArgumentsTakeSecondsAndFrames() {
        XCTAssertEqual(TimeArgument.seconds("1.5s", fps: 30).seconds, 1.5)
        XCTAssertEqual(TimeArgument.seconds("12f", fps: 24).seconds, 0.5)
        let bad = TimeArgument.seconds("soon", fps: 30)
        XCTAssertNil(bad.seconds)
        XCTAssertTrue(bad.problem?.contains("--time") ?? false, bad.problem ?? "no problem")
    }

    func testAnIndexSuggestsTheNearestCandidateAsTheListDoes() {
        let candidates = ["progress", "progressColor", "trackColor"]
        let index = Suggestions.Index(candidates)
        XCTAssertEqual(index.nearest(to: "progres"), "progress")
        XCTAssertEqual(index.nearest(to: "TRACKCOLOR"), "trackColor", "case does not matter")
        XCTAssertNil(index.nearest(to: "zzzzzzzz"))
        for word in ["progres", "trakColor", "x", "progressColour"] {
            XCTAssertEqual(index.nearest(to: word), Suggestions.nearest(to: word, in: candidates), word)
        }
    }

    func testTheKeyListsTheSchemaReadsAreTheCheckersOwn() {
        XCTAssertEqual(FrameChecker.frameKeys, ["x", "y", "centerX", "centerY", "width", "height"])
        XCTAssertTrue(TimelineChecker.animationKeys.contains("keyframes"))
        XCTAssertEqual(TimelineChecker.fpsRange.clamp(1000), 240)
        let tooFast = SceneChecker().check(SourceFile(name: "t", text: "canvas: {width: 1, height: 1}\nviews: []\ntimeline: {fps: 241}\n"))
        XCTAssertNil(tooFast.scene, "the range the schema states is the one the checker enforces")
        XCTAssertEqual(Timing.springFields, ["mass", "stiffness", "damping", "initialVelocity"])
        XCTAssertEqual(Timing.maxSteps, 10_000)
        let steps = SceneChecker().check(SourceFile(name: "t", text: """
            canvas: {width: 1, height: 1}
            views: [{type: pie, id: p, frame: {x: 0, y: 0}}]
            timeline: {animations: [{target: p.progress, to: 1, easing: "steps(10001)"}]}
            """))
        XCTAssertNil(steps.scene, "more than Timing.maxSteps steps")
    }

    func testValueParsingGivesAValueOrAnError() {
        let node = Node(.scalar(Node.Scalar(text: "0.5", isPlain: true)), range: .none)
        let parsed: Parsed<Value> = ValueParser.parse(node, as: .number(.unit), what: "progress")
        XCTAssertEqual(try? parsed.get(), .number(0.5))
        let over: Parsed<Value> = ValueParser.parse(Node(.scalar(Node.Scalar(text: "2", isPlain: true)), range: .none),
                                                    as: .number(.unit), what: "progress")
        guard case .failure = over else { return XCTFail("2 is outside 0…1") }
    }

    func testAnAddressNamesItsViewByIDOrByPlace() throws {
        let byID = try Override("ring.progress=0.5")
        guard case .view(let selector, let attribute) = byID.address else { return XCTFail("\(byID.address)") }
        XCTAssertEqual(selector, ViewSelector.id("ring"))
        XCTAssertEqual(attribute, "progress")
        let byPlace = try Override("views[1].text=x")
        guard case .view(let place, _) = byPlace.address else { return XCTFail("\(byPlace.address)") }
        XCTAssertEqual(place.description, "views[1]")
        guard case .failure(let error) = OverrideList.parse(["nothing"]) else { return XCTFail("no '='") }
        let syntax: OverrideList.SyntaxError = error
        XCTAssertTrue(syntax.message.contains("ADDRESS=VALUE"), syntax.message)
    }
}
