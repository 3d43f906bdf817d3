import Glibc
import SceneSupport
import ScenecKit
import SceneSyntax

/// A document's diagnostics as LSP has them: exactly what `scenec check --diagnostics json`
/// prints for the file (the same JSONDiagnostic, its 1-based line:column turned into LSP
/// positions), hints as related information, warnings as warnings, the code as `code` with
/// `codeDescription.href` pointing at its entry in docs/diagnostics.md when that page is
/// installed. A problem inside a file the scene imports goes to that file.
enum DiagnosticPublisher {
    struct Group {
        var uri: String
        var items: [JSONValue]
    }

    static func groups(_ analysis: DocumentAnalysis, page: String? = nil) -> [Group] {
        var groups: [Group] = []
        let encoding = analysis.encoding
        for d in analysis.checked.diagnostics {
            let json = JSONDiagnostic(d, file: analysis.file.name)
            let uri = d.file.map { analysis.path == nil ? analysis.document.uri : FileURI.uri($0.name) } ?? analysis.document.uri
            // Positions in an imported file are counted in its own text.
            let text = d.file.map { TextDocument(uri: uri, version: 0, text: String(decoding: $0.bytes, as: UTF8.self)) }
                ?? analysis.document
            let start = SourceLocation(line: json.line ?? 1, column: json.column ?? 1)
            let end = SourceLocation(line: json.endLine ?? start.line, column: json.endColumn ?? start.column)
            let range = text.range(of: SourceRange(start: start, end: end), encoding: encoding).json
            let item = Self.item(json, range: range, uri: uri, page: page)
            if let i = groups.firstIndex(where: { $0.uri == uri }) {
                groups[i].items.append(item)
            } else {
                groups.append(Group(uri: uri, items: [item]))
            }
        }
        return groups
    }

    /// One LSP Diagnostic; a code action names the diagnostic it fixes with the same object.
    static func item(_ json: JSONDiagnostic, range: JSONValue, uri: String, page: String?) -> JSONValue {
        var item: JSONValue = [
            "range": range,
            "severity": .int(severity(json.severity)),
            "source": "scenec",
            "code": .string(json.code.rawValue),
            "message": .string(json.message),
        ]
        if let page {
            item = item.setting("codeDescription", ["href": .string(page + "#" + json.code.rawValue)])
        }
        if !json.hints.isEmpty {
            item = item.setting("relatedInformation", .array(json.hints.map { hint in
                ["location": ["uri": .string(uri), "range": range], "message": .string(hint)]
            }))
        }
        return item
    }

    /// LSP's DiagnosticSeverity: 1 error, 2 warning, 3 information.
    static func severity(_ name: String) -> Int {
        switch name {
        case "error": return 1
        case "warning": return 2
        default: return 3
        }
    }
}

extension LanguageServer {
    /// docs/diagnostics.md as a `file:` URI, found beside the scenec at `executable` as it is
    /// installed (the .deb's /usr/share/doc/scenec/docs, the tarball's docs/ beside the binary,
    /// a build's .build/TRIPLE/CONFIG/scenec in the repository); nil when none is there, and
    /// diagnostics then go without a link. Editors open `codeDescription.href` as a link, and a
    /// file: URI is one they open.
    public static func diagnosticsPage(besides executable: String) -> String? {
        guard executable.hasPrefix("/"), let slash = executable.lastIndex(of: "/") else { return nil }
        let dir = String(executable[..<slash])
        let candidates = [dir + "/docs/diagnostics.md", dir + "/../share/doc/scenec/docs/diagnostics.md",
                          dir + "/../../../docs/diagnostics.md"]
        return candidates.first { access($0, R_OK) == 0 }.map { FileURI.uri(normalised($0)) }
    }

    /// `a/b/../c` as `a/c`, so the link names the page plainly.
    static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else if part != "." { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
