import FoundationEssentials
import SceneSyntax

/// The review as HTML pages in one folder: `index.html`, one row per scene with its outputs
/// (every format of a scene on its row) and no picture, so it stays small for thousands of
/// scenes; `scenes/HASH.html`, one page per scene changed, new or removed, with its pictures;
/// `same.html`, the outputs that are the same. Every picture is inside its page as a `data:`
/// URI, no page refers to anything outside the folder (a Content-Security-Policy forbids any
/// other source), and every name and path is escaped. Changed outputs show before | after |
/// diff — the diff coloured by how much each pixel changed, with the heat scale's legend — and a
/// slider that wipes from the before to the after over one picture; new and removed ones show
/// the side they have. Animated outputs (GIF, APNG, WebP) play in place, MP4 and WebM in a
/// video element.
extension ReviewReport {
    /// `index.html`.
    public var indexPage: String {
        var body = header(title: "scenec review", up: nil)
        let paged = scenesWithPages
        if paged.isEmpty {
            body += "<p>No output is changed, new or removed.</p>\n"
        } else {
            body += "<table class=\"scenes\">\n<thead><tr><th>scene</th><th>outputs</th></tr></thead>\n<tbody>\n"
            for scene in paged {
                let name = scene.name.escaped(.html)
                body += "<tr class=\"\(scene.verdict.rawValue)\" data-scene=\"\(name)\"><td><a class=\"scene-link\" href=\"\(scene.page)\">\(name)</a></td><td>"
                body += scene.outputs.map { output in
                    "<span class=\"output \(output.verdict.rawValue)\"><span class=\"verdict\">\(output.verdict.rawValue)</span> <code>\(output.path.escaped(.html))</code>\(Self.magnitude(output))</span>"
                }.joined(separator: " ")
                body += "</td></tr>\n"
            }
            body += "</tbody>\n</table>\n"
        }
        let same = count(.same)
        if same > 0 { body += "<p><a href=\"same.html\">\(same) same \(same == 1 ? "output" : "outputs")</a></p>\n" }
        return Self.page(title: "scenec review: \(sceneCounts)", body: body, script: "")
    }

    /// The page of one scene (`scene.page`): each of its outputs, the most changed first.
    public func page(of scene: ReviewedScene) -> String {
        var body = header(title: "scenec review: " + scene.name.escaped(.html), up: "../index.html")
        if scene.outputs.contains(where: { $0.pictures.diff != nil }) { body += Self.legend }
        for output in scene.outputs { body += section(output) }
        return Self.page(title: "scenec review: \(scene.name.escaped(.html))", body: body, script: Self.script)
    }

    /// `same.html`: the outputs that are the same, by path.
    public var samePage: String {
        var body = header(title: "scenec review: \(count(.same)) same outputs", up: "index.html")
        body += "<ul class=\"same-list\">\n"
        for output in outputs.filter({ $0.verdict == .same }).sorted(by: { $0.path < $1.path }) {
            body += "<li data-verdict=\"same\" data-path=\"\(output.path.escaped(.html))\"><code>\(output.path.escaped(.html))</code> <small>\(output.comparedAs.escaped(.html))</small></li>\n"
        }
        return Self.page(title: "scenec review: \(count(.same)) same outputs", body: body + "</ul>\n", script: "")
    }

    /// Every page's `<header>`: its title, what was compared with what, the counts, and a link
    /// back up (`up`) on the pages below the index.
    private func header(title: String, up: String?) -> String {
        """
        <header>
        \(up.map { "<p><a class=\"up\" href=\"\($0)\">← the review</a></p>\n" } ?? "")<h1>\(title)</h1>
        <p><code>\(outputDirectory.escaped(.html))</code> against the baseline <code>\(baseline.escaped(.html))</code>.
        A pixel changed when a channel differs by more than \(threshold.channel) of 255; an output changed when more
        than \(Self.percentText(threshold.sharePercent / 100)) of its pixels changed, or its size did.</p>
        <p class="counts scenes">scenes: \(ReviewedOutput.Verdict.reportOrder.map { "<span class=\"\($0.rawValue)\">\(sceneCount($0)) \($0.rawValue)</span>" }.joined(separator: " "))</p>
        <p class="counts outputs">outputs: \(ReviewedOutput.Verdict.reportOrder.map { "<span class=\"\($0.rawValue)\">\(count($0)) \($0.rawValue)</span>" }.joined(separator: " "))</p>
        </header>

        """
    }

    /// ` 8.3333% · 255`: a changed output's share of pixels and its largest channel difference.
    private static func magnitude(_ output: ReviewedOutput) -> String {
        guard output.verdict == .changed, let c = output.comparison else { return "" }
        return " <span class=\"magnitude\">\(percentText(c.share)) by up to \(c.maxChannelDifference)</span>"
    }

    /// The key to the diff pictures' colours, drawn from HeatScale's stops.
    private static let legend = """
        <figure class="legend"><figcaption>diff: how much a pixel changed (its largest channel difference, of 255)</figcaption>
        <div class="heat"></div><div class="ticks"><span>1</span><span>128</span><span>255</span></div></figure>

        """

