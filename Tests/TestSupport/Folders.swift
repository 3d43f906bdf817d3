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
