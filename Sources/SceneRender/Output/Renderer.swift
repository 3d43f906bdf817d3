import CCairo
import SceneCodecs
import SceneFonts
import SceneLayout
import SceneModel

/// The file formats scenec writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    case png, pdf, svg

    /// The format an output path's extension names, if any.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: ".") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }
}

/// Placed views → the bytes of a PNG, PDF or SVG file. Deterministic: the same input gives the
/// same bytes, in one process or many.
public struct Renderer: Sendable {
    public var canvas: Canvas
    public var environment: RenderEnvironment
    /// For PDF metadata: seconds since 1970 (SOURCE_DATE_EPOCH) or nil for the fixed date.
    public var sourceDateEpoch: Int?
    /// The scene's fonts (`AnimatedScene.fonts`); DejaVu alone for a scene without `fonts:`.
    public var fonts: FontLibrary
    /// How hard PNG files are compressed (the pixels are the same at every setting).
    public var pngCompression: PNGCompression

    public init(canvas: Canvas, environment: RenderEnvironment = RenderEnvironment(), sourceDateEpoch: Int? = nil,
                fonts: FontLibrary = .standard, pngCompression: PNGCompression = .default) {
        self.canvas = canvas
        self.environment = environment
        self.sourceDateEpoch = sourceDateEpoch
        self.fonts = fonts
        self.pngCompression = pngCompression
    }

    public func render(_ views: [PlacedView], as format: OutputFormat) throws -> [UInt8] {
        switch format {
        case .png: return try FrameRenderer(self, format: .png).render(views)
        case .pdf: return try pdfBytes(pageCount: 1) { _ in views }
        case .svg: return try svgBytes(views)
        }
    }

    /// Pixel size of the PNG: canvas × scale, rounded up.
    public var pixelSize: (width: Int, height: Int) {
        (Int((canvas.width * canvas.scale).rounded(.up)), Int((canvas.height * canvas.scale).rounded(.up)))
    }

    /// The picture as pixels (what the PNG holds), for writing and for tests that probe it.
    public func image(_ views: [PlacedView]) throws -> RasterImage {
        let (w, h) = pixelSize
        let surface = try Surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)), what: "image")
        try draw(views, on: surface, scale: canvas.scale)
        cairo_surface_flush(surface.pointer)
        return RasterImage(surface: surface)
    }

    /// A PDF of `pageCount` pages (a flipbook when there are several), each drawn from the views
    /// `page(i)` gives, so no more than one page's views are held at a time.
    public func pdfBytes(pageCount: Int, page: (Int) throws -> [PlacedView]) throws -> [UInt8] {
        let sink = ByteSink()
        try sink.withClosure { closure in
            let surface = try Surface(cairo_pdf_surface_create_for_stream(ByteSink.write, closure, canvas.width,
                                                                           canvas.height), what: "PDF")
            let date = PDFDate.iso8601(epoch: sourceDateEpoch)
            cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATE_DATE, date)
            cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATOR, "scenec")
            for index in 0..<pageCount {
                try draw(try page(index), on: surface, scale: 1)
                cairo_surface_show_page(surface.pointer)
            }
            try surface.finish(what: "PDF")
        }
        return sink.bytes
    }

    func svgBytes(_ views: [PlacedView]) throws -> [UInt8] {
        let sink = ByteSink()
        try sink.withClosure { closure in
            let surface = try Surface(cairo_svg_surface_create_for_stream(ByteSink.write, closure, canvas.width,
                                                                           canvas.height), what: "SVG")
            cairo_svg_surface_set_document_unit(surface.pointer, CAIRO_SVG_UNIT_PX)
            try draw(views, on: surface, scale: 1)
            try surface.finish(what: "SVG")
        }
        return SVGNormalizer.normalize(sink.bytes, width: canvas.width, height: canvas.height)
    }

    func draw(_ views: [PlacedView], on surface: Surface, scale: Double) throws {
        guard let g = GraphicsContext(surface: surface.pointer, fonts: fonts, views: views) else {
            throw RenderError("cannot start drawing")
        }
        g.scale(scale)
        if !canvas.background.isClear {
            g.paint(canvas.background)
        }
        try SceneDrawer.draw(views, in: g, environment: environment)
        if let problem = g.statusMessage {
            throw RenderError("drawing failed: \(problem)")
        }
    }

    /// The drawn values of every view with an id, for text that shows them.
    static func valueTable(_ views: [PlacedView]) -> ValueTable {
        var table = ValueTable()
        func walk(_ views: [PlacedView]) {
            for placed in views {
                table.add(placed.view, keyframeNumbers: placed.keyframeNumbers)
                walk(placed.children)
            }
        }
        walk(views)
        return table
    }
}
