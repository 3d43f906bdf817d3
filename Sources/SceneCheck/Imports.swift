import SceneSyntax

/// One `styles:` mapping and the file it is written in (nil: the scene itself).
struct StyleSource {
    var node: Node
    var file: SourceFile?
}

/// `imports: [theme.yaml, ../common/brand.yaml]`: styles, and only styles, from other files,
/// named relative to the file that imports them. An imported file may import others; what a
/// file imports comes before its own styles, and a later import before a later one, so later
/// imports and the file's own styles win. A file imported twice (directly or through others)
/// applies once, at its first place, so a diamond of imports costs one read per file. A cycle is
/// refused with the chain that makes it, and every problem is reported in the file where it is.
struct ImportReader {
    let options: CheckOptions
    /// The `styles:` found, in the order they apply.
    private(set) var sources: [StyleSource] = []
    /// The `components:` found, in the same order (docs/language.md §11).
    private(set) var componentSources: [ComponentSource] = []
    /// Every file read, as resolved paths, once each.
    private(set) var files: [String] = []
    /// Every file read so far: each is read and applied once.
    private var visited: Set<String> = []
    private var overLimit = false

    /// Deeper than this is surely a mistake, and keeps the recursion shallow.
    static let maxDepth = 32
    /// Files one scene may import in all (docs/language.md): bounds the work a hostile tree can
    /// ask for, whatever the spelling of the paths.
    static let maxFiles = 256
    static let importedKeys = ["version", "imports", "styles", "components"]

    init(options: CheckOptions) {
        self.options = options
    }

    /// Reads the files `node` (an `imports:` value in `file`, nil for the scene, whose path
    /// is `chain.last`) lists, and theirs.
    mutating func read(_ node: Node, in file: SourceFile?, chain: [String], log: inout DiagnosticLog) {
        let saved = log.currentFile
        defer { log.currentFile = saved }
        log.currentFile = file
        guard let items = node.sequence ?? (node.scalar.map { _ in [node] }) else {
            log.error(.wrongStructure, "imports must be a list of files, such as imports: [theme.yaml], not \(node.kindDescription)", at: node.range)
            return
        }
        for item in items {
            log.currentFile = file
            guard let name = item.scalar?.text, !(item.scalar?.isNull ?? true), !name.isEmpty else {
                log.error(.wrongStructure, "an import must be a file name, such as theme.yaml, not \(item.kindDescription)", at: item.range)
                continue
            }
            let path = Self.resolve(name, from: chain.last ?? "")
            if chain.contains(path) {
                log.error(.badImport, "imports form a cycle: \((chain + [path]).joined(separator: " → "))", at: item.range,
                          notes: ["a file cannot import itself, directly or through others"])
                continue
            }
            // Already applied, at its first place: its styles are in, and its own problems
            // were reported there.
            guard !visited.contains(path) else { continue }
            guard chain.count <= Self.maxDepth else {
                log.error(.limitExceeded, "imports nest deeper than \(Self.maxDepth) files", at: item.range)
                continue
            }
            guard visited.count < Self.maxFiles else {
                if overLimit { return }  // said once, where the limit was reached
                overLimit = true
                log.error(.limitExceeded, "the scene imports more than \(Self.maxFiles) files in all; '\(name)' is one too many", at: item.range,
                          notes: ["a scene's imports, and theirs, may name at most \(Self.maxFiles) different files"])
                return
            }
            guard let readImport = options.readImport else {
                log.error(.badImport, "imports are read from files next to the scene, and this scene is not a file", at: item.range)
                continue
            }
            switch readImport(path) {
            case .failure(let failure):
                if let refusal = failure.refusal {
                    log.error(.badImport, refusal.message(naming: name), at: item.range, notes: refusal.notes)
                } else {
                    log.error(.badImport, "cannot import '\(name)': \(failure.reason)", at: item.range,
                              notes: ["looked for \(path): imports are relative to the file that imports them"])
                }
            case .success(let bytes):
                visited.insert(path)
                files.append(path)
                take(SourceFile(name: path, bytes: bytes), chain: chain + [path], log: &log)
            }
        }
    }

    /// An imported file: its own imports, then its styles.
    private mutating func take(_ imported: SourceFile, chain: [String], log: inout DiagnosticLog) {
        let parsed = YAMLReader().read(imported)
        log.currentFile = imported
        for d in parsed.diagnostics { log.add(d) }
        guard !parsed.diagnostics.hasErrors, let root = parsed.root else { return }
        guard let pairs = root.mapping else {
            log.error(.badImport, "an imported file must be a mapping with styles:, not \(root.kindDescription)", at: root.range)
            return
        }
        for pair in pairs where !Self.importedKeys.contains(pair.key) && !pair.key.hasPrefix(SceneChecker.extensionPrefix) {
            log.error(.badImport, "an imported file brings in only its styles and components (and imports of its own), not '\(pair.key)'",
                      at: pair.keyRange, notes: ["imported files hold styles:, components: and x- keys for anchors"])
        }
        if let imports = pairs["imports"] {
            read(imports.value, in: imported, chain: chain, log: &log)
        }
        if let styles = pairs["styles"] {
            sources.append(StyleSource(node: styles.value, file: imported))
        }
        if let components = pairs["components"] {
            componentSources.append(ComponentSource(node: components.value, file: imported))
        }
    }

    /// `name` relative to the directory of `importer`, with `.` and `dir/..` taken out, so that
    /// one file has one path and a cycle is seen.
    static func resolve(_ name: String, from importer: String) -> String {
        if name.hasPrefix("/") { return normalised(name) }
        let directory = importer.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        if directory.isEmpty { return normalised(importer.hasPrefix("/") ? "/" + name : name) }
        return normalised(directory + "/" + name)
    }

    static func normalised(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if !(part == ".." && absolute && parts.isEmpty) {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}

/// The files a scene imports, found without checking the rest of it: what a watch must watch
/// and a build must hash even while the scene (or an imported file) has errors.
public enum SceneImports {
    public static func files(of file: SourceFile, options: CheckOptions) -> [String] {
        guard let root = YAMLReader().read(file).root, let imports = root.mapping?["imports"] else { return [] }
        var reader = ImportReader(options: options)
        var log = DiagnosticLog()
        reader.read(imports.value, in: nil, chain: [ImportReader.normalised(options.scenePath ?? file.name)], log: &log)
        return reader.files
    }
}
