import SceneSyntax

/// Where an attribute's value came from, as `inspect` reports it.
public enum AttributeSource: Sendable, Hashable, CustomStringConvertible {
    case defaultValue
    case style(String)
    /// A style of a file the scene imports (directly or through another import).
    case imported(style: String, file: String)
    /// Not given: the attribute's derivation worked it out from these attributes (`size`: the
    /// view's size).
    case derived(from: [String])
    case file
    case commandLine

    public var description: String {
        switch self {
        case .defaultValue: return "default"
        case .style(let name): return "style \(name)"
        case .imported(let style, let file): return "style \(style) from \(file)"
        case .derived(let inputs): return "derived from \(inputs.joined(separator: ", "))"
        case .file: return "file"
        case .commandLine: return "--set"
        }
    }
}

/// A value with its source and the place it was written (for later diagnostics).
public struct ResolvedValue: Sendable, Hashable {
    public var value: Value
    public var source: AttributeSource
    public var range: SourceRange
    /// A colour's form as written (`systemBlue`, `{light, dark}`, `"#0a84ff"`…), kept when
    /// `value` became the colour for the scene's appearance.
    public var form: ColorForm?

    public init(value: Value, source: AttributeSource, range: SourceRange = .none, form: ColorForm? = nil) {
        self.value = value
        self.source = source
        self.range = range
        self.form = form
    }
}

/// A view's attribute values after defaults, styles, the file and `--set` (and, when drawn, the
/// timeline). Read with the registry's typed keys: `values[Ring.progress]`.
public struct AttributeValues: Sendable, Hashable {
    /// Values a style, the file, `--set` or the timeline gave.
    public private(set) var explicit: [String: ResolvedValue]
    /// The kind's defaults: one table shared by every view of the kind, so a scene of 100,000
    /// views does not hold 100,000 copies of them.
    let defaults: [String: Value]

    public init() {
        explicit = [:]
        defaults = [:]
    }

    /// Every attribute of the kind at its default value.
    public init(defaultsOf kind: ViewKind) {
        explicit = [:]
        defaults = kind.defaultValues
    }

    /// The value of `name` with its source: given, or the kind's default.
    public func resolved(_ name: String) -> ResolvedValue? {
        explicit[name] ?? defaults[name].map { ResolvedValue(value: $0, source: .defaultValue) }
    }

    public subscript<T>(_ attribute: Attribute<T>) -> T {
        resolved(attribute.name).flatMap { T($0.value) } ?? attribute.defaultValue
    }

    /// The value a style, the file, `--set` or the timeline gave; nil leaves it to the rule,
    /// which `ResolvedView` applies.
    public func given<T>(_ attribute: DerivedAttribute<T>) -> T? {
        explicit[attribute.name].flatMap { T($0.value) }
    }

    public subscript<T>(_ attribute: MeasuredAttribute<T>) -> T? {
        explicit[attribute.name].flatMap { T($0.value) }
    }

    public subscript<T>(_ attribute: OptionalAttribute<T>) -> T? {
        explicit[attribute.name].flatMap { T($0.value) }
    }

    public subscript(name: String) -> Value? {
        resolved(name)?.value
    }

    public mutating func set(_ name: String, _ value: ResolvedValue) {
        explicit[name] = value
    }
}

extension AttributeValues {
    /// Values an overshooting animation curve pushed out of their range, brought back in
    /// (docs/language.md §5: clamped when drawn), as every renderer and exporter reads them.
    public func clamped(to kind: ViewKind) -> AttributeValues {
        var result = self
        for spec in kind.attributes {
            guard let entry = explicit[spec.name] else { continue }
            var clamped = entry
            switch (spec.kind, entry.value) {
            case (.number(let range), .number(let n)): clamped.value = .number(range.clamp(n))
            case (_, .color(let c)): clamped.value = .color(c.clamped)
            default: continue
            }
            if clamped.value != entry.value { result.set(spec.name, clamped) }
        }
        return result
    }
}

/// A frame's horizontal or vertical position: by its leading edge or by its centre.
public enum FramePosition: Sendable, Hashable {
    case origin(Length)
    case center(Length)
}

