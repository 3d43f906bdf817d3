import SceneModel
import SceneSyntax

/// `--set` and the timeline (docs/language.md §5, "Overrides and the timeline"): one meaning
/// wherever a `--set` comes from (the command line, the preview's `set=`, `scenec edit`).
///
/// - `timeline.animations[I].KEY` and `….keyframes[K].KEY` are written into the animation's
///   node before the timeline is checked, so the value is read by the very rules a file's is,
///   and a value that does not fit is reported against the option.
/// - A view's attribute set by `--set` that an animation drives is that constant for the whole
///   timeline: its animations are taken out (a warning names each one's line), as if the file
///   had none. Otherwise the animation would overwrite the value at every frame and the
///   `--set` would change nothing anyone sees.
struct TimelineOverrides {
    let options: CheckOptions
    /// The options that wrote values into the timeline: a problem found in such a value has no
    /// place in the file, so it is reported against them.
    private(set) var writers: [String] = []
    /// The file's index of each animation left in the list `apply` returns, in order.
    private(set) var kept: [Int] = []
    /// Whether a `--set` replaced an animation with a constant (so the timeline drawn may be
    /// shorter than the file's).
    private(set) var replacedAnimations = false
    /// The animations instances of components brought (after the file's own), by index: where
    /// a warning names them, since the file's list does not hold them.
    var instanceAnimations: [Int: InstanceAnimation] = [:]

    init(options: CheckOptions) {
        self.options = options
    }

    /// The file's `timeline:` with the overrides applied. `views` is the file's `views:` (to
    /// find the id of a view `--set` names by index path), `fileName` names the file in warnings.
    mutating func apply(to timeline: Node?, views: Node?, viewTypes: [String: ViewType], fileName: String,
                        log: inout DiagnosticLog) -> Node? {
        let timelineSets = options.overrides.filter { if case .timeline = $0.address { return true } else { return false } }
        guard let timeline, var top = timeline.mapping,
              let listIndex = top.firstIndex(where: { $0.key == "animations" }),
              var items = top[listIndex].value.sequence else {
            if options.overridesMustMatch {
                for o in timelineSets {
                    log.add(o.error("the scene has no timeline animations, so nothing is at \(o.address)"))
                }
            }
            return timeline
        }
        let fps = top.first { $0.key == "fps" }.flatMap { Double($0.value.scalar?.text ?? "") } ?? 30
        for o in timelineSets {
            guard case .timeline(let index, let keyframe, let key) = o.address else { continue }
            guard items.indices.contains(index) else {
                if options.overridesMustMatch {
                    log.add(o.error("no animation at timeline.animations[\(index)]: timeline.animations \(Self.holding(items.count, "animation", "animations"))"))
                }
                continue
            }
            if let patched = write(o, key: key, keyframe: keyframe, into: items[index], animation: index,
                                   viewTypes: viewTypes, fps: fps, log: &log) {
                items[index] = patched
                writers.append(o.option)
            }
        }
        // Replaced animations go after the timeline's own values are written: indices name
        // the animations as the file lists them.
        var replaced = Set<Int>()
        for o in options.overrides {
            guard case .view(let selector, let attribute) = o.address, attribute != SceneAddress.styleKey,
                  let id = Self.id(of: selector, in: views) else { continue }
            let target = "\(id).\(attribute)"
            for (index, item) in items.enumerated() where Self.target(of: item) == target && !replaced.contains(index) {
                replaced.insert(index)
                let place = instanceAnimations[index].map { made in
                    "\(made.file?.name ?? fileName):\(item.range.start.line) (\(made.context.last ?? "a component's"))"
                } ?? "\(fileName):\(item.range.start.line) (timeline.animations[\(index)])"
                log.add(Diagnostic(.warning, "replaces the animation of \(target) at \(place) with the constant \(o.valueText.trimmingSpaces)",
                                   at: .none, origin: o.option,
                                   notes: ["an animated attribute set with --set holds that value for the whole timeline; to change the animation instead, "
                                           + (instanceAnimations[index] == nil ? "set timeline.animations[\(index)]…"
                                              : "set the instance's argument it is made from (its component's animation is at \(place))")],
                                   code: .overrideReplacesAnimation))
            }
        }
        replacedAnimations = !replaced.isEmpty
        kept = items.indices.filter { !replaced.contains($0) }
        items = kept.map { items[$0] }
        top[listIndex].value = Node(.sequence(items), range: top[listIndex].value.range)
        return Node(.mapping(top), range: timeline.range)
    }

