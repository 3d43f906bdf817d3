import Glibc
import SceneSupport
import SceneSyntax
import SceneCheck
import SceneFiles
import ScenecKit

/// `scenec lsp`: a Language Server Protocol server over standard input and output. One thread:
/// it answers requests in the order they come, and checks changed documents once the editor
/// has been quiet for `debounce` seconds (a request still gets an answer at once, from the
/// text as it is then).
public final class LanguageServer {
    public struct Options {
        /// Seconds after the last change before a document is checked.
        public var debounce: Double = 0.03
        /// Checks scenes (its limits and how it reads the files a scene imports).
        public var frontend: Frontend
        /// The error for a document over the scene size limit, as `scenec check` gives it.
        public var oversize: (Int) -> Diagnostic? = { _ in nil }
        /// Whether the client's workspace (`rootUri`, its first workspace folder) replaces
        /// `frontend`'s project root: unless the command line named one with `--root`.
        public var rootFromClient = true
        /// The size limit imports are read with, when the root changes.
        public var maxFileSize = SceneReading.maxFileSize
        /// docs/diagnostics.md as a URI, for each diagnostic's `codeDescription.href`
        /// (`diagnosticsPage(besides:)` finds the installed page); nil: no links.
        public var diagnosticsPage: String?
        /// For tests: rewrites each diagnostic (its message, as a later release may word it)
        /// before it is published or its fixes offered, to show quick fixes do not read messages.
        package var revise: ((Diagnostic) -> Diagnostic)?

        public init(frontend: Frontend) {
            self.frontend = frontend
        }
    }

    private var options: Options
    private let output: (String) -> Void
    private let log: (String) -> Void

    private var initialized = false
    private var shuttingDown = false
    /// Set by `exit`: the status the process ends with.
    private(set) var exitStatus: Int32?
    var encoding = PositionEncoding.utf16
    var documents: [String: TextDocument] = [:]
    /// Documents changed since they were last checked, and when the last change came.
    private var dirty: Set<String> = []
    private var lastChange = 0.0
    /// For each open document, the other files (imports) it last published diagnostics to.
    private var publishedElsewhere: [String: Set<String>] = [:]
    private var analyses: [String: DocumentAnalysis] = [:]
    /// Each open document's last version that checked: hover's placed values while it does not.
    private var lastGood: [String: DocumentAnalysis] = [:]

    public init(options: Options, output: @escaping (String) -> Void, log: @escaping (String) -> Void) {
        self.options = options
        self.output = output
        self.log = log
    }

    /// Serves on file descriptor `input` until `exit` or the end of input; the exit status
    /// (0 after `shutdown`, else 1).
    public static func serve(input: Int32 = 0, options: Options) -> Int32 {
        signal(SIGPIPE, SIG_IGN)  // a client that goes away must not kill the server mid-write
        let server = LanguageServer(options: options, output: { json in
            var bytes = framed(json)[...]
            while !bytes.isEmpty {
                let n = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { exit(1) }  // nobody is listening any more
                bytes = bytes.dropFirst(n)
            }
        }, log: { line in
            let text = "scenec lsp: \(line)\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
        })
        var framer = MessageFramer()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while server.exitStatus == nil {
            var fds = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let wait = server.millisecondsUntilCheck()
            let ready = poll(&fds, 1, wait)
            if ready < 0, errno == EINTR { continue }
            if ready > 0 {
                let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                if n <= 0 { return server.shuttingDown ? 0 : 1 }  // end of input without exit
                framer.append(chunk[0..<n])
                while let body = framer.next(), server.exitStatus == nil {
                    server.handle(body)
                }
                for problem in framer.takeProblems() { server.log(problem) }
            }
            server.checkIfQuiet()
        }
        return server.exitStatus ?? 1
    }

    // MARK: Messages

    /// One message body: a request, a notification, or something to refuse.
    func handle(_ body: [UInt8]) {
        guard let message = JSONValue.parse(body) else {
            return send(error: .parseError, "the message is not JSON", id: .null)
        }
        let id = message["id"]
        guard let method = message["method"]?.stringValue else {
            if id != nil, message["result"] != nil || message["error"] != nil { return }  // a reply; the server asks nothing
            return send(error: .invalidRequest, "a message needs a method", id: id ?? .null)
        }
        let params = message["params"]
        switch id {
        case nil: notification(method, params)
        case .number?, .string?: request(method, params, id: id ?? .null)
        default: send(error: .invalidRequest, "an id is a number or a string", id: .null)
        }
    }

