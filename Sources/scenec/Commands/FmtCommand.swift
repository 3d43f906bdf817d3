@preconcurrency import Glibc
import CommandLineOptions
import SceneEdit
import SceneFiles
import SceneSyntax
import ScenecBuild
import ScenecKit

/// `scenec fmt [--check] PATH...`
enum FmtCommand: Command {
    static let name = "fmt"
    static let summary = "lay scene files out the one canonical way (--check: only say which are not)"
    static let usage = """
        usage: scenec fmt [--check] PATH...

        Rewrites each scene file in its canonical layout (docs/commands.md): two spaces a level,
        {…} and […] for what holds no mapping and fits in 100 columns, quotes only where YAML
        needs them, keys in the registry's order. Every comment stays, beside what it was
        beside; a mapping holding an anchor, an alias or a << merge keeps its order. The text
        is read back before it is written and must give the same scene, so a scene renders the
        same after it. A folder is walked for *.yaml files (links in it and hidden folders are
        not followed); '-' formats standard input to standard output. A file that is not YAML
        is left as it is, with its errors (exit 1). Each file is replaced atomically and keeps
        its permissions; a read-only file is refused.

        With --check nothing is written: each file that is not formatted is printed as a
        unified diff (what fmt would change) and the exit status is 1; 0 when all are.

        """

    static func run(_ args: Arguments<FmtOptions>) throws -> ExitStatus {
        guard !args.positionals.isEmpty else {
            throw UsageError("fmt needs scene files or folders, such as scenec fmt scenes/ (or - for standard input)")
        }
        let check = args[FmtOptions.check]
        var status = ExitStatus.success
        var formatted = 0, unchanged = 0
        func worst(_ s: ExitStatus) { if s.rawValue > status.rawValue { status = s } }
        for path in args.positionals {
            if path == "-" {
                worst(standardInput(check: check))
                continue
            }
            let files: [String]
            let walked = FmtFiles.isFolder(path)
            switch FmtFiles.walk(path) {
            case .success(let found): files = found
            case .failure(let failure):
                Console.fail(failure.message)
                worst(.io)
                continue
            }
            for file in files {
                let outcome = check ? checkFile(file) : formatFile(file, walked: walked)
                switch outcome {
                case .unchanged: unchanged += 1
                case .changed:
                    formatted += 1
                    if check { worst(.sceneError) }
                case .failed(let s): worst(s)
                }
            }
        }
        if !check, formatted + unchanged > 1 {
            Console.line("fmt: \(formatted) formatted, \(unchanged) already formatted")
        }
        return status
    }

    enum Outcome { case unchanged, changed, failed(ExitStatus) }

    static func report(_ failure: SceneFormatter.Failure, bytes: [UInt8], path: String) -> Outcome {
        switch failure {
        case .notYAML(let diagnostics):
            let file = SourceFile(name: path, bytes: bytes)
            for d in diagnostics { Console.error(d.rendered(in: file)) }
            Console.line("fmt: '\(path)' is not YAML; left as it is")
        case .wouldChangeMeaning(let why):
            Console.fail("'\(path)' left as it is: formatting it would change what it says (\(why)); please report this")
        }
        return .failed(.sceneError)
    }

    static func checkFile(_ path: String) -> Outcome {
        let bytes: [UInt8]
        switch ContainedRead.readOwnFile(path, limit: SceneReading.maxFileSize) {
        case .success(let contents) where !contents.tooLarge: bytes = contents.bytes
        case .success:
            Console.fail("cannot read '\(path)': the scene file is larger than \(SceneReading.maxFileSize) bytes")
            return .failed(.io)
        case .failure(let refusal):
            Console.fail(refusal.message(naming: path))
            return .failed(.io)
        }
        switch SceneFormatter.format(bytes, name: path) {
        case .failure(let failure): return report(failure, bytes: bytes, path: path)
        case .success(let new) where new == bytes: return .unchanged
        case .success(let new):
            _ = Console.output(bytes: UnifiedDiff.diff(old: bytes, new: new, oldName: path, newName: path))
            return .changed
        }
    }

