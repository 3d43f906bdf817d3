/// The `type:` of a view.
public enum ViewType: String, Sendable, Hashable, CaseIterable {
    case ring, pie, clock, indicator, lines, label, group, stack, grid

    public var isContainer: Bool { self == .group || self == .stack || self == .grid }

    /// Its registry entry: the kind's attributes, docs and intrinsic size.
    public var kind: ViewKind {
        switch self {
        case .ring: return Ring.kind
        case .pie: return Pie.kind
        case .clock: return Clock.kind
        case .indicator: return Indicator.kind
        case .lines: return Lines.kind
        case .label: return Label.kind
        case .group: return Group.kind
        case .stack: return Stack.kind
        case .grid: return Grid.kind
        }
    }
}

/// A size in points.
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// One view kind in the registry: every inspectable attribute it has (the common layer
/// attributes first, with the kind's own defaults), and what a frame may leave out.
public struct ViewKind: Sendable {
    public let type: ViewType
    public let summary: String
    public let attributes: [AttributeSpec]
    /// The size used when a frame or stack leaves it out (pie: 37 × 37, as the seed's `init`).
    public let intrinsicSize: Size?
    /// Sizes to its content (a label to its text) where a frame or stack gives no size: layout
    /// asks a measurer.
    public let sizesToContent: Bool
    /// Each attribute's default value (derived defaults have none), with the kind's own layer
    /// defaults applied.
    public let defaultValues: [String: Value]

    public init(type: ViewType, summary: String, own: [AttributeSpec],
                layerDefaults: [String: Value] = [:], layerDefaultDescriptions: [String: String] = [:],
                intrinsicSize: Size? = nil, sizesToContent: Bool = false) {
        self.type = type
        self.summary = summary
        let layer = Layer.attributes.map { spec -> AttributeSpec in
            guard let value = layerDefaults[spec.name] else { return spec }
            return spec.withDefault(value, described: layerDefaultDescriptions[spec.name])
        }
        self.attributes = layer + own
        var defaults: [String: Value] = [:]
        for spec in layer + own {
            if let v = spec.defaultValue { defaults[spec.name] = v }
        }
        defaultValues = defaults
        self.intrinsicSize = intrinsicSize
        self.sizesToContent = sizesToContent
    }

    /// Whether a frame may leave out its width and height.
    public var hasSizeOfItsOwn: Bool { intrinsicSize != nil || sizesToContent }

    public func attribute(named name: String) -> AttributeSpec? {
        attributes.first { $0.name == name }
    }

    /// The attributes the kind adds to the common layer ones (for the docs tables).
    public var ownAttributes: [AttributeSpec] {
        Array(attributes.dropFirst(Layer.attributes.count))
    }
}

/// The whole registry.
public enum Registry {
    public static let kinds: [ViewKind] = ViewType.allCases.map(\.kind)

    /// Every attribute name some kind has, with the spec of its first declaration (styles may
    /// hold attributes of several kinds; the registry tests check the kinds agree by name).
    public static let attributesByName: [String: AttributeSpec] = {
        var table: [String: AttributeSpec] = [:]
        for kind in kinds {
            for spec in kind.attributes where table[spec.name] == nil {
                table[spec.name] = spec
            }
        }
        return table
    }()

    /// The keys a view mapping may hold besides attributes.
    public static let structuralKeys = ["type", "id", "style", "frame", "size"]
    /// Only containers have `children`.
    public static let containerKeys = ["children"]
}
