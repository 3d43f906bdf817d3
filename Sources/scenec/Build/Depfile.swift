/// Makefile-style dependency files (`out.png out.svg: scene.yaml`), which ninja reads with
/// `deps = gcc`.
enum Depfile {
    static func write(_ path: String, outputs: [String], inputs: [String]) throws {
        func escape(_ s: String) -> String { s.replacing(" ", with: "\\ ").replacing("$", with: "$$") }
        let text = outputs.map(escape).joined(separator: " ") + ": " + inputs.map(escape).joined(separator: " ") + "\n"
        try Files.write(Array(text.utf8), to: path)
    }
}
