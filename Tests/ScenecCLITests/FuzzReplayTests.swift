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
        let result = try Self.replay(dirs.map(\.path))
        XCTAssertEqual(result.reason, .exit, "scenec-fuzz crashed (signal \(result.status)) replaying the corpus:\n\(result.stderr)")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "scenec-fuzz: ran \(expected) inputs\n")
    }

    func testReplayOfAMissingFileIsAnErrorNotACrash() throws {
        let result = try Self.replay([repositoryRoot.appendingPathComponent("no-such-input.scene.yaml").path])
        XCTAssertEqual(result.reason, .exit)
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

    struct Outcome {
        var reason: Process.TerminationReason
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func replay(_ arguments: [String], timeout: TimeInterval = 120) throws -> Outcome {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        final class Box: @unchecked Sendable { var data = Data() }
        let outBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            outBox.data = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            XCTFail("scenec-fuzz \(arguments.joined(separator: " ")) did not finish in \(timeout) s")
        }
        process.waitUntilExit()
        return Outcome(reason: process.terminationReason, status: process.terminationStatus,
                       stdout: String(decoding: outBox.data, as: UTF8.self),
                       stderr: String(decoding: errData, as: UTF8.self))
    }
}
