import Foundation
import XCTest

/// A fresh temporary folder, removed when `test` ends. A free function rather than a method of
/// XCTestCase: a method would shadow it inside every test class, and the tests call it as
/// `temporaryDirectory(self)`.
public func temporaryDirectory(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// Writes `text` to the file `name` in `dir` (its folders made as needed); its path.
@discardableResult
public func write(_ text: String, _ name: String, in dir: URL) throws -> String {
    try write(Array(text.utf8), name, in: dir)
}

/// Writes `bytes` to the file `name` in `dir` (its folders made as needed); its path.
@discardableResult
public func write(_ bytes: [UInt8], _ name: String, in dir: URL) throws -> String {
    let url = dir.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url, options: .atomic)
    return url.path
}

/// The names of the files in a folder, sorted; none for a folder that cannot be read.
public func fileNames(in dir: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
}

/// The repository's root (for scenes/, the test corpus, .venv).
public let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
}()

/// Adds `entries` (output path → the existing scene `a.scene.yaml`) to the build manifest in
/// the folder `out`, written as the manifest file `name` there: what a tampered or hostile
/// manifest looks like to the next build.
public func plantManifestEntries(_ entries: [String], in name: String, out: URL) throws {
    let own = out.appendingPathComponent(".scenec-manifest.json")
    var manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: own)) as? [String: Any])
    var scenes = try XCTUnwrap(manifest["scenes"] as? [String: Any])
    var scene = try XCTUnwrap(scenes["a.scene.yaml"] as? [String: Any])
    var outputs = try XCTUnwrap(scene["outputs"] as? [String: Any])
    for entry in entries { outputs[entry] = ["group": "png", "key": "old", "sha256": "0", "size": 1] }
    scene["outputs"] = outputs
    scenes["a.scene.yaml"] = scene
    manifest["scenes"] = scenes
    try JSONSerialization.data(withJSONObject: manifest).write(to: out.appendingPathComponent(name))
}
