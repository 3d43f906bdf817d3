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

/// A 100 × 100 white picture with ring `r` (centre (50, 50), outer radius 40, line width 10:
/// its stroke's middle at radius 35, so 9 o'clock is (15, 50)), red progress on a green track,
/// its progress animated from 0 to 0.5 over 2 s by `timeline.animations[0]` on line 6, and
/// `more` animations after it (lines of the list, indented by 4).
public func animatedRingScene(more: String = "") -> String {
    """
    canvas: {width: 100, height: 100, background: white}
    views:
      - {id: r, type: ring, frame: {x: 10, y: 10, width: 80, height: 80}, lineWidth: 10, progressColor: "#ff0000", trackColor: "#00ff00"}
    timeline:
      animations:
        - {target: r.progress, from: 0, to: 0.5, duration: 2}

    """ + more
}
