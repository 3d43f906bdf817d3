import SceneSyntax

extension Override {
    /// Whether the scene read into `root` has what this override names: a view with its id or
    /// at its index path, a style of its name, an animation (and keyframe) at its index; the canvas always. Read from the file's tree as
    /// written, so a build can tell a `--set` that serves no scene at all from one that serves
    /// some (which `--set-where-present` skips in the others).
    public func hasTarget(in root: Node?) -> Bool {
        let top = root?.mapping ?? []
        func value(_ key: String, in pairs: [Node.Pair]) -> Node? { pairs.first { $0.key == key }?.value }
        switch address {
        case .canvas:
            return true
        case .timeline(let index, let keyframe, _):
            let animations = value("timeline", in: top)?.mapping.flatMap { value("animations", in: $0) }?.sequence ?? []
            guard animations.indices.contains(index) else { return false }
            // A keyframe chosen by its time is there to be set (or added) in any animation.
            guard case .index(let keyframe) = keyframe else { return true }
            let frames = animations[index].mapping.flatMap { value("keyframes", in: $0) }?.sequence ?? []
            return frames.indices.contains(keyframe)
        case .style(let name, _):
            return value("styles", in: top)?.mapping?.contains { $0.key == name } ?? false
        case .view(.path(let path), _):
            guard let views = value("views", in: top) else { return false }
            if case .success = path.node(inViews: views) { return true }
            return false
        case .view(.id(let id), _):
            var pending = value("views", in: top)?.sequence ?? []
            while let view = pending.popLast() {
                let pairs = view.mapping ?? []
                if value("id", in: pairs)?.scalar?.text == id { return true }
                pending += value("children", in: pairs)?.sequence ?? []
            }
            return false
        }
    }
}
