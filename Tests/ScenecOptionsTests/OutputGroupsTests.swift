import CommandLineOptions
import SceneCodecs
import ScenecOptions
import XCTest

/// The groups of commands that write pictures: PNG (WritesPNG), `--watch` (Watches) and the
/// picture options a command takes as its own keys (OutputOptions).
final class OutputGroupsTests: XCTestCase {
    func parse(_ words: [String]) throws -> Arguments<PictureCommand> {
        try Arguments<PictureCommand>.parse(words, declarations: PictureCommand.all)
    }

    func testPNGCompressionDefaultsAndChoices() throws {
        XCTAssertEqual(try parse([])[PictureCommand.pngCompression], .default)
        XCTAssertEqual(try parse(["--png-compression", "small"])[PictureCommand.pngCompression], .small)
        XCTAssertThrowsError(try parse(["--png-compression", "huge"])[PictureCommand.pngCompression]) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--png-compression must be fast, default or small, not 'huge'")
        }
        XCTAssertEqual(PNGOptions.all.map(\.name), ["--png-compression"])
    }

    func testWatchAndThePictureOptions() throws {
        XCTAssertFalse(try parse([])[PictureCommand.watch])
        let args = try parse(["--watch", "--scales", "1,2,3", "--scale", "2", "--time", "1.5s", "--depfile", "out.d"])
        XCTAssertTrue(args[PictureCommand.watch])
        XCTAssertEqual(try args[PictureCommand.scales], [1, 2, 3])
        XCTAssertEqual(try args[PictureCommand.scale], 2)
        XCTAssertEqual(try args[PictureCommand.time], "1.5s")
        XCTAssertEqual(try args[PictureCommand.depfile], "out.d")
        XCTAssertEqual(OutputOptions.watch.declaration.name, "--watch")
    }
}
