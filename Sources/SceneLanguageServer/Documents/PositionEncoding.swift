import SceneSupport
import SceneSyntax

/// How an LSP position counts characters within a line: UTF-16 code units (the protocol's
/// default) or bytes, when the client offers UTF-8 (`general.positionEncodings`, or the older
/// `offsetEncoding` Neovim 0.7 sends).
enum PositionEncoding: String {
    case utf8 = "utf-8"
    case utf16 = "utf-16"

    /// The encoding to use for a client's `initialize` capabilities: UTF-8 when offered.
    static func negotiate(_ capabilities: JSONValue?) -> PositionEncoding {
        let offered = (capabilities?[path: "general", "positionEncodings"]?.arrayValue ?? [])
            + (capabilities?["offsetEncoding"]?.arrayValue ?? [])
        return offered.contains(.string("utf-8")) ? .utf8 : .utf16
    }

    /// Units one Unicode scalar takes.
    func width(_ scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf8: return UTF8.width(scalar)
        case .utf16: return UTF16.width(scalar)
        }
    }
}

/// A zero-based LSP position.
struct Position: Equatable, Comparable {
    var line: Int
    var character: Int

    static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSONValue { ["line": .int(line), "character": .int(character)] }
}

struct LSPRange: Equatable {
    var start: Position
    var end: Position

    init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    init?(_ json: JSONValue?) {
        guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    var json: JSONValue { ["start": start.json, "end": end.json] }
}
