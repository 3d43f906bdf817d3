import CommandLineOptions
import XCTest

/// A command's options as the tests declare them.
enum Toy {
    enum Kind: String, CaseIterable, Sendable { case still, frames, gif }
    enum Format: String, CaseIterable, Sendable { case png, pdf, svg }

    static let output = Option<[String], Toy>.repeated("--output", aliases: ["-o"], value: "PATH", help: "where to write", path: true)
    /// Declared once for several commands, and Toy's own.
    static let sharedRoot = Option<String?, Shared>.text("--root", aliases: ["--path-root"], value: "DIR", help: "the project",
                                                         path: true, group: "project")
    static let root = Option<String?, Toy>(sharedRoot)
    static let jobs = Option<Int?, Toy>.count("--jobs", help: "at once", default: "the number of cores")
    static let scale = Option<Double?, Toy>.number("--scale", help: "pixels per point")
    static let animated = Option<Kind, Toy>.choice("--animated", value: "MODE", help: "what moves", default: .still)
    static let format = Option<Format?, Toy>.choice("--format", value: "png|pdf|svg", help: "the format", suggesting: true)
    static let formats = Option<[Format], Toy>.list("--formats", value: "LIST", help: "comma-separated", default: [.png])
    static let werror = Flag<Toy>("--werror", help: "warnings are errors")
    static let watch = Flag<Toy>(Flag<Shared>("--watch", help: "again on each save"))

    static let all = declarations(output, jobs, scale, animated, format, formats, werror, watch, root, StandardOptions.help)

    static func parse(_ words: [String]) throws -> Arguments<Toy> {
        try Arguments<Toy>.parse(words, declarations: all, nearest: nearest)
    }

    /// The closest word by prefix or one letter changed, enough for the tests.
    @Sendable static func nearest(_ word: String, _ candidates: [String]) -> String? {
        candidates.first { c in
            c.hasPrefix(word) || word.hasPrefix(c)
                || (c.count == word.count && zip(c, word).filter { $0 != $1 }.count == 1)
                || (word.count == c.count + 1 && word.indices.contains { i in
                    var w = word
                    w.remove(at: i)
                    return w == c
                })
        }
    }
}

