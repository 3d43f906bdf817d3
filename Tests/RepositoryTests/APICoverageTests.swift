import Foundation
import XCTest

/// Every library target has a test target of its own that names each of the library's `public`
/// and `package` types (issue 22): a type other modules may use is a promise, and its module's
/// tests are where that promise is kept. A type only its own module uses should be internal.
///
/// Library targets are read from Package.swift (`.target(name:)`: not executables, system
/// libraries, plugins or tests); types are the `public`/`package` struct, enum, class, actor,
/// protocol and typealias declarations in `Sources/<Target>`; a test folder names a type when
/// the name appears in it as a whole word.
final class APICoverageTests: XCTestCase {
    /// The repository: three folders above this file (Tests/RepositoryTests/APICoverageTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testEveryLibraryHasATestTarget() throws {
        let libraries = try Self.libraryTargets()
        XCTAssertFalse(libraries.isEmpty, "no .target(name:) found in Package.swift")
        for library in libraries {
            var folder: ObjCBool = false
            let path = Self.root.appendingPathComponent("Tests/\(library)Tests").path
            XCTAssert(FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue,
                      "\(library) has no Tests/\(library)Tests folder")
        }
    }

    func testEveryPublicOrPackageTypeIsNamedByItsModulesTests() throws {
        var missing: [String] = []
        for library in try Self.libraryTargets() {
            let types = try Self.declaredTypes(in: Self.swiftFiles(under: "Sources/\(library)"))
            XCTAssertFalse(types.isEmpty, "\(library) declares no public or package type; is the pattern still right?")
            let tests = try Self.swiftFiles(under: "Tests/\(library)Tests").map { try String(contentsOf: $0, encoding: .utf8) }
            let words = Set(tests.flatMap(Self.words))
            for (name, file) in types.sorted(by: { $0.key < $1.key }) where !words.contains(name) {
                missing.append("\(library).\(name) (\(file)) is not named in Tests/\(library)Tests")
            }
        }
        XCTAssert(missing.isEmpty, "types without a test in their module's test target:\n" + missing.joined(separator: "\n"))
    }

    /// The scanner itself: declarations it must see, and ones it must not.
    func testTheDeclarationPattern() {
        let text = """
            public struct A {}
            package final class B: Sendable {}
            public indirect enum C {}
            package typealias D = Int
            @frozen public struct E {}
            package protocol F {}
            public actor G {}
            struct Internal {}
            public func notAType() {}
            // public struct InAComment {}
            package static let value = 1
            """
        XCTAssertEqual(Set(Self.declaredNames(in: text)), ["A", "B", "C", "D", "E", "F", "G"])
        XCTAssertEqual(Self.words("let x = Foo.bar(BazQux)"), ["let", "x", "Foo", "bar", "BazQux"])
    }

    static func libraryTargets() throws -> [String] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.target\(\s*name:\s*"([A-Za-z_][A-Za-z0-9_]*)""#)
        let range = NSRange(manifest.startIndex..., in: manifest)
        // A plain target kept under Tests/ (TestSupport, the test targets' shared helpers) is
        // not a library: only targets with a folder in Sources/ are.
        return pattern.matches(in: manifest, range: range).compactMap { match in
            Range(match.range(at: 1), in: manifest).map { String(manifest[$0]) }
        }.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/\($0)").path) }
    }

    static func swiftFiles(under relative: String) throws -> [URL] {
        let folder = root.appendingPathComponent(relative)
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    /// Type name → the file (relative to the repository) that declares it.
    static func declaredTypes(in files: [URL]) throws -> [String: String] {
        var types: [String: String] = [:]
        for file in files {
            let relative = String(file.path.dropFirst(root.path.count + 1))
            for name in declaredNames(in: try String(contentsOf: file, encoding: .utf8)) where types[name] == nil {
                types[name] = relative
            }
        }
        return types
    }

    static func declaredNames(in text: String) -> [String] {
        let declaration = #/^\s*(?:@\w+\s+)*(?:public|package)\s+(?:(?:final|indirect|nonisolated)\s+)*(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)/#
        return text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            (try? declaration.firstMatch(in: line)).map { String($0.1) }
        }
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
    }
}