    private func request(_ method: String, _ params: JSONValue?, id: JSONValue) {
        if method == "initialize" {
            guard !initialized else { return send(error: .invalidRequest, "initialize was already sent", id: id) }
            initialized = true
            encoding = PositionEncoding.negotiate(params?["capabilities"])
            if options.rootFromClient, let root = Self.workspaceRoot(params) { useRoot(root) }
            return reply(id, capabilities)
        }
        guard initialized else { return send(error: .serverNotInitialized, "initialize must come first", id: id) }
        guard !shuttingDown else { return send(error: .invalidRequest, "the server is shutting down", id: id) }
        if method == "shutdown" {
            shuttingDown = true
            return reply(id, .null)
        }
        guard let feature = Self.features[method] else {
            return send(error: .methodNotFound, "scenec lsp does not know \(method)", id: id)
        }
        let uri = params?[path: "textDocument", "uri"]?.stringValue ?? ""
        guard let analysis = analysis(uri) else { return reply(id, .null) }
        switch feature(FeatureRequest(analysis: analysis, params: params ?? .null, encoding: encoding)) {
        case .success(let result): reply(id, result)
        case .failure(let error): send(error: error.code, error.message, id: id)
        }
    }

    private func notification(_ method: String, _ params: JSONValue?) {
        if method == "exit" {
            exitStatus = shuttingDown ? 0 : 1
            return
        }
        guard initialized, !shuttingDown else { return }
        let document = params?["textDocument"]
        guard let uri = document?["uri"]?.stringValue else { return }
        switch method {
        case "textDocument/didOpen":
            documents[uri] = TextDocument(uri: uri, version: document?["version"]?.intValue ?? 0,
                                          text: document?["text"]?.stringValue ?? "")
            changed(uri)
        case "textDocument/didChange":
            guard var doc = documents[uri] else { return }
            for change in params?["contentChanges"]?.arrayValue ?? [] {
                doc.apply(range: LSPRange(change["range"]), text: change["text"]?.stringValue ?? "", encoding: encoding)
            }
            doc.version = document?["version"]?.intValue ?? doc.version + 1
            documents[uri] = doc
            changed(uri)
        case "textDocument/didClose":
            documents[uri] = nil
            analyses[uri] = nil
            lastGood[uri] = nil
            dirty.remove(uri)
            for other in (publishedElsewhere.removeValue(forKey: uri) ?? []) + [uri] { publish([], to: other, version: nil) }
            // Scenes importing it now read it from disk.
            dirty.formUnion(documents.keys)
        default:
            break  // other notifications (initialized, didSave, $/cancelRequest…) need nothing
        }
    }

    private func changed(_ uri: String) {
        // A scene that imports this one may change with it: recheck every open document.
        dirty.formUnion(documents.keys)
        for key in Array(analyses.keys) {
            guard let old = analyses.removeValue(forKey: key), old.checkedWithoutErrors else { continue }
            old.lastGood = nil  // one version kept, not a chain of them
            lastGood[key] = old
        }
        lastChange = Self.now()
    }

    // MARK: Diagnostics

    func millisecondsUntilCheck() -> Int32 {
        guard !dirty.isEmpty else { return -1 }
        let left = lastChange + options.debounce - Self.now()
        return Int32(Swift.max(0, Swift.min(60_000, (left * 1000).rounded(.up))))
    }

    func checkIfQuiet() {
        guard !dirty.isEmpty, Self.now() >= lastChange + options.debounce else { return }
        let uris = dirty.sorted()
        dirty = []
        for uri in uris {
            guard let analysis = analysis(uri) else { continue }
            let groups = DiagnosticPublisher.groups(analysis, page: options.diagnosticsPage)
            var elsewhere: Set<String> = []
            for group in groups where group.uri != uri { elsewhere.insert(group.uri) }
            for gone in (publishedElsewhere[uri] ?? []).subtracting(elsewhere) { publish([], to: gone, version: nil) }
            publishedElsewhere[uri] = elsewhere
            publish(groups.first { $0.uri == uri }?.items ?? [], to: uri, version: analysis.document.version)
            for group in groups where group.uri != uri && documents[group.uri] == nil {
                publish(group.items, to: group.uri, version: nil)
            }
        }
    }

