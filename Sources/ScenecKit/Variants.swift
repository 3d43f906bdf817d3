import SceneCheck

/// `--vary ADDR=V1,V2,…` options → the cells of a variant grid: the cross product of every
/// option's values (the first option varies slowest, so with two options it names the rows and
/// the second the columns), each cell a list of `ADDR=VALUE` overrides and a caption. The
/// preview's page and its static sheet read the same cells.
package struct Variants: Sendable, Equatable {
    /// One `--vary`: an address and the values it takes, in order.
    struct Axis: Sendable, Equatable {
        var address: String
        var values: [String]
    }

    /// One picture of the grid: the overrides it adds to the base ones, and its caption
    /// (`download.progress=0.5 · download.progressColor=#ff2d55`).
    package struct Cell: Sendable, Equatable, Encodable {
        package var set: [String]
        package var caption: String
    }

    package struct UsageProblem: Error, Sendable {
        package let message: String
    }

    /// More cells than a sheet or a page shows readably, and than is cheap to draw at once.
    static let maxCells = 64

    var axes: [Axis]

    /// Reads the options' texts; a text of the wrong shape, or a product over `maxCells`, is a
    /// command-line problem.
    package init(_ texts: [String]) throws(UsageProblem) {
        var axes: [Axis] = []
        for text in texts {
            guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
                throw UsageProblem(message: "--vary takes ADDRESS=V1,V2,…, such as --vary download.progress=0,0.5,1; not '\(text)'")
            }
            let address = String(text[..<eq])
            let values = Self.splitValues(String(text[text.index(after: eq)...]))
            guard !values.isEmpty, !values.contains(where: \.isEmpty) else {
                throw UsageProblem(message: "--vary \(address)= needs values separated by commas, none empty; not '\(text)'")
            }
            // Each value must read as a --set would (the address's shape; the value is checked
            // later with the scene, where a bad one is a scene error naming the option).
            if case .failure(let error) = OverrideList.parse(values.map { "\(address)=\($0)" }) {
                throw UsageProblem(message: "--vary \(text): \(error.message)")
            }
            axes.append(Axis(address: address, values: values))
        }
        var count = 1
        for axis in axes {
            count *= axis.values.count
            guard count <= Self.maxCells else {
                throw UsageProblem(message: "--vary gives \(axes.map { String($0.values.count) }.joined(separator: " × ")) or more cells; at most \(Self.maxCells)")
            }
        }
        self.axes = axes
    }

    package var isEmpty: Bool { axes.isEmpty }

    /// No `--vary`: no cells.
    package static let empty = Variants(axes: [])

    private init(axes: [Axis]) {
        self.axes = axes
    }

    /// How many cells a row holds: the last option's values (one option: a strip).
    package var columns: Int { axes.last?.values.count ?? 0 }

    /// Every combination, the last option varying fastest.
    package var cells: [Cell] {
        guard !axes.isEmpty else { return [] }
        var sets: [[String]] = [[]]
        for axis in axes {
            sets = sets.flatMap { prefix in axis.values.map { prefix + ["\(axis.address)=\($0)"] } }
        }
        return sets.map { Cell(set: $0, caption: $0.joined(separator: " · ")) }
    }

    /// Splits on the commas that separate values: not those inside brackets, braces,
    /// parentheses or quotes, so `rgb(1, 2, 3)`, `[[0, 0], [1, 1]]` and `"a, b"` stay whole.
    /// Spaces around a value are dropped.
    package static func splitValues(_ text: String) -> [String] {
        var values: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if "([{".contains(c) {
                depth += 1
            } else if ")]}".contains(c) {
                depth = max(0, depth - 1)
            } else if c == ",", depth == 0 {
                values.append(current.trimmingSpaces)
                current = ""
                continue
            }
            current.append(c)
        }
        values.append(current.trimmingSpaces)
        return values
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
