import Glibc
import SceneCodecs
import SceneRender
import SceneReview
import ScenecKit
import SceneFiles
import SceneSupport

/// `scenec build --baseline DIR`: once the build is done, every output the folder holds is set
/// against the file with the same path under the baseline, on `--jobs` threads, and the report
/// (index.html, summary.json) is written. The result depends only on the two folders' files.
struct BaselineReview {
    package var options: ReviewOptions
    /// The build folder, opened; both sides are read beneath their opened folders.
    package var output: Destination
    package var jobs: Int
    /// Pictures larger than this (the build's --max-pixels) are refused from their header,
    /// never decoded: a 1 MB PNG can claim 16384 × 16384 pixels (1 GiB decoded).
    package var maxPixels: Int
    /// The project root: rsvg-convert and pdftoppm are looked for outside it.
    package var root: ProjectRoot
    /// Where the verdicts and problems go.
    package var sink: BuildSink

    package var outDir: String { output.path }

    /// Files larger than this are not read (a baseline is not ours to trust).
    package static let maxFileSize = 1 << 30

    /// Reviews the build's current outputs (paths relative to the folder). Returns .io when an
    /// output could not be compared or the report not written, .sceneError when
    /// `--fail-on-change` and anything is changed, new or removed, else .success.
    package func run(outputs: [String]) -> ExitStatus {
        let baselineFolder: Destination
        do { baselineFolder = try Files.destination(options.baseline, creating: false) } catch let error as FileError {
            sink(.error(error.message))
            return .io
        } catch { return .io }
        let baseline = BaselineFiles.list(baselineFolder) { sink(.ignoredEntry($0)) }
        let built = Set(outputs)
        let paths = baseline.union(built).sorted()
        let results = Locked([(output: ReviewedOutput, problem: String?)?](repeating: nil, count: paths.count))
        let queue = WorkQueue(Array(paths.indices))
        Parallel.threads(Swift.min(jobs, Swift.max(1, paths.count))) {
            while let index = queue.next() {
                let path = paths[index]
                let result = review(path, inBaseline: baseline.contains(path), built: built.contains(path),
                                    baseline: baselineFolder)
                results.withLock { $0[index] = result }
            }
        }
        let reviewed = results.withLock { $0.compactMap { $0 } }
        let report = ReviewReport(baseline: options.baseline, outputDirectory: outDir, threshold: options.threshold,
                                  outputs: reviewed.map(\.output))
        var status = ExitStatus.success
        for (output, problem) in reviewed.sorted(by: { $0.output.path < $1.output.path }) {
            guard let problem else { continue }
            sink(.error("cannot compare '\(output.path)' with the baseline: \(problem)"))
            if output.verdict == .changed { status = .io }
        }
        for output in report.outputs where output.verdict != .same {
            let how = output.comparison.map { " (\(ReviewReport.percentText($0.share)) of pixels, by up to \($0.maxChannelDifference))" } ?? ""
            let folder = output.verdict == .removed ? options.baseline : outDir
            sink(.reviewed(output.verdict, path: "\(folder)/\(output.path)", how: how))
        }
        let html = options.reportDirectory + "/index.html"
        do {
            try writeReport(Array(report.html.utf8), "index.html")
            try writeReport(Array(report.json.prettyPrinted.utf8) + [10], "summary.json")
        } catch let error as FileError {
            sink(.error(error.message))
            status = .io
        } catch { status = .io }
        sink(.reviewDone(baseline: options.baseline, counts: report.counts, report: html))
        if status == .success, options.failOnChange, report.hasChanges { status = .sceneError }
        return status
    }

    /// The report's file `name`: beneath the build folder when the report goes in it (the
    /// default, `.scenec-review`), else at the path `--review-report` named.
    private func writeReport(_ bytes: [UInt8], _ name: String) throws {
        guard let inside = options.reportInsideOutput else {
            return try Files.write(bytes, to: options.reportDirectory + "/" + name)
        }
        guard let relative = RelativeName(inside + "/" + name) else { throw FileError("cannot write the review into '\(outDir)'") }
        let file = try Files.converting { () throws(DestinationFailure) in try output.file(relative) }
        try Files.converting { () throws(DestinationFailure) in try file.write(bytes) }
    }

