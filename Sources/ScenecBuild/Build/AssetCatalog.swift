import FoundationEssentials
import SceneRender
import SceneFiles

/// An Xcode asset catalog (`Assets.xcassets`) in the format Xcode writes: a `Contents.json` at
/// the top, and per scene an image set, `NAME.imageset/`, holding its pictures and a
/// `Contents.json` that lists each with its idiom, scale and appearance.
enum AssetCatalog {
    /// The catalog's own `Contents.json`, as Xcode writes it for a new catalog.
    package static let rootContents = Contents(images: nil, properties: nil).encoded

    /// Writes the catalog's own `Contents.json` unless the catalog has one (an app's catalog
    /// keeps its own, which the build does not own or rewrite).
    package static func writeRootContents(in catalog: Destination) throws {
        guard let name = RelativeName("Contents.json"), !catalog.exists(name) else { return }
        try Files.converting { () throws(DestinationFailure) in try catalog.file(name).write(rootContents) }
    }

    /// The files of a scene's image set: PNGs `NAME.png`, `NAME@2x.png`… (and `NAME-dark…` for
    /// the dark look) or one `NAME.pdf` per look, then the `Contents.json` listing them.
    package static func imageSet(name: String, looks: [AssetLook], format: OutputFormat, scales: [Double],
                         renderer: Renderer) -> [(String, () throws -> [UInt8])] {
        let folder = "\(name).imageset/"
        var images: [Contents.Image] = []
        var files: [(String, () throws -> [UInt8])] = []
        // Xcode's order: each scale's universal image, then its dark one.
        for scale in format == .pdf ? [nil] : scales.map(Optional.some) {
            for look in looks {
                let base = look.appearance == .dark ? "\(name)-dark" : name
                let filename = scale.map { Scales.path(base + ".png", scale: $0) } ?? base + ".pdf"
                images.append(Contents.Image(appearances: look.appearance == .dark ? [.dark] : nil, filename: filename,
                                             scale: scale.map(Scales.word)))
                files.append((folder + filename, { try look.draw(format, scale: scale, with: renderer) }))
            }
        }
        let contents = Contents(images: images,
                                properties: format == .pdf ? Contents.Properties(preservesVectorRepresentation: true) : nil)
        files.append((folder + "Contents.json", { contents.encoded }))
        return files
    }

    /// A `Contents.json`: the catalog's own (`info` alone) or an image set's.
    struct Contents: Encodable {
        package var images: [Image]?
        package var info = Info()
        package var properties: Properties?

        struct Image: Encodable {
            /// Absent for the image every appearance uses; `[.dark]` for the dark one.
            package var appearances: [Appearance]?
            package var filename: String
            package var idiom = "universal"
            /// `1x`, `2x`, `3x`; absent for a single-scale (vector) image.
            package var scale: String?
        }

        struct Appearance: Encodable {
            package var appearance: String
            package var value: String
            package static let dark = Appearance(appearance: "luminosity", value: "dark")
        }

        struct Info: Encodable {
            package var author = "xcode"
            package var version = 1
        }

        /// "Preserve Vector Data" in Xcode's inspector: the PDF is kept as a vector, not
        /// rasterised at build time.
        struct Properties: Encodable {
            package var preservesVectorRepresentation: Bool
            enum CodingKeys: String, CodingKey { case preservesVectorRepresentation = "preserves-vector-representation" }
        }

        /// Sorted keys and two-space indents, as Xcode writes them, so the file is the same
        /// bytes every build.
        package var encoded: [UInt8] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return Array((try? encoder.encode(self)) ?? Data()) + [UInt8(ascii: "\n")]
        }
    }
}
