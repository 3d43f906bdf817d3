// Loads a scene from text, prints the diagnostics of a bad one, renders a PNG to a file and an
// SVG to bytes, and renders the frames of the timeline: ScenecKit's API from the outside.
// Usage: RenderRing OUTPUT-DIRECTORY
import Foundation
import ScenecKit

let output = CommandLine.arguments.dropFirst().first ?? "."

// A mistake: every problem comes back located, as `scenec check` prints it.
let misspelt = """
    canvas: {width: 100, height: 100}
    views:
      - {id: ring, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}, progres: 0.5, trackColor: whyte}
    """
do {
    _ = try SceneFile(source: misspelt, name: "misspelt.scene.yaml")
} catch let error as SceneError {
    print(error, terminator: "")
    for d in error.diagnostics { print("found: \(d.file):\(d.line ?? 0):\(d.column ?? 0) \(d.severity) \(d.message)") }
}

// A ring on a blue canvas that fills in one second.
let ring = """
    canvas: {width: 100, height: 100, background: "#1e6fd9"}
    views:
      - id: ring
        type: ring
        frame: {x: 10, y: 10, width: 80, height: 80}
        trackColor: white
        progressColor: red
        lineWidth: 10
    timeline:
      fps: 30
      animations:
        - {target: ring.progress, from: 0, to: 1, duration: 1s, easing: linear}
    """
let scene = try SceneFile(source: ring, name: "ring.scene.yaml")
print("\(scene.name): \(scene.size.width)×\(scene.size.height) pt, \(scene.duration) s, \(scene.diagnostics.count) warnings")

// Half way through, in green, three pixels per point: a 300×300 PNG file.
try scene.write(to: "\(output)/ring.png", at: 0.5, overrides: ["ring.progressColor=#00c000"], scale: 3)

// The same moment as SVG, in memory.
let svg = try scene.render(.svg, at: 0.5)
try Data(svg).write(to: URL(fileURLWithPath: "\(output)/ring.svg"))
print("ring.svg: \(svg.count) bytes")

// The timeline at 4 frames per second: frames 0 to 4, at 0, 0.25 … 1 s.
for frame in try scene.frames(fps: 4) {
    let png = try frame.render(.png)
    try Data(png).write(to: URL(fileURLWithPath: "\(output)/frame-\(frame.index).png"))
    print("frame \(frame.index) at \(frame.time) s: \(png.count) bytes")
}