    /// One output's verdict, and what went wrong when it could not be compared (it is then
    /// called changed, so `--fail-on-change` does not pass what it could not see).
    private func review(_ path: String, inBaseline: Bool, built: Bool,
                        baseline: Destination) -> (output: ReviewedOutput, problem: String?) {
        let before = options.baseline + "/" + path, after = outDir + "/" + path
        guard inBaseline, built else {
            let file = built ? after : before
            var kind = OutputKind(path: path)
            var output = ReviewedOutput(path: path, verdict: built ? .new : .removed, comparedAs: kind.comparedAs)
            do {
                let bytes = try Self.read(path, in: built ? self.output : baseline)
                kind = kind.refined(by: [bytes])
                output.comparedAs = kind.comparedAs
                var shown: [UInt8]?
                switch kind {
                case .bytes: return (output, nil)
                case .animated(let type):
                    shown = bytes
                    output.pictures.mediaType = type
                case .png, .svg, .pdf:
                    let page = try kind.pages(of: file, bytes: bytes, maxPixels: maxPixels, root: root)[0]
                    _ = try page.image()  // one that does not decode gets a note, not a broken picture
                    shown = page.png
                    if built { output.afterSize = page.size } else { output.beforeSize = page.size }
                }
                if built { output.pictures.after = shown } else { output.pictures.before = shown }
            } catch { output.note = "cannot show it: \(Self.message(error))" }
            return (output, nil)
        }
        var kind = OutputKind(path: path)
        do {
            let beforeBytes = try Self.read(path, in: baseline), afterBytes = try Self.read(path, in: self.output)
            kind = kind.refined(by: [beforeBytes, afterBytes])
            if beforeBytes == afterBytes { return (ReviewedOutput(path: path, verdict: .same, comparedAs: kind.comparedAs), nil) }
            switch kind {
            case .bytes: return (ReviewedOutput(path: path, verdict: .changed, comparedAs: kind.comparedAs), nil)
            case .animated(let type):
                // Shown before and after, playing; WebP and APNG are also compared frame by frame.
                var output = try compareFrames(path, kind, beforeBytes, afterBytes)
                    ?? ReviewedOutput(path: path, verdict: .changed, comparedAs: kind.comparedAs)
                if output.verdict == .changed { output.pictures.before = beforeBytes; output.pictures.after = afterBytes }
                output.pictures.mediaType = type
                return (output, nil)
            case .png, .svg, .pdf:
                // The build's side first: its size bounds the baseline's rasterising.
                let afterPages = try kind.pages(of: after, bytes: afterBytes, maxPixels: maxPixels, root: root)
                let beforePages = try kind.pages(of: before, bytes: beforeBytes, fitting: afterPages.first?.size,
                                                 maxPixels: maxPixels, root: root)
                return (try compare(path, beforePages, afterPages), nil)
            }
        } catch {
            var output = ReviewedOutput(path: path, verdict: .changed, comparedAs: kind.comparedAs)
            output.note = Self.message(error)
            return (output, Self.message(error))
        }
    }

