import SceneSyntax

/// A unified diff of two texts, as `diff -u` writes it and `patch` and `git apply` read it:
/// `---`/`+++` headers, `@@ -a,n +b,m @@` hunks with `context` lines around each change, and
/// `\ No newline at end of file` after a last line without one. Lines keep their own endings,
/// so a CR LF file's diff carries its CRs.
public enum UnifiedDiff {
    /// Empty when the texts are the same.
    public static func diff(old: [UInt8], new: [UInt8], oldName: String, newName: String,
                            context: Int = 3) -> [UInt8] {
        let a = lines(old), b = lines(new)
        let ops = LineDiff.script(a, b)
        guard ops.contains(where: { $0 != .same }) else { return [] }
        // A name is one header line whatever it holds (a line break in it shown as ␊).
        var out = Array("--- \(oldName.escaped(.text))\n+++ \(newName.escaped(.text))\n".utf8)
        for hunk in hunks(ops, context: context) {
            out += hunkText(hunk, ops: ops, a: a, b: b)
        }
        return out
    }

    /// Lines with their line breaks (a line ends after LF; a CR before it stays in the line).
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            result.append(bytes[start...i])
            start = i + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    /// Ranges of the edit script to show: each change with `context` same lines around it,
    /// changes closer than twice that merged into one hunk.
    static func hunks(_ ops: [LineDiff.Op], context: Int) -> [Range<Int>] {
        var hunks: [Range<Int>] = []
        for (i, op) in ops.enumerated() where op != .same {
            let lower = Swift.max(0, i - context), upper = Swift.min(ops.count, i + 1 + context)
            if let last = hunks.last, lower <= last.upperBound {
                hunks[hunks.count - 1] = last.lowerBound..<Swift.max(last.upperBound, upper)
            } else {
                hunks.append(lower..<upper)
            }
        }
        return hunks
    }

    static func hunkText(_ hunk: Range<Int>, ops: [LineDiff.Op], a: [ArraySlice<UInt8>], b: [ArraySlice<UInt8>]) -> [UInt8] {
        // Line numbers where the hunk starts: the lines of each side before it.
        var aLine = 0, bLine = 0
        for op in ops[..<hunk.lowerBound] {
            if op != .insert { aLine += 1 }
            if op != .delete { bLine += 1 }
        }
        var body: [UInt8] = []
        var aCount = 0, bCount = 0
        for op in ops[hunk] {
            let line: ArraySlice<UInt8>
            switch op {
            case .same:
                line = a[aLine + aCount]
                body.append(UInt8(ascii: " "))
                aCount += 1
                bCount += 1
            case .delete:
                line = a[aLine + aCount]
                body.append(UInt8(ascii: "-"))
                aCount += 1
            case .insert:
                line = b[bLine + bCount]
                body.append(UInt8(ascii: "+"))
                bCount += 1
            }
            body += line
            if line.last != 0x0A {
                body += Array("\n\\ No newline at end of file\n".utf8)
            }
        }
        // An empty side is numbered by the line before it (`-0,0` at the top).
        func range(_ start: Int, _ count: Int) -> String {
            let first = count == 0 ? start : start + 1
            return count == 1 ? "\(first)" : "\(first),\(count)"
        }
        return Array("@@ -\(range(aLine, aCount)) +\(range(bLine, bCount)) @@\n".utf8) + body
    }
}

/// The shortest edit script between two lists of lines (Myers' O(ND) algorithm), after the
/// common head and tail are set aside, so an edit of a long file costs little.
enum LineDiff {
    enum Op: Equatable {
        case same, delete, insert
    }

    static func script(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Op] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let middle = myers(Array(a[head..<(a.count - tail)]), Array(b[head..<(b.count - tail)]))
        return Array(repeating: .same, count: head) + middle + Array(repeating: .same, count: tail)
    }

    /// Past this many differing lines the search stops and the middle is shown as all removed
    /// then all added: correct, only less tidy, and never quadratic in time or memory.
    static let maxDistance = 2_000

    static func myers(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Op] {
        let n = a.count, m = b.count
        let limit = Swift.min(n + m, maxDistance)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...limit {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else {
            return Array(repeating: .delete, count: n) + Array(repeating: .insert, count: m)
        }
        // Walk back from the end through the furthest-reaching paths of each round.
        var ops: [Op] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, to: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = v[offset + previousK], previousY = previousX - previousK
            while x > previousX, y > previousY {
                ops.append(.same)
                x -= 1
                y -= 1
            }
            ops.append(x == previousX ? .insert : .delete)
            x = previousX
            y = previousY
        }
        while x > 0, y > 0 {
            ops.append(.same)
            x -= 1
            y -= 1
        }
        return ops.reversed()
    }
}
