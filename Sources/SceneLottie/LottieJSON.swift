import SceneSupport

/// Numbers as the file writes them: four decimals (a ten-thousandth of a point, a frame or a
/// colour step is below anything a player shows), so the output is small and the same on every
/// machine.
enum LottieNumber {
    static func rounded(_ v: Double) -> Double {
        guard v.isFinite else { return 0 }
        let r = (v * 10_000).rounded() / 10_000
        return r == 0 ? 0 : r  // no -0
    }
}

/// Lottie's JSON, compact (the format is read by players, not people), members in the order
/// written.
enum LottieJSON {
    static func compact(_ value: JSONValue) -> String { value.compact(numbers: number) }

    static func number(_ v: Double) -> String { JSONValue.numberText(LottieNumber.rounded(v)) }

    static func numbers(_ values: [Double]) -> JSONValue { .array(values.map { .number($0) }) }
}

extension Property {
    /// A scalar property (`{"a": 0, "k": 1}`; keyframe values are still lists).
    var scalar: JSONValue { encoded(fixed: { .number($0.first ?? 0) }) }

    /// A vector or colour property (`{"a": 0, "k": [1, 2]}`).
    var vector: JSONValue { encoded(fixed: LottieJSON.numbers) }

    func encoded(fixed: ([Double]) -> JSONValue) -> JSONValue {
        switch self {
        case .fixed(let v):
            return ["a": 0, "k": fixed(v)]
        case .animated(let curve):
            let keys = curve.keys.enumerated().map { i, key -> JSONValue in
                var members: [JSONMember] = [JSONMember(key: "t", value: .number(key.t)),
                                             JSONMember(key: "s", value: LottieJSON.numbers(key.value))]
                guard i + 1 < curve.keys.count else { return .object(members) }
                switch key.motion {
                case .hold:
                    members.append(JSONMember(key: "h", value: 1))
                case .bezier(let x1, let y1, let x2, let y2):
                    members.append(JSONMember(key: "o", value: ["x": .number(x1), "y": .number(y1)]))
                    members.append(JSONMember(key: "i", value: ["x": .number(x2), "y": .number(y2)]))
                }
                return .object(members)
            }
            return ["a": 1, "k": .array(keys)]
        }
    }
}