/// A `frame:` as written: lengths, percent of the parent's content size.
public struct FrameSpec: Sendable, Hashable {
    public var x: FramePosition
    public var y: FramePosition
    public var width: Length?
    public var height: Length?
    /// False where the file (and its overrides) leave the length out and the kind's own size
    /// stands in (a pie's 37): what the preview shows as not written.
    public var widthWritten: Bool
    public var heightWritten: Bool

    public init(x: FramePosition, y: FramePosition, width: Length?, height: Length?,
                widthWritten: Bool = true, heightWritten: Bool = true) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.widthWritten = widthWritten
        self.heightWritten = heightWritten
    }
}

/// A `size:` as written, percent of the container's content box.
public struct SizeSpec: Sendable, Hashable {
    public var width: Length
    public var height: Length

    public init(width: Length, height: Length) {
        self.width = width
        self.height = height
    }
}

/// A checked view: its kind, placement request, values and children.
public struct SceneView: Sendable {
    public var id: String?
    public var type: ViewType
    public var frame: FrameSpec?
    public var size: SizeSpec?
    public var values: AttributeValues
    public var children: [SceneView]
    /// Where the view's mapping starts, for messages about the view as a whole.
    public var range: SourceRange
    /// The component this view is an instance of (`Meter`): a group holding the definition's
    /// views (docs/language.md §11); nil for a view written as itself.
    public var component: String?
    /// An instance's arguments, in the order its parameters are declared (empty otherwise).
    public var arguments: [InstanceArgument] = []

    public init(id: String?, type: ViewType, frame: FrameSpec?, size: SizeSpec?, values: AttributeValues,
                children: [SceneView], range: SourceRange) {
        self.id = id
        self.type = type
        self.frame = frame
        self.size = size
        self.values = values
        self.children = children
        self.range = range
    }

    /// "ring 'download'" or "ring at line 12", as messages name a view.
    public var displayName: String {
        if let id { return "\(type.rawValue) '\(id)'" }
        return "\(type.rawValue) at line \(range.start.line)"
    }
}

/// The picture's size and backdrop.
public struct Canvas: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var background: Color
    /// The background's colour form as written (`background` is its colour for the appearance).
    public var backgroundForm: ColorForm?
    /// Pixels per point for PNG.
    public var scale: Double
    /// Seconds into the timeline: the moment a still of an animated scene shows (`canvas.poster`).
    public var poster: Double = 0

    public init(width: Double, height: Double, background: Color = .clear, scale: Double = 1) {
        self.width = width
        self.height = height
        self.background = background
        self.scale = scale
    }
}

/// A font file a scene lists under `fonts:`.
public struct FontFile: Sendable, Hashable {
    /// As written, relative to the scene file.
    public var written: String
    /// Where it is: relative to the working directory, or absolute (set when the scene's own
    /// path is known; until then the written path).
    public var path: String
    public var range: SourceRange

    public init(written: String, path: String, range: SourceRange) {
        self.written = written
        self.path = path
        self.range = range
    }
}

/// A checked scene: everything later stages need, nothing they must re-validate.
public struct Scene: Sendable {
    public var canvas: Canvas
    public var views: [SceneView]
    public var timeline: Timeline?
    /// The scene's own font files, loaded for its text beside DejaVu Sans.
    public var fonts: [FontFile]
    /// The files the scene imports styles from, directly or through other imports, as paths
    /// the importing files name them by (a build rebuilds and a watch re-renders when they change).
    public var importedFiles: [String]
    /// The appearance its colours were resolved for.
    public var appearance: Appearance = .light
    /// Whether any colour it draws or animates differs by appearance (a system colour or
    /// `{light, dark}`): a dark render then differs from a light one.
    public var usesAppearance = false

    public init(canvas: Canvas, views: [SceneView], timeline: Timeline? = nil, fonts: [FontFile] = [],
                importedFiles: [String] = []) {
        self.canvas = canvas
        self.views = views
        self.timeline = timeline
        self.fonts = fonts
        self.importedFiles = importedFiles
    }
}
