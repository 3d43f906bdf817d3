import SceneModel
import SceneSyntax
import ScenecKit

/// The static sheet's HTML, written section by section. One stylesheet and one small script for
/// the whole file; pictures as `StaticSheet` explains.
struct SheetPage {
    private var body = ""
    private let title: String
    private var hasScrubber = false

    init(title: String) {
        self.title = title
    }

    mutating func heading(_ file: String, hash: String, time: Double, set: [String]) {
        body += "<h1>\(file.escaped(.xml))</h1>\n<p class=\"meta\">SHA-256 <code>\(hash)</code> · time \(formatNumber(time)) s"
        if !set.isEmpty { body += " · " + set.map { "<code>--set \($0.escaped(.xml))</code>" }.joined(separator: " ") }
        body += "</p>\n"
    }

    mutating func picture(_ svg: [UInt8]) {
        // Inlined as is: the only SVG in the HTML document itself, so its ids are unique here.
        // The HTML parser takes its `<?xml …?>` line for a comment.
        body += "<figure class=\"scene\">\(String(decoding: svg, as: UTF8.self))</figure>\n"
    }

    /// The cells as a table: a column header per value of the last `--vary` and a row header
    /// per value (or combination) of the others, each axis's address said once above its
    /// headers; a cell's `alt` keeps its whole caption.
    mutating func variants(_ cells: [(Variants.Cell, [UInt8])], headers: Variants.Headers?) {
        guard !cells.isEmpty, let headers else { return }
        let hasRows = !headers.rows.labels.isEmpty
        let columns = headers.columns.labels.count
        body += "<h2>Variants</h2>\n<table class=\"variants\">\n<thead>\n<tr>"
        if hasRows { body += "<td></td>" }
        body += "<th scope=\"colgroup\" colspan=\"\(columns)\" class=\"axis\"><code>\(headers.columns.title.escaped(.xml))</code></th></tr>\n<tr>"
        if hasRows { body += "<th scope=\"col\" class=\"axis\"><code>\(headers.rows.title.escaped(.xml))</code></th>" }
        for label in headers.columns.labels {
            body += "<th scope=\"col\" title=\"\(headers.columns.title.escaped(.xml))\">\(label.escaped(.xml))</th>"
        }
        body += "</tr>\n</thead>\n<tbody>\n"
        for (i, (cell, svg)) in cells.enumerated() {
            if cell.column == 0 {
                body += "<tr>"
                if hasRows, headers.rows.labels.indices.contains(cell.row) {
                    let label = headers.rows.labels[cell.row]
                    body += "<th scope=\"row\" title=\"\(headers.rows.title.escaped(.xml))\">\(label.escaped(.xml))</th>"
                }
            }
            body += "<td><figure class=\"cell\" id=\"cell-\(i)\"><img alt=\"\(cell.caption.escaped(.xml))\" src=\"\(Self.dataURL(svg))\"></figure></td>"
            if cell.column == columns - 1 { body += "</tr>\n" }
        }
        body += "</tbody>\n</table>\n"
    }

    mutating func scrubber(_ frames: [(time: Double, svg: [UInt8])]) {
        guard let last = frames.last else { return }
        hasScrubber = true
        body += "<h2>Timeline</h2>\n<div class=\"frames\">\n"
        for (i, frame) in frames.enumerated() {
            // Without script the first frame shows; the scrubber reveals the others.
            body += "<img class=\"frame\" data-time=\"\(formatNumber(frame.time))\" alt=\"at \(formatNumber(frame.time)) s\""
                + (i == 0 ? "" : " hidden") + " src=\"\(Self.dataURL(frame.svg))\">\n"
        }
        body += "</div>\n<p><input type=\"range\" id=\"scrubber\" min=\"0\" max=\"\(frames.count - 1)\" value=\"0\" "
            + "aria-label=\"Frame\"> <output id=\"frame-time\">0 s</output> (\(frames.count) frames to \(formatNumber(last.time)) s)</p>\n"
    }

