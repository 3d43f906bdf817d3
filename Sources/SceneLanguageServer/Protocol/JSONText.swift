import FoundationEssentials
import SceneSupport

/// LSP messages are JSON. They are read with FoundationEssentials' decoder (as the preview
/// reads its request bodies) into the JSONValue the schema generator builds, and written
/// with its compact form, so neither direction needs more of Foundation.
extension JSONValue {
    /// The JSON document in `bytes`; nil for anything that is not JSON (the decoder also
    /// refuses nesting past its depth limit, so hostile input cannot exhaust the stack).
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONDecoder().decode(Decoded.self, from: Data(bytes)).value
    }

    var intValue: Int? {
        guard let v = numberValue, v == v.rounded(), Swift.abs(v) < 1e15 else { return nil }
        return Int(v)
    }

    var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    static func int(_ v: Int) -> JSONValue { .number(Double(v)) }
}

/// Decodes any JSON into a JSONValue (member order is not kept: nothing the server reads
/// depends on it).
private struct Decoded: Decodable {
    let value: JSONValue

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            value = .object(try object.allKeys.map { JSONMember(key: $0.stringValue, value: try object.decode(Decoded.self, forKey: $0).value) })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(Decoded.self).value) }
            value = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            value = .null
        } else if let b = try? single.decode(Bool.self) {
            value = .bool(b)
        } else if let n = try? single.decode(Double.self) {
            value = .number(n)
        } else {
            value = .string(try single.decode(String.self))
        }
    }
}