    /// Page by page, two decoded pages at a time; a page only one side has is compared with
    /// nothing. The pictures shown are those of the page that changed most.
    private func compare(_ path: String, _ before: [OutputKind.Page], _ after: [OutputKind.Page]) throws -> ReviewedOutput {
        let empty = RasterImage(width: 0, height: 0, premultipliedARGB: [])
        var total = PixelComparison()
        var worst: (index: Int, changed: Int, diff: RasterImage)?
        let pages = Swift.max(before.count, after.count)
        for index in 0..<pages {
            let b = index < before.count ? try before[index].image() : empty
            let a = index < after.count ? try after[index].image() : empty
            let (comparison, diff) = PixelComparison.compare(b, a, tolerance: options.threshold.channel)
            total = total.adding(comparison)
            if worst.map({ comparison.changedPixels > $0.changed }) ?? true { worst = (index, comparison.changedPixels, diff) }
        }
        if before.count != after.count { total.sameSize = false }
        var output = ReviewedOutput(path: path, verdict: options.threshold.isChange(total) ? .changed : .same,
                                    comparedAs: OutputKind(path: path).comparedAs)
        output.comparison = total
        output.pages = pages > 1 ? pages : nil
        output.beforeSize = before.first?.size
        output.afterSize = after.first?.size
        if output.verdict == .changed, let worst {
            output.pictures.before = worst.index < before.count ? before[worst.index].png : nil
            output.pictures.after = worst.index < after.count ? after[worst.index].png : nil
            output.pictures.diff = try worst.diff.pngBytes()
            output.shownPage = worst.index
        }
        return output
    }

    /// An animated WebP or PNG played back frame by frame on both sides, each pair of frames
    /// compared as pages are (a frame only one side has is compared with nothing), and the time
    /// each frame shows (a frame ending over a millisecond apart, or another number of frames, is a
    /// change); nil for a kind scenec cannot play back (GIF, video). The diff is of the
    /// frame that changed most.
    private func compareFrames(_ path: String, _ kind: OutputKind, _ before: [UInt8], _ after: [UInt8]) throws -> ReviewedOutput? {
        guard let format = kind.animationFormat else { return nil }
        func decoder(_ bytes: [UInt8], _ side: String) throws -> AnimationDecoder? {
            do { return try format.decoder(bytes, maxPixels: maxPixels) } catch {
                throw FileError("'\(side)/\(path)' cannot be played back as \(format.rawValue.uppercased()): \(error)")
            }
        }
        guard let b = try decoder(before, options.baseline), let a = try decoder(after, outDir) else { return nil }
        let empty = RasterImage(width: 0, height: 0, premultipliedARGB: [])
        var total = PixelComparison(), sameTiming = true, frames = 0, ends = (0.0, 0.0)
        var worst: (index: Int, changed: Int, diff: RasterImage)?
        while true {
            let next = (try b.next(), try a.next())
            if next.0 == nil, next.1 == nil { break }
            let (comparison, diff) = PixelComparison.compare(next.0?.frame ?? empty, next.1?.frame ?? empty,
                                                              tolerance: options.threshold.channel)
            total = total.adding(comparison)
            // Each frame ends within a millisecond of the same time: WebP counts whole milliseconds,
            // which encoders round in turns of their own (33, 34, 33 or 33, 33, 34 for 1/30 s).
            ends.0 += next.0?.seconds ?? 0
            ends.1 += next.1?.seconds ?? 0
            if next.0 == nil || next.1 == nil || abs(ends.0 - ends.1) > 0.001 + 1e-9 { sameTiming = false }
            if worst.map({ comparison.changedPixels > $0.changed }) ?? true { worst = (frames, comparison.changedPixels, diff) }
            frames += 1
        }
        var output = ReviewedOutput(path: path, verdict: options.threshold.isChange(total) || !sameTiming ? .changed : .same,
                                    comparedAs: kind.comparedAs)
        output.comparison = total
        output.frames = frames
        output.sameTiming = sameTiming
        output.beforeSize = (b.width, b.height)
        output.afterSize = (a.width, a.height)
        if output.verdict == .changed, let worst {
            output.pictures.diff = try worst.diff.pngBytes()
            output.shownPage = worst.index
        }
        return output
    }

    /// The file `path` beneath `folder`: a regular file reached through no link, at most
    /// `maxFileSize` bytes.
    private static func read(_ path: String, in folder: Destination) throws -> [UInt8] {
        guard let name = RelativeName(path) else { throw FileError("'\(path)' is not a name inside '\(folder.path)'") }
        return try Files.converting { () throws(DestinationFailure) in try folder.read(name, limit: maxFileSize) }
    }

