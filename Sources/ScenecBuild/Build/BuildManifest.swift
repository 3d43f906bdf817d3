import Glibc
import FoundationEssentials
import SceneSyntax

/// What a build folder holds and why: for each scene, the key of what made its outputs, the
/// warnings it had, and every file the build wrote for it with that file's own hash, kept until
/// `--prune` removes it (a scene that turned invalid, or a format no longer asked for, leaves
/// its outputs listed as stale rather than forgotten).
///
/// Each shard keeps its own file (`.scenec-manifest.K-of-N.json`), so shard outputs copied into
/// one folder stay up to date; an unsharded build uses `.scenec-manifest.json`. While a build
/// runs, each finished scene is appended to a journal beside the manifest, so an interrupted
/// build keeps its finished work; the next build replays it.
package struct BuildManifest: Codable {
    package static let currentVersion = 2
    package var version = BuildManifest.currentVersion
    package var scenes: [String: Entry] = [:]

    package struct Entry: Codable, Equatable {
        /// The hash of everything the outputs depend on but the format (BuildKeys.scene); nil
        /// when the scene last failed to check.
        package var sceneKey: String?
        package var hasTimeline = false
        /// Warnings of the last check, reported again by a build that skips the scene.
        package var warnings: [StoredDiagnostic] = []
        /// The files the scene imported when it was last checked, whose bytes are in `sceneKey`
        /// (absent in manifests written before imports existed).
        package var imports: [String]?
        /// Output path relative to the build folder → what the build knows of it.
        package var outputs: [String: Output] = [:]
    }

    package struct Output: Codable, Equatable {
        /// The set of outputs made together: a format (`png`), `flipbook`, or `frames.png`.
        package var group: String
        /// BuildKeys.output of the group when the file was written.
        package var key: String
        package var sha256: String
        package var size: Int
        /// Why the file is no longer what the build would make (nil: it is current).
        package var stale: String?
    }

    /// A diagnostic as the manifest keeps it.
    package struct StoredDiagnostic: Codable, Equatable {
        package var severity: String
        package var message: String
        package var line: Int
        package var column: Int
        package var endLine: Int
        package var endColumn: Int
        package var origin: String?
        package var notes: [String]
        /// Absent in manifests written before diagnostics had codes. (Fixes are not kept: a
        /// replayed warning names its code, and `check` gives its fixes.)
        package var code: String?

        package init(_ d: Diagnostic) {
            severity = d.severity.rawValue
            message = d.message
            line = d.range.start.line
            column = d.range.start.column
            endLine = d.range.end.line
            endColumn = d.range.end.column
            origin = d.origin
            notes = d.notes
            code = d.code.rawValue
        }

        package var diagnostic: Diagnostic {
            Diagnostic(Diagnostic.Severity(rawValue: severity) ?? .warning, message,
                       at: SourceRange(start: SourceLocation(line: line, column: column),
                                       end: SourceLocation(line: endLine, column: endColumn)),
                       origin: origin, notes: notes, code: code.flatMap(DiagnosticCode.init(rawValue:)) ?? .unclassified)
        }
    }

    /// `.scenec-manifest.json`, or `.scenec-manifest.K-of-N.json` for a shard.
    package static func fileName(shard: Shard?) -> String {
        shard.map { ".scenec-manifest.\($0.index)-of-\($0.count).json" } ?? ".scenec-manifest.json"
    }

    package static func isManifestName(_ name: String) -> Bool {
        name.hasPrefix(".scenec-manifest") && (name.hasSuffix(".json") || name.hasSuffix(".json.journal"))
    }

    package static func decode(_ bytes: [UInt8]) -> BuildManifest? {
        guard let manifest = try? JSONDecoder().decode(BuildManifest.self, from: Data(bytes)),
              manifest.version == currentVersion else { return nil }
        return manifest
    }

    package func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data()) + [UInt8(ascii: "\n")]
    }
}

/// One line of a journal: a scene's entry as it finished.
struct JournalLine: Codable {
    package var scene: String
    package var entry: BuildManifest.Entry

    package var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data()) + [UInt8(ascii: "\n")]
    }
}
