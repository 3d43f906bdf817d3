import Glibc
import SceneCodecs
import SceneRender
import SceneReview
import ScenecKit
import SceneFiles
import SceneSupport

/// `scenec build --baseline DIR` (or `--baseline-manifest FILE`): once the build is done, every
/// output the folder holds is set against the baseline's file with the same path, on `--jobs`
/// threads, and the report (index.html, a page per scene, same.html, summary.json and the
/// Markdown summary) is written. The result depends only on the two builds' files.
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

    /// The other side: a folder, or another build's manifest whose bytes come from a blob source.
    enum Baseline: Sendable {
        /// Output path → its scene (nil when no manifest names it).
        case folder(Destination, [String: String?])
        /// Output path → its digest and scene.
        case manifest([String: (sha256: String, scene: String)], (any BlobSource)?)

        var scenes: [String: String?] {
            switch self {
            case .folder(_, let listed): return listed
            case .manifest(let listed, _): return listed.mapValues { $0.scene }
            }
        }
    }

    /// Reviews the build's current outputs (those `manifest` lists). Returns .io when an output
    /// could not be compared or the report not written, .sceneError when `--fail-on-change` and
    /// anything is changed, new or removed, else .success.
    package func run(manifest: BuildManifest) -> ExitStatus {
        let built = BaselineFiles.listed(in: manifest) { _ in }
        let baseline: Baseline
        do { baseline = try open() } catch let error as FileError {
            sink(.error(error.message))
            return .io
        } catch { return .io }
        let baselineScenes = baseline.scenes
        let paths = Set(baselineScenes.keys).union(built.keys).sorted()
        let results = Locked([(output: ReviewedOutput, problem: String?)?](repeating: nil, count: paths.count))
        let queue = WorkQueue(Array(paths.indices))
        Parallel.threads(Swift.min(jobs, Swift.max(1, paths.count))) {
            while let index = queue.next() {
                let path = paths[index]
                var result = review(path, built: built[path]?.sha256, baseline: baseline)
                result.output.scene = built[path]?.scene ?? baselineScenes[path] ?? nil
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
            var how = output.comparison.map { " (\(ReviewReport.percentText($0.share)) of pixels, by up to \($0.maxChannelDifference))" } ?? ""
            if output.verdict == .removed, options.againstManifest {
                // No baseline folder to name: the output as the manifest lists it.
                sink(.reviewed(output.verdict, path: output.path, how: " (listed in \(options.baseline))"))
                continue
            }
            if output.comparedAs == "sha256" { how = " (by SHA-256)" }
            let folder = output.verdict == .removed ? options.baseline : outDir
            sink(.reviewed(output.verdict, path: "\(folder)/\(output.path)", how: how))
        }
        let html = options.reportDirectory + "/index.html"
        do {
            try writeReport(Array(report.indexPage.utf8), "index.html")
            try writeReport(Array(report.samePage.utf8), "same.html")
            for scene in report.scenesWithPages { try writeReport(Array(report.page(of: scene).utf8), scene.page) }
            removeOldPages(keeping: Set(report.scenesWithPages.map(\.page)))
            try writeReport(Array(report.json.prettyPrinted.utf8) + [10], "summary.json")
            if let markdown = options.markdown {
                try Files.write(Array(report.markdown(pages: ReviewLinks.pages(options, markdown: markdown)).utf8), to: markdown)
            }
        } catch let error as FileError {
            sink(.error(error.message))
            status = .io
        } catch { status = .io }
        sink(.reviewDone(baseline: options.baseline, counts: report.counts, report: html))
        if status == .success, options.failOnChange, report.hasChanges { status = .sceneError }
        return status
    }

    /// The baseline folder opened and listed, or the baseline manifest read.
    private func open() throws -> Baseline {
        guard options.againstManifest else {
            let folder = try Files.destination(options.baseline, creating: false)
            return .folder(folder, BaselineFiles.list(folder) { sink(.ignoredEntry($0)) })
        }
        let (bytes, tooLarge) = try options.manifestBytes.map { ($0, $0.count > Self.maxManifestSize) }
            ?? Files.read(options.baseline, limit: Self.maxManifestSize)
        guard !tooLarge, let manifest = BuildManifest.decode(bytes) else {
            throw FileError("the baseline manifest '\(options.baseline)' is not a scenec build manifest (version "
                            + "\(BuildManifest.currentVersion), at most \(Self.maxManifestSize >> 20) MB)")
        }
        return .manifest(BaselineFiles.listed(in: manifest) { sink(.ignoredEntry($0)) }, options.blobs)
    }

    /// A manifest larger than this is refused (one of 50,000 scenes is about 30 MB).
    package static let maxManifestSize = 256 << 20

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

    /// Removes the pages an earlier review left in the report's `scenes/` folder for scenes
    /// that now have none, so the folder holds this review only. Only names a page can have
    /// (16 hex digits, `.html`) are removed, beneath the opened folder, never through a link.
    private func removeOldPages(keeping current: Set<String>) {
        let folder: Destination, prefix: String
        if let inside = options.reportInsideOutput {
            (folder, prefix) = (output, inside + "/")
        } else {
            guard let opened = try? Files.destination(options.reportDirectory, creating: false) else { return }
            (folder, prefix) = (opened, "")
        }
        let components = (prefix + "scenes").split(separator: "/").map(String.init)
        for (name, kind) in folder.entries(in: components) where kind == .file {
            let page = "scenes/" + name
            guard !current.contains(page), name.count == 21, name.hasSuffix(".html"),
                  name.dropLast(5).allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
                  let relative = RelativeName(prefix + page) else { continue }
            folder.remove(relative, pruningFolders: false)
        }
    }

    /// The baseline's bytes of `path`, or why they are not at hand (a manifest baseline whose
    /// blob source lacks them, or gave bytes of another digest).
    private func baselineBytes(_ path: String, _ baseline: Baseline) throws -> (bytes: [UInt8]?, missing: String) {
        switch baseline {
        case .folder(let folder, _): return (try Self.read(path, in: folder), "")
        case .manifest(let listed, let blobs):
            guard let digest = listed[path]?.sha256 else { return (nil, "the baseline manifest does not list it") }
            guard let blobs else { return (nil, "no source of the baseline's bytes: compared by SHA-256 only") }
            guard let bytes = blobs.bytes(sha256: digest) else {
                return (nil, "the baseline's bytes (SHA-256 \(digest)) are not in the blob source: compared by SHA-256 only")
            }
            guard SHA256.hex(bytes) == digest else {
                return (nil, "the blob source gave bytes that are not SHA-256 \(digest): compared by SHA-256 only")
            }
            return (bytes, "")
        }
    }

    /// One output's verdict, and what went wrong when it could not be compared (it is then
    /// called changed, so `--fail-on-change` does not pass what it could not see). `built` is
    /// the digest the build's manifest lists, nil when the build has no such output.
    private func review(_ path: String, built builtDigest: String?,
                        baseline: Baseline) -> (output: ReviewedOutput, problem: String?) {
        let built = builtDigest != nil
        let inBaseline = baseline.scenes[path] != nil
        let before = options.baseline + "/" + path, after = outDir + "/" + path
        if case .manifest(let listed, _) = baseline, let builtDigest, listed[path]?.sha256 == builtDigest {
            // The same digest is the same bytes: nothing to read.
            return (ReviewedOutput(path: path, verdict: .same, comparedAs: OutputKind(path: path).comparedAs), nil)
        }
        guard inBaseline, built else {
            let file = built ? after : before
            var kind = OutputKind(path: path)
            var output = ReviewedOutput(path: path, verdict: built ? .new : .removed, comparedAs: kind.comparedAs)
            do {
                let side = built ? (try Self.read(path, in: self.output), "") : try baselineBytes(path, baseline)
                guard let bytes = side.0 else {
                    output.note = "cannot show it: \(side.1)"
                    return (output, nil)
                }
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
            let baselineSide = try baselineBytes(path, baseline)
            guard let beforeBytes = baselineSide.bytes else {
                var output = ReviewedOutput(path: path, verdict: .changed, comparedAs: "sha256")
                output.note = baselineSide.missing
                return (output, nil)
            }
            let afterBytes = try Self.read(path, in: self.output)
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
