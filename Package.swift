// swift-tools-version:6.0
// scenec: YAML scene files to PNG, PDF and SVG. Only the toolchain and system libraries.
import PackageDescription

let package = Package(
    name: "scenec",
    products: [
        .executable(name: "scenec", targets: ["scenec"]),
        // The front end under libFuzzer (`make fuzz`); built plainly, a replayer of inputs.
        .executable(name: "scenec-fuzz", targets: ["ScenecFuzz"]),
        // For programs that embed scenec: SceneFile (load, diagnostics, render, frames) and its
        // errors; the rest of the module is `package`, shared by the command line and the preview.
        .library(name: "ScenecKit", targets: ["ScenecKit"]),
    ],
    targets: [
        // C libraries, each through its pkg-config name: libyaml (the YAML reader), Cairo (drawing),
        // libdeflate (PNG compression).
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // Only for the version libpng reports at run time (`scenec --version`): Cairo still reads
        // PNGs with it; scenec writes its own (SceneCodecs/PNG/PNGEncoder.swift).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Text: Pango over Cairo, with fontconfig for the private font set (DejaVu + the scene's files).
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        // Animated WebP: libwebp's lossless encoder and the mux library that assembles the frames.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // Every file-system read and write: the project root, real paths, regular files only,
        // writes beneath an opened destination without following links (docs/security.md).
        .target(name: "SceneFiles", dependencies: ["CLinux"]),
        // Small general pieces with no dependencies: JSONValue (ordered, byte-stable JSON text),
        // SHA256 (build keys, manifests, shards, the preview's file hashes), Locked (the one mutex).
        .target(name: "SceneSupport"),
        // Command-line options declared once, typed: the parser, --help, shell completions, docs tables.
        .target(name: "CommandLineOptions"),
        // YAML bytes to a node tree with source ranges; diagnostics and the escaping every printer shares.
        .target(name: "SceneSyntax", dependencies: ["CYAML", "SceneSupport"]),
        // What a scene is: the registry of view kinds and attributes, values, timelines.
        .target(name: "SceneModel", dependencies: ["SceneSyntax"]),
        // The scene's fonts: a private fontconfig set of DejaVu and its `fonts:` files.
        .target(name: "SceneFonts", dependencies: ["CPango", "SceneSyntax", "SceneModel", "SceneFiles"]),
        // Node tree to a checked Scene (no fonts, no drawing): every rule of docs/language.md, --set.
        .target(name: "SceneCheck", dependencies: ["SceneSyntax", "SceneModel", "SceneFiles"]),
        // The language described from the registry: the JSON Schema (`scenec schema`), the
        // attribute tables of docs/language.md, `scenec help KIND`, the language server's vocabulary.
        // SceneCheck because the schema's patterns, limits and key lists and the vocabulary's
        // value reading are the checker's own tables and parser (one source of truth).
        .target(name: "SceneSchema", dependencies: ["SceneSupport", "SceneSyntax", "SceneModel", "SceneCheck"]),
        // A checked scene's views placed in frames (stacks, grids, percentages); pure.
        .target(name: "SceneLayout", dependencies: ["SceneModel"]),
        // The timeline sampled: easing curves, interpolation, the views at a moment; pure.
        .target(name: "SceneAnimation", dependencies: ["SceneModel", "SceneLayout"]),
        // `scenec export`: a laid-out scene and its timeline as Lottie (Bodymovin) JSON.
        // SceneRender for text: its drawers give the glyph outlines (TextOutliner), placed as `render` places them.
        .target(name: "SceneLottie", dependencies: ["SceneSupport", "SceneSyntax", "SceneModel", "SceneLayout", "SceneAnimation", "SceneRender",
                                                    "SceneFonts"]),
        // The picture file formats, bytes in and out, apart from drawing: RasterImage (the pixel
        // buffer every encoder takes), PNG (libdeflate), APNG, GIF (palette, LZW), animated WebP
        // (libwebp), frame timing. Cairo only reads PNGs back (PNG/PNGReader.swift says why).
        .target(name: "SceneCodecs", dependencies: ["CCairo", "CDeflate", "CWebP"]),
        // Placed views drawn with Cairo and Pango into PNG, PDF and SVG.
        .target(name: "SceneRender", dependencies: ["CCairo", "CPango", "SceneCodecs", "SceneModel", "SceneLayout", "SceneFonts"]),
        // The remote cache's HTTP client (`build --remote-cache`): libcurl, TLS verified.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // The preview's HTTP server library.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // The public façade (SceneFile) and the single pipeline driver the command line, the preview,
        // the editor and the language server share: Frontend (read → check → the scene's fonts),
        // lint, layout, sampling, rendering, the inspect report, --vary grids.
        .target(name: "ScenecKit",
                dependencies: ["SceneSupport", "SceneSyntax", "SceneModel", "SceneCheck", "SceneLayout", "SceneAnimation", "SceneRender",
                               "SceneCodecs", "SceneFonts", "SceneFiles"]),
        // inotify on a file's folder, so `preview` (and later `--watch`) see saves of every kind.
        .target(name: "SceneWatch"),
        // `scenec preview`: the local HTTP server and the page. The page's HTML, CSS and
        // JavaScript are ordinary files in Sources/ScenePreview/Assets, compiled into the binary
        // by the EmbedAssets build-tool plugin (so plain `swift build` keeps them in step; no
        // Foundation Bundle, which would pull in ICU).
        .target(name: "ScenePreview",
                dependencies: ["CMicroHTTPD", "ScenecKit", "SceneSupport", "SceneFiles", "SceneEdit", "SceneWatch", "SceneSyntax", "SceneModel", "SceneCheck",
                               "SceneLayout", "SceneRender"],
                exclude: ["Assets"],
                plugins: ["EmbedAssets"]),
        // The plugin's tool: files to a Swift source of byte arrays.
        .executableTarget(name: "AssetEmbedder"),
        .plugin(name: "EmbedAssets", capability: .buildTool(), dependencies: ["AssetEmbedder"]),
        // `scenec build --baseline`: outputs compared pixel by pixel, the diff pictures, the
        // review's HTML page and JSON summary.
        .target(name: "SceneReview", dependencies: ["SceneSupport", "SceneSyntax", "SceneRender", "SceneCodecs", "SceneFiles"]),
        // Source-preserving edits of a scene file (scenec edit; the preview's write-back), each
        // checked with the façade's Frontend before it is handed back.
        .target(name: "SceneEdit", dependencies: ["SceneSupport", "SceneSyntax", "SceneModel", "SceneCheck", "ScenecKit"]),
        // `scenec lsp`: the language server (framing, documents, one file per feature) over the
        // checker, the registry and the façade; JSON through FoundationEssentials, as the preview.
        .target(name: "SceneLanguageServer",
                dependencies: ["SceneSupport", "SceneSyntax", "SceneModel", "SceneCheck", "SceneSchema", "SceneLayout", "ScenecKit", "SceneFiles", "SceneEdit"]),
        // What the commands do, as a library: the build (plan, keys, manifests and journals,
        // shards, stale/prune, Ninja files, asset catalogs, Android resources, animated outputs,
        // the baseline review, the remote cache) and the runs of frames, render, export, edit and preview --static;
        // it reports through events (BuildEvent), never to the console.
        .target(name: "ScenecBuild",
                dependencies: ["CCairo", "CYAML", "CPNG", "CPango", "CDeflate", "CCurl", "CWebP", "SceneFiles", "SceneSupport", "SceneSyntax", "SceneModel", "SceneCheck", "SceneLayout", "SceneAnimation",
                               "SceneRender", "SceneCodecs", "SceneFonts", "ScenecKit", "ScenePreview", "SceneReview", "SceneLottie", "SceneEdit", "SceneWatch"]),
        // scenec's options shared by several commands, declared once, and their reading into the libraries' settings.
        .target(name: "ScenecOptions",
                dependencies: ["CommandLineOptions", "ScenecBuild", "ScenecKit", "SceneCheck", "SceneCodecs", "SceneFiles", "SceneModel", "SceneSyntax"]),
        // Linux calls Swift's Glibc module leaves out (syncfs); declarations only, libc defines them.
        .systemLibrary(name: "CLinux"),
        .executableTarget(name: "scenec",
                          dependencies: ["CommandLineOptions", "ScenecOptions", "ScenecBuild", "ScenecKit", "ScenePreview",
                                         "SceneLanguageServer", "SceneEdit", "SceneLottie", "SceneReview", "SceneSchema",
                                         "SceneCheck", "SceneRender", "SceneCodecs", "SceneModel", "SceneSyntax", "SceneFiles",
                                         "SceneSupport"],
                          plugins: ["BuildCommit"]),
        // Writes the git commit being built into the scenec module (see the plugin for why).
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // Declares libFuzzer's LLVMFuzzerRunDriver; only the -sanitize=fuzzer build links it.
        .systemLibrary(name: "CFuzzerDriver"),
        // One input through every stage, for libFuzzer or replayed from files.
        .executableTarget(name: "ScenecFuzz",
                          dependencies: ["CFuzzerDriver", "SceneSyntax", "SceneModel", "SceneCheck", "SceneLayout",
                                         "SceneAnimation", "SceneRender", "SceneFonts", "ScenecKit"]),
        // What the test targets share: temporary folders, programs run with a time limit, PNG
        // pixels probed, scene texts, seeded random values (one copy; a plain target, so test
        // targets can depend on it).
        .target(name: "TestSupport", dependencies: ["SceneCodecs", "SceneModel"], path: "Tests/TestSupport"),
        .testTarget(name: "SceneSyntaxTests", dependencies: ["SceneSyntax"]),
        .testTarget(name: "SceneFilesTests", dependencies: ["SceneFiles"]),
        .testTarget(name: "SceneCheckTests", dependencies: ["SceneSyntax", "SceneModel", "SceneCheck"]),
        .testTarget(name: "SceneSupportTests", dependencies: ["SceneSupport"]),
        .testTarget(name: "CommandLineOptionsTests", dependencies: ["CommandLineOptions"]),
        .testTarget(name: "SceneSchemaTests", dependencies: ["SceneSupport", "SceneSyntax", "SceneModel", "SceneCheck", "SceneSchema", "TestSupport"]),
        .testTarget(name: "SceneLayoutTests", dependencies: ["SceneSyntax", "SceneModel", "SceneCheck", "SceneLayout"]),
        .testTarget(name: "SceneAnimationTests",
                    dependencies: ["SceneSyntax", "SceneModel", "SceneCheck", "SceneLayout", "SceneAnimation"]),
        .testTarget(name: "SceneRenderTests",
                    dependencies: ["CCairo", "SceneSyntax", "SceneModel", "SceneCheck", "SceneLayout", "SceneAnimation",
                                   "SceneRender", "SceneCodecs", "SceneFonts", "TestSupport"]),
        // Cairo only as the reference PNG writer and to draw anti-aliased test pictures.
        .testTarget(name: "SceneCodecsTests", dependencies: ["SceneCodecs", "CCairo", "TestSupport"]),
        .testTarget(name: "SceneEditTests", dependencies: ["SceneSyntax", "SceneModel", "SceneCheck", "SceneEdit", "ScenecKit", "TestSupport"]),
        .testTarget(name: "ScenecCLITests", dependencies: ["scenec", "ScenecBuild", "ScenecOptions", "SceneRender", "SceneCodecs", "ScenecKit", "SceneModel",
                                                          "SceneSyntax", "SceneReview", "SceneSupport", "TestSupport"]),
        .testTarget(name: "SceneLanguageServerTests",
                    dependencies: ["SceneLanguageServer", "SceneCheck", "SceneSupport", "ScenecKit", "SceneSyntax", "TestSupport"]),
        .testTarget(name: "ScenePreviewTests", dependencies: ["ScenePreview", "ScenecKit", "SceneSyntax", "SceneRender", "SceneFiles", "TestSupport"]),
        // One test target per library, each through its own module's API (issue 22, item 5).
        .testTarget(name: "SceneModelTests", dependencies: ["SceneModel", "SceneSyntax"]),
        .testTarget(name: "SceneLottieTests",
                    dependencies: ["SceneLottie", "SceneModel", "SceneSyntax", "SceneCheck", "SceneLayout", "SceneAnimation", "ScenecKit",
                                   "TestSupport"]),
        .testTarget(name: "SceneReviewTests", dependencies: ["SceneReview", "SceneCodecs", "TestSupport"]),
        .testTarget(name: "SceneWatchTests", dependencies: ["SceneWatch"]),
        .testTarget(name: "SceneFontsTests", dependencies: ["SceneFonts", "SceneCheck", "SceneFiles", "SceneModel", "SceneSyntax"]),
        // The build in-process: incremental builds, shards, stale/prune, Ninja files, events.
        .testTarget(name: "ScenecBuildTests",
                    dependencies: ["ScenecBuild", "ScenecKit", "SceneFiles", "SceneCheck", "SceneSyntax", "SceneCodecs", "SceneSupport", "SceneReview",
                                   "TestSupport"]),
        // The shared option groups read from parsed words into the libraries' settings, in-process.
        .testTarget(name: "ScenecOptionsTests",
                    dependencies: ["ScenecOptions", "CommandLineOptions", "ScenecBuild", "ScenecKit", "SceneFiles", "SceneCodecs", "SceneModel", "SceneSupport",
                                   "TestSupport"]),
        // The repository itself: each library's types named by its tests, documentation links.
        .testTarget(name: "RepositoryTests"),
        .testTarget(name: "ScenecKitTests", dependencies: ["ScenecKit", "SceneCodecs", "SceneLottie", "SceneCheck", "SceneModel", "SceneSyntax", "TestSupport"]),
    ]
)
