import SceneModel

/// A seeded random source (SplitMix64), so a failing case can be made again from its seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    public mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}

/// A value for an attribute: as `--set` takes it and as a scene file writes it.
public struct RandomValue: Sendable {
    public var option: String
    public var yaml: String

    public init(_ option: String, yaml: String? = nil) {
        self.option = option
        self.yaml = yaml ?? option
    }

    /// A valid value of `kind`, from the registry's kinds, in the many forms the grammar allows.
    public static func of(_ kind: ValueKind, _ random: inout SeededRandom) -> RandomValue {
        func quoted(_ text: String) -> RandomValue { RandomValue(text, yaml: random.chance(0.5) ? "\"\(text)\"" : "'\(text)'") }
        switch kind {
        case .number(let range):
            let low = range.min ?? -20, high = range.max ?? (low + 20)
            var v = (Double(Int.random(in: 0...8, using: &random)) / 8 * (high - low) + low)
            if range.minExclusive, v <= low { v = low + 0.5 }
            let text = random.chance(0.2) && v == v.rounded() ? "\(Int(v)).0" : formatNumber(v)
            return RandomValue(text)
        case .integer(let min):
            return RandomValue("\(Int.random(in: min...(min + 4), using: &random))")
        case .length:
            return random.pick([RandomValue("12"), RandomValue("0.5"), quoted("50%"), quoted("100% - 10"), quoted("25% + 2")])
        case .angle:
            return random.pick([RandomValue("90"), RandomValue("-45"), quoted("0.25turn"), quoted("180deg"), quoted("1rad")])
        case .color:
            return random.pick([quoted("#ff2d55"), quoted("#abc"), RandomValue("red"), RandomValue("clear"),
                                quoted("rgb(1, 111, 37)"), quoted("rgba(255, 255, 255, 0.15)"), quoted("#00000080"),
                                RandomValue("{white: 0.5, alpha: 1}"), RandomValue("{red: 10, green: 20, blue: 30}")])
        case .bool:
            return RandomValue(random.chance(0.5) ? "true" : "false")
        case .choice(let words):
            return RandomValue(random.pick(words))
        case .timeOfDay:
            return random.pick([quoted("10:09:30"), quoted("22:15"), quoted("7:05:01.5")])
        case .points:
            return random.pick([RandomValue("[[0, 0], [10, 10]]"), RandomValue("[[0, \"50%\"], [\"100%\", \"50%\"], [5, 5]]")])
        case .dash:
            return random.pick([RandomValue("[4, 2]"), RandomValue("[1]"), RandomValue("[0, 3.5]")])
        case .insets:
            return random.pick([RandomValue("4"), RandomValue("{top: 1, leading: 2, bottom: 3, trailing: 4}"), RandomValue("{top: 6}")])
        case .gridSpacing:
            return random.pick([RandomValue("3"), RandomValue("{row: 1, column: 2}")])
        case .text:
            return random.pick([RandomValue("Ready"), RandomValue("72% done", yaml: "\"72% done\""), quoted("Sync: on")])
        case .fontFamily:
            return random.pick([RandomValue("DejaVu Sans"), quoted("DejaVu Serif")])
        case .fontWeight:
            return random.pick([RandomValue("bold"), RandomValue("regular"), RandomValue("600")])
        }
    }
}
