import SceneLottie
import SceneModel
import TestSupport

/// A small random scene with a timeline, for `scenec export`: views of every kind Lottie draws
/// (containers among them), static values and animations of the attributes the exporter's
/// coverage table says it exports, with every kind of easing, repeats and autoreverse — text
/// among them (glyph outlines, LottieTextTests).
struct RandomAnimatedScene {
    var text = ""
    var random: SeededRandom
    var ids: [(id: String, type: ViewType)] = []
    /// Lines with dashes, whose width stays 1 (see `view`).
    var dashed: Set<String> = []

    init(seed: UInt64) {
        random = SeededRandom(state: seed)
        write()
    }

    mutating func write() {
        var lines = ["# random animated scene"]
        let background = random.pick(["", ", background: \"#1c1c1e\"", ", background: white", ", background: \"#3366cc\""])
        lines.append("canvas: {width: 200, height: 160\(background)}")
        lines.append("views:")
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            lines += view(indent: "  ", depth: 0)
        }
        lines.append("timeline:")
        lines.append("  fps: \(random.pick([10, 24, 30]))")
        lines.append("  duration: \(random.pick(["1s", "1.5s", "2s"]))")
        lines.append("  animations:")
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            lines += animation()
        }
        text = lines.joined(separator: "\n") + "\n"
    }

    /// Attributes of `type` the exporter draws, as the coverage table has them.
    static func exported(_ type: ViewType, animatable: Bool) -> [AttributeSpec] {
        type.kind.attributes.filter { spec in
            guard case .exported? = LottieCoverage.mapping(type, spec.name) else { return false }
            if ["points", "columns", "rowHeight"].contains(spec.name) { return false }  // given, or sizes that may not fit
            return !animatable || spec.animatable != .no
        }
    }

    /// Whether Lottie draws the kind as scenec does with the attributes this generator gives:
    /// what it leaves out draws nothing at its default (a ring's label: none), and a drawing
    /// kind exports something.
    static func drawnWhole(_ type: ViewType) -> Bool {
        let own = type.kind.ownAttributes
        let leftOutDrawsNothing = own.allSatisfy { spec in
            guard case .leftOut(let unless, _)? = LottieCoverage.mapping(type, spec.name) else { return true }
            return spec.defaultValue == unless
        }
        return leftOutDrawsNothing && (type.isContainer || !exported(type, animatable: false).filter { own.contains($0) }.isEmpty)
    }

    mutating func view(indent: String, depth: Int) -> [String] {
        // The kinds Lottie draws whole, containers at the top only.
        let kinds = Registry.kinds.filter { kind in
            depth == 0 || kind.children == .none
        }.map(\.type).filter(Self.drawnWhole)
        let type = random.pick(kinds)
        let id = "v\(ids.count)"
        ids.append((id, type))
        var pairs = [("id", id), ("type", type.rawValue)]
        let x = Int.random(in: 0...100, using: &random), y = Int.random(in: 0...80, using: &random)
        let side = Int.random(in: 40...90, using: &random)
        pairs.append(("frame", "{x: \(x), y: \(y), width: \(side), height: \(side + random.pick([0, 0, 10, -10]))}"))
        for spec in type.kind.attributes where spec.isRequired { pairs.append((spec.name, spec.example)) }
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let spec = random.pick(Self.exported(type, animatable: false))
            guard !pairs.contains(where: { $0.0 == spec.name }) else { continue }
            pairs.append((spec.name, value(spec.kind)))
        }
        // rlottie draws a miter join at a corner that falls in a dash's gap, where Cairo draws
        // none: with dashes shorter than a thick line that join shows, so dashed lines keep
        // their width of 1 (docs/handoff.md, "Lottie"). The dashes RandomValue gives are one
        // dash-and-gap pair each, which rlottie offsets correctly.
        if pairs.contains(where: { $0.0 == "dash" }) {
            pairs.removeAll { $0.0 == "lineWidth" }
            dashed.insert(id)
        }
        var lines = pairs.enumerated().map { i, pair in (i == 0 ? indent + "- " : indent + "  ") + "\(pair.0): \(pair.1)" }
        if type.isContainer {
            lines.append(indent + "  children:")
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                var child = view(indent: indent + "    ", depth: depth + 1)
                if type.kind.children == .placedByContainer { child = child.filter { !$0.contains("frame:") } }
                lines += child
            }
        }
        return lines
    }

    /// A valid value of `kind`; lengths never below zero, whatever the view's size (a clock
    /// hand's length may not be).
    mutating func value(_ kind: ValueKind) -> String {
        if case .length = kind { return random.pick(["12", "0.5", "\"50%\"", "\"80%\"", "\"25% + 2\""]) }
        return RandomValue.of(kind, &random).yaml
    }

    mutating func animation() -> [String] {
        let target = random.pick(ids)
        let spec = random.pick(Self.exported(target.type, animatable: true).filter {
            !(dashed.contains(target.id) && $0.name == "lineWidth")
        })
        var fields = ["target: \(target.id).\(spec.name)"]
        if random.chance(0.7) { fields.append("from: \(value(spec.kind))") }
        fields.append("to: \(value(spec.kind))")
        fields.append("begin: \(random.pick(["0s", "0s", "0.2s", "0.45s"]))")
        let easing = random.pick(["linear", "easeIn", "easeOut", "easeInEaseOut", "default", "\"cubicBezier(0.3, -0.4, 0.6, 1.5)\"",
                                  "\"steps(3)\"", "{spring: {stiffness: 120, damping: 8}}"])
        fields.append("easing: \(easing)")
        if !easing.hasPrefix("{spring") || random.chance(0.5) {
            fields.append("duration: \(random.pick(["0.3s", "0.5s", "0.8s", "0s"]))")
        }
        if random.chance(0.4) { fields.append("repeat: \(random.pick(["2", "1.5", "forever"]))") }
        if random.chance(0.3) { fields.append("autoreverse: true") }
        return ["    - {" + fields.joined(separator: ", ") + "}"]
    }
}
