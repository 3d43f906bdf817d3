/// A JSON document as scenec writes one (the schema, diagnostics, reports, Lottie files, the
/// language server's messages). Objects keep their members in the order they were written, so
/// the printed text is the same byte for byte on every run and machine (a Swift `Dictionary`
/// would not be).
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The member named `key` of an object; nil for anything else.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value at a path of object keys (`schema[path: "definitions", "ring"]`).
    public subscript(path keys: String...) -> JSONValue? {
        var current: JSONValue? = self
        for key in keys { current = current?[key] }
        return current
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let v) = self { return v }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The keys of an object, in order; empty for anything else.
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }

    /// This object with `key` set: replaced in place when present, else appended.
    public func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let i = members.firstIndex(where: { $0.key == key }) {
            members[i].value = value
        } else {
            members.append(JSONMember(key: key, value: value))
        }
        return .object(members)
    }
}

/// One `"key": value` of a JSON object.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Dictionary-literal syntax keeps the written order (it is a list of pairs, not a Dictionary).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { JSONMember(key: $0.0, value: $0.1) })
    }

    /// An array of strings (`enum` and `required` lists).
    public static func strings(_ words: [String]) -> JSONValue { .array(words.map(JSONValue.string)) }
}

extension JSONValue {
    /// Pretty-printed JSON with two-space indentation and a final newline. Short arrays of
    /// plain values (enums, `required` lists) stay on one line so the file reads like a spec.
    public var prettyPrinted: String {
        var out = ""
        write(to: &out, indent: 0)
        out += "\n"
        return out
    }

    private static let inlineWidth = 100

    private func write(to out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1), closingPad = String(repeating: "  ", count: indent)
        // A value whose compact form fits on its line stays there: `{"$ref": …}`, enums,
        // `required` lists. Longer ones open one member per line.
        if let inline = compactText, inline.count + indent * 2 <= JSONValue.inlineWidth {
            out += inline
            return
        }
        switch self {
        case .null, .bool, .number, .string:
            out += compactText ?? ""
        case .array(let items):
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                item.write(to: &out, indent: indent + 1)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += closingPad + "]"
        case .object(let members):
            out += "{\n"
            for (i, member) in members.enumerated() {
                out += pad + JSONValue.quoted(member.key) + ": "
                member.value.write(to: &out, indent: indent + 1)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += closingPad + "}"
        }
    }

    /// The one-line form; nil as soon as it grows past the line width (so long documents are
    /// not rendered whole just to be thrown away).
    private var compactText: String? {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let v): return JSONValue.numberText(v)
        case .string(let s): return JSONValue.quoted(s)
        case .array(let items):
            var parts: [String] = []
            var length = 2
            for item in items {
                guard let text = item.compactText else { return nil }
                length += text.count + 2
                if length > JSONValue.inlineWidth { return nil }
                parts.append(text)
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .object(let members):
            var parts: [String] = []
            var length = 2
            for member in members {
                guard let text = member.value.compactText else { return nil }
                let part = JSONValue.quoted(member.key) + ": " + text
                length += part.count + 2
                if length > JSONValue.inlineWidth { return nil }
                parts.append(part)
            }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }

    /// One line of JSON without spaces — the language server's wire form, Lottie files — with
    /// each number written by `number`.
    public func compact(numbers number: (Double) -> String = JSONValue.numberText) -> String {
        var out = ""
        writeCompact(to: &out, number)
        return out
    }

    private func writeCompact(to out: inout String, _ number: (Double) -> String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let v): out += number(v)
        case .string(let s): out += JSONValue.quoted(s)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.writeCompact(to: &out, number)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                out += JSONValue.quoted(member.key) + ":"
                member.value.writeCompact(to: &out, number)
            }
            out += "}"
        }
    }

    /// Integers without a fraction (`12`, not `12.0`); others in Swift's shortest round-trip form,
    /// which is valid JSON; a number that is not finite as null (the schema holds only the
    /// registry's finite ranges).
    public static func numberText(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded(), Swift.abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }

    /// `json`, the text of a JSON document, with each invisible formatting character (only ever
    /// inside a string) as `\uXXXX`, as `quoted` writes it: the same value, and nothing a terminal
    /// printing it could reorder. For documents JSONEncoder wrote.
    public static func escapingInvisibles(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: \.isInvisibleFormatting) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if scalar.isInvisibleFormatting {
                out.append(contentsOf: unicodeEscape(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// A JSON string literal. YAML reads JSON's double-quoted form the same way, so it also
    /// serves to quote a YAML scalar (`scenec edit`); DEL and the C1 controls, which YAML does
    /// not allow raw, are escaped as well, and so are the invisible formatting characters
    /// (`Unicode.Scalar.isInvisibleFormatting`), so that printing the JSON reorders nothing.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.isInvisibleFormatting {
                    out += unicodeEscape(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `\u061c`: a character of the Basic Multilingual Plane as a JSON escape.
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }
}

/// So documents built as `JSONValue` (diagnostics, schemas) can sit inside Encodable ones.
extension JSONValue: Encodable {
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .bool(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .number(let n):
            var c = encoder.singleValueContainer()
            try c.encode(n)
        case .string(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case .object(let members):
            var c = encoder.container(keyedBy: MemberKey.self)
            for m in members { try c.encode(m.value, forKey: MemberKey(stringValue: m.key)) }
        }
    }
}
