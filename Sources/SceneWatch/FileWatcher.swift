import Glibc
import Synchronization

/// Calls `onChange` when any of `paths` is written, replaced, created or removed.
///
/// It watches each file's folder with inotify rather than the file itself: editors that save by
/// writing a temporary file and renaming it over the original replace the inode, and a watch on
/// the old inode would never fire again. Events come in bursts (a save is a create, several
/// writes and a close, or a rename), so they are gathered until `debounce` seconds pass without
/// another (at most four times that in all, so a file written continuously is still reported),
/// and `onChange` gets each changed path once, on the watcher's own thread.
public final class FileWatcher: Sendable {
    /// Why watching could not start.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let inotify: Int32
    /// A pipe `stop()` writes to, to wake the thread.
    private let wake: Int32
    private let wakeWriter: Int32
    /// The watcher's thread while it runs; `stop()` takes it, once, whichever thread calls.
    private let thread = Mutex<pthread_t?>(nil)
    /// inotify watch descriptor → (folder, the watched names in it → the paths as given).
    private let folders: [Int32: [String: String]]
    /// inotify watch descriptor → a folder watched whole, for names `matching` accepts.
    private let wholeFolders: [Int32: String]
    private let matching: @Sendable (String) -> Bool
    private let debounce: Double
    private let onChange: @Sendable ([String]) -> Void

    /// Watches `paths`, and in each of `folders` every name `matching` accepts (so files created
    /// there later are seen: a build watching its scene folders notices a new scene).
    public init(paths: [String], folders wholeFolderPaths: [String] = [],
                matching: @escaping @Sendable (String) -> Bool = { _ in false }, debounce: Double = 0.05,
                onChange: @escaping @Sendable ([String]) -> Void) throws {
        self.debounce = debounce
        self.onChange = onChange
        self.matching = matching
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else { throw Failure(description: "cannot start inotify: \(String(cString: strerror(errno)))") }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            close(inotify)
            throw Failure(description: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        wake = ends[0]
        wakeWriter = ends[1]
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
        var byFolder: [String: [String: String]] = [:]
        for path in paths {
            let (folder, name) = Self.split(path)
            byFolder[folder, default: [:]][name] = path
        }
        for folder in wholeFolderPaths where byFolder[folder] == nil { byFolder[folder] = [:] }
        var table: [Int32: [String: String]] = [:]
        var whole: [Int32: String] = [:]
        for (folder, names) in byFolder {
            let wd = inotify_add_watch(inotify, folder, mask)
            guard wd >= 0 else {
                let reason = String(cString: strerror(errno))
                close(inotify)
                close(wake)
                close(wakeWriter)
                throw Failure(description: "cannot watch '\(folder)': \(reason)")
            }
            table[wd, default: [:]].merge(names) { a, _ in a }
            if wholeFolderPaths.contains(folder) { whole[wd] = folder }
        }
        folders = table
        wholeFolders = whole
        let context = Unmanaged.passRetained(self).toOpaque()
        var started = pthread_t()
        guard pthread_create(&started, nil, { context in
            guard let context else { return nil }
            let watcher = Unmanaged<FileWatcher>.fromOpaque(context).takeRetainedValue()
            watcher.loop()
            return nil
        }, context) == 0 else {
            Unmanaged<FileWatcher>.fromOpaque(context).release()
            close(inotify)
            close(wake)
            close(wakeWriter)
            throw Failure(description: "cannot start the watcher's thread")
        }
        thread.withLock { $0 = started }
    }

    /// Stops watching and waits for the thread, so no `onChange` runs after it returns (unless
    /// called from `onChange` itself, which only ends the loop).
    public func stop() {
        guard let thread = thread.withLock({ running in
            defer { running = nil }
            return running
        }) else { return }
        var one: UInt8 = 1
        _ = write(wakeWriter, &one, 1)
        if pthread_equal(pthread_self(), thread) == 0 {
            pthread_join(thread, nil)
        } else {
            pthread_detach(thread)
        }
    }

    /// ("dir", "name") of a path; a bare name is in ".".
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private func loop() {
        defer {
            close(inotify)
            close(wake)
            close(wakeWriter)
        }
        var pending: [String] = []
        var quietDeadline = 0.0, hardDeadline = 0.0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let now = Self.now()
            if !pending.isEmpty, now >= quietDeadline || now >= hardDeadline {
                onChange(pending)
                pending = []
                continue
            }
            let timeout = pending.isEmpty ? -1 : Int32(max(1, (min(quietDeadline, hardDeadline) - now) * 1000 + 0.5))
            var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, timeout)
            if ready < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            let n = read(inotify, &buffer, buffer.count)
            guard n > 0 else { continue }
            let changed = changedPaths(in: buffer[0..<n])
            guard !changed.isEmpty else { continue }
            let at = Self.now()
            if pending.isEmpty { hardDeadline = at + debounce * 4 }
            quietDeadline = at + debounce
            for path in changed where !pending.contains(path) { pending.append(path) }
        }
    }

    /// The watched paths a buffer of `inotify_event`s names (a header of 16 bytes — wd, mask,
    /// cookie, len — then `len` bytes of NUL-padded name).
    private func changedPaths(in events: ArraySlice<UInt8>) -> [String] {
        var paths: [String] = []
        var offset = events.startIndex
        while offset + 16 <= events.endIndex {
            let wd = Self.load(Int32.self, events, offset)
            let length = Int(Self.load(UInt32.self, events, offset + 12))
            let nameStart = offset + 16
            guard nameStart + length <= events.endIndex else { break }
            let nameBytes = events[nameStart..<(nameStart + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if let path = folders[wd]?[name] ?? wholeFolders[wd].flatMap({ matching(name) ? $0 + "/" + name : nil }),
               !paths.contains(path) {
                paths.append(path)
            }
            offset = nameStart + length
        }
        return paths
    }

    private static func load<T: FixedWidthInteger>(_: T.Type, _ bytes: ArraySlice<UInt8>, _ at: Int) -> T {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at - bytes.startIndex, as: T.self) }
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
