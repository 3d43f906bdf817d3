import SceneCheck
import SceneModel
import SceneSyntax
import XCTest

/// The references graph a check builds: every id, target, `{id.attribute}` binding, style and
/// import with the source range it is written at, read back out of the source text, in every
/// scalar style a text can be written in.
final class ReferencesTests: XCTestCase {
    func check(_ yaml: String, options: CheckOptions = CheckOptions()) -> CheckResult {
        let file = SourceFile(name: "dir/test.scene.yaml", text: yaml)
        return SceneChecker(options: options).checkResult(YAMLReader().read(file).root, file: file)
    }

    /// The source text a range covers (columns count Unicode scalars, as the reader's do).
    func written(_ range: SourceRange?, in yaml: String) -> String {
        guard let range else { return "<none>" }
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        var out = String.UnicodeScalarView()
        var line = range.start.line, column = range.start.column
        while (line, column) < (range.end.line, range.end.column), line <= lines.count {
            let text = lines[line - 1]
            if column - 1 < text.count {
                out.append(text[column - 1])
                column += 1
            } else {
                out.append("\n")
                line += 1
                column = 1
            }
        }
        return String(out)
    }

    func scene(text: String, extra: String = "") -> String {
        """
        canvas: {width: 200, height: 200}
        styles:
          brand: {lineWidth: 4}
        views:
          - {id: download, type: ring, style: brand, frame: {x: 0, y: 0, width: 100, height: 100}}
          - id: caption
            type: label
            frame: {x: 0, y: 100, width: 200, height: 50}
            text: \(text)
        \(extra)
        """
    }

    /// The one binding of `text`, checked clean, with its parts as written.
    func parts(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let yaml = scene(text: text)
        let result = check(yaml)
        XCTAssertNotNil(result.scene, "\(result.diagnostics)", file: file, line: line)
        XCTAssertEqual(result.references.bindings.count, 1, file: file, line: line)
        guard let b = result.references.bindings.first else { return [] }
        XCTAssertEqual([b.id, b.attribute], ["download", "progress"], file: file, line: line)
        return [written(b.idRange, in: yaml), written(b.attributeRange, in: yaml), written(b.formatRange, in: yaml),
                written(b.range, in: yaml)]
    }

    func testABindingsIdAttributeAndFormatArePlacedInAPlainText() {
        XCTAssertEqual(parts("Done {download.progress:percent} now"),
                       ["download", "progress", "percent", "{download.progress:percent}"])
        XCTAssertEqual(parts("x {download.progress}"), ["download", "progress", "<none>", "{download.progress}"])
    }

