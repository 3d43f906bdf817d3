/// The SHA-256 of an executable's code: its bytes with the parts that name the build rather than
import SceneSupport
import ScenecKit
/// what it does blanked out, so two builds of the same code from different commits (say, one
/// that only edits the README) give the same digest. Those parts, found by comparing such builds:
/// the commit stamp; the ELF build ID, a hash the linker takes over the whole file; and
/// `.swift_modhash`, a hash of each module's LLVM IR that the compiler keeps to skip unchanged
/// code generation. Any change to what the code does also changes bytes outside them.
package enum ExecutableDigest {
    package static let buildSections = [".note.gnu.build-id", ".swift_modhash"]

    /// The digest of the running executable, or nil when /proc/self/exe cannot be read.
    package static func ofRunningExecutable(stamp: String) -> String? {
        guard let (bytes, _) = try? Files.read("/proc/self/exe", limit: Int.max) else { return nil }
        return digest(of: bytes, stamp: stamp)
    }

    package static func digest(of executable: [UInt8], stamp: String) -> String {
        var bytes = executable
        for range in occurrences(of: Array(stamp.utf8), in: bytes) + sections(buildSections, in: bytes) {
            for i in range { bytes[i] = 0 }
        }
        // In slices: SHA256.update keeps a copy of what it is given until it has compressed it.
        var hash = SHA256()
        var start = 0
        while start < bytes.count {
            let end = min(start + 65_536, bytes.count)
            hash.update(Array(bytes[start..<end]))
            start = end
        }
        return hash.finish()
    }

    /// Every place `needle` occurs in `bytes`, not overlapping.
    package static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Range<Int>] {
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

    /// Where the named sections' bytes lie in a 64-bit little-endian ELF file, by its section
    /// headers (which `strip` keeps). Nothing for anything else.
    package static func sections(_ wanted: [String], in elf: [UInt8]) -> [Range<Int>] {
        // A little-endian field of `size` bytes at `offset`; nil past the end of the file or when
        // it holds more than the file's size (no offset, length or count in a real file does).
        func field(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset <= elf.count - size else { return nil }
            var value: UInt64 = 0
            for i in (0..<size).reversed() { value = value << 8 | UInt64(elf[offset + i]) }
            return value <= UInt64(elf.count) ? Int(value) : nil
        }
        func name(at offset: Int) -> String? {
            guard offset < elf.count, let end = elf[offset...].firstIndex(of: 0) else { return nil }
            return String(decoding: elf[offset..<end], as: UTF8.self)
        }
        let sectionHeader = 64, offsetField = 24, sizeField = 32, noBits = 8
        guard elf.starts(with: [0x7f, 0x45, 0x4c, 0x46, 2, 1]),   // "\x7fELF", 64-bit, little-endian
              let table = field(40, 8), field(58, 2) == sectionHeader, let count = field(60, 2),
              let namesIndex = field(62, 2), namesIndex < count,
              let names = field(table + namesIndex * sectionHeader + offsetField, 8) else { return [] }
        var found: [Range<Int>] = []
        for index in 0..<count {
            let header = table + index * sectionHeader
            guard let nameOffset = field(header, 4), let section = name(at: names + nameOffset),
                  wanted.contains(section), field(header + 4, 4) != noBits,
                  let start = field(header + offsetField, 8), let size = field(header + sizeField, 8),
                  start + size <= elf.count else { continue }
            found.append(start..<start + size)
        }
        return found
    }
}