func usageMessage(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> String? {
    do {
        try body()
        XCTFail("no usage error", file: file, line: line)
        return nil
    } catch let error as UsageError {
        return error.message
    } catch {
        XCTFail("\(error)", file: file, line: line)
        return nil
    }
}

final class ParsingTests: XCTestCase {
    func testValuesInlineSeparateAndShort() throws {
        let args = try Toy.parse(["a.yaml", "--jobs=3", "-o", "x.png", "--output", "y.png", "--scale", "2", "b.yaml"])
        XCTAssertEqual(args.positionals, ["a.yaml", "b.yaml"])
        XCTAssertEqual(try args[Toy.jobs], 3)
        XCTAssertEqual(try args[Toy.output], ["x.png", "y.png"])
        XCTAssertEqual(try args[Toy.scale], 2)
        XCTAssertFalse(args[Toy.werror])
    }

    func testTheLastValueOfASingleOptionCounts() throws {
        let args = try Toy.parse(["--jobs", "2", "--jobs", "5", "--animated=gif", "--animated", "frames"])
        XCTAssertEqual(try args[Toy.jobs], 5)
        XCTAssertEqual(try args[Toy.animated], .frames)
    }

    func testDashIsAPositionalAndDoubleDashEndsOptions() throws {
        let args = try Toy.parse(["-", "-o", "-", "--", "--werror", "-x"])
        XCTAssertEqual(args.positionals, ["-", "--werror", "-x"])
        XCTAssertEqual(try args[Toy.output], ["-"])
        XCTAssertFalse(args[Toy.werror])
    }

    func testAValueMayStartWithADash() throws {
        XCTAssertEqual(try Toy.parse(["--root", "--werror"])[Toy.root], "--werror")
    }

    func testAliasesAreTheOptionItself() throws {
        XCTAssertEqual(try Toy.parse(["--path-root", "a"])[Toy.root], "a")
        XCTAssertEqual(try Toy.parse(["--path-root=a", "--root", "b"])[Toy.root], "b")
        XCTAssertTrue(try Toy.parse(["-h"]).helpRequested)
        XCTAssertFalse(try Toy.parse(["a"]).helpRequested)
    }

    func testDefaultsWhenNotGiven() throws {
        let args = try Toy.parse([])
        XCTAssertEqual(try args[Toy.animated], .still)
        XCTAssertEqual(try args[Toy.formats], [.png])
        XCTAssertNil(try args[Toy.jobs])
        XCTAssertNil(try args[Toy.format])
        XCTAssertEqual(try args[Toy.output], [])
        XCTAssertFalse(args.isGiven(Toy.jobs.declaration))
    }

    func testMissingValue() {
        XCTAssertEqual(usageMessage { _ = try Toy.parse(["a", "-o"]) }, "--output needs a value")
        XCTAssertEqual(usageMessage { _ = try Toy.parse(["--jobs"]) }, "--jobs needs a value")
    }

    func testAFlagGivenAValue() {
        XCTAssertEqual(usageMessage { _ = try Toy.parse(["--werror=1"]) }, "--werror takes no value")
        XCTAssertEqual(usageMessage { _ = try Toy.parse(["-h=1"]) }, "unknown option '-h=1'")
    }

    func testUnknownOptionWithDidYouMean() {
        XCTAssertEqual(usageMessage { _ = try Toy.parse(["--werrror"]) }, "unknown option '--werrror'; did you mean '--werror'?")
        XCTAssertEqual(usageMessage { _ = try Toy.parse(["--ani=gif"]) }, "unknown option '--ani=gif'; did you mean '--animated'?")
        XCTAssertEqual(usageMessage { _ = try Toy.parse(["--zzz"]) }, "unknown option '--zzz'")
    }

    func testBadValuesAreReportedWhenRead() throws {
        let args = try Toy.parse(["--jobs", "0", "--scale", "-1", "--animated", "gifs", "--format", "pdg", "--formats", "png,jpg"])
        XCTAssertEqual(usageMessage { _ = try args[Toy.jobs] }, "--jobs must be a whole number of at least 1, not '0'")
        XCTAssertEqual(usageMessage { _ = try args[Toy.scale] }, "--scale must be a number greater than 0, not '-1'")
        XCTAssertEqual(usageMessage { _ = try args[Toy.animated] }, "--animated must be still, frames or gif, not 'gifs'")
        XCTAssertEqual(usageMessage { _ = try args[Toy.format] }, "--format must be png, pdf or svg, not 'pdg'; did you mean 'png'?")
        XCTAssertEqual(usageMessage { _ = try args[Toy.formats] }, "--formats takes png, pdf and svg separated by commas, not 'jpg'")
        XCTAssertEqual(usageMessage { _ = try Toy.parse(["--formats", ","])[Toy.formats] }, "--formats needs at least one of png, pdf, svg")
    }

    func testAListIsInItsDeclaredOrderEachOnce() throws {
        XCTAssertEqual(try Toy.parse(["--formats", "svg,png,svg"])[Toy.formats], [.png, .svg])
    }

    func testParsedValuesUseTheirParser() throws {
        let even = Option<Int?, Toy>.parsed("--even", value: "N", help: "an even number") { text in
            guard let n = Int(text), n % 2 == 0 else { throw UsageError("--even takes an even number, not '\(text)'") }
            return n
        }
        let args = try Arguments<Toy>.parse(["--even", "3"], declarations: [even.declaration])
        XCTAssertEqual(usageMessage { _ = try args[even] }, "--even takes an even number, not '3'")
        XCTAssertEqual(try Arguments<Toy>.parse(["--even=4"], declarations: [even.declaration])[even], 4)
    }

    /// A shared declaration is each command's own key (another command's does not compile:
    /// `Arguments<Other>` takes `Option<_, Other>` only), read by its name.
    func testASharedDeclarationAsACommandsOwnKey() throws {
        enum Other {}
        let otherRoot = Option<String?, Other>(Toy.sharedRoot)
        XCTAssertEqual(otherRoot.declaration, Toy.root.declaration)
        XCTAssertEqual(try Arguments<Other>.parse(["--root", "x"], declarations: [otherRoot.declaration])[otherRoot], "x")
        XCTAssertEqual(usageMessage { _ = try Arguments<Toy>.parse(["--root", "x"], declarations: [Toy.werror.declaration]) },
                       "unknown option '--root'")
    }

    /// A reader of its own: every word given, the name and the "did you mean" of the command line.
    func testAReaderGetsTheWordsAndTheReading() throws {
        let size = Option<String, Toy>(OptionDeclaration("--size", value: "S|M|L", help: "a size", kind: .choice(["S", "M", "L"]))) {
            given, context in
            let sizes = ["S", "M", "L"]
            guard let word = given.last else { return "M" }
            guard sizes.contains(word) else { throw UsageError("\(context.name) is S, M or L, not '\(word)'\(context.hint(word, in: sizes))") }
            return word
        }
        let reading = Reading(name: "--size", nearest: Toy.nearest)
        XCTAssertEqual(reading.hint("MM", in: ["S", "M", "L"]), "; did you mean 'M'?")
        XCTAssertEqual(try Arguments<Toy>.parse([], declarations: [size.declaration])[size], "M")
        let args = try Arguments<Toy>.parse(["--size", "LL"], declarations: [size.declaration], nearest: Toy.nearest)
        XCTAssertEqual(usageMessage { _ = try args[size] }, "--size is S, M or L, not 'LL'; did you mean 'L'?")
    }

    /// Flags and valued options in one list.
    func testDeclarationsOfKeysOfBothKinds() {
        let keys: [any OptionKey] = [Toy.werror, Toy.jobs]
        XCTAssertEqual(keys.map(\.declaration.name), ["--werror", "--jobs"])
        XCTAssertEqual(declarations(Toy.werror, Toy.jobs), keys.map(\.declaration))
        XCTAssertEqual(Toy.werror.declaration.kind, .flag)
        XCTAssertNil(Toy.werror.declaration.valueName)
    }

    func testWordsAsTyped() throws {
        let args = try Toy.parse(["--jobs", "x", "--jobs", "4"])
        XCTAssertEqual(args.words(of: Toy.jobs.declaration), ["x", "4"])
    }
}
