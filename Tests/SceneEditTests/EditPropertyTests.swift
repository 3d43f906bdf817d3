import Foundation
import SceneCheck
import SceneEdit
import SceneSyntax
import ScenecKit
import TestSupport
import XCTest

/// Edit = override (issue 11, acceptance 2): over random valid scenes and random valid
/// `--set`s, the inspect report (`inspect --json`) of the edited file equals that of the
/// original with the overrides, sources aside, and `git diff --numstat` shows at most one
/// changed or added line per override (and the last line of a file without a final line
/// break, when a key is added after it). Edited by `SceneEditor` and inspected through
/// `SceneFile` in process, as `scenec edit` and `inspect` do.
final class EditPropertyTests: XCTestCase {
    static let cases = 100

    func testEditingGivesWhatSetGivesAndTouchesALineAnOverride() throws {
        let dir = try temporaryDirectory(self)
        var edited = 0
        for seed in UInt64(1)...UInt64(Self.cases) {
            var scene = RandomScene(seed: seed)
            let sets = (0..<Int.random(in: 1...3, using: &scene.random)).map { _ in scene.override() }
            let original = dir.appendingPathComponent("original-\(seed).scene.yaml")
            let path = dir.appendingPathComponent("edited-\(seed).scene.yaml")
            try Data(scene.text.utf8).write(to: original)
            try Data(scene.text.utf8).write(to: path)
            let context = "seed \(seed), --set \(sets.joined(separator: " --set ")):\n\(scene.text)"
            let source = SourceFile(name: path.path, bytes: Array(scene.text.utf8))
            let edit = SceneEditor().edit(source, applying: try sets.map { try Override($0) })
            guard case .success(let result) = edit else {
                if case .failure(let refusal) = edit {
                    XCTFail("\(context)\n\(refusal.diagnostics.map { $0.rendered(in: refusal.file) }.joined())")
                }
                continue
            }
            try Data(result.bytes).write(to: path)
            edited += 1
            let after = String(decoding: result.bytes, as: UTF8.self)
            let want = try inspect(scene.text, overrides: sets, context)
            let got = try inspect(after, overrides: [], context)
            XCTAssertEqual(got, want, "inspect differs, \(context)\nedited:\n\(after)")
            // In a file without a final line break, a line added after the last one also changes
            // that one in git's eyes (it gains the break): one more, once for the file.
            let slack = scene.text.hasSuffix("\n") ? 0 : 1
            let (added, deleted) = try numstat(original, path)
            XCTAssertLessThanOrEqual(added, sets.count + slack, "\(context)\nedited:\n\(after)")
            XCTAssertLessThanOrEqual(deleted, added, context)
        }
        XCTAssertEqual(edited, Self.cases)
    }

    /// The inspect report as `inspect --json` gives it, with every `source` and `style` (where a
    /// value came from) left out.
    func inspect(_ text: String, overrides: [String], _ context: String) throws -> NSDictionary {
        let file: SceneFile
        do {
            file = try SceneFile(source: text, name: "s.scene.yaml").with(overrides: overrides)
        } catch {
            XCTFail("\(error)\(context)")
            throw error
        }
        let report = InspectReport(scene: file.animated.scene, placed: file.animated.views(at: 0), sampler: file.animated.sampler,
                                   time: 0)
        func placeless(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return object.filter { $0.key != "source" && $0.key != "style" }.mapValues(placeless)
            }
            if let array = value as? [Any] { return array.map(placeless) }
            return value
        }
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report))
        return (placeless(json) as? [String: Any]).map { NSDictionary(dictionary: $0) } ?? [:]
    }

    /// Lines added and deleted between two files, as `git diff --numstat` counts them.
    func numstat(_ a: URL, _ b: URL) throws -> (added: Int, deleted: Int) {
        let result = try runProgram(URL(fileURLWithPath: "/usr/bin/git"),
                                    ["diff", "--no-index", "--numstat", a.path, b.path])
        let fields = result.stdoutText.split(separator: "\t")
        guard fields.count >= 2, let added = Int(fields[0]), let deleted = Int(fields[1]) else { return (0, 0) }
        return (added, deleted)
    }
}
