import XCTest
@testable import SceneCheck
import SceneModel
import SceneSyntax

/// The limits and scoping of expansion (docs/language.md §11 "Limits"): `repeat:` bombs refused
/// before they are made, one limit error per cause, ids made in an instance kept inside it.
final class ComponentLimitTests: XCTestCase {
    func errors(_ text: String) throws -> [Diagnostic] {
        var options = CheckOptions()
        options.readImport = { path in
            path == "lib/meters.yaml" ? .success(Array(ComponentTests.meters.utf8)) : .failure(ImportFailure("no such file"))
        }
        return SceneChecker(options: options).checkResult(SourceFile(name: "scene.yaml", text: text)).diagnostics.filter { $0.severity == .error }
    }

    /// The 921-byte scene of review 29 (groups 7 deep, each with 10 copies: 10⁸ views) took
    /// 5.7 GB and was killed; it is refused at once, with one error where the limit is passed.
    func testRepeatInRepeatOnPlainViewsIsRefusedAtOnce() throws {
        let r = "repeat: [{},{},{},{},{},{},{},{},{},{}]"
        var view = "{type: label, text: x, frame: {x: 0, y: 0, width: 1, height: 1}, \(r)}"
        for _ in 0..<7 { view = "{type: group, frame: {x: 0, y: 0, width: 1, height: 1}, children: [\(view)], \(r)}" }
        let text = "canvas: {width: 100, height: 100}\nviews:\n  - \(view)\n"
        XCTAssertLessThan(text.utf8.count, 1000)
        let start = ContinuousClock.now
        let found = try errors(text)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(1))
        XCTAssertEqual(found.map { "\(place($0)) \($0.code.rawValue) \($0.message)" },
                       ["scene.yaml:3:\(view.distance(of: "{type: label") + 5) limit-exceeded the scene has more than 100000 views"])
    }

    /// A copy whose item brings its own `children:` makes those: a definition's size counts them.
    func testARepeatItemsOwnChildrenCountInADefinitionsSize() throws {
        let r = "repeat: [{},{},{},{},{},{},{},{},{},{}]"
        var view = "{type: label, text: x, frame: {x: 0, y: 0, width: 1, height: 1}, \(r)}"
        for _ in 0..<6 { view = "{type: group, frame: {x: 0, y: 0, width: 1, height: 1}, children: [\(view)], \(r)}" }
        let text = """
            components:
              Big:
                views:
                  - {type: group, frame: {x: 0, y: 0, width: 1, height: 1}, repeat: [{children: [\(view)]}]}
            canvas: {width: 100, height: 100}
            views: []
            """
        let start = ContinuousClock.now
        let found = try errors(text)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(1))
        XCTAssertEqual(found.map { "\(place($0)) \($0.message)" },
                       ["scene.yaml:2:3 component Big makes 11111112 views in each instance, more than a scene may hold (100000)"])
    }

    /// Components each using the one before ten times: one error, at the first over the limit.
    func testAChainOfComponentsPastTheLimitGivesOneError() throws {
        var text = "components:\n  C0:\n    views:\n      - {type: pie, frame: {x: 0, y: 0, width: 1, height: 1}}\n"
        for level in 1...30 {
            text += "  C\(level):\n    views:\n      - {type: C\(level - 1), id: a, frame: {x: 0, y: 0, width: 1, height: 1}, "
                + "repeat: [{},{},{},{},{},{},{},{},{},{}]}\n"
        }
        text += "canvas: {width: 10, height: 10}\nviews:\n  - {type: C30, id: top, frame: {x: 0, y: 0, width: 10, height: 10}}\n"
        let found = try errors(text)
        XCTAssertEqual(found.map(\.code), [.limitExceeded], "\(found.map(\.message))")
        XCTAssertTrue(found.first?.message.hasPrefix("component C5 makes") ?? false, "\(found.map(\.message))")
    }

    static let idFromArgument = """
        canvas: {width: 200, height: 100}
        components:
          M:
            parameters:
              n: {kind: text, default: q}
            views:
              - {id: $n, type: ring, progress: 0.2, frame: {x: 0, y: 0, width: 10, height: 10}}
        views:
          - {id: a, type: M, frame: {x: 0, y: 0, width: 10, height: 10}, n: other.q}

        """

    /// `n: other.q` used as `id: $n` would name a view outside the instance: refused at the
    /// argument, with a note at the definition's id.
    func testAnArgumentMakingADottedIDIsRefusedAtTheArgument() throws {
        let found = try errors(Self.idFromArgument)
        XCTAssertEqual(found.map { "\(place($0)) \($0.message)" },
                       ["scene.yaml:9:69 id must start with a letter or _ and hold only letters, digits, _ and -, not 'other.q': an argument that makes an id in M must be a plain id"])
        XCTAssertEqual(found.first?.notes.first, "scene.yaml:7:14: the id is made here (id: $n); an instance's ids get its id before them")
        XCTAssertEqual(try errors(Self.idFromArgument.replacingOccurrences(of: "n: other.q", with: "n: r")), [])
    }

    /// `id: a.b` written in a definition is refused as in a scene, once however many instances.
    func testADottedIDWrittenInADefinitionIsRefusedOnce() throws {
        let text = Self.idFromArgument.replacingOccurrences(of: "id: $n", with: "id: a.b")
            .replacingOccurrences(of: ", n: other.q}", with: "}\n  - {id: b, type: M, frame: {x: 0, y: 0, width: 10, height: 10}}")
        let found = try errors(text)
        XCTAssertEqual(found.map { "\(place($0)) \($0.code.rawValue)" }, ["scene.yaml:7:14 bad-value"], "\(found.map(\.message))")
        XCTAssertTrue(found.first?.message.contains("cannot hold a dot") ?? false)
    }

    /// Two instances with one id: one error at the second (a note at the first), none in the
    /// definition for each of its views.
    func testADuplicateInstanceIDIsOneError() throws {
        let text = ComponentTests.scene + "  - {id: cpu, type: Meter, frame: {x: 0, y: 0, width: 10, height: 10}, caption: Two}\n"
        let found = try errors(text)
        XCTAssertEqual(found.map { "\(place($0)) \($0.code.rawValue)" }, ["scene.yaml:14:10 duplicate-id"], "\(found.map(\.message))")
        XCTAssertEqual(found.first?.notes, ["first used at line 4, column 9; ids are unique in a scene"])
    }

    /// An instance without an id is named by its line, and the example names a real view.
    func testAnInstanceWithoutAnIDIsNamedByItsLine() throws {
        let text = Self.idFromArgument.replacingOccurrences(of: "{id: a, type: M, frame: {x: 0, y: 0, width: 10, height: 10},", with: "{type: M, frame: {x: 0, y: 0, width: 10, height: 10}, children: [],")
            .replacingOccurrences(of: "n: other.q", with: "n: r")
        XCTAssertEqual(try errors(text).map(\.message),
                       ["an instance of M needs an id: its views are named through it (id: m names its views m.ID)",
                        "M at line 9 cannot have children: an instance holds its definition's views"])
    }
}

private func place(_ d: Diagnostic) -> String {
    "\(d.file?.name ?? "scene.yaml"):\(d.range.start.line):\(d.range.start.column)"
}

private extension String {
    func distance(of needle: String) -> Int {
        guard let r = range(of: needle) else { return -1 }
        return self.distance(from: startIndex, to: r.lowerBound)
    }
}
