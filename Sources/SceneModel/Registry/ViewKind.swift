/// The `type:` of a view. A new kind is a case here and its line in `Registry.declarations`.
public enum ViewType: String, Sendable, Hashable, CaseIterable {
    case ring, pie, clock, gauge, indicator, lines, label, group, stack, grid

    /// Whether views of the kind hold `children`.
    public var isContainer: Bool { kind.children != .none }

    /// Its registry entry: the kind's attributes, docs and intrinsic size.
    public var kind: ViewKind { Registry.kindsByType[self] ?? Group.kind }

    /// The type that declares the kind (its paints, lints; drawers and exporters extend it).
    public var declaration: any KindDeclaration.Type { Registry.declarationsByType[self] ?? Group.self }
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
    /// Whether it holds children, and who places them.
    public let children: ChildrenRule
    /// How a drawing kind's content sits in its bounds, in Markdown (its bullet in
    /// docs/language.md §3, generated).
    public let geometry: String?

    public init(type: ViewType, summary: String, own: [AttributeSpec],
                layerDefaults: [String: Value] = [:], layerDefaultDescriptions: [String: String] = [:],
                intrinsicSize: Size? = nil, sizesToContent: Bool = false, children: ChildrenRule = .none,
                geometry: String? = nil) {
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
        self.children = children
        self.geometry = geometry
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
    /// Every view kind, in the order of the docs and `help`: the one line a new kind adds.
    public static let declarations: [any KindDeclaration.Type] = [
        Ring.self, Pie.self, Clock.self, Gauge.self, Indicator.self, Lines.self, Label.self, Group.self, Stack.self, Grid.self,
    ]

    public static let kinds: [ViewKind] = declarations.map { $0.kind }

    /// Looked up by type once here, so no consumer needs a switch on the kind.
    static let declarationsByType: [ViewType: any KindDeclaration.Type] =
        Dictionary(declarations.map { ($0.kind.type, $0) }, uniquingKeysWith: { first, _ in first })
    static let kindsByType: [ViewType: ViewKind] =
        Dictionary(kinds.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })

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
