import SceneSupport

/// Lottie's shape items, built as JSON. Within a group the first item is drawn on top, and a
/// fill or stroke paints the shapes listed before it.
enum Shapes {
    static func fixed(_ v: [Double]) -> JSONValue { Property.fixed(v).vector }
    static func fixed(_ v: Double) -> JSONValue { Property.fixed([v]).scalar }

    static func group(_ name: String, _ items: [JSONValue], transform: JSONValue = transform()) -> JSONValue {
        ["ty": "gr", "nm": .string(name), "it": .array(items + [transform])]
    }

    /// A group's transform: `position` is where its `anchor` lands; rotation in degrees, clockwise.
    static func transform(position: JSONValue = fixed([0, 0]), anchor: JSONValue = fixed([0, 0]),
                          rotation: JSONValue = fixed(0), opacity: JSONValue = fixed(100)) -> JSONValue {
        ["ty": "tr", "p": position, "a": anchor, "s": fixed([100, 100]), "r": rotation, "o": opacity]
    }

    /// An ellipse centred on `center`; it starts at 12 o'clock and runs clockwise (d 1) or
    /// counter-clockwise (d 3), which is where a trim path counts from.
    static func ellipse(center: JSONValue, size: JSONValue, clockwise: Bool = true) -> JSONValue {
        ["ty": "el", "p": center, "s": size, "d": clockwise ? 1 : 3]
    }

    /// A rectangle centred on `center`, corners rounded by `radius` (players keep it within half
    /// the smaller side, as Cairo's drawing does).
    static func rect(center: JSONValue, size: JSONValue, radius: JSONValue) -> JSONValue {
        ["ty": "rc", "p": center, "s": size, "r": radius, "d": 1]
    }

    /// Straight segments through `points`.
    static func path(_ points: [(x: Double, y: Double)], closed: Bool) -> JSONValue {
        let zero = JSONValue.array(points.map { _ in LottieJSON.numbers([0, 0]) })
        let bezier: JSONValue = ["c": .bool(closed), "v": .array(points.map { LottieJSON.numbers([$0.x, $0.y]) }),
                                 "i": zero, "o": zero]
        return ["ty": "sh", "ks": ["a": 0, "k": bezier]]
    }

    /// A colour and its opacity (Lottie keeps alpha apart, 0–100).
    struct Paint {
        var color: JSONValue
        var opacity: JSONValue
    }

    static func fill(_ paint: Paint) -> JSONValue {
        ["ty": "fl", "c": paint.color, "o": paint.opacity, "r": 1]  // non-zero winding, as Cairo fills
    }

    static func stroke(_ paint: Paint, width: JSONValue, cap: String, join: String = "miter",
                       dashes: [JSONValue]? = nil) -> JSONValue {
        var members: [JSONMember] = [
            JSONMember(key: "ty", value: "st"), JSONMember(key: "c", value: paint.color),
            JSONMember(key: "o", value: paint.opacity), JSONMember(key: "w", value: width),
            JSONMember(key: "lc", value: .number(Double(lineCaps[cap] ?? 1))),
            JSONMember(key: "lj", value: .number(Double(lineJoins[join] ?? 1))),
            JSONMember(key: "ml", value: 10),  // Cairo's default miter limit
        ]
        if let dashes { members.append(JSONMember(key: "d", value: .array(dashes))) }
        return .object(members)
    }

    static let lineCaps = ["butt": 1, "round": 2, "square": 3]
    static let lineJoins = ["miter": 1, "round": 2, "bevel": 3]

    /// Keeps the part of the paths before it between `start` and `end` percent of their length.
    static func trim(start: JSONValue, end: JSONValue) -> JSONValue {
        ["ty": "tm", "s": start, "e": end, "o": fixed(0), "m": 1]
    }
}
