import Foundation
@testable import ScenePreview
import TestSupport
import XCTest

/// What /api/scene gives the inspector (issue 27, part 4): the registry's attributes own first
/// then layer, each marked with its group, the step a number field walks by and whether its
/// default is derived; the fonts the scene can use; and, for overridden attributes, the value
/// the file itself gives.
final class InspectorDocumentTests: XCTestCase {
    func testTheRegistryListsOwnAttributesFirstWithStepsAndDerivedDefaults() throws {
        let preview = try ServedPreview(self, scene: repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml").path)
        let json = try preview.get("/api/scene").json()
        let kinds = try XCTUnwrap((json["registry"] as? [String: Any])?["kinds"] as? [String: Any])
        let ring = try XCTUnwrap((kinds["ring"] as? [String: Any])?["attributes"] as? [[String: Any]])
        let groups = ring.compactMap { $0["group"] as? String }
        XCTAssertEqual(ring.first?["name"] as? String, "progress")
        XCTAssertEqual(groups.count, ring.count)
        // Every own attribute before every layer one, and both present.
        XCTAssertEqual(groups, groups.sorted { $0 == "own" && $1 == "layer" })
        XCTAssertTrue(groups.contains("own") && groups.contains("layer"))
        func spec(_ name: String) -> [String: Any]? { ring.first { $0["name"] as? String == name } }
        XCTAssertEqual(spec("progress")?["step"] as? Double, 0.01, "0–1 steps by a hundredth")
        XCTAssertEqual(spec("lineWidth")?["step"] as? Double, 1, "an open range steps by 1")
        XCTAssertEqual(spec("rotation")?["step"] as? Double, 1)
        XCTAssertEqual(spec("labelSize")?["derived"] as? Bool, true)
        XCTAssertNil(spec("progress")?["derived"])
        XCTAssertNil(spec("progressColor")?["step"], "a colour has no step")

        // The showcase's views read the same order: progress first, opacity after every own row.
        let header = try XCTUnwrap((json["views"] as? [[String: Any]])?.first)
        let download = try XCTUnwrap((header["children"] as? [[String: Any]])?.first)
        let rows = try XCTUnwrap(download["attributes"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        XCTAssertEqual(rows, ring.compactMap { $0["name"] as? String })
        XCTAssertNil(download["fileValues"], "no overrides, no file values")
    }

    func testStepsArePowersOfTenNearAHundredthOfTheRange() {
        XCTAssertEqual(RegistryDescription.step(min: 0, max: 1), 0.01)
        XCTAssertEqual(RegistryDescription.step(min: 0, max: 360), 1)
        XCTAssertEqual(RegistryDescription.step(min: 100, max: 900), 1)
        XCTAssertEqual(RegistryDescription.step(min: -1, max: 1), 0.01)
        XCTAssertEqual(RegistryDescription.step(min: 0, max: 10_000), 100)
        XCTAssertEqual(RegistryDescription.step(min: 0, max: nil), 1)
    }

    func testFontsAndTheFilesValuesBesideTheOverrides() throws {
        let preview = try ServedPreview(self, scene: repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml").path)
        let json = try preview.get("/api/scene?set=download.progress=0.25&set=download.lineWidth=3").json()
        let fonts = try XCTUnwrap(json["fonts"] as? [String])
        XCTAssertTrue(fonts.contains("DejaVu Sans"), "\(fonts)")
        XCTAssertFalse(fonts.contains("Noto Color Emoji"), "a colour emoji font is no text's family")
        let header = try XCTUnwrap((json["views"] as? [[String: Any]])?.first)
        let children = try XCTUnwrap(header["children"] as? [[String: Any]])
        let download = try XCTUnwrap(children.first)
        let values = try XCTUnwrap(download["fileValues"] as? [String: Any])
        XCTAssertEqual(values["progress"] as? Double, 0.72, "the file says 0.72")
        XCTAssertEqual(values["lineWidth"] as? Double, 12, "the style brand gives 12")
        XCTAssertEqual(values.count, 2, "only the overridden attributes")
        XCTAssertNil(children[1]["fileValues"], "upload has no overrides")
    }

    /// A frame the page overrides: `fileValues` carries each key it sets, `frame.KEY`, with the
    /// file's own text, so the geometry rows can show "file: …" beside the override.
    func testTheFilesFrameBesideAFrameOverride() throws {
        let preview = try ServedPreview(self, scene: repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml").path)
        let json = try preview.get("/api/scene?set=header.frame.x=40&set=views%5B0%5D.frame.width=100%25%20-%2020").json()
        let header = try XCTUnwrap((json["views"] as? [[String: Any]])?.first)
        let values = try XCTUnwrap(header["fileValues"] as? [String: Any])
        XCTAssertEqual(values["frame.x"] as? String, "16")
        XCTAssertEqual(values["frame.width"] as? String, "100% - 32", "the file's text, addressed by id or by index")
        XCTAssertEqual(values.count, 2, "only the keys overridden")
        let form = try XCTUnwrap(header["frameForm"] as? [String: Any])
        XCTAssertEqual((form["x"] as? [String: Any])?["text"] as? String, "40", "the frame shown is the overridden one")
        let children = try XCTUnwrap(header["children"] as? [[String: Any]])
        XCTAssertNil(children[0]["fileValues"], "a child of the header overrides nothing")
    }
}
