import Glibc

/// Reading a scene, an import or a font from an untrusted tree: only when its real path (every
/// link resolved) lies inside the scope and outside hidden files and folders (`.git/config`
/// holds a CI checkout's token), only with the ending its kind needs, and only a regular file —
/// a FIFO would block for ever, `/dev/zero` never ends, and neither is checked by reading.
public enum ContainedRead {
    /// A file's bytes, up to the limit and one byte past it (`tooLarge`: there was more).
    public struct Contents: Sendable, Equatable {
        public var bytes: [UInt8]
        public var tooLarge: Bool
    }

    /// The decision alone, without opening the file: its resolved path, or why it may not be read.
    public static func check(_ path: String, as kind: ReadKind, in scope: ReadScope) -> Result<String, ReadRefusal> {
        if let declared = scope.declared { return checkDeclared(path, as: kind, in: declared) }
        let absolute = path.hasPrefix("/") ? path : ProjectRoot.workingDirectory() + "/" + path
        let real = resolved(absolute)
        guard let base = scope.base(of: real, for: kind) else {
            let leads = ProjectRoot.normalized(absolute) == real ? "is outside it" : "leads outside it, to '\(real)'"
            return .failure(ReadRefusal(reason: .outsideRoot,
                                        rule: "\(kind.plural) must stay inside the project root '\(scope.root.directory)'",
                                        problem: leads, notes: [ReadRefusal.allowReadNote]))
        }
        let inside = real == base ? [] : real.dropFirst(base == "/" ? 1 : base.count + 1).split(separator: "/")
        if let refusal = hiddenRefusal(inside, as: kind) { return .failure(refusal) }
        return checkFile(path, real: real, as: kind)
    }

    /// `--declared-input`'s rule (ReadScope.declared): the path, by spelling, must be a declared
    /// one — compared after `.` and `..` are removed, so `a/../../etc/passwd` is `/etc/passwd`
    /// and matches nothing but itself. What is read is where THAT spelling leads (its links
    /// followed), never where the kernel would take the raw path through a linked folder and
    /// `..`. The hidden-file rule applies to the declared path as written below the working
    /// directory (the action's tree; Bazel's own lives under ~/.cache), the ending and type
    /// rules to the file itself. The DejaVu folder (SCENEC_FONT_DIR) is a toolchain input.
    static func checkDeclared(_ path: String, as kind: ReadKind, in declared: Set<String>) -> Result<String, ReadRefusal> {
        let lexical = ReadScope.declaredForm(of: path)
        let font = ReadScope.packagedFontDirectory
        guard declared.contains(lexical) || kind == .font && lexical.hasPrefix(font == "/" ? "/" : font + "/") else {
            return .failure(ReadRefusal(reason: .undeclared,
                                        rule: "with --declared-input scenec reads only the files declared",
                                        problem: "is not one of them",
                                        notes: ["add it to the target's srcs (docs/bazel.md), or name it with --declared-input"]))
        }
        let below = ProjectRoot.path(lexical, below: ProjectRoot.workingDirectory()) ?? lexical
        if let refusal = hiddenRefusal(below.split(separator: "/"), as: kind) { return .failure(refusal) }
        return checkFile(lexical, real: resolved(lexical), as: kind)
    }

    /// Why a file at `parts` (below the folder its place is allowed by) is refused for a hidden
    /// name on the way; nil when there is none.
    static func hiddenRefusal(_ parts: [Substring], as kind: ReadKind) -> ReadRefusal? {
        guard let hidden = parts.firstIndex(where: { $0.hasPrefix(".") }) else { return nil }
        return ReadRefusal(reason: .hidden,
                           rule: "\(kind.plural) must stay out of hidden files and folders (names starting with '.')",
                           problem: hidden == parts.count - 1 ? "is hidden" : "is in '\(parts[...hidden].joined(separator: "/"))'",
                           notes: ["hidden folders such as .git hold settings and credentials, not scenes"])
    }

    /// The rules on the file itself, whoever allowed its place: the ending its kind needs (on
    /// the name as given and on the file it leads to) and a regular file.
    static func checkFile(_ path: String, real: String, as kind: ReadKind) -> Result<String, ReadRefusal> {
        if !kind.extensions.isEmpty, !hasEnding(path, kind.extensions) || !hasEnding(real, kind.extensions) {
            return .failure(ReadRefusal(reason: .wrongExtension, rule: kind.extensionRule,
                                        problem: hasEnding(path, kind.extensions) ? "leads to '\(real)', which does not" : "does not",
                                        notes: []))
        }
        var info = stat()
        guard lstat(real, &info) == 0 else {
            return .failure(errno == ELOOP ? notRegular("is a loop of symbolic links") : unreadable())
        }
        if info.st_mode & S_IFMT == S_IFLNK {  // what realpath could not resolve: a loop, or nothing
            var target = stat()
            let loops = stat(real, &target) != 0 && errno == ELOOP
            return .failure(notRegular(loops ? "is a loop of symbolic links" : "is a symbolic link to a file that does not exist"))
        }
        if let problem = typeProblem(info.st_mode) { return .failure(notRegular(problem)) }
        return .success(real)
    }

