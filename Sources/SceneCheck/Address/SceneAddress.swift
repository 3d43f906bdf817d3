/// A place in a scene that holds a value: an attribute of a view, of the canvas, or of a named
/// style. `--set ADDRESS=VALUE` writes one, and the preview page and `scenec edit` name values
/// the same way. As text:
///
///     download.progress                  the view with id 'download'
///     views[1].children[0].progress      the view at that place in the lists (0-based), id or not
///     download.style                     a view's style: a name or a list of names
///     download.frame.x                   a key of the view's frame: x, y, centerX, centerY,
///                                        width or height (a length)
///     canvas.background                  the canvas's width, height, background or scale
///     styles.brand.lineWidth             an attribute inside the style 'brand'
///     timeline.animations[0].to          a key of the first animation of `timeline:`
///     timeline.animations[1].keyframes[2].value   a keyframe's value (or `at`, also written `time`)
///     timeline.animations[0].keyframes[at: 0.5s].value   the value at that time: the keyframe
///                                        there, added in time order when there is none
///
/// `canvas`, `styles` and `timeline` are reserved at the start of an address, so a view whose
/// id is one of them is reached by its index path. `SceneAddress(parsing:)` and `description` round-trip.
/// Whether the address exists in a given scene (an id, an index, a style) is the checker's
/// business: parsing only says whether the text is an address at all.
public enum SceneAddress: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
    /// An attribute of a view from the registry, or `style` (`SceneAddress.styleKey`).
    case view(ViewSelector, attribute: String)
    /// One of `SceneAddress.canvasAttributes`.
    case canvas(attribute: String)
    /// An attribute inside the named style of `styles:`.
    case style(name: String, attribute: String)
    /// A key of the animation at `animation` in `timeline.animations` (one of
    /// `TimelineAddress.animationKeys`), or with `keyframe`, a key of that keyframe
    /// (`TimelineAddress.keyframeKeys`). 0-based, as in the file's lists; a keyframe chosen by
    /// its time has only a `value`.
    case timeline(animation: Int, keyframe: KeyframeSelector?, key: String)

    /// The canvas's keys: what the file's `canvas:` and `canvas.ATTR` may name.
    public static let canvasAttributes = ["width", "height", "background", "scale", "poster"]
    /// The view key naming its styles; not an attribute in the registry, but settable.
    public static let styleKey = "style"
    /// What begins a view's `frame.KEY`, the one view address with a dot in its attribute.
    public static let frameKeyPrefix = "frame."

    /// The frame key (`x`, `centerX`, `width` …) a view's `ID.frame.KEY` sets; nil for any
    /// other address.
    public var frameKey: String? {
        guard case .view(_, let attribute) = self, attribute.hasPrefix(Self.frameKeyPrefix) else { return nil }
        return String(attribute.dropFirst(Self.frameKeyPrefix.count))
    }

    /// The attribute the address ends in, whatever it belongs to.
    public var attribute: String {
        switch self {
        case .view(_, let attribute), .canvas(let attribute), .style(_, let attribute): return attribute
        case .timeline(_, _, let key): return key
        }
    }

    public var description: String {
        switch self {
        case .view(let selector, let attribute): return "\(selector).\(attribute)"
        case .canvas(let attribute): return "canvas.\(attribute)"
        case .style(let name, let attribute): return "styles.\(name).\(attribute)"
        case .timeline(let animation, let keyframe, let key):
            return "timeline.animations[\(animation)]" + (keyframe.map { ".\($0)" } ?? "") + ".\(key)"
        }
    }

    /// nil when the text is not an address; `init(parsing:)` says why.
    public init?(_ description: String) {
        guard let parsed = try? SceneAddress(parsing: description) else { return nil }
        self = parsed
    }
}

/// Which keyframe of an animation an address means: the one at an index of `keyframes`, or
/// the one at a time (docs/language.md §5, "Overrides and the timeline"), which setting its
/// value adds when the animation has none there.
public enum KeyframeSelector: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    case index(Int)
    /// A time from the animation's begin, as the file writes a keyframe's `at` (`1.5s`,
    /// `250ms`, `12f`, `0.5`); read by the checker, which knows the timeline's fps.
    case at(String)

    public init(integerLiteral value: Int) {
        self = .index(value)
    }

    public var description: String {
        switch self {
        case .index(let i): return "keyframes[\(i)]"
        case .at(let time): return "keyframes[at: \(time)]"
        }
    }
}

/// Which view an address means: by its id, or by where it sits in the file.
public enum ViewSelector: Sendable, Hashable, CustomStringConvertible {
    case id(String)
    case path(ViewPath)

    public var description: String {
        switch self {
        case .id(let id): return id
        case .path(let path): return path.description
        }
    }

    /// Whether this is the view with `id` (if any) at `path`.
    public func selects(id: String?, path: ViewPath) -> Bool {
        switch self {
        case .id(let wanted): return wanted == id
        case .path(let wanted): return wanted == path
        }
    }
}

/// A view's place in the file: its index in `views`, then in each container's `children`,
/// 0-based as in the YAML lists. Written `views[1].children[2]`; every view has one, with or
/// without an id, and it is what `inspect` shows as the view's address.
public struct ViewPath: Sendable, Hashable, CustomStringConvertible {
    /// Never empty: the first is the index in `views`.
    public let indices: [Int]

    /// The view at `index` in `views`, or below it through `children` indices.
    public init(root index: Int, children: [Int] = []) {
        indices = [index] + children
    }

    /// The view at `index` in this one's `children`.
    public func child(_ index: Int) -> ViewPath {
        ViewPath(indices: indices + [index])
    }

    /// The container holding this view; nil for a view in `views`.
    public var parent: ViewPath? {
        indices.count > 1 ? ViewPath(indices: Array(indices.dropLast())) : nil
    }

    private init(indices: [Int]) {
        self.indices = indices
    }

    public var description: String {
        var text = ""
        for (depth, index) in indices.enumerated() {
            text += depth == 0 ? "views[\(index)]" : ".children[\(index)]"
        }
        return text
    }
}

/// Text that is not an address, with what to write instead: a command-line error.
public struct AddressError: Error, Sendable, Hashable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}
