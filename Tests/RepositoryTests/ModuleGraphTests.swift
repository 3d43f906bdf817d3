import Foundation
import XCTest

/// docs/architecture.md draws the module graph; Package.swift is the graph. The drawing must be
/// exactly Package.swift's, so a new target or a new dependency cannot leave the page behind:
/// an arrow for each dependency between the project's modules (not the C libraries, plugins,
/// tests or TestSupport) that no longer path already implies, and none besides.
final class ModuleGraphTests: XCTestCase {
    static let root = APICoverageTests.root

    func testTheArchitecturePageDrawsPackageSwiftsGraph() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let modules = Self.modules(in: manifest)
        XCTAssertNotNil(modules["scenec"], "the executable's target was not found; is the pattern still right?")
        let expected = Self.reduced(modules.filter { Self.drawn($0.key) })
        let drawn = Self.arrows(in: page)
        let missing = expected.subtracting(drawn).sorted(), extra = drawn.subtracting(expected).sorted()
        XCTAssert(missing.isEmpty && extra.isEmpty,
                  "docs/architecture.md's graph is not Package.swift's;\nadd: \(missing.joined(separator: ", "))\nremove: \(extra.joined(separator: ", "))")
        for module in modules.keys where Self.drawn(module) {
            XCTAssert(page.contains("**\(module)**"), "docs/architecture.md has no paragraph on \(module)")
        }
    }

    /// The reading and the reduction themselves, on a small manifest.
    func testTheReadingAndTheReduction() {
        let manifest = """
            .systemLibrary(name: "CX", pkgConfig: "x"),
            .target(name: "A", dependencies: ["CX"]),
            .target(name: "B", dependencies: ["A"]),
            // a comment: .target(name: "Z", dependencies: ["A"]),
            .target(name: "C", dependencies: ["A", "B"],
                    exclude: ["Assets"]),
            .executableTarget(name: "tool", dependencies: ["C", "A"]),
            .testTarget(name: "ATests", dependencies: ["A"]),
            """
        let modules = Self.modules(in: manifest)
        XCTAssertEqual(modules, ["A": [], "B": ["A"], "C": ["A", "B"], "tool": ["C", "A"]])
        XCTAssertEqual(Self.reduced(modules), ["B --> A", "C --> B", "tool --> C"])
        XCTAssertEqual(Self.arrows(in: "```mermaid\nflowchart TD\n    B --> A\n```\n    not --> drawn\n"), ["B --> A"])
    }

    /// Modules drawn: the project's own, less the fuzzer and the asset embedder (build tools)
    /// and the tests' helpers.
    static func drawn(_ module: String) -> Bool {
        !["ScenecFuzz", "AssetEmbedder", "TestSupport"].contains(module)
    }

    /// Each `.target`/`.executableTarget` of the manifest and its dependencies among them.
    static func modules(in manifest: String) -> [String: [String]] {
        let code = manifest.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        let target = /\.(?:target|executableTarget)\(\s*name:\s*"(\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?/
        var found: [String: [String]] = [:]
        for match in code.matches(of: target) {
            found[String(match.1)] = match.2.map { $0.matches(of: /"(\w+)"/).map { String($0.1) } } ?? []
        }
        return found.mapValues { $0.filter { found[$0] != nil } }
    }

    /// The arrows `A --> B` for each dependency not implied by a path through another one.
    static func reduced(_ modules: [String: [String]]) -> Set<String> {
        func reachable(from module: String) -> Set<String> {
            var seen: Set<String> = [], next = modules[module] ?? []
            while let m = next.popLast() {
                guard seen.insert(m).inserted else { continue }
                next += modules[m] ?? []
            }
            return seen
        }
        var arrows: Set<String> = []
        for (module, dependencies) in modules {
            for dependency in dependencies
            where !dependencies.contains(where: { $0 != dependency && reachable(from: $0).contains(dependency) }) {
                arrows.insert("\(module) --> \(dependency)")
            }
        }
        return arrows
    }

    /// The arrows of the page's mermaid blocks.
    static func arrows(in page: String) -> Set<String> {
        var inMermaid = false, arrows: Set<String> = []
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("```") { inMermaid = text == "```mermaid"; continue }
            if inMermaid, let arrow = text.wholeMatch(of: /(\w+)\s*-->\s*(\w+)/) { arrows.insert("\(arrow.1) --> \(arrow.2)") }
        }
        return arrows
    }
}