    /// The bytes of `path` when `check` allows it: opened without blocking and without following
    /// a link swapped in since, its type checked on the descriptor before anything is read.
    public static func read(_ path: String, as kind: ReadKind, in scope: ReadScope, limit: Int) -> Result<Contents, ReadRefusal> {
        let real: String
        switch check(path, as: kind, in: scope) {
        case .success(let r): real = r
        case .failure(let refusal): return .failure(refusal)
        }
        let fd = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return .failure(errno == ELOOP ? notRegular("is a loop of symbolic links") : unreadable()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(unreadable()) }
        if let problem = typeProblem(info.st_mode) { return .failure(notRegular(problem)) }
        // A folder on the way swapped for a link between the check and the open: the descriptor
        // says where the file really is, and that is checked again.
        // With declared inputs nothing but the declared file's own place will do.
        if let opened = openedPath(fd), opened != real {
            if scope.declared != nil { return .failure(notRegular("changed while it was opened")) }
            if case .failure(let refusal) = check(opened, as: kind, in: scope) { return .failure(refusal) }
        }
        return readAll(fd, limit: limit, size: Int(info.st_size))
    }

    /// A file scenec itself names (its temporary files, its executable, ffmpeg), not one a scene
    /// or a tree names: no containment, but still a regular file, opened without blocking.
    public static func readOwnFile(_ path: String, limit: Int) -> Result<Contents, ReadRefusal> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(unreadable()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(unreadable()) }
        if let problem = typeProblem(info.st_mode) { return .failure(notRegular(problem)) }
        return readAll(fd, limit: limit, size: Int(info.st_size))
    }

    /// Standard input ("-"), whole within the limit: what a pipe gives is the user's own.
    public static func readStandardInput(limit: Int) -> Result<Contents, ReadRefusal> {
        let fd = dup(STDIN_FILENO)
        guard fd >= 0 else { return .failure(unreadable()) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return .failure(notRegular("is a directory, not a regular file")) }
        return readAll(fd, limit: limit, size: 0)
    }

    static func readAll(_ fd: Int32, limit: Int, size: Int) -> Result<Contents, ReadRefusal> {
        if size > limit { return .success(Contents(bytes: [], tooLarge: true)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(size, 0), limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(unreadable())
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { return .success(Contents(bytes: bytes, tooLarge: true)) }
        }
        return .success(Contents(bytes: bytes, tooLarge: false))
    }

    /// `absolute` with every link resolved. Where some part is missing (or loops), the longest
    /// existing beginning resolved and the rest by spelling, so a missing file outside the root
    /// is refused for where it is, not reported as missing (which would tell what exists there).
    static func resolved(_ absolute: String) -> String {
        if let real = ProjectRoot.realPath(absolute) { return real }
        var parts = absolute.split(separator: "/")
        var tail: [Substring] = []
        while let last = parts.popLast() {
            tail.insert(last, at: 0)
            if let real = ProjectRoot.realPath("/" + parts.joined(separator: "/")) {
                return ProjectRoot.normalized(real + "/" + tail.joined(separator: "/"))
            }
        }
        return ProjectRoot.normalized(absolute)
    }

    /// Why a file of this mode is not read; nil for a regular file.
    static func typeProblem(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a directory, not a regular file"
        case S_IFIFO: return "is a FIFO, not a regular file"
        case S_IFCHR: return "is a character device, not a regular file"
        case S_IFBLK: return "is a block device, not a regular file"
        case S_IFSOCK: return "is a socket, not a regular file"
        case S_IFLNK: return "is a symbolic link"
        default: return "is not a regular file"
        }
    }

    static func hasEnding(_ path: String, _ endings: [String]) -> Bool {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return endings.contains { name.hasSuffix("." + $0) }
    }

    /// Where an open descriptor's file is, from /proc (nil without /proc).
    static func openedPath(_ fd: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, 4096)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func notRegular(_ problem: String) -> ReadRefusal {
        ReadRefusal(reason: .notRegularFile, rule: nil, problem: problem, notes: [])
    }

    /// The system's reason, read from errno before anything can change it.
    static func unreadable() -> ReadRefusal {
        ReadRefusal(reason: .unreadable, rule: nil, problem: String(cString: strerror(errno)), notes: [])
    }
}
