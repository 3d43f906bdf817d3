import Foundation
import SceneModel
import SceneSyntax
import XCTest

/// The catalogue of diagnostic codes (the core's and every kind's own lint codes,
/// `DiagnosticCode.catalogue`) against what scenec does: every code is emitted by
/// something (its scene example, or a command for the codes of options, edits, files, time and
/// export), so no code is documented that nothing reports. (GeneratedFilesTests keeps
/// docs/diagnostics.md the catalogue's page.)
final class DiagnosticCodesTests: XCTestCase {
    /// Codes nothing emits yet, each with the reason.
    static let reserved: Set<DiagnosticCode> = [
        .unclassified,  // the fallback: BadSceneCorpusTests refuses it
    ]

    func testEverySceneExampleReportsItsCode() throws {
        let dir = try temporaryDirectory(self)
        for entry in DiagnosticCode.catalogue {
            let code = entry.code
            guard case .scene(let text)? = entry.example else { continue }
            let path = try write(text, "\(code.rawValue).scene.yaml", in: dir)
            let codes = try Self.codes(["check", path])
            XCTAssertTrue(codes.contains(code.rawValue), "\(code.rawValue)'s example reports \(codes)")
        }
    }

    func testEveryCodeIsEmittedBySomething() throws {
        let dir = try temporaryDirectory(self)
        var emitted: Set<String> = []
        for entry in DiagnosticCode.catalogue {
            let code = entry.code
            if case .scene(let text)? = entry.example {
                emitted.formUnion(try Self.codes(["check", try write(text, "\(code.rawValue).scene.yaml", in: dir)]))
            }
        }
        let ring = try write("canvas: {width: 100, height: 100}\nviews:\n  - {type: ring, id: r, frame: {x: 0, y: 0, width: 50, height: 50}}\n",
                             "ring.scene.yaml", in: dir)
        emitted.formUnion(try Self.codes(["check", ring, "--set", "r.type=pie"]))  // bad-option
        let animated = try write(animatedRingScene(), "animated.scene.yaml", in: dir)
        emitted.formUnion(try Self.codes(["check", animated, "--set", "r.progress=1"]))  // override-replaces-animation
        emitted.formUnion(try Self.codes(["check", dir.appendingPathComponent("missing.scene.yaml").path]))  // file-error
        let label = try write("canvas: {width: 100, height: 100}\nviews:\n  - {type: label, frame: {x: 0, y: 0, width: 50, height: 20}, text: \"Hi 🙂\"}\n",
                              "label.scene.yaml", in: dir)
        // lottie-unsupported: a colour emoji is a bitmap, which has no outline for Lottie.
        emitted.formUnion(try Self.codes(["export", label, "-o", dir.appendingPathComponent("label.json").path]))
        let edit = repositoryRoot.appendingPathComponent("Tests/Corpus/edit/anchor-shared-with-alias-refused.scene.yaml")
        let copy = try write(try String(contentsOf: edit, encoding: .utf8), "anchored.scene.yaml", in: dir)
        emitted.formUnion(try Self.codes(["edit", copy, "--set", "a.lineWidth=3"]))  // edit-refused
        var rings = "canvas: {width: 200, height: 200}\nviews:\n"
        for i in 0..<2000 {
            rings += "  - {id: r\(i), type: ring, frame: {x: \(i % 20 * 10), y: \(i / 20 * 2), width: 10, height: 10}}\n"
        }
        let many = try write(rings, "rings.scene.yaml", in: dir)
        emitted.formUnion(try Self.codes(["render", many, "-o", dir.appendingPathComponent("r.png").path,
                                          "--scene-timeout", "0.001"]))  // scene-timeout
        let missing = DiagnosticCode.catalogue.map(\.code).filter { !emitted.contains($0.rawValue) && !Self.reserved.contains($0) }
        XCTAssertEqual(missing, [], "codes in the catalogue that nothing emits")
        for kindCode in [DiagnosticCode.lintNoRadius, .lintHandLength, .lintHandWidth, .lintNoSweep] {
            XCTAssertTrue(emitted.contains(kindCode.rawValue), "a kind's code \(kindCode.rawValue) is checked too")
        }
    }

    /// The codes of what `scenec ARGS --diagnostics json` reports.
    static func codes(_ arguments: [String]) throws -> [String] {
        let result = try scenec(arguments + ["--diagnostics", "json"])
        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]],
                                  "\(arguments): not a JSON array: \(result.stdoutText)\n\(result.stderr)")
        return items.compactMap { $0["code"] as? String }
    }
}
