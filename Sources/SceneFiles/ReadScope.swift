import Glibc

/// Where a run may read from: the project root, the folders named with `--allow-read` (shared
/// themes and fonts outside the project), and for fonts the packaged DejaVu folder — or, with
/// `--declared-input`, exactly the files declared.
public struct ReadScope: Sendable, Equatable {
    public var root: ProjectRoot
    /// `--allow-read DIR`, each resolved.
    public var allowed: [ProjectRoot]
    /// `--declared-input PATH`, each absolute and normalised by spelling (`ProjectRoot.normalized`),
    /// NOT resolved through links; nil when none was given. A build system such as Bazel gives
    /// an action its inputs as links into the source tree (linux-sandbox), so the root rule would
    /// refuse every one; instead the rule becomes its own: read exactly the declared files,
    /// following their links wherever they lead (docs/bazel.md).
    public var declared: Set<String>?

    public init(root: ProjectRoot, allowed: [ProjectRoot] = [], declared: Set<String>? = nil) {
        self.root = root
        self.allowed = allowed
        self.declared = declared
    }

    /// `path` as `declared` holds it: absolute against the working directory, `.` and `..`
    /// removed by spelling — the one form both a declaration and a read are compared in.
    public static func declaredForm(of path: String) -> String {
        ProjectRoot.normalized(path.hasPrefix("/") ? path : ProjectRoot.workingDirectory() + "/" + path)
    }

    /// The folder of DejaVu's files (`FontLibrary.dejavuFiles`), or `SCENEC_FONT_DIR` when set,
    /// which then holds every default font (`DefaultFont.all`; a Bazel toolchain ships its own
    /// copies as declared inputs); a scene may name the fonts there. Read once, a relative one
    /// against the working directory at start, so every use (the fonts loaded, the renderer's
    /// key) agrees.
    public static let packagedFontDirectory = fontDirectoryVariable.map(declaredForm(of:)) ?? "/usr/share/fonts/truetype/dejavu"

    /// `SCENEC_FONT_DIR` as set (nil when unset or empty).
    public static let fontDirectoryVariable: String? = {
        guard let raw = getenv("SCENEC_FONT_DIR"), raw.pointee != 0 else { return nil }
        return String(cString: raw)
    }()

    /// The same folder with every link resolved, as `base(of:for:)` compares resolved paths.
    static let resolvedFontDirectory = ProjectRoot.realPath(packagedFontDirectory) ?? packagedFontDirectory

    /// The scope an embedder gets by default for a scene at `scenePath`: the git work tree
    /// around the scene's folder, else that folder; for a bare name, the working directory's.
    public static func around(_ scenePath: String) -> ReadScope {
        let folder = scenePath.lastIndex(of: "/").map { $0 == scenePath.startIndex ? "/" : String(scenePath[..<$0]) } ?? "."
        return ReadScope(root: ProjectRoot.enclosing(folder) ?? ProjectRoot.enclosing(".") ?? .filesystem)
    }

    /// The working directory's: the git top level around it, else itself.
    public static func current() -> ReadScope {
        ReadScope(root: ProjectRoot.enclosing(".") ?? .filesystem)
    }

    /// The folder a resolved path may be read under for `kind`: the root, an allowed folder,
    /// or (fonts) the packaged fonts; nil when none holds it.
    func base(of real: String, for kind: ReadKind) -> String? {
        if root.contains(real) { return root.directory }
        if let folder = allowed.first(where: { $0.contains(real) }) { return folder.directory }
        if kind == .font, real.hasPrefix(Self.resolvedFontDirectory + "/") { return Self.resolvedFontDirectory }
        return nil
    }
}

/// What a file is read as: the rules differ in their file-name endings.
public enum ReadKind: Sendable, Equatable {
    case scene
    case importedFile
    case font

    /// The word for the files in a rule ("imports must stay inside …").
    var plural: String {
        switch self {
        case .scene: return "scenes"
        case .importedFile: return "imports"
        case .font: return "fonts"
        }
    }

    /// The endings a file must have (lower case); empty when any will do (a scene may come by
    /// any name, as `scenec check notes.txt` always could).
    var extensions: [String] {
        switch self {
        case .scene: return []
        case .importedFile: return ["yaml", "yml"]
        case .font: return ["ttf", "otf", "ttc"]
        }
    }

    var extensionRule: String {
        switch self {
        case .scene: return "scenes may have any name"
        case .importedFile: return "imports must be YAML files, ending in .yaml or .yml"
        case .font: return "fonts must be font files, ending in .ttf, .otf or .ttc"
        }
    }
}

/// Why a file was not read: a broken rule (outside the root, hidden, the wrong ending, not a
/// regular file) or the system's refusal (missing, no permission).
public struct ReadRefusal: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        case outsideRoot, undeclared, hidden, wrongExtension, notRegularFile, unreadable
    }

    public let reason: Reason
    /// The rule broken, as a sentence ("imports must stay inside the project root '/r'"); nil
    /// for a file that is not a regular file or cannot be read.
    public let rule: String?
    /// What is wrong with this file, said after its name ("is outside it", "is a FIFO, not a
    /// regular file"); for an unreadable file, the system's reason.
    public let problem: String
    public let notes: [String]

    /// The whole message, naming the file as the user wrote it.
    public func message(naming name: String) -> String {
        if reason == .unreadable { return "cannot read '\(name)': \(problem)" }
        return (rule.map { $0 + "; " } ?? "") + "'\(name)' \(problem)"
    }

    /// The note every containment refusal carries: how to read elsewhere on purpose.
    static let allowReadNote = "scenec reads only inside the project root (--root DIR, by default the git "
        + "repository around the working directory) and the folders named with --allow-read DIR"
}