    /// The checked timeline with each animation's index in the file (every animation of the
    /// list is in a timeline that checked: one that does not is an error).
    func numbered(_ timeline: Timeline?) -> Timeline? {
        guard var timeline else { return nil }
        for i in timeline.animations.indices {
            timeline.animations[i].index = i < kept.count ? kept[i] : i
        }
        return timeline
    }

    /// A problem the timeline's check found, placed: one with no place in the file is in a
    /// value an option wrote.
    /// One in the file's text, when options wrote into the timeline, notes them: the rule
    /// broken (keyframes in time order) may be broken by what they wrote.
    func located(_ d: Diagnostic) -> Diagnostic {
        guard d.origin == nil, !writers.isEmpty else { return d }
        var d = d
        if d.range.isNone {
            d.origin = writers.joined(separator: ", ")
        } else if d.severity == .error {
            d.notes.append("with " + writers.joined(separator: ", "))
        }
        return d
    }

    /// The animation `item` with `o`'s value at `key` (of the keyframe, when there is one); nil
    /// when the override cannot be written there (the log says why).
    private func write(_ o: Override, key: String, keyframe selector: KeyframeSelector?, into item: Node, animation: Int,
                       viewTypes: [String: ViewType], fps: Double, log: inout DiagnosticLog) -> Node? {
        let place = "timeline.animations[\(animation)]"
        guard let pairs = item.mapping else {
            log.add(o.error("\(place) is not a mapping, so it has no '\(key)' to set"))
            return nil
        }
        let frames = pairs.first { $0.key == "keyframes" }?.value
        let spec = Self.target(of: item).flatMap { target -> AttributeSpec? in
            guard let (id, name) = SceneAddress.splitViewAttribute(target, views: viewTypes) else { return nil }
            return viewTypes[id]?.kind.attribute(named: name)
        }
        guard let value = checked(o, key: key, spec: spec, fps: fps, log: &log) else { return nil }
        let keyframe: Int
        switch selector {
        case .at(let time):
            switch KeyframeAtTime.find(time, in: item, fps: fps, place: place) {
            case .failure(let reason):
                log.add(o.error(reason.text))
                return nil
            case .success(let found):
                switch found.place {
                case .fromTo(let key): return Self.setting(key, to: value, in: item)
                case .keyframe(let k): keyframe = k
                case .insert(let k): return Self.inserting(KeyframeAtTime.keyframe(at: Self.plain(time), value: value),
                                                           at: k, converting: found.converted, into: item)
                }
            }
        case .index(let k): keyframe = k
        case nil:
            if frames != nil, ["from", "to", "duration"].contains(key) {
                log.add(o.error("\(place) is given by keyframes, which have no '\(key)'; set \(place).keyframes[K].value or .at"))
                return nil
            }
            return Self.setting(key, to: value, in: item)
        }
        guard let frames, var list = frames.sequence else {
            log.add(o.error("\(place) has no keyframes (it goes from/to); set \(place).from, .to or .duration"))
            return nil
        }
        guard list.indices.contains(keyframe) else {
            log.add(o.error("no keyframe at \(place).keyframes[\(keyframe)]: \(place).keyframes \(Self.holding(list.count, "keyframe", "keyframes"))"))
            return nil
        }
        guard list[keyframe].mapping != nil else {
            log.add(o.error("\(place).keyframes[\(keyframe)] is not a mapping, so it has no '\(key)' to set"))
            return nil
        }
        list[keyframe] = Self.setting(key, to: value, in: list[keyframe])
        return Self.setting("keyframes", to: Node(.sequence(list), range: frames.range), in: item)
    }

