/// The page's files, served from memory (never from disk): name → bytes and content type.
enum Assets {
    struct Asset {
        let bytes: [UInt8]
        let contentType: String
    }

    /// URL path → asset. Only these and `/api/…` exist.
    static let byPath: [String: Asset] = {
        var table: [String: Asset] = [:]
        for (name, text) in EmbeddedAssets.files {
            let asset = Asset(bytes: Array(text.utf8), contentType: contentType(of: name))
            table["/" + name] = asset
            if name == "index.html" { table["/"] = asset }
        }
        return table
    }()

    static func contentType(of name: String) -> String {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".svg") { return "image/svg+xml" }
        return "application/octet-stream"
    }
}
