import Glibc

/// The temporary files a killed scenec left in a destination (`.NAME.scenec-PID-TID.tmp`: a
/// build killed with SIGKILL, a machine that lost power), removed by the next build there.
/// Only files of that pattern, only beneath the destination (links not followed), and not
/// those of a process that is still running (a `frames -o` writing into the folder meanwhile;
/// builds themselves hold the folder's lock while they write).
public enum OrphanedTemporaries {
    /// Folders deeper than this are not searched (a build writes a few levels down).
    static let maxDepth = 32

    /// Removes the orphans beneath `destination`; returns their names.
    @discardableResult
    public static func remove(in destination: Destination) -> [RelativeName] {
        var removed: [RelativeName] = []
        sweep(destination, [], into: &removed)
        return removed
    }

    private static func sweep(_ destination: Destination, _ components: [String], into removed: inout [RelativeName]) {
        guard components.count < maxDepth else { return }
        for (name, kind) in destination.entries(in: components) {
            switch kind {
            case .folder: sweep(destination, components + [name], into: &removed)
            case .file:
                guard let pid = writer(of: name), pid != getpid(), !isRunning(pid) else { continue }
                let file = RelativeName(components: components + [name])
                if destination.remove(file, pruningFolders: false) { removed.append(file) }
            case .link, .other: continue
            }
        }
    }

    /// The process that wrote `name`, when it is one of scenec's temporary files.
    static func writer(of name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        // ".NAME" then ".scenec-PID-TID": the last ".scenec-", with a name of at least one byte before it.
        let stem = Array(name.utf8.dropLast(4)), marker = Array(".scenec-".utf8)
        guard stem.count > marker.count + 1,
              let at = (1...(stem.count - marker.count)).reversed().first(where: { stem[$0..<$0 + marker.count].elementsEqual(marker) }),
              at > 1 else { return nil }
        let ids = stem[(at + marker.count)...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard ids.count == 2, ids.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) else { return nil }
        return pid_t(String(decoding: ids[0], as: UTF8.self))
    }

    /// Whether a process with this id exists (one of another user counts: EPERM).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