    private func publish(_ items: [JSONValue], to uri: String, version: Int?) {
        var params: JSONValue = ["uri": .string(uri), "diagnostics": .array(items)]
        if let version { params = params.setting("version", .int(version)) }
        send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params])
    }

    func analysis(_ uri: String) -> DocumentAnalysis? {
        if let cached = analyses[uri] { return cached }
        guard let document = documents[uri] else { return nil }
        var frontend = options.frontend
        // A library (styles, components; no canvas or views) is checked as `scenec check` does.
        frontend.options.acceptsLibrary = true
        let read = frontend.options.readImport
        let open = documents
        let scope = frontend.options.readScope
        // An import open in the editor is read as the editor has it, unsaved edits and all, when
        // it may be read at all.
        frontend.options.readImport = { path in
            if let scope, case .failure(let refusal) = ContainedRead.check(path, as: .importedFile, in: scope) {
                return .failure(ImportFailure(refusal))
            }
            if let doc = open[FileURI.uri(path)] { return .success(doc.bytes) }
            return read?(path) ?? .failure(ImportFailure("it cannot be read"))
        }
        let analysis = DocumentAnalysis(document, frontend: frontend, encoding: encoding, oversize: options.oversize)
        analysis.revise = options.revise
        analysis.lastGood = lastGood[uri]
        analyses[uri] = analysis
        return analysis
    }

    /// The folder the client opened: `workspaceFolders[0]`, else `rootUri`, else `rootPath`.
    static func workspaceRoot(_ params: JSONValue?) -> ProjectRoot? {
        let uri = params?["workspaceFolders"]?.arrayValue?.first?["uri"]?.stringValue ?? params?["rootUri"]?.stringValue
        guard let path = uri.flatMap(FileURI.path) ?? params?["rootPath"]?.stringValue else { return nil }
        return ProjectRoot(path)
    }

    /// Scenes' imports and fonts are read from inside `root` (and the folders allowed besides).
    private func useRoot(_ root: ProjectRoot) {
        var scope = options.frontend.options.readScope ?? ReadScope(root: root)
        scope.root = root
        options.frontend.options.readScope = scope
        options.frontend.options.readImport = SceneReading.importReader(limit: options.maxFileSize, scope: scope)
    }

    // MARK: Replies

    enum ErrorCode: Int {
        case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
        case serverNotInitialized = -32002, requestFailed = -32803
    }

    private func reply(_ id: JSONValue, _ result: JSONValue) {
        send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    private func send(error code: ErrorCode, _ message: String, id: JSONValue) {
        send(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code.rawValue), "message": .string(message)]])
    }

    private func send(_ message: JSONValue) {
        output(message.compact())
    }

    private var capabilities: JSONValue {
        var result: JSONValue = [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 2],
                "completionProvider": ["triggerCharacters": [":", " ", ".", "-"]],
                "hoverProvider": true,
                "colorProvider": true,
                "definitionProvider": true,
                "documentSymbolProvider": true,
                "renameProvider": ["prepareProvider": true],
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "documentFormattingProvider": true,
                "documentRangeFormattingProvider": true,
            ],
            "serverInfo": ["name": "scenec"],
        ]
        result = result.setting("offsetEncoding", .string(encoding.rawValue))  // clangd's name, which Neovim 0.7 reads
        return result
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Each request method a document answers, by name.
    static let features: [String: @Sendable (FeatureRequest) -> Result<JSONValue, FeatureError>] = [
        "textDocument/completion": Completion.respond,
        "textDocument/hover": Hover.respond,
        "textDocument/documentColor": Colors.documentColors,
        "textDocument/colorPresentation": Colors.presentations,
        "textDocument/definition": Definition.respond,
        "textDocument/documentSymbol": Symbols.respond,
        "textDocument/rename": Rename.respond,
        "textDocument/prepareRename": Rename.prepare,
        "textDocument/codeAction": CodeActions.respond,
        "textDocument/formatting": Formatting.document,
        "textDocument/rangeFormatting": Formatting.range,
    ]
}

/// What a feature gets: the document's analysis, the request's parameters, the encoding.
struct FeatureRequest {
    let analysis: DocumentAnalysis
    let params: JSONValue
    let encoding: PositionEncoding

    var document: TextDocument { analysis.document }

    /// The request's `position`, as scenec's 1-based line and column (clamped into the text).
    var location: SourceLocation? {
        Position(params["position"]).map { document.location(of: $0, encoding: encoding) }
    }

    func range(_ source: SourceRange) -> JSONValue { document.range(of: source, encoding: encoding).json }

    func location(_ source: SourceRange, in uri: String? = nil) -> JSONValue {
        ["uri": .string(uri ?? document.uri), "range": range(source)]
    }
}

struct FeatureError: Error {
    var code: LanguageServer.ErrorCode
    var message: String
}
