import FoundationEssentials
import SceneSyntax

/// The review as one HTML file: every picture inside it as a `data:` URI, no reference to
/// anything outside it (a Content-Security-Policy forbids the page any other source), every
/// name and path escaped. Changed outputs show before | after | diff and a slider that wipes
/// from the before to the after over one picture; new and removed ones show the side they have;
/// the same ones are listed. Animated outputs (GIF, APNG, WebP) play in place, MP4 and WebM
/// in a video element.
extension ReviewReport {
    public var html: String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; media-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>scenec review: \(counts.escaped(.html))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header>
            <h1>scenec review</h1>
            <p><code>\(outputDirectory.escaped(.html))</code> against the baseline <code>\(baseline.escaped(.html))</code>.
            A pixel changed when a channel differs by more than \(threshold.channel) of 255; an output changed when more
            than \(Self.percentText(threshold.sharePercent / 100)) of its pixels changed, or its size did.</p>
            <p class="counts">\(ReviewedOutput.Verdict.reportOrder.map { "<span class=\"\($0.rawValue)\">\(count($0)) \($0.rawValue)</span>" }.joined(separator: " "))</p>
            </header>

            """
        for output in outputs where output.verdict != .same { page += section(output) }
        let same = outputs.filter { $0.verdict == .same }
        if !same.isEmpty {
            page += "<section class=\"same-list\">\n<h2>\(same.count) same</h2>\n<ul>\n"
            for output in same {
                page += "<li data-verdict=\"same\" data-path=\"\(output.path.escaped(.html))\"><code>\(output.path.escaped(.html))</code> <small>\(output.comparedAs.escaped(.html))</small></li>\n"
            }
            page += "</ul>\n</section>\n"
        }
        return page + "<script>\(Self.script)</script>\n</body>\n</html>\n"
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
        .same-list ul{columns:3 240px;padding-left:18px}
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
