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
