import SceneModel
import SceneSyntax

/// Checks `frame:` and `size:`.
package struct FrameChecker {
    var log: DiagnosticLog

    package static let frameKeys = ["x", "y", "centerX", "centerY", "width", "height"]

    /// The frame the file writes, with `sets` (the view's `--set ….frame.KEY`s, in order)
    /// applied over it.
    mutating func frame(_ node: Node, size: SizeSpec?, kind: ViewKind, name: String,
                        sets: [FrameOverride] = []) -> FrameSpec? {
        guard let all = node.mapping else {
            log.error(.wrongStructure, "frame must be a mapping such as {x: 20, y: 20, width: 150, height: 150}, not \(node.kindDescription)",
                      at: node.range)
            return nil
        }
        let pairs = log.knownKeys(all, Self.frameKeys, in: "frame")
        func length(_ key: String) -> Length? {
            pairs[key].flatMap { log.take(ValueParser.length($0.value, what: "frame \(key)")) }
        }
        func position(_ edge: String, _ center: String) -> FramePosition? {
            let e = pairs[edge], c = pairs[center]
            if let e, c != nil {
                log.error(.conflictingKeys, "frame gives both '\(edge)' and '\(center)'; give one", at: e.keyRange)
                return nil
            }
            var position: FramePosition?
            if e != nil { position = length(edge).map(FramePosition.origin) }
            if c != nil { position = length(center).map(FramePosition.center) }
            let overridden = sets.filter { $0.key == edge || $0.key == center }
            for set in overridden {
                // The file's form is kept: x on a frame written with centerX would leave both.
                let written = e != nil ? edge : c != nil ? center : nil
                if let written, written != set.key {
                    log.add(set.override.error(.conflictingKeys, "the frame of \(name) writes '\(written)', not '\(set.key)'; set \(set.addressing(written)) instead"))
                    continue
                }
                if let l = overrideLength(set) { position = set.key == edge ? .origin(l) : .center(l) }
            }
            if e == nil, c == nil, overridden.isEmpty {
                log.missing([edge, center], in: all, "frame needs '\(edge)' or '\(center)'", at: node.range.startOnly)
            }
            return position
        }
        let x = position("x", "centerX"), y = position("y", "centerY")
        var width = length("width"), height = length("height")
        for (key, value) in [("width", width), ("height", height)] {
            if let value, let pair = pairs[key], let why = Self.negative(value, "frame \(key)") {
                log.error(.outOfRange, why, at: pair.value.range)
            }
        }
        for set in sets where set.key == "width" || set.key == "height" {
            if size != nil {
                log.add(set.override.error(.conflictingKeys, "\(name) gives its size in size:, not in its frame; set its frame's \(set.key) once size: is gone"))
                continue
            }
            guard let l = overrideLength(set) else { continue }
            if let why = Self.negative(l, "frame \(set.key)") {
                log.add(set.override.error(.outOfRange, why))
                continue
            }
            if set.key == "width" { width = l } else { height = l }
        }
        if let size {
            if pairs["width"] != nil || pairs["height"] != nil, let pair = pairs["width"] ?? pairs["height"] {
                log.error(.conflictingKeys, "\(name) gives its size twice, in frame and in size; give one", at: pair.keyRange)
            }
            width = width ?? size.width
            height = height ?? size.height
        }
        let written = (width: width != nil, height: height != nil)
        if width == nil || height == nil {
            if (width == nil && pairs["width"] != nil) || (height == nil && pairs["height"] != nil) {
                return nil  // given, but its value is wrong: that error is already reported
            }
            if let intrinsic = kind.intrinsicSize {
                width = width ?? .pt(intrinsic.width)
                height = height ?? .pt(intrinsic.height)
            } else if kind.sizesToContent {
                // Layout measures what is left out (a label's text, wrapped to a given width).
            } else {
                let missing = width == nil ? "width" : "height"
                log.missing([missing], in: all, "frame of \(name) needs '\(missing)'", at: node.range.startOnly,
                          notes: ["only a view with a size of its own (pie: 37 × 37, a label's text) may leave width and height out"])
                return nil
            }
        }
        guard let x, let y else { return nil }
        return FrameSpec(x: x, y: y, width: width, height: height, widthWritten: written.width, heightWritten: written.height)
    }

    /// `size: {width, height}` or one length for a square.
    mutating func size(_ node: Node) -> SizeSpec? {
        if node.scalar != nil {
            guard let l = log.take(ValueParser.length(node, what: "size")) else { return nil }
            if let why = Self.negative(l, "size") {
                log.error(.outOfRange, why, at: node.range)
                return nil
            }
            return SizeSpec(width: l, height: l)
        }
        guard let all = node.mapping else {
            log.error(.wrongStructure, "size must be {width, height} or one number, not \(node.kindDescription)", at: node.range)
            return nil
        }
        let pairs = log.knownKeys(all, ["width", "height"], in: "size")
        var result: [Length] = []
        for key in ["width", "height"] {
            guard let pair = pairs[key] else {
                log.missing([key], in: all, "size needs '\(key)'", at: node.range.startOnly)
                return nil
            }
            guard let l = log.take(ValueParser.length(pair.value, what: "size \(key)")) else { return nil }
            if let why = Self.negative(l, "size \(key)") {
                log.error(.outOfRange, why, at: pair.value.range)
                return nil
            }
            result.append(l)
        }
        return SizeSpec(width: result[0], height: result[1])
    }
}

extension FrameChecker {
    /// Why a size is negative whatever the parent's size ("-20", or a sum whose total is, such
    /// as "100% - 5% - 100%"), nil when it is not. A sum whose parts differ in sign
    /// ("50% - 300") depends on the parent: SceneLint says so, after layout.
    static func negative(_ l: Length, _ what: String) -> String? {
        guard l.percent <= 0, l.points <= 0, l.percent < 0 || l.points < 0 else { return nil }
        if l.percent == 0 { return "\(what) cannot be negative" }
        let total = "\(formatNumber(l.percent))% of the parent" + (l.points == 0 ? "" : " - \(formatNumber(-l.points))")
        return "\(what) cannot be negative: it comes to \(total)"
    }

    /// A `--set ….frame.KEY` value read as a length, its error reported against the option.
    mutating func overrideLength(_ set: FrameOverride) -> Length? {
        switch set.override.valueNode() {
        case .failure(let d):
            log.add(d)
            return nil
        case .success(let node):
            return log.take(ValueParser.length(node, what: "frame \(set.key)"), origin: set.override.option)
        }
    }
}

/// A `--set ID.frame.KEY=LENGTH` for one view: the option and the frame key it sets.
struct FrameOverride {
    let override: Override
    let key: String

    /// The same view's address for another frame key, as the option names the view.
    func addressing(_ other: String) -> String {
        guard case .view(let selector, _) = override.address else { return other }
        return "\(selector).frame.\(other)"
    }
}
