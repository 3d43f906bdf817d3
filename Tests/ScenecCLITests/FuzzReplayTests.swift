import XCTest

/// The plain build of `scenec-fuzz` (no sanitizer) replays the fuzzer's seed corpus through the
/// fuzz target: every example scene and every bad scene must go through check, layout, sampling
/// and a small PNG without trapping. `make fuzz` runs the same function under libFuzzer.
final class FuzzReplayTests: XCTestCase {
    /// The directories `make fuzz` seeds the fuzzer with.
    static var seedDirectories: [URL] {
        let dirs = ["scenes", "Tests/Corpus/bad", "Tests/Corpus/schema-bad"].map {
            repositoryRoot.appendingPathComponent($0)
        }
        return dirs.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The plain debug `scenec-fuzz` that `swift build --build-tests` puts beside the test runner
    /// (.build/debug), whichever scenec binary the other tests run; $SCENEC_FUZZ_BIN overrides.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["SCENEC_FUZZ_BIN"] {
            return URL(fileURLWithPath: path)
        }
        let besideRunner = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("scenec-fuzz")
        if FileManager.default.isExecutableFile(atPath: besideRunner.path) { return besideRunner }
        return repositoryRoot.appendingPathComponent(".build/debug/scenec-fuzz")
    }

    func testReplayOfTheSeedCorpusRunsEveryFileAndExitsZero() throws {
        let dirs = Self.seedDirectories
        let expected = dirs.reduce(0) { count, dir in
            count + fileNames(in: dir).filter { name in
                var isDirectory: ObjCBool = false
                let path = dir.appendingPathComponent(name).path
                return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                    && !isDirectory.boolValue
            }.count
        }
        XCTAssertGreaterThan(expected, 40, "the seed corpus is unexpectedly small")
        let result = try runProgram(Self.binary, dirs.map(\.path), timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdoutText, "scenec-fuzz: ran \(expected) inputs\n")
    }

    func testReplayOfAMissingFileIsAnErrorNotACrash() throws {
        let result = try runProgram(Self.binary, [repositoryRoot.appendingPathComponent("no-such-input.scene.yaml").path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("cannot read"), result.stderr)
    }

    /// fuzz/scene.dict guides the fuzzer to the language's words; a new attribute belongs in it.
    func testTheFuzzDictionaryNamesEveryAttribute() throws {
        let dictionary = try String(contentsOf: repositoryRoot.appendingPathComponent("fuzz/scene.dict"), encoding: .utf8)
        let entries = Set(dictionary.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let views = repositoryRoot.appendingPathComponent("Sources/SceneModel/Views")
        let declaration = try NSRegularExpression(pattern: #"Attribute<[^(]*>\(\s*"([A-Za-z]+)""#)
        var names: Set<String> = []
        for file in fileNames(in: views) where file.hasSuffix(".swift") {
            let source = try String(contentsOf: views.appendingPathComponent(file), encoding: .utf8)
            let whole = NSRange(source.startIndex..., in: source)
            for match in declaration.matches(in: source, range: whole) {
                if let range = Range(match.range(at: 1), in: source) { names.insert(String(source[range])) }
            }
        }
        XCTAssertGreaterThan(names.count, 30, "found too few attribute declarations in \(views.path)")
        for name in names.sorted() {
            XCTAssertTrue(entries.contains("\"\(name)\""), "fuzz/scene.dict lacks the attribute \"\(name)\"")
        }
    }
}