    mutating func inspector(_ document: SceneDocument) {
        body += "<h2>Inspector</h2>\n"
        var stack = Array(document.views.reversed())
        while let view = stack.popLast() {
            let name = view.id.map { "<code>\($0.escaped(.xml))</code> " } ?? ""
            body += "<section class=\"view\"><h3>\(name)\(view.type.escaped(.xml)) <small>\(view.address.escaped(.xml))</small></h3>\n"
                + "<table><tr><th>attribute</th><th>value</th><th>source</th><th>default</th><th>range</th><th>doc</th></tr>\n"
            let specs = document.registry.kinds[view.type]?.attributes ?? []
            for a in view.attributes {
                let spec = specs.first { $0.name == a.name }
                // Inspect's own wording, so the sheet, the table and the page say the same.
                let cells = [a.name, a.value.text, a.provenance, a.default, spec.map(Self.range) ?? "", spec?.doc ?? ""]
                body += "<tr>" + cells.map { "<td>\($0.escaped(.xml))</td>" }.joined() + "</tr>\n"
            }
            body += "</table></section>\n"
            stack.append(contentsOf: view.children.reversed())
        }
    }

    /// The whole document.
    func finished() -> [UInt8] {
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(title.escaped(.xml)) — scenec sheet</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:16px;color:#1c1c1e}
            code,small{font-family:ui-monospace,monospace}small{color:#6e6e73;font-weight:normal}
            .meta{color:#6e6e73}figure{margin:0}
            /* every picture's edge outlined (a white canvas on the white page) over a checkerboard (a clear one) */
            .scene svg,.frames img,.cell img{max-width:100%;height:auto;display:block;outline:1px solid #8e8e93;
            background:#fff conic-gradient(#ddd 25%,transparent 0 50%,#ddd 0 75%,transparent 0) 0 0/16px 16px}
            .variants th{border:none;font:600 12px ui-monospace,monospace;text-align:center;vertical-align:middle}
            .variants th[scope=row]{text-align:right}.variants th.axis{color:#6e6e73;font-weight:normal}.variants td{border:none;padding:6px}
            table{border-collapse:collapse;margin-bottom:12px}td,th{border:1px solid #d1d1d6;padding:2px 6px;text-align:left;vertical-align:top}
            </style></head><body>

            """
        html += body
        if hasScrubber {
            html += """
                <script>
                const s=document.getElementById('scrubber'),o=document.getElementById('frame-time'),f=document.querySelectorAll('.frame');
                s.addEventListener('input',()=>{f.forEach((e,i)=>{e.hidden=i!==Number(s.value)});o.textContent=f[s.value].dataset.time+' s'});
                </script>

                """
        }
        html += "</body></html>\n"
        return Array(html.utf8)
    }

    /// `data:image/svg+xml,…` with only what a URL or a double-quoted attribute cannot hold
    /// percent-encoded (the rest stays readable): decoding it gives the SVG's bytes exactly.
    static func dataURL(_ svg: [UInt8]) -> String {
        var out: [UInt8] = Array("data:image/svg+xml,".utf8)
        out.reserveCapacity(out.count + svg.count + svg.count / 8)
        let hex = Array("0123456789ABCDEF".utf8)
        for b in svg {
            // Controls (a URL parser drops tabs and line breaks), non-ASCII, and % # " & < > '.
            if b < 0x21 && b != 0x20 || b >= 0x7f || "%#\"&<>'".utf8.contains(b) {
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func range(_ spec: RegistryDescription.AttributeInfo) -> String {
        if let choices = spec.choices { return choices.joined(separator: ", ") }
        if spec.min != nil || spec.max != nil {
            let low = spec.min.map(formatNumber) ?? "−∞", high = spec.max.map(formatNumber) ?? "∞"
            return "\(low)\(spec.minExclusive == true ? " (excluded)" : "") … \(high)"
        }
        return spec.kind
    }
}
