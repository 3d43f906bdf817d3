import SceneSupport
import ScenecKit
import SceneSyntax

/// What a build did to each scene, for `--report FILE.json` and `--junit FILE.xml`.
package struct BuildReport: Sendable {
    package struct Scene: Sendable {
        package var path: String
        package var relativePath: String
        /// built, up-to-date, failed, not-started, or stale (the scene was removed).
        package var status: String
        package var seconds: Double
        package var outputs: [(path: String, record: BuildManifest.Output)]
        package var diagnostics: [JSONDiagnostic]
        /// The diagnostics as text, for JUnit failures.
        package var text: String
        /// Outputs this build rendered, and those it wrote from the remote cache's bytes instead.
        package var rendered = 0
        package var fetched = 0
    }

    package var outDir: String
    /// The scenec that built, named in the JSON report.
    package var scenecVersion: String
    package var scenes: [Scene] = []
    package var seconds: Double = 0

    package func count(_ status: String) -> Int { scenes.filter { $0.status == status }.count }

    /// Outputs rendered (`\.rendered`) or fetched from the remote cache (`\.fetched`) in all.
    package func outputs(_ how: KeyPath<Scene, Int>) -> Int { scenes.reduce(0) { $0 + $1[keyPath: how] } }

    /// The `--report` document (docs/ci.md, "Building a folder": Reports).
    package var json: JSONValue {
        let sorted = scenes.sorted { $0.relativePath < $1.relativePath }
        let warnings = scenes.flatMap(\.diagnostics).filter { $0.severity == "warning" }.count
        let summary: JSONValue = [
            "built": .number(Double(count("built"))), "upToDate": .number(Double(count("up-to-date"))),
            "failed": .number(Double(count("failed"))), "notStarted": .number(Double(count("not-started"))),
            "stale": .number(Double(count("stale"))), "warnings": .number(Double(warnings)),
            "rendered": .number(Double(outputs(\.rendered))), "fetched": .number(Double(outputs(\.fetched))),
            "seconds": .number(Self.rounded(seconds)),
        ]
        return ["version": .number(1), "scenec": .string(scenecVersion), "outputDirectory": .string(outDir),
                "summary": summary, "scenes": .array(sorted.map(\.json))]
    }

    /// JUnit XML as Jenkins and GitLab read it (validated in the tests against the JUnit XSD):
    /// one testcase per scene; a failed scene carries its diagnostics, a stale (removed) scene is
    /// skipped.
    package var junit: String {
        let sorted = scenes.sorted { $0.relativePath < $1.relativePath }
        let failures = count("failed"), skipped = count("stale") + count("not-started")
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let totals = "tests=\"\(sorted.count)\" failures=\"\(failures)\" errors=\"0\""
        xml += "<testsuites name=\"scenec build\" \(totals) time=\"\(Self.time(seconds))\">\n"
        xml += "  <testsuite name=\"scenec build \(outDir.escaped(.xml))\" \(totals) skipped=\"\(skipped)\" time=\"\(Self.time(seconds))\">\n"
        for scene in sorted {
            let classname = scene.relativePath.split(separator: "/").dropLast().joined(separator: ".")
            xml += "    <testcase name=\"\(scene.relativePath.escaped(.xml))\" classname=\"\((classname.isEmpty ? "scenes" : "scenes." + classname).escaped(.xml))\" time=\"\(Self.time(scene.seconds))\""
            switch scene.status {
            case "failed":
                let first = scene.diagnostics.first { $0.severity == "error" }?.message ?? "the scene failed"
                xml += ">\n      <failure type=\"error\" message=\"\(first.escaped(.xml))\">\(scene.text.escaped(.xml))</failure>\n    </testcase>\n"
            case "stale", "not-started":
                let why = scene.status == "stale" ? "the scene was removed; its outputs are stale" : "not started: an earlier scene failed"
                xml += ">\n      <skipped message=\"\(why.escaped(.xml))\"/>\n    </testcase>\n"
            default:
                if scene.text.isEmpty {
                    xml += "/>\n"
                } else {
                    xml += ">\n      <system-err>\(scene.text.escaped(.xml))</system-err>\n    </testcase>\n"
                }
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    /// Seconds with at most three decimals, as the JUnit schema's time pattern allows.
    package static func time(_ seconds: Double) -> String {
        let ms = Int((Swift.max(0, seconds) * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    package static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}

extension BuildReport.Scene {
    package var json: JSONValue {
        let outputs = self.outputs.sorted { $0.path < $1.path }.map { item -> JSONValue in
            ["path": .string(item.path), "group": .string(item.record.group), "size": .number(Double(item.record.size)),
             "sha256": .string(item.record.sha256), "stale": item.record.stale.map(JSONValue.string) ?? .null]
        }
        return ["scene": .string(path), "relativePath": .string(relativePath), "status": .string(status),
                "seconds": .number(BuildReport.rounded(seconds)), "rendered": .number(Double(rendered)),
                "fetched": .number(Double(fetched)), "outputs": .array(outputs),
                "diagnostics": .array(diagnostics.map(\.json))]
    }
}
