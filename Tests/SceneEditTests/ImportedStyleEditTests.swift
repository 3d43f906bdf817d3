import XCTest
import SceneCheck
import SceneSyntax
@testable import SceneEdit

/// `SceneEditor.edit(imported:of:applying:)`, what the preview's styles panel writes with: a
/// style's values written into the imported file that defines it, every other byte kept, and
/// refused when the result would not be the scene the overrides give.
final class ImportedStyleEditTests: XCTestCase {
    let scene = SourceFile(name: "dir/a.scene.yaml", text: """
        imports: [theme.yaml]
        canvas: {width: 40, height: 40}
        views:
          - {type: pie, style: brand, frame: {x: 0, y: 0, width: 40, height: 40}, progress: 1}
        """ + "\n")

    /// An editor whose imports read `theme` for dir/theme.yaml (nothing is read from disk).
    func editor(_ theme: String) -> SceneEditor {
        var editor = SceneEditor()
        let bytes = Array(theme.utf8)
        editor.frontend.options.readImport = { path in
            path == "dir/theme.yaml" ? .success(bytes) : .failure(ImportFailure("no such file"))
        }
        return editor
    }

    func edit(_ theme: String, _ sets: [String]) throws -> Result<EditedScene, EditRefusal> {
        try editor(theme).edit(imported: SourceFile(name: "dir/theme.yaml", text: theme), of: scene,
                               applying: sets.map { try Override($0) })
    }

    func testTheValueIsReplacedInTheImportedFileAndEveryOtherByteKept() throws {
        let theme = "# the brand\nstyles:\n  brand: {fillColor: \"#1e88e5\", borderColor: red}   # blue\n  other: {fillColor: green}\n"
        guard case .success(let e) = try edit(theme, ["styles.brand.fillColor=#e53935", "styles.brand.borderWidth=2"]) else {
            return XCTFail("refused")
        }
        XCTAssertEqual(String(decoding: e.bytes, as: UTF8.self),
                       "# the brand\nstyles:\n  brand: {fillColor: \"#e53935\", borderColor: red, borderWidth: 2}   # blue\n  other: {fillColor: green}\n")
        XCTAssertEqual(e.changes.map(\.action), [.replaced, .added])
    }

    func testABadValueAndAStyleTheFileLacksAreRefused() throws {
        let theme = "styles:\n  brand: {fillColor: blue}\n"
        guard case .failure(let bad) = try edit(theme, ["styles.brand.fillColor=notacolor"]) else { return XCTFail("not refused") }
        XCTAssertEqual(bad.diagnostics.first?.origin, "--set styles.brand.fillColor=notacolor")
        guard case .failure = try edit(theme, ["styles.missing.fillColor=red"]) else { return XCTFail("not refused") }
        guard case .failure = try edit(theme, ["r.progress=0.5"]) else { return XCTFail("a view's value is not an imported file's") }
    }

    func testAnAnchoredValueAnAliasRepeatsIsRefused() throws {
        // Rewriting the anchor would change `other` too: the scene would not be the overrides' one.
        let theme = "styles:\n  brand: &b {fillColor: blue}\n  other: *b\n"
        let scene2 = SourceFile(name: "dir/a.scene.yaml", text: """
            imports: [theme.yaml]
            canvas: {width: 40, height: 40}
            views:
              - {type: pie, style: brand, frame: {x: 0, y: 0, width: 20, height: 40}, progress: 1}
              - {type: pie, style: other, frame: {x: 20, y: 0, width: 20, height: 40}, progress: 1}
            """ + "\n")
        let result = editor(theme).edit(imported: SourceFile(name: "dir/theme.yaml", text: theme), of: scene2,
                                        applying: [try Override("styles.brand.fillColor=red")])
        guard case .failure = result else { return XCTFail("an anchor shared by an alias should not be rewritten") }
    }

    /// The file is shared: a scene that uses only the anchored style must not rewrite what the
    /// alias repeats for the other scenes that use it (the edit alone gives this scene's picture).
    func testAnAnchorAnAliasRepeatsIsRefusedWhenTheWritingSceneDoesNotUseTheAlias() throws {
        let theme = "styles:\n  brand: &t\n    fillColor: \"#123456\"\n  fourth: *t\n"
        guard case .failure(let refusal) = try edit(theme, ["styles.brand.fillColor=#00ff00"]) else {
            return XCTFail("an anchor another style aliases should not be rewritten, whichever scene asks")
        }
        XCTAssertEqual(refusal.diagnostics.first?.message, "the edit would change more than the --set values say: styles.fourth.fillColor changes too")
        XCTAssertTrue(refusal.diagnostics.first?.notes.first?.contains("alias") ?? false)
    }

    /// The same through a merge key: `<<: *base` brings the anchored keys into another style.
    func testAnAnchorAMergeBringsInIsRefused() throws {
        let theme = "styles:\n  brand: &b {fillColor: blue, borderColor: red}\n  other: {<<: *b, borderWidth: 2}\n"
        guard case .failure = try edit(theme, ["styles.brand.fillColor=#00ff00"]) else {
            return XCTFail("a value a merge brings into another style should not be rewritten")
        }
        // A key the merging style gives itself is its own: adding one changes nothing else.
        guard case .success = try edit(theme, ["styles.brand.borderWidth=4"]) else {
            return XCTFail("a key `other` sets itself hides the merged one: adding it to brand is brand's alone")
        }
    }
}
