/// Makefile-style dependency files (`out.png: scene.yaml`), which ninja reads with `deps = gcc`.
enum Depfile {
    static func write(_ path: String, output: String, inputs: [String]) throws {
        func escape(_ s: String) -> String { s.replacing(" ", with: "\\ ").replacing("$", with: "$$") }
        let text = escape(output) + ": " + inputs.map(escape).joined(separator: " ") + "\n"
        try Files.write(Array(text.utf8), to: path)
    }
}
