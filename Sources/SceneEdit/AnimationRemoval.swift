import SceneCheck
import SceneSyntax

/// `scenec edit --set ID.ATTR=V` on an animated attribute: the value is written and the
/// animations of that attribute are deleted from `timeline.animations`, since `--set` on an
/// animated attribute replaces its animation (docs/language.md §5) and an edit is that
/// `--set` made permanent.
extension EditPlanner {
    /// The index in `timeline.animations` of the first animation of the attribute `o` sets (a
    /// view's, by id or index path), with the list's pair; nil when none animates it.
    func animation(replacedBy o: Override) -> (list: Node.Pair, index: Int)? {
        guard case .view(let selector, let attribute) = o.address, attribute != SceneAddress.styleKey else { return nil }
        let top = root.mapping ?? []
        let views = top.first { $0.key == "views" }?.value
        let id: String?
        switch selector {
        case .id(let name): id = name
        case .path(let path):
            guard let views, case .success(let node) = path.node(inViews: views) else { return nil }
            id = node.mapping?.first { $0.key == "id" }?.value.scalar?.text
        }
        guard let id,
              let list = top.first(where: { $0.key == "timeline" })?.value.mapping?.first(where: { $0.key == "animations" }),
              let index = list.value.sequence?.firstIndex(where: { item in
                  item.mapping?.first { $0.key == "target" }?.value.scalar?.text == "\(id).\(attribute)"
              }) else { return nil }
        return (list, index)
    }

    /// The text edit deleting the item at `index` of the list under `list`: its lines in a block
    /// list, the item and one comma in a flow list; the last item leaves `[]`, so the file
    /// still says `animations:` is a list.
    func remove(item index: Int, of list: Node.Pair, for o: Override) -> Result<TextEdit, Diagnostic> {
        let node = list.value
        guard let items = node.sequence, items.indices.contains(index) else {
            return .failure(o.error("cannot find the animation to delete in the file"))
        }
        let unfound = o.error("cannot find where timeline.animations[\(index)] is written in the file",
                              notes: ["delete the animation by hand, or set its values with --set timeline.animations[\(index)]…"])
        if text.valueIsAlias(list) || text.aliasedItems(of: node).contains(true) {
            return .failure(o.error("timeline.animations is written with an alias (*name); delete the animation by hand"))
        }
        let item = items[index]
        let start = text.valueStart(item)
        guard let end = text.contentEnd(item) else { return .failure(unfound) }
        if items.count == 1 {
            let keyEnd = text.offset(list.keyRange.end)
            guard let colon = text.afterColon(keyEnd: keyEnd), let listEnd = text.contentEnd(node) else {
                return .failure(unfound)
            }
            return .success(TextEdit(colon..<listEnd, " []"))
        }
        if text.isFlow(node) {
            if index + 1 < items.count {
                return .success(TextEdit(start..<text.valueStart(items[index + 1]), ""))
            }
            guard let previousEnd = text.contentEnd(items[index - 1]) else { return .failure(unfound) }
            return .success(TextEdit(previousEnd..<end, ""))
        }
        // A block item: its lines, from its `- ` line to the end of its last; comments and
        // blank lines after it stay with what follows.
        let first = text.lineStart(start)
        guard text.bytes[first..<start].allSatisfy({ $0 == 0x20 || $0 == UInt8(ascii: "-") }) else { return .failure(unfound) }
        let lineEnd = text.lineEnd(end)
        return .success(TextEdit(first..<lineEnd + SourceText.lineBreakWidth(text.bytes, at: lineEnd), ""))
    }
}
