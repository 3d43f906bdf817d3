import Glibc
import SceneFiles

/// SVG and PDF outputs as pixels, for the review: SVG through `rsvg-convert` (librsvg2-bin),
/// PDF through `pdftoppm` (poppler-utils), at the size the file gives (a point or an SVG px
/// is a pixel).
///
/// Both sides of a comparison go through the same program, so a vector file whose bytes differ
/// but which draws the same (another PDF date, another producer's formatting) gives the same
/// pixels. Cairo's own raster of the scene is not used for the build's side even when the scene
/// is known: measured on scenes/showcase.scene.yaml, Cairo and rsvg-convert differ in 0.04% of
/// the pixels (by up to 7 of 255, along text edges), Cairo and pdftoppm in 5.4% (by up to 198),
/// which would report every vector output as changed.
enum VectorRasteriser {
    package struct Failure: Error {
        package var message: String
    }

    /// How long a rasteriser may run on one file, in seconds (wall clock, and CPU through
    /// prlimit): a baseline's SVG filters can take minutes.
    package static let seconds = 60

    /// The PNG bytes of each page (one for SVG) of `bytes`, the file `path` names (for messages).
    /// The program reads a copy in a private folder, never the path: the file was read beneath
    /// its folder without following links, and an SVG's references to other files find none.
    /// The folder is removed whatever happens (drawn, failed, timed out).
    ///
    /// `fitting`, the pixel size of the build's own picture, bounds a baseline's: an SVG is drawn
    /// within that box keeping its proportions (at scale 1 when it has the same size), a PDF's
    /// pages scaled to it, so a baseline cannot ask for more pixels than the new picture has.
    /// `maxPixels` (--max-pixels) bounds the memory the program may take.
    package static func pages(of bytes: [UInt8], named path: String, format: String,
                      fitting box: (width: Int, height: Int)? = nil, maxPixels: Int, root: ProjectRoot) throws -> [[UInt8]] {
        let directory = try temporaryDirectory()
        defer { removeTree(directory) }
        let input = directory + "/input." + format
        do { try Files.write(bytes, to: input) } catch let error as FileError { throw Failure(message: error.message) }
        let tool: (program: String, package: String, arguments: [String])
        switch format {
        case "svg":
            let size = box.map { ["--width=\($0.width)", "--height=\($0.height)", "--keep-aspect-ratio"] } ?? []
            tool = ("rsvg-convert", "librsvg2-bin", ["--format=png"] + size + ["--output=\(directory)/page.png", input])
        case "pdf":
            let size = box.map { ["-scale-to-x", "\($0.width)", "-scale-to-y", "\($0.height)"] } ?? ["-r", "72"]
            tool = ("pdftoppm", "poppler-utils", ["-png"] + size + [input, "\(directory)/page"])
        default: throw Failure(message: "\(format) is not a vector format")
        }
        let found = Programs.find(tool.program, outside: root)
        guard let program = found.path else {
            throw Failure(message: "\(tool.program) is needed to compare \(format.uppercased()) files and was not found on PATH\(found.note); it comes with Debian's \(tool.package) (apt-get install \(tool.package))")
        }
        // The program's own needs (libraries, mappings: 512 MiB is ample) and 32 bytes a pixel
        // (its surface and a filter chain's copies, 4 bytes each) of the largest picture allowed.
        let pixels = box.map { $0.width * $0.height } ?? maxPixels
        let memory = (512 << 20) + 32 * Swift.min(pixels, maxPixels)
        let log = directory + "/log"
        switch ChildProcess.run(program, tool.arguments, output: log, seconds: seconds, memory: memory) {
        case .exited(0): break
        case .timedOut:
            throw Failure(message: "\(tool.program) could not draw '\(path)' within \(seconds) seconds and was stopped")
        case .notStarted(let code):
            throw Failure(message: "cannot run \(tool.program): \(String(cString: strerror(code)))")
        case .exited(let status), .signalled(let status):
            let said = ((try? Files.read(log, limit: 4096))?.bytes).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let first = said.split(separator: "\n").first.map { ": \($0)" } ?? ""
            throw Failure(message: "\(tool.program) could not draw '\(path)' (status \(status))\(first)")
        }
        // pdftoppm names pages page-1.png…, zero-padded to the page count's width: sorted is in order.
        let names = ((try? Files.names(in: directory)) ?? []).filter { $0.hasPrefix("page") && $0.hasSuffix(".png") }.sorted()
        guard !names.isEmpty else { throw Failure(message: "\(tool.program) drew no page of '\(path)'") }
        return try names.map { name in
            do { return try Files.read(directory + "/" + name, limit: Int.max).bytes } catch let error as FileError {
                throw Failure(message: error.message)
            }
        }
    }

    private static func temporaryDirectory() throws -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/scenec-review-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure(message: "cannot make a temporary folder in '\(base)': \(Files.reason())")
        }
        return String(cString: made)
    }

    private static func removeTree(_ directory: String) {
        for name in (try? Files.names(in: directory)) ?? [] { unlink(directory + "/" + name) }
        rmdir(directory)
    }
}