    /// `item` with `keyframe` at `index` of its keyframes: those of its from/to when `fromTo`
    /// is set (the animation then goes by keyframes).
    private static func inserting(_ keyframe: Node, at index: Int, converting fromTo: KeyframeAtTime.FromTo?,
                                  into item: Node) -> Node {
        guard let fromTo else {
            let frames = item.mapping?.first { $0.key == "keyframes" }?.value
            var list = frames?.sequence ?? []
            list.insert(keyframe, at: Swift.min(index, list.count))
            return setting("keyframes", to: Node(.sequence(list), range: frames?.range ?? .none), in: item)
        }
        var list = [KeyframeAtTime.keyframe(at: plain("0"), value: fromTo.from),
                    KeyframeAtTime.keyframe(at: fromTo.duration, value: fromTo.to)]
        list.insert(keyframe, at: Swift.min(index, list.count))
        return KeyframeAtTime.replacingFromTo(in: item, with: list)
    }

    private static func plain(_ text: String) -> Node {
        Node(.scalar(.init(text: text, isPlain: true)), range: .none)
    }

    /// The override's value as a node, once it reads as the key's values do (the attribute's
    /// kind, a duration or an easing); the checker then reads the same node again in place.
    private func checked(_ o: Override, key: String, spec: AttributeSpec?, fps: Double, log: inout DiagnosticLog) -> Node? {
        let what = o.address.description
        guard let node = log.take(o.valueNode(literal: spec?.kind.isText ?? false)) else { return nil }
        switch key {
        case "from", "to", "value":
            // An animation whose target does not check is reported by the timeline's check.
            guard let spec else { return node }
            return log.take(ValueParser.parse(node, as: spec.kind, what: what), origin: o.option).map { _ in node }
        case "duration", "begin", "at":
            return log.take(Timing.duration(node, fps: fps, what: what), origin: o.option).map { _ in node }
        default:
            return log.take(Timing.easing(node, what: what), origin: o.option).map { _ in node }
        }
    }

    /// `node` (a mapping) with `key` set to `value`: replaced where it is, else added at the end.
    static func setting(_ key: String, to value: Node, in node: Node) -> Node {
        var pairs = node.mapping ?? []
        if let i = pairs.firstIndex(where: { $0.key == key }) {
            pairs[i].value = value
        } else {
            pairs.append(Node.Pair(key: key, keyRange: .none, value: value))
        }
        return Node(.mapping(pairs), range: node.range)
    }

    /// An animation's `target:` as written (`id.attribute`).
    static func target(of item: Node) -> String? {
        item.mapping?.first { $0.key == "target" }?.value.scalar?.text
    }

    /// The id of the view `selector` names, read from the file's `views:`; nil for a view with none.
    static func id(of selector: ViewSelector, in views: Node?) -> String? {
        switch selector {
        case .id(let id): return id
        case .path(let path):
            guard let views, case .success(let node) = path.node(inViews: views) else { return nil }
            return node.mapping?.first { $0.key == "id" }?.value.scalar?.text
        }
    }

    /// "holds 2 animations: animations[0] to animations[1]", as `ViewPath.holding` says it of views.
    static func holding(_ count: Int, _ one: String, _ many: String) -> String {
        switch count {
        case 0: return "holds no \(many)"
        case 1: return "holds 1 \(one): \(many)[0]"
        default: return "holds \(count) \(many): \(many)[0] to \(many)[\(count - 1)]"
        }
    }
}

extension DiagnosticLog {
    /// Unwraps an override's value node, logging why it is not one.
    mutating func take(_ result: Result<Node, Diagnostic>) -> Node? {
        switch result {
        case .success(let node): return node
        case .failure(let d):
            add(d)
            return nil
        }
    }
}
