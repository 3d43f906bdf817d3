// swift-tools-version:6.0
// scenec: YAML scene files to PNG, PDF and SVG. Only the toolchain and system libraries.
import PackageDescription

let package = Package(
    name: "scenec",
    products: [
        .executable(name: "scenec", targets: ["scenec"]),
        // The front end under libFuzzer (`make fuzz`); built plainly, a replayer of inputs.
        .executable(name: "scenec-fuzz", targets: ["ScenecFuzz"]),
    ],
    targets: [
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .target(name: "SceneSyntax", dependencies: ["CYAML"]),
        .target(name: "SceneModel", dependencies: ["SceneSyntax"]),
        .target(name: "SceneCheck", dependencies: ["SceneSyntax", "SceneModel"]),
        .target(name: "SceneLayout", dependencies: ["SceneModel"]),
        .target(name: "SceneAnimation", dependencies: ["SceneModel", "SceneLayout"]),
        .target(name: "SceneRender", dependencies: ["CCairo", "CDeflate", "SceneModel", "SceneLayout"]),
        // Linux calls Swift's Glibc module leaves out (syncfs); declarations only, libc defines them.
        .systemLibrary(name: "CLinux"),
        .executableTarget(name: "scenec",
                          dependencies: ["CLinux", "SceneSyntax", "SceneModel", "SceneCheck", "SceneLayout", "SceneAnimation",
                                         "SceneRender"]),
        // Declares libFuzzer's LLVMFuzzerRunDriver; only the -sanitize=fuzzer build links it.
        .systemLibrary(name: "CFuzzerDriver"),
        .executableTarget(name: "ScenecFuzz",
                          dependencies: ["CFuzzerDriver", "SceneSyntax", "SceneModel", "SceneCheck", "SceneLayout",
                                         "SceneAnimation", "SceneRender"]),
        .testTarget(name: "SceneSyntaxTests", dependencies: ["SceneSyntax"]),
        .testTarget(name: "SceneCheckTests", dependencies: ["SceneSyntax", "SceneModel", "SceneCheck"]),
        .testTarget(name: "SceneLayoutTests", dependencies: ["SceneSyntax", "SceneModel", "SceneCheck", "SceneLayout"]),
        .testTarget(name: "SceneAnimationTests",
                    dependencies: ["SceneSyntax", "SceneModel", "SceneCheck", "SceneLayout", "SceneAnimation"]),
        .testTarget(name: "SceneRenderTests",
                    dependencies: ["CCairo", "SceneSyntax", "SceneModel", "SceneCheck", "SceneLayout", "SceneAnimation",
                                   "SceneRender"]),
        .testTarget(name: "ScenecCLITests", dependencies: ["scenec", "SceneRender"]),
    ],
    swiftLanguageModes: [.v5]
)
