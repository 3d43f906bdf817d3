/// The `type:` of a view. A new kind is a case here and its line in `declaration`.
public enum ViewType: String, Sendable, Hashable, CaseIterable {
    case ring, pie, clock, gauge, indicator, lines, label, group, stack, grid

    /// The type that declares the kind (its attributes, paints, lints; drawers, exporters and
    /// layouts extend it): the registry's one line per kind. A switch, so a case without its
    /// line does not compile.
    public var declaration: any KindDeclaration.Type {
        switch self {
        case .ring: return Ring.self
        case .pie: return Pie.self
        case .clock: return Clock.self
        case .gauge: return Gauge.self
        case .indicator: return Indicator.self
        case .lines: return Lines.self
        case .label: return Label.self
        case .group: return Group.self
        case .stack: return Stack.self
        case .grid: return Grid.self
        }
    }

    /// Its registry entry: the kind's attributes, docs and intrinsic size.
    public var kind: ViewKind { declaration.kind }

    /// Whether views of the kind hold `children`.
    public var isContainer: Bool { kind.children != .none }
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

/// One view kind in the registry: every inspectable attribute it has (the kind's own first, then
/// the common layer attributes with the kind's own defaults), and what a frame may leave out.
public struct ViewKind: Sendable {
    public let type: ViewType
    public let summary: String
    /// Own attributes first: what makes a ring a ring (`progress`) leads in `inspect`, the
    /// editors' completion, the schema and the preview's inspector; the layer ones every view
    /// shares follow.
    public let attributes: [AttributeSpec]
    /// How many of `attributes` are the kind's own (the rest are the layer's).
    private let ownCount: Int
    /// The size used when a frame or stack leaves it out (pie: 37 × 37, as the seed's `init`).
    public let intrinsicSize: Size?
    /// Sizes to its content (a label to its text) where a frame or stack gives no size: layout
    /// asks a measurer.
    public let sizesToContent: Bool
    /// Each attribute's default value (derived defaults have none), with the kind's own layer
    /// defaults applied.
    public let defaultValues: [String: Value]
    /// Whether it holds children, and who places them.
    public let children: ChildrenRule
    /// How a drawing kind's content sits in its bounds, in Markdown (its bullet in
    /// docs/language.md §3, generated).
    public let geometry: String?
    /// Other toolkits' names that mean one of this kind's attributes here and something else
    /// elsewhere (CSS's `color` is a label's `textColor`), normalised as the checker's synonym
    /// table is (lower case, no `-`, `_` or spaces) → the attribute and whose name it is. Looked
    /// up before the table every kind shares.
    public let synonyms: [String: (name: String, from: String)]

    public init(type: ViewType, summary: String, own: [AttributeSpec],
                layerDefaults: [String: Value] = [:], layerDefaultDescriptions: [String: String] = [:],
                intrinsicSize: Size? = nil, sizesToContent: Bool = false, children: ChildrenRule = .none,
                geometry: String? = nil, synonyms: [String: (name: String, from: String)] = [:]) {
        self.type = type
        self.summary = summary
        let layer = Layer.attributes.map { spec -> AttributeSpec in
            guard let value = layerDefaults[spec.name] else { return spec }
            return spec.withDefault(value, described: layerDefaultDescriptions[spec.name])
        }
        self.attributes = own + layer
        ownCount = own.count
        var defaults: [String: Value] = [:]
        for spec in own + layer {
            if let v = spec.defaultValue { defaults[spec.name] = v }
        }
        defaultValues = defaults
        self.intrinsicSize = intrinsicSize
        self.sizesToContent = sizesToContent
        self.children = children
        self.geometry = geometry
        self.synonyms = synonyms
    }

    /// Whether a frame may leave out its width and height.
    public var hasSizeOfItsOwn: Bool { intrinsicSize != nil || sizesToContent }

    public func attribute(named name: String) -> AttributeSpec? {
        attributes.first { $0.name == name }
    }

    /// The attributes the kind adds to the common layer ones (for the docs tables).
    public var ownAttributes: [AttributeSpec] {
        Array(attributes.prefix(ownCount))
    }

    /// The layer attributes every view has, with this kind's defaults.
    public var layerAttributes: [AttributeSpec] {
        Array(attributes.dropFirst(ownCount))
    }
}

/// The whole registry.
public enum Registry {
    /// Every view kind's declaration, in the order of the docs and `help`.
    public static let declarations: [any KindDeclaration.Type] = ViewType.allCases.map(\.declaration)

    public static let kinds: [ViewKind] = declarations.map { $0.kind }

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