    /// Why a file was left as it was, with the bytes read.
    struct Refusal: Error {
        let failure: SceneFormatter.Failure
        let bytes: [UInt8]
    }

    static func formatFile(_ path: String, walked: Bool) -> Outcome {
        var changed = false
        do throws(GuardedRewrite.Failure) {
            let file = try GuardedRewrite(path: path)
            // A file found in a folder is formatted only where it was found: one that became a
            // link since is not followed out of the folder.
            if walked, FmtFiles.realFolder(of: path).map({ $0 + "/" + FmtFiles.name(of: path) }) != file.realPath {
                Console.fail("'\(path)' is now a symbolic link, which is not followed; nothing written")
                return .failed(.io)
            }
            let result = try file.rewrite(maxBytes: SceneReading.maxFileSize, temporaries: Files.temporaries) { bytes in
                SceneFormatter.format(bytes, name: path).map { new in
                    changed = new != bytes
                    return new
                }.mapError { failure in Refusal(failure: failure, bytes: bytes) }
            }
            if case .failure(let refusal) = result { return report(refusal.failure, bytes: refusal.bytes, path: path) }
        } catch {
            Console.fail(error.message)
            return .failed(error.kind == .unwritable ? .io : .sceneError)
        }
        return changed ? .changed : .unchanged
    }

    static func standardInput(check: Bool) -> ExitStatus {
        guard case .success(let contents) = ContainedRead.readStandardInput(limit: SceneReading.maxFileSize),
              !contents.tooLarge else {
            Console.fail("cannot read standard input (or it is larger than \(SceneReading.maxFileSize) bytes)")
            return .io
        }
        switch SceneFormatter.format(contents.bytes, name: "<stdin>") {
        case .failure(let failure):
            if case .failed(let s) = report(failure, bytes: contents.bytes, path: "<stdin>") { return s }
            return .sceneError
        case .success(let new):
            if check {
                guard new != contents.bytes else { return .success }
                _ = Console.output(bytes: UnifiedDiff.diff(old: contents.bytes, new: new, oldName: "<stdin>", newName: "<stdin>"))
                return .sceneError
            }
            return Console.output(bytes: new) ? .success : .io
        }
    }
}

/// The files `fmt` takes from a path: a file as named (a link to a file is formatted where it
/// points, as `edit` does), a folder's *.yaml files at any depth, in name order, without
/// following a link or entering a hidden folder (`.git`, `.build`) inside it.
enum FmtFiles {
    struct Failure: Error {
        let message: String
    }

    static func walk(_ path: String) -> Result<[String], Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(Failure(message: "cannot read '\(path)': \(String(cString: strerror(errno)))"))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .success([path]) }
        var files: [String] = []
        var folders = [path]
        while let folder = folders.popLast() {
            // O_NOFOLLOW: a folder swapped for a link since it was listed is not entered.
            let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (folder == path ? 0 : O_NOFOLLOW))
            guard fd >= 0, let dir = fdopendir(fd) else {
                let reason = String(cString: strerror(errno))
                if fd >= 0 { close(fd) }
                return .failure(Failure(message: "cannot read the folder '\(folder)': \(reason)"))
            }
            var names: [(String, UInt8)] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                names.append((name, entry.pointee.d_type))
            }
            closedir(dir)
            var subfolders: [String] = []
            for (name, _) in names.sorted(by: { $0.0 < $1.0 }) where !name.hasPrefix(".") {
                let full = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                var entryInfo = stat()
                // lstat: a link is neither followed into a folder nor formatted where it points.
                guard lstat(full, &entryInfo) == 0 else { continue }
                switch entryInfo.st_mode & S_IFMT {
                case S_IFDIR: subfolders.append(full)
                case S_IFREG where name.hasSuffix(".yaml") || name.hasSuffix(".yml"): files.append(full)
                default: break
                }
            }
            folders += subfolders.reversed()
        }
        return .success(files.sorted())
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The real path of the folder holding `path`.
    static func realFolder(of path: String) -> String? {
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        guard let resolved = realpath(folder.isEmpty ? "/" : folder, nil) else { return nil }
        defer { free(resolved) }
        let real = String(cString: resolved)
        return real == "/" ? "" : real
    }
}
