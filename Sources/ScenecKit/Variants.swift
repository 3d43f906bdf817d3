import SceneCheck

/// `--vary ADDR=V1,V2,…` options → the cells of a variant grid: the cross product of every
/// option's values (the first option varies slowest, so with two options it names the rows and
/// the second the columns), each cell a list of `ADDR=VALUE` overrides and a caption. The
/// preview's page and its static sheet read the same cells and the same `headers`.
package struct Variants: Sendable, Equatable {
    /// One `--vary`: an address and the values it takes, in order.
    private struct Axis: Sendable, Equatable {
        var address: String
        var values: [String]
    }

    /// One picture of the grid: the overrides it adds to the base ones, its caption
    /// (`download.progress=0.5 · download.progressColor=#ff2d55`), and where it sits.
    package struct Cell: Sendable, Equatable, Encodable {
        package var set: [String]
        package var caption: String
        /// Its row and column (from 0) in the grid `headers` label.
        package var row: Int
        package var column: Int
    }

    /// What labels the grid's rows and columns: the values alone (`0.5`, `#ff2d55`), each axis's
    /// address said once (`title`). The last `--vary` names the columns; the others, together,
    /// the rows (with three, a row label is `0 · 2`, its title `a.progress · a.lineWidth`).
    /// With one `--vary` there is one row and no row labels.
    package struct Headers: Sendable, Equatable, Encodable {
        package struct Axis: Sendable, Equatable, Encodable {
            package var title: String
            package var labels: [String]
        }
        package var rows: Axis
        package var columns: Axis
    }

    package struct UsageProblem: Error, Sendable {
        package let message: String
    }

    /// More cells than a sheet or a page shows readably, and than is cheap to draw at once.
    static let maxCells = 64

    /// The `--vary` options in order (what others read is `cells` and `headers`).
    private var axes: [Axis]

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

    /// Every combination, the last option varying fastest: row by row, so cell `i` sits at row
    /// `i / columns`, column `i % columns`.
    package var cells: [Cell] {
        guard !axes.isEmpty else { return [] }
        var sets: [[String]] = [[]]
        for axis in axes {
            sets = sets.flatMap { prefix in axis.values.map { prefix + ["\(axis.address)=\($0)"] } }
        }
        let columns = self.columns
        return sets.enumerated().map { i, set in
            Cell(set: set, caption: set.joined(separator: " · "), row: i / columns, column: i % columns)
        }
    }

    /// The grid's row and column labels; nil without `--vary`.
    package var headers: Headers? {
        guard let last = axes.last else { return nil }
        let rowAxes = axes.dropLast()
        var rows: [[String]] = rowAxes.isEmpty ? [] : [[]]
        for axis in rowAxes {
            rows = rows.flatMap { prefix in axis.values.map { prefix + [$0] } }
        }
        return Headers(rows: .init(title: rowAxes.map(\.address).joined(separator: " · "),
                                   labels: rows.map { $0.joined(separator: " · ") }),
                       columns: .init(title: last.address, labels: last.values))
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
