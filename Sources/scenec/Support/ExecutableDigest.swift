/// The SHA-256 of an executable's code: its bytes with the two parts that name the build rather
/// than what it does blanked out — the commit stamp and the ELF build ID (a hash the linker takes
/// over the whole file, stamp included). Two builds of the same code from different commits
/// (say, one that only edits the README) then give the same digest.
enum ExecutableDigest {
    /// The digest of the running executable, or nil when /proc/self/exe cannot be read.
    static func ofRunningExecutable(stamp: String) -> String? {
        guard let (bytes, _) = try? Files.read("/proc/self/exe", limit: Int.max) else { return nil }
        return digest(of: bytes, stamp: stamp)
    }

    static func digest(of executable: [UInt8], stamp: String) -> String {
        var bytes = executable
        var blanked = occurrences(of: Array(stamp.utf8), in: bytes)
        if let id = buildID(in: bytes) { blanked.append(id) }
        for range in blanked {
            for i in range { bytes[i] = 0 }
        }
        return SHA256.hex(bytes)
    }

    /// Every place `needle` occurs in `bytes`, not overlapping.
    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Range<Int>] {
        guard let first = needle.first, needle.count <= bytes.count else { return [] }
        var found: [Range<Int>] = []
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == first && bytes[i..<i + needle.count].elementsEqual(needle) {
                found.append(i..<i + needle.count)
                i += needle.count
            } else {
                i += 1
            }
        }
        return found
    }

    /// Where the GNU build ID's bytes lie in a 64-bit little-endian ELF file: the descriptor of
    /// the NT_GNU_BUILD_ID note in a PT_NOTE segment. Nil for anything else.
    static func buildID(in elf: [UInt8]) -> Range<Int>? {
        // A little-endian field of `size` bytes at `offset`, nil past the end of the file or when
        // it holds more than the file's size (no offset or length in a real file does).
        func field(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset <= elf.count - size else { return nil }
            var value: UInt64 = 0
            for i in (0..<size).reversed() { value = value << 8 | UInt64(elf[offset + i]) }
            return value <= UInt64(elf.count) ? Int(value) : nil
        }
        guard elf.starts(with: [0x7f, 0x45, 0x4c, 0x46, 2, 1]),   // "\x7fELF", 64-bit, little-endian
              let table = field(32, 8), let entrySize = field(54, 2), let entries = field(56, 2) else { return nil }
        let ptNote = 4, ntGNUBuildID = 3, gnu: [UInt8] = [0x47, 0x4e, 0x55, 0]
        for entry in 0..<entries {
            let header = table + entry * entrySize
            guard field(header, 4) == ptNote, var note = field(header + 8, 8), let size = field(header + 32, 8),
                  note + size <= elf.count else { continue }
            let end = note + size
            while note + 12 <= end, let nameSize = field(note, 4), let descSize = field(note + 4, 4),
                  let type = field(note + 8, 4) {
                let desc = note + 12 + (nameSize + 3) / 4 * 4
                guard desc + descSize <= end else { break }
                if type == ntGNUBuildID && elf[note + 12..<desc].starts(with: gnu) && nameSize == gnu.count {
                    return desc..<desc + descSize
                }
                note = desc + (descSize + 3) / 4 * 4
            }
        }
        return nil
    }
}
