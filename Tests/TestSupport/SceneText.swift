/// `text` with every line indented by `spaces`, to splice attributes under a view in a scene
/// written as a string literal.
public func indented(_ text: String, by spaces: Int) -> String {
    let pad = String(repeating: " ", count: spaces)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(separator: "\n")
}

/// A `size` × `size` canvas holding one ring, id `r`, filling it at `progress`: the smallest
/// scene whose picture changes with a value.
public func ringScene(_ progress: Double, size: Int = 40) -> String {
    "canvas: {width: \(size), height: \(size)}\nviews:\n  - {id: r, type: ring, frame: {x: 0, y: 0, width: \(size), height: \(size)}, progress: \(progress)}\n"
}

/// A 60 × 40 white picture with a 10 × 10 square at (20, 5) whose colour goes from blue to
/// `color` in 1 s at 4 fps: 5 frames, of which the first is the same whatever `color` is, and
/// the other 4 differ from blue at exactly the square's 100 pixels.
public func fadeScene(to color: String) -> String {
    """
    canvas: {width: 60, height: 40, background: white}
    views:
      - {id: sq, type: group, frame: {x: 20, y: 5, width: 10, height: 10}, backgroundColor: "#0000ff"}
    timeline:
      fps: 4
      animations: [{target: sq.backgroundColor, from: "#0000ff", to: "\(color)", duration: 1s}]

    """
}
