// swift-tools-version:6.0
// A program outside scenec that renders scenes through the ScenecKit library, by path: what a
// server, a test suite or a tool that embeds scenec writes. `make test` builds and runs it.
import PackageDescription

let package = Package(
    name: "RenderRing",
    dependencies: [
        // scenec itself, two folders up; a copy elsewhere would be `.package(path: "…/scenec")`.
        .package(name: "scenec", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "RenderRing", dependencies: [.product(name: "ScenecKit", package: "scenec")]),
    ]
)
