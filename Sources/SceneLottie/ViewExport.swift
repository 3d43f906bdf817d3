import SceneModel
import SceneSupport

/// What a kind's exporter works with: the view's values over time, its size, and properties
/// that follow them.
struct ViewExport {
    let timeline: ViewTimeline
    let builder: PropertyBuilder
    /// Seconds since midnight for `time: now` (the moment of export, as `render` uses it).
    let now: Double
    /// The view's text as glyph outlines (TextExport), for the kind to place among its shapes;
    /// nil when it draws none.
    let text: JSONValue?

    var size: (width: Double, height: Double) { timeline.size }
    var center: [Double] { [size.width / 2, size.height / 2] }

    /// The values as they are at the start (for what cannot animate: words, flags, points).
    var values: ResolvedView { timeline.values(at: 0) }

    // `reads` are the attributes `f` reads, as typed keys: a property follows the animation of
    // each, and of each input of their derivations (the registry's rules), so no input can be
    // left off by hand.

    func scalar(_ reads: [any AttributeKey], _ tolerance: Double, _ f: @escaping (ResolvedView) -> Double) -> JSONValue {
        builder.property(timeline, reads: reads, tolerance: tolerance) { [f($0)] }.scalar
    }

    func vector(_ reads: [any AttributeKey], _ tolerance: Double, _ f: @escaping (ResolvedView) -> [Double]) -> JSONValue {
        builder.property(timeline, reads: reads, tolerance: tolerance, f).vector
    }

    /// A colour attribute as Lottie's colour and opacity.
    func paint(_ key: Attribute<Color>) -> Shapes.Paint {
        paint([key]) { $0[key] }
    }

    /// A derived colour (given, or its rule's) as Lottie's colour and opacity.
    func paint(_ key: DerivedAttribute<Color>) -> Shapes.Paint {
        paint([key]) { $0[key] }
    }

    /// A colour worked out from several attributes as Lottie's colour and opacity.
    func paint(_ reads: [any AttributeKey], _ f: @escaping (ResolvedView) -> Color) -> Shapes.Paint {
        let color = builder.property(timeline, reads: reads, tolerance: Tolerance.color) { values in
            let c = f(values)
            return [c.red, c.green, c.blue]
        }
        let opacity = builder.property(timeline, reads: reads, tolerance: Tolerance.percent) { [f($0).alpha * 100] }
        return Shapes.Paint(color: color.vector, opacity: opacity.scalar)
    }
}

/// One view kind in Lottie: its own drawing as shapes, in the view's coordinates (origin at its
/// top-left corner), first on top, and what becomes of each of its attributes. The kind's
/// declaration conforms, in Kinds/NAMEExporter.swift, as there is one drawer per kind.
protocol KindExporter: KindDeclaration {
    /// What the kind becomes in Lottie, for the docs' table; nil: no row of its own.
    static var lottieSummary: String? { get }
    /// What becomes of each of the kind's own attributes (`LottieCoverage`; the layer ones are
    /// common to all).
    static var lottieCoverage: [String: LottieCoverage.Mapping] { get }
    static func shapes(_ view: ViewExport) -> [JSONValue]
}

extension KindExporter {
    /// Containers draw nothing of their own.
    static func shapes(_ view: ViewExport) -> [JSONValue] { [] }
}

/// Each kind's exporter, found once by the registry's list (no cast while exporting).
let exporters: [ViewType: any KindExporter.Type] = Dictionary(
    Registry.declarations.compactMap { declaration in
        (declaration as? any KindExporter.Type).map { (declaration.kind.type, $0) }
    }, uniquingKeysWith: { first, _ in first })

extension ViewType {
    var exporter: (any KindExporter.Type)? { exporters[self] }
}
