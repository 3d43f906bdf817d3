/// The part of REAPI's `ActionResult` (build.bazel.remote.execution.v2) a scenec entry uses:
/// its output files, each a path and the digest (SHA-256 hex and size) of its bytes in the
/// cache's CAS. Protobuf by hand, three messages of two fields each:
///
///     ActionResult { repeated OutputFile output_files = 2; }
///     OutputFile   { string path = 1; Digest digest = 2; }
///     Digest       { string hash = 1; int64 size_bytes = 2; }
///
/// Reading is tolerant (fields scenec does not use, written by another client, are skipped)
/// and bounded (sizes, counts and lengths checked before anything is kept); what it returns is
/// still untrusted: paths are checked by the caller, blobs by their digest.
package struct ActionResult: Equatable, Sendable {
    package struct OutputFile: Equatable, Sendable {
        package var path: String
        package var sha256: String
        package var size: Int

        package init(path: String, sha256: String, size: Int) {
            self.path = path
            self.sha256 = sha256
            self.size = size
        }
    }

    package var outputFiles: [OutputFile]

    package init(outputFiles: [OutputFile]) { self.outputFiles = outputFiles }

    /// The most files an entry may list (a scene's frames, an image set) and the longest path.
    package static let maxFiles = 100_000
    package static let maxPath = 4_096

    package var encoded: [UInt8] {
        var out: [UInt8] = []
        for file in outputFiles {
            var digest: [UInt8] = []
            Self.appendBytes(1, Array(file.sha256.utf8), to: &digest)
            Self.appendVarint(2 << 3, to: &digest)
            Self.appendVarint(UInt64(Swift.max(0, file.size)), to: &digest)
            var message: [UInt8] = []
            Self.appendBytes(1, Array(file.path.utf8), to: &message)
            Self.appendBytes(2, digest, to: &message)
            Self.appendBytes(2, message, to: &out)
        }
        return out
    }

    /// The entry, or nil when the bytes are not a well-formed message within the bounds.
    package init?(decoding bytes: [UInt8]) {
        var files: [OutputFile] = []
        var reader = Reader(bytes[...])
        while !reader.atEnd {
            guard let (field, value) = reader.field() else { return nil }
            guard field == 2, case .bytes(let message) = value else { continue }
            guard files.count < Self.maxFiles, let file = Self.outputFile(message) else { return nil }
            files.append(file)
        }
        outputFiles = files
    }

    private static func outputFile(_ bytes: ArraySlice<UInt8>) -> OutputFile? {
        var path: String?, hash: String?, size: Int?
        var reader = Reader(bytes)
        while !reader.atEnd {
            guard let (field, value) = reader.field() else { return nil }
            switch (field, value) {
            case (1, .bytes(let text)):
                guard text.count <= maxPath else { return nil }
                path = String(validating: text, as: UTF8.self)
            case (2, .bytes(let digest)):
                var inner = Reader(digest)
                while !inner.atEnd {
                    guard let (field, value) = inner.field() else { return nil }
                    switch (field, value) {
                    case (1, .bytes(let text)) where text.count == 64: hash = String(validating: text, as: UTF8.self)
                    case (1, _): return nil
                    case (2, .varint(let n)) where n <= UInt64(Int.max): size = Int(n)
                    case (2, _): return nil
                    default: continue
                    }
                }
            default: continue
            }
        }
        guard let path, let hash, let size else { return nil }
        return OutputFile(path: path, sha256: hash, size: size)
    }

    private static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(v & 0x7f) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    private static func appendBytes(_ field: UInt64, _ bytes: [UInt8], to out: inout [UInt8]) {
        appendVarint(field << 3 | 2, to: &out)
        appendVarint(UInt64(bytes.count), to: &out)
        out += bytes
    }

    /// Protobuf's wire format, field by field; nil at anything malformed or truncated.
    private struct Reader {
        enum Value { case varint(UInt64), bytes(ArraySlice<UInt8>), fixed }
        var rest: ArraySlice<UInt8>
        init(_ bytes: ArraySlice<UInt8>) { rest = bytes }
        var atEnd: Bool { rest.isEmpty }

        mutating func varint() -> UInt64? {
            var value: UInt64 = 0
            for shift in stride(from: UInt64(0), to: 64, by: 7) {
                guard let byte = rest.popFirst() else { return nil }
                value |= UInt64(byte & 0x7f) << shift
                if byte < 0x80 { return value }
            }
            return nil
        }

        mutating func field() -> (UInt64, Value)? {
            guard let tag = varint() else { return nil }
            switch tag & 7 {
            case 0: return varint().map { (tag >> 3, .varint($0)) }
            case 1, 5:
                let width = tag & 7 == 1 ? 8 : 4
                guard rest.count >= width else { return nil }
                rest = rest.dropFirst(width)
                return (tag >> 3, .fixed)
            case 2:
                guard let length = varint(), length <= UInt64(rest.count) else { return nil }
                let bytes = rest.prefix(Int(length))
                rest = rest.dropFirst(Int(length))
                return (tag >> 3, .bytes(bytes))
            default: return nil  // groups (3, 4) are deprecated and no ActionResult field uses them
            }
        }
    }
}