    func testQuotedTextsWithEscapesArePlacedWhereTheBindingIsWritten() {
        // Escapes before the binding make the text shorter than what is written.
        XCTAssertEqual(parts(#""\u00e9t\u00e9 \"x\"\t{download.progress:percent(1)}""#),
                       ["download", "progress", "percent(1)", "{download.progress:percent(1)}"])
        XCTAssertEqual(parts("'It''s {download.progress:number(2)}'"),
                       ["download", "progress", "number(2)", "{download.progress:number(2)}"])
        // An escape inside the id is still the id's range.
        XCTAssertEqual(parts(#""{\u0064ownload.progress}""#), [#"\u0064ownload"#, "progress", "<none>", #"{\u0064ownload.progress}"#])
    }

    func testBlockAndFoldedTextsArePlacedOnTheirOwnLines() throws {
        for header in ["|", ">-", "|2"] {
            let text = "\(header)\n      Now\n      at {download.progress:percent}\n"
            XCTAssertEqual(parts(text), ["download", "progress", "percent", "{download.progress:percent}"], header)
            let b = try XCTUnwrap(check(scene(text: text)).references.bindings.first)
            XCTAssertEqual(b.idRange.start, SourceLocation(line: 11, column: 11), header)
        }
        // A plain text folded over lines.
        XCTAssertEqual(parts("Now\n      at  {download.progress}"), ["download", "progress", "<none>", "{download.progress}"])
    }

    func testColumnsCountCharactersWrittenBeforeTheBinding() throws {
        let yaml = scene(text: "\"🎉 été {download.progress}\"")
        let b = try XCTUnwrap(check(yaml).references.bindings.first)
        XCTAssertEqual(b.idRange.start, SourceLocation(line: 9, column: 19), "one column for the emoji, as the reader counts")
        XCTAssertEqual(written(b.idRange, in: yaml), "download")
    }

    func testAnUnknownIdInAnEscapedOrBlockTextIsReportedAtTheIdItself() throws {
        for text in [#""\u00e9 {downlaod.progress}""#, "|\n      line\n      {downlaod.progress}\n"] {
            let yaml = scene(text: text)
            let result = check(yaml)
            let d = try XCTUnwrap(result.diagnostics.first)
            XCTAssertEqual(d.message, "no view has the id 'downlaod'; did you mean 'download'?")
            XCTAssertEqual(written(d.range, in: yaml), "downlaod", text)
            XCTAssertEqual(d.fixes.first?.edits.first?.range, d.range, text)
        }
    }

    func testABraceWithoutItsCloseInAnEscapedOrBlockTextIsReportedAtTheBrace() throws {
        for text in [#""\u00e9 50% {done""#, ">\n      line\n      50% {done\n"] {
            let yaml = scene(text: text)
            let d = try XCTUnwrap(check(yaml).diagnostics.first)
            XCTAssertEqual(d.message, "'{' without its '}' in text")
            XCTAssertEqual(written(d.range, in: yaml), "{", text)
        }
    }

    func testIdsTargetsAndTheirRanges() throws {
        let yaml = scene(text: "hi", extra: """
            timeline:
              animations:
                - {target: download.progress, to: 1, duration: 1s}
                - target: "download.lineWidth"
                  to: 8
                  duration: 1s
            """)
        let refs = check(yaml).references
        XCTAssertEqual(refs.declarations.map(\.id), ["download", "caption"])
        XCTAssertEqual(refs.viewTypes, ["download": .ring, "caption": .label])
        XCTAssertEqual(refs.targets.map { written($0.idRange, in: yaml) }, ["download", "download"])
        XCTAssertEqual(refs.targets.map { written($0.attributeRange, in: yaml) }, ["progress", "lineWidth"])
        XCTAssertEqual(refs.ranges(of: "download").map { written($0, in: yaml) }, ["download", "download", "download"])
        XCTAssertEqual(refs.declaration(of: "caption")?.type, .label)
    }

    /// A misspelt binding in an imported style's text is reported at the style's text, in its
    /// file, with a "did you mean" but no fix: the graph did not read that text, so the word's
    /// place in it is not known.
    func testABindingInAnImportedStyleGetsAHintButNoFix() throws {
        var options = CheckOptions()
        options.readImport = { path in
            path == "dir/theme.yaml" ? .success(Array("styles:\n  tag: {text: \"{downlaod.progress}\"}\n".utf8))
                : .failure(ImportFailure("no such file"))
        }
        let yaml = """
            imports: [theme.yaml]
            canvas: {width: 200, height: 200}
            views:
              - {id: download, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}}
              - {type: label, style: tag, frame: {x: 0, y: 100, width: 200, height: 50}}
            """
        let d = try XCTUnwrap(check(yaml, options: options).diagnostics.first)
        XCTAssertEqual(d.message, "no view has the id 'downlaod'; did you mean 'download'?")
        XCTAssertEqual(d.file?.name, "dir/theme.yaml")
        XCTAssertEqual(d.range.start, SourceLocation(line: 2, column: 16), "the {…} in the style's text")
        XCTAssertEqual(d.fixes, [])
    }

    func testStylesTheirUsesAndImports() throws {
        var options = CheckOptions()
        options.readImport = { path in
            path == "dir/theme.yaml" ? .success(Array("styles:\n  soft: {lineWidth: 2}\n  brand: {lineWidth: 3}\n".utf8))
                : .failure(ImportFailure("no such file"))
        }
        let yaml = scene(text: "hi").replacingOccurrences(of: "canvas:", with: "imports: [theme.yaml]\ncanvas:")
            .replacingOccurrences(of: "type: label", with: "type: label\n    style: [soft, \"brand\"]")
        let result = check(yaml, options: options)
        XCTAssertNotNil(result.scene, "\(result.diagnostics)")
        let refs = result.references
        XCTAssertEqual(refs.imports.map(\.name), ["theme.yaml"])
        XCTAssertEqual(written(refs.imports.first?.range, in: yaml), "theme.yaml")
        XCTAssertEqual(refs.styles.map { "\($0.name)@\($0.file ?? "scene")" }, ["soft@dir/theme.yaml", "brand@dir/theme.yaml", "brand@scene"])
        XCTAssertEqual(refs.style(named: "brand")?.file, nil, "the scene's own wins")
        XCTAssertEqual(refs.style(named: "soft")?.file, "dir/theme.yaml")
        XCTAssertEqual(refs.styleUses.map(\.name), ["brand", "soft", "brand"])
        XCTAssertEqual(refs.ranges(ofStyle: "brand").map { written($0, in: yaml) }, ["brand", "brand", "brand"])
    }

    func testTheGraphIsBuiltWhenTheSceneHasErrors() {
        let yaml = scene(text: "\"{download.progress} {nothing.progress}\"", extra: "    bogusKey: 1")
        let result = check(yaml)
        XCTAssertNil(result.scene)
        XCTAssertEqual(result.references.bindings.map(\.id), ["download", "nothing"])
        XCTAssertEqual(result.references.declarations.map(\.id), ["download", "caption"])
        XCTAssertEqual(result.references.binding(at: result.references.bindings[1].attributeRange.start)?.id, "nothing")
    }

    func testEachKindOfReferenceIsItsOwnType() throws {
        var options = CheckOptions()
        options.overrides = [try Override("download.progress=0.5")]
        let refs = check(scene(text: "\"{download.progress}\""), options: options).references
        let declaration: References.Declaration? = refs.declaration(of: "download")
        let binding: References.Binding? = refs.bindings.first
        let target: References.Target? = refs.targets.first
        let style: References.StyleDefinition? = refs.style(named: "brand")
        let use: References.StyleUse? = refs.styleUses.first
        let imported: References.Import? = refs.imports.first
        let set: References.OverrideUse? = refs.overrides.first
        XCTAssertEqual(declaration?.type, .ring)
        XCTAssertEqual(binding?.format, .plain)
        XCTAssertNil(target)
        XCTAssertEqual(style?.keys, ["lineWidth"])
        XCTAssertEqual(use?.name, "brand")
        XCTAssertNil(imported)
        XCTAssertEqual([set?.id, set?.option], ["download", "--set download.progress=0.5"])
    }
}
