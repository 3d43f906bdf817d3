import XCTest

/// The README, the guide in docs/ and the sources (whose help texts users read) point only at
/// files in the repository, never at documents beside it that users do not have.
final class RepositoryReferencesTests: XCTestCase {
    func testNothingUsersReadRefersOutsideTheRepository() throws {
        let outside = ["../shared", "SPEC.md", "DESIGN.md"]
        var files = [repositoryRoot.appendingPathComponent("README.md")]
        for folder in ["docs", "Sources"] {
            let root = repositoryRoot.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if ["md", "swift", "html", "js", "css"].contains(url.pathExtension) { files.append(url) }
            }
        }
        XCTAssertGreaterThan(files.count, 50)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for word in outside where text.contains(word) {
                XCTFail("\(file.path) refers to '\(word)', outside the repository")
            }
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent("docs/language.md").path))
    }
}
