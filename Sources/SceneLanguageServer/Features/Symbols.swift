import SceneSupport
import SceneSyntax

/// `textDocument/documentSymbol`: the view tree, each view named by its id (or its type), and
/// the styles and components.
enum Symbols {
    /// LSP's SymbolKind.
    static let objectKind = 19, classKind = 5

    static func respond(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        let analysis = request.analysis
        let views = analysis.views
        func symbol(_ index: Int) -> JSONValue {
            let view = views[index]
            let type = view.pairs["type"]?.value.scalar?.text ?? "view"
            let children = views.indices.filter { views[$0].parent == index }.map(symbol)
            let selection = view.idNode?.range ?? view.pairs["type"]?.value.range ?? view.node.range
            return ["name": .string(view.id ?? type), "detail": .string(type), "kind": .int(objectKind),
                    "range": request.range(view.node.range), "selectionRange": request.range(selection),
                    "children": .array(children)]
        }
        var symbols = views.indices.filter { views[$0].parent == nil }.map(symbol)
        for style in analysis.tree?.mapping?["styles"]?.value.mapping ?? [] {
            symbols.append(["name": .string(style.key), "detail": "style", "kind": .int(classKind),
                            "range": request.range(SourceRange(start: style.keyRange.start, end: style.value.range.end)),
                            "selectionRange": request.range(style.keyRange)])
        }
        // A library's (or a scene's) components, by name; what is inside one is the components'.
        for component in analysis.tree?.mapping?["components"]?.value.mapping ?? [] {
            symbols.append(["name": .string(component.key), "detail": "component", "kind": .int(classKind),
                            "range": request.range(SourceRange(start: component.keyRange.start, end: component.value.range.end)),
                            "selectionRange": request.range(component.keyRange)])
        }
        return .success(.array(symbols))
    }
}
