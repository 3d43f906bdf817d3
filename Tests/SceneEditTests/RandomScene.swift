import SceneModel
import TestSupport

/// A small valid scene in a random mix of styles (flow and block mappings, comments, quoted
/// and plain values, an anchor and its alias), and the addresses it has.
struct RandomScene {
    var text = ""
    /// Addresses of views: ids where they have one, index paths always.
    var views: [(address: String, type: ViewType)] = []
    var styles: [String] = []
    var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(state: seed)
        write()
    }

    mutating func comment() -> String {
        random.chance(0.3) ? "   # " + random.pick(["note", "ça va", "日本", "🎯 here", "x: y"]) : ""
    }

    mutating func write() {
        let lineBreak = random.chance(0.2) ? "\r\n" : "\n"
        var lines: [String] = ["# a random scene" + comment()]
        if random.chance(0.5) {
            lines.append("canvas: {width: 300, height: 200}" + comment())
        } else {
            lines += ["canvas:" + comment(), "  width: 300", "  height: 200" + comment()]
        }
        styles = random.chance(0.6) ? ["brand"] : []
        if !styles.isEmpty {
            lines += ["styles:", random.chance(0.5)
                ? "  brand: {progressColor: &accent \"#ff2d55\", lineWidth: 6}" + comment()
                : "  brand:\n    progressColor: &accent \"#ff2d55\"\n    lineWidth: 6" + comment()]
        }
        lines.append("views:")
        for index in 0..<Int.random(in: 1...4, using: &random) {
            lines += view(at: "views[\(index)]", indent: "  ", placed: true, depth: 0)
        }
        text = lines.joined(separator: "\n").replacingOccurrences(of: "\n", with: lineBreak)
        if random.chance(0.8) { text += lineBreak }
    }

    /// One view as lines, and its children; `placed`: it needs a frame (root or group).
    mutating func view(at path: String, indent: String, placed: Bool, depth: Int) -> [String] {
        // Every kind of the registry but those sized by their text (the fonts are not the
        // point here); containers only two levels deep.
        let kinds = Registry.kinds.filter { !$0.sizesToContent && (depth < 2 || $0.children == .none) }.map(\.type)
        let type = random.pick(kinds)
        var pairs: [(String, String)] = []
        var address = path
        if random.chance(0.6) {
            let id = "v\(views.count)"
            pairs.append(("id", id))
            address = id
        }
        pairs.append(("type", type.rawValue))
        views.append((address, type))
        if placed { pairs.append(("frame", "{x: 10, y: 10, width: 80, height: 60}")) }
        if !styles.isEmpty, random.chance(0.3) { pairs.append(("style", "brand")) }
        for spec in type.kind.attributes where spec.isRequired { pairs.append((spec.name, spec.example)) }
        if !styles.isEmpty, type.kind.attribute(named: "trackColor") != nil, random.chance(0.3) {
            pairs.append(("trackColor", "*accent"))
        }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            let spec = random.pick(type.kind.attributes)
            guard !pairs.contains(where: { $0.0 == spec.name }) else { continue }
            pairs.append((spec.name, value(of: spec, in: type).yaml))
        }
        var children: [String] = []
        if type.isContainer {
            for index in 0..<Int.random(in: 1...2, using: &random) {
                children += view(at: "\(path).children[\(index)]", indent: indent + "    ",
                                 placed: type.kind.children == .placedByFrame,
                                 depth: depth + 1)
            }
        }
        if children.isEmpty, random.chance(0.5) {
            return [indent + "- {" + pairs.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}" + comment()]
        }
        var lines = pairs.enumerated().map { i, pair in
            (i == 0 ? indent + "- " : indent + "  ") + "\(pair.0): \(pair.1)" + comment()
        }
        if !children.isEmpty {
            lines.append(indent + "  children:")
            lines += children
        }
        return lines
    }

    /// A random valid `--set` for this scene: a view's attribute or style, the canvas, a style.
    mutating func override() -> String {
        let roll = Double.random(in: 0..<1, using: &random)
        if roll < 0.1 {
            return "canvas." + random.pick(["width=250", "height=150.5", "background=#102030", "scale=2"])
        }
        if roll < 0.2, let style = styles.first {
            let spec = random.pick([Ring.kind.attribute(named: "lineWidth"), Ring.kind.attribute(named: "opacity"),
                                    Clock.kind.attribute(named: "handColor")].compactMap { $0 })
            return "styles.\(style).\(spec.name)=\(RandomValue.of(spec.kind, &random).option)"
        }
        let view = random.pick(views)
        if roll < 0.25, let style = styles.first {
            return "\(view.address).style=\(style)"
        }
        let spec = random.pick(view.type.kind.attributes)
        return "\(view.address).\(spec.name)=\(value(of: spec, in: view.type).option)"
    }

    /// A random value of `spec`, valid whatever else the view says: a stack's alignment words
    /// depend on its axis (also random, or set later), so it takes the one word every axis
    /// takes.
    mutating func value(of spec: AttributeSpec, in type: ViewType) -> RandomValue {
        if type == .stack, spec.name == Stack.alignment.name {
            return RandomValue(random.pick(StackAlignment.zWords.filter { word in
                StackAxis.allCases.allSatisfy { StackAlignment.words(for: $0).contains(word) }
            }))
        }
        return RandomValue.of(spec.kind, &random)
    }
}