    private static func message(_ error: Error) -> String {
        switch error {
        case let e as FileError: return e.message
        case let e as VectorRasteriser.Failure: return e.message
        default: return "\(error)"
        }
    }

    /// How an output is compared, by its extension (and, for PNG, whether it is animated).
    enum OutputKind: Equatable {
        case png, svg, pdf, bytes
        /// A moving picture (GIF, animated PNG or WebP, MP4, WebM) of this media type, shown
        /// playing: WebP and APNG compared frame by frame, the others by bytes.
        case animated(String)

        package init(path: String) {
            let lower = path.lowercased()
            let types = [".gif": "image/gif", ".apng": "image/apng", ".webp": "image/webp", ".mp4": "video/mp4",
                         ".webm": "video/webm"]
            if let type = types.first(where: { lower.hasSuffix($0.key) })?.value {
                self = .animated(type)
            } else {
                self = lower.hasSuffix(".png") ? .png : lower.hasSuffix(".svg") ? .svg : lower.hasSuffix(".pdf") ? .pdf : .bytes
            }
        }

        /// An animated PNG is a PNG whose first frame alone Cairo would read: it is compared
        /// as an animation.
        package func refined(by files: [[UInt8]]) -> OutputKind {
            self == .png && files.contains(where: Self.isAnimatedPNG) ? .animated("image/apng") : self
        }

        /// The animated format scenec can play back, for WebP and APNG.
        package var animationFormat: AnimationFormat? {
            switch self {
            case .animated("image/webp"): return .webp
            case .animated("image/apng"): return .apng
            default: return nil
            }
        }

        package var comparedAs: String {
            switch self {
            case .png: return "png"
            case .svg: return "svg via rsvg-convert"
            case .pdf: return "pdf via pdftoppm"
            case .bytes: return "bytes"
            case .animated(let type): return animationFormat.map { "\($0.rawValue) frames" } ?? "bytes (\(type), animated)"
            }
        }

        /// Whether the chunks before the picture data hold an animation control chunk (`acTL`).
        package static func isAnimatedPNG(_ png: [UInt8]) -> Bool {
            var offset = 8
            while offset + 8 <= png.count {
                let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
                if type == "acTL" { return true }
                if type == "IDAT" { return false }
                offset += 12 + length
            }
            return false
        }

        /// A page as a PNG file, decoded only when compared, so a long PDF is held compressed.
        struct Page {
            package var png: [UInt8]
            /// The file it came from, for messages.
            package var path: String
            package var size: (width: Int, height: Int)

            package func image() throws -> RasterImage {
                do { return try RasterImage(png: png) } catch {
                    throw FileError("'\(path)' cannot be read as a PNG picture: \(error)")
                }
            }
        }

        /// The pages of a PNG, SVG or PDF file, each checked to be a PNG of a size scenec would
        /// decode.
        package func pages(of path: String, bytes: [UInt8], fitting box: (width: Int, height: Int)? = nil,
                   maxPixels limit: Int, root: ProjectRoot) throws -> [Page] {
            let pngs = self == .png ? [bytes] : try VectorRasteriser.pages(of: bytes, named: path, format: self == .svg ? "svg" : "pdf",
                                                                         fitting: box, maxPixels: limit, root: root)
            return try pngs.map { png in
                guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), let (w, h) = Self.pngSize(png) else {
                    throw FileError("'\(path)' is not a PNG file (it does not begin with PNG's signature and header)")
                }
                guard w <= limit, h <= limit, w * h <= limit else {
                    throw FileError("'\(path)' is \(w) × \(h) pixels, more than --max-pixels (\(limit)); it is not decoded")
                }
                return Page(png: png, path: path, size: (w, h))
            }
        }

        /// Width and height from the header, before decoding the rest.
        package static func pngSize(_ png: [UInt8]) -> (Int, Int)? {
            guard png.count >= 24 else { return nil }
            func word(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (word(16), word(20))
        }
    }
}