    private static func page(title: String, body: String, script: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; media-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>\(style)</style>
        </head>
        <body>
        \(body)\(script.isEmpty ? "" : "<script>\(script)</script>\n")</body>
        </html>

        """
    }

    private func section(_ output: ReviewedOutput) -> String {
        let verdict = output.verdict.rawValue
        var html = "<section class=\"output \(verdict)\" data-verdict=\"\(verdict)\" data-path=\"\(output.path.escaped(.html))\">\n"
        html += "<h2><span class=\"verdict\">\(verdict)</span> <code>\(output.path.escaped(.html))</code></h2>\n"
        html += "<p class=\"numbers\">\(numbers(output).escaped(.html))</p>\n"
        if let note = output.note { html += "<p class=\"note\">\(note.escaped(.html))</p>\n" }
        let p = output.pictures
        html += "<div class=\"pictures\">\n"
        for (name, bytes, type) in [("before", p.before, p.mediaType), ("after", p.after, p.mediaType), ("diff", p.diff, "image/png")] {
            guard let bytes else { continue }
            let source = "class=\"\(name)\" src=\"data:\(type);base64,\(Data(bytes).base64EncodedString())\""
            let element = type.hasPrefix("video/")
                ? "<video \(source) autoplay loop muted playsinline controls></video>"
                : "<img \(source) alt=\"\(name): \(output.path.escaped(.html))\">"
            html += "<figure><figcaption>\(name)</figcaption>\(element)</figure>\n"
        }
        html += "</div>\n"
        if p.before != nil, p.after != nil, p.mediaType.hasPrefix("image/") {
            // The script fills both pictures from the figures above, so each is in the file once.
            html += """
                <div class="wipe" style="--wipe: 50%">
                <div class="stage"><img class="wipe-after" alt="after"><img class="wipe-before" alt="before"></div>
                <label>before <input type="range" min="0" max="100" value="50" aria-label="wipe between before and after"> after</label>
                </div>

                """
        }
        return html + "</section>\n"
    }

    private func numbers(_ output: ReviewedOutput) -> String {
        var parts: [String] = []
        if let c = output.comparison {
            parts.append("\(Self.percentText(c.share)) of \(c.pixels) pixels changed (\(c.changedPixels)), by up to \(c.maxChannelDifference) of 255")
            if !c.sameSize { parts.append("the size changed") }
        } else if output.verdict == .same {
            parts.append("identical bytes")
        } else if output.verdict == .changed {
            parts.append("the bytes differ")
        }
        if let b = output.beforeSize { parts.append("before \(b.width) × \(b.height)") }
        if let a = output.afterSize { parts.append("after \(a.width) × \(a.height)") }
        if output.sameTiming == false { parts.append("the frames' timing changed") }
        if let frames = output.frames, output.pictures.diff != nil {
            parts.append("\(frames) frames; the diff is of frame \(output.shownPage + 1), which changed most")
        } else if let frames = output.frames {
            parts.append("\(frames) frames")
        }
        if let pages = output.pages { parts.append("\(pages) pages; the pictures are of page \(output.shownPage + 1), which changed most") }
        parts.append("compared as \(output.comparedAs)")
        return parts.joined(separator: " · ")
    }

    private static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:0 24px 48px;color:#1c1c1e;background:#f2f2f7}
        h1{font-size:20px}h2{font-size:15px;margin:0 0 4px}code{font-family:ui-monospace,monospace}
        .counts span{display:inline-block;margin-right:12px;font-weight:600}
        .changed .verdict,.counts .changed{color:#c00}.new .verdict,.counts .new{color:#0a7d2c}
        .removed .verdict,.counts .removed{color:#8e5b00}.counts .same{color:#555}
        section.output{background:#fff;border-radius:8px;padding:12px 16px;margin:16px 0}
        .numbers,.note{margin:0 0 8px;color:#444}.note{color:#c00}
        .pictures{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0}figcaption{font-size:12px;color:#666}
        img{display:block;max-width:min(100%,480px);height:auto;image-rendering:pixelated;outline:1px solid #c7c7cc;
        background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
        .wipe{margin-top:12px}.wipe .stage{position:relative;display:inline-block}
        .wipe .stage::after{content:'';position:absolute;top:0;bottom:0;left:var(--wipe);border-left:1px solid #ff2d55}
        .wipe img{max-width:min(100%,720px)}
        .wipe .wipe-before{position:absolute;left:0;top:0;width:100%;height:100%;clip-path:inset(0 calc(100% - var(--wipe)) 0 0)}
        .wipe label{display:block;font-size:12px;color:#666}.wipe input{width:240px;vertical-align:middle}
        .same-list{columns:3 240px;padding-left:18px}
        table.scenes{border-collapse:collapse;background:#fff;border-radius:8px}
        table.scenes td,table.scenes th{padding:4px 10px;text-align:left;vertical-align:top;border-top:1px solid #e5e5ea}
        table.scenes .output{display:inline-block;margin-right:12px}.magnitude{color:#444}
        .output.changed .verdict{color:#c00}.output.new .verdict{color:#0a7d2c}.output.removed .verdict{color:#8e5b00}
        .output.same .verdict{color:#555}
        .legend{margin:8px 0;width:256px}.legend figcaption{margin-bottom:4px}
        .legend .heat{height:16px;outline:1px solid #c7c7cc;background:\(HeatScale.cssGradient)}
        .legend .ticks{display:flex;justify-content:space-between;font-size:12px;color:#666}
        """

    /// The wipe's pictures come from the figures above it; small pictures are enlarged by a
    /// whole factor (pixelated) to about 320 px, so a one-pixel change can be seen.
    private static let script = """
        addEventListener('load', () => {
          for (const img of document.querySelectorAll('img')) {
            const zoom = Math.max(1, Math.floor(320 / Math.max(img.naturalWidth, img.naturalHeight, 1)));
            if (zoom > 1) img.style.width = img.naturalWidth * zoom + 'px';
          }
        });
        for (const wipe of document.querySelectorAll('.wipe')) {
          const section = wipe.closest('section');
          wipe.querySelector('.wipe-before').src = section.querySelector('img.before').src;
          wipe.querySelector('.wipe-after').src = section.querySelector('img.after').src;
          const slider = wipe.querySelector('input');
          slider.addEventListener('input', () => wipe.style.setProperty('--wipe', slider.value + '%'));
        }
        """
}
