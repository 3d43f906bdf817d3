import Foundation
import XCTest

/// A new view kind is its model file, its drawer, its Lottie mapping and one registry line
/// (docs/architecture.md, "Where a change goes"): so no source outside the registry may switch
/// on the view kind, compare a kind with one, or key a table by kinds — a consumer asks the
/// kind's own declarations. This scans Sources/ and names each file:line that does.
final class NoKindSwitchTests: XCTestCase {
    static let root = APICoverageTests.root

    func testNoSourceOutsideTheRegistrySwitchesOnTheViewKind() throws {
        let kinds = try Self.kindNames()
        XCTAssert(kinds.count >= 9 && kinds.contains("ring"), "the ViewType cases were not found; is the pattern still right?")
        var found: [String] = []
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files {
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            guard !Self.allowed(relative, kinds: kinds) else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            found += Self.kindSwitches(in: text, kinds: kinds, ignoring: Self.notKinds[relative] ?? [])
                .map { "Sources/\(relative):\($0)" }
        }
        XCTAssert(found.isEmpty, "switches on the view kind outside the registry (ask the kind's declaration instead):\n"
                  + found.sorted().joined(separator: "\n"))
    }

    /// The scan itself, on the shapes it must find and those it must leave.
    func testTheScanFindsSwitchesComparisonsAndTablesByKind() {
        let kinds: Set<String> = ["ring", "pie", "lines", "group"]
        let text = """
            switch placed.view.type {
            case .ring:
                return 1
            case .pie, .group: return 2
            default: return 0
            }
            guard view.type == .ring else { return }
            let table: [ViewType: Int] = [
                .pie: 1,
            ]
            switch escaping {
            case .text: return 1
            case .lines: return 2
            }
            if parent != .group {}
            let mode = escaping == .lines
            """
        XCTAssertEqual(Self.kindSwitches(in: text, kinds: kinds, ignoring: ["lines"]), [1, 7, 9, 15])
        XCTAssertEqual(Self.kindSwitches(in: text, kinds: kinds, ignoring: []), [1, 7, 9, 15, 16])
    }

    /// Words that are a kind's name but mean something else in one file.
    static let notKinds: [String: Set<String>] = [
        "SceneSyntax/Escaping.swift": ["lines"],  // an escaping mode (text broken into lines)
    ]

    /// The registry, and each kind's own files: its model, drawer and exporter.
    static func allowed(_ path: String, kinds: Set<String>) -> Bool {
        if path.hasPrefix("SceneModel/Registry/") { return true }
        let name = (path as NSString).lastPathComponent
        let own = ["SceneModel/Views/", "SceneRender/Drawers/", "SceneLottie/Kinds/", "SceneLayout/"]
        guard own.contains(where: path.hasPrefix) else { return false }
        return kinds.contains { kind in
            let type = kind.prefix(1).uppercased() + kind.dropFirst()
            return name == "\(type).swift" || name == "\(type)Drawer.swift" || name == "\(type)Exporter.swift"
                || name == "\(type)Layout.swift"
        }
    }

    /// The `ViewType` cases, read from the registry's source.
    static func kindNames() throws -> Set<String> {
        let file = root.appendingPathComponent("Sources/SceneModel/Registry/ViewKind.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let start = text.range(of: "public enum ViewType"),
              let line = text[start.upperBound...].split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("case ") })
        else { return [] }
        return Set(line.trimmingCharacters(in: .whitespaces).dropFirst("case ".count)
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// 1-based lines that switch on a kind (a switch whose every case names kinds), compare with
    /// a kind (`== .ring`), or key a table by one (`.ring: …`).
    static func kindSwitches(in text: String, kinds: Set<String>, ignoring: Set<String>) -> [Int] {
        let lines = text.components(separatedBy: "\n")
        let names = kinds.subtracting(ignoring)
        var out: [Int] = []
        for (index, line) in lines.enumerated() {
            let code = line.components(separatedBy: "//").first ?? line
            if names.contains(where: { code.range(of: #"[!=]=\s*\.\#($0)\b"#, options: .regularExpression) != nil })
                || names.contains(where: { code.range(of: #"^\s*\.\#($0)\s*:"#, options: .regularExpression) != nil }) {
                out.append(index + 1)
            } else if code.range(of: #"\bswitch\b.*\{\s*$"#, options: .regularExpression) != nil,
                      switchesOnKinds(lines[(index + 1)...], kinds: kinds, ignoring: ignoring) {
                out.append(index + 1)
            }
        }
        return out
    }

    /// Whether every dotted case name of the switch that starts here is a kind's.
    static func switchesOnKinds(_ body: ArraySlice<String>, kinds: Set<String>, ignoring: Set<String>) -> Bool {
        var depth = 1, caseNames: [String] = []
        for line in body {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if depth == 1, trimmed.hasPrefix("case ") {
                let patterns = trimmed.dropFirst("case ".count).prefix { $0 != ":" }
                for pattern in patterns.split(separator: ",") {
                    caseNames.append(pattern.trimmingCharacters(in: .whitespaces))
                }
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            if depth <= 0 { break }
        }
        let dotted = caseNames.map { $0.hasPrefix(".") ? String($0.dropFirst()) : "" }
        return !dotted.isEmpty && dotted.allSatisfy { kinds.contains($0) }
            && !dotted.allSatisfy { ignoring.contains($0) }
    }
}
