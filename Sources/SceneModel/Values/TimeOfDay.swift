/// A clock time as seconds since midnight (hours up to 47, so a timeline can run past midnight),
/// or `now`, the local time when the picture is drawn.
public enum TimeOfDay: Sendable, Hashable, CustomStringConvertible {
    case seconds(Double)
    case now

    public static func hms(_ h: Double, _ m: Double, _ s: Double) -> TimeOfDay {
        .seconds(h * 3600 + m * 60 + s)
    }

    public var description: String {
        switch self {
        case .now: return "now"
        case .seconds(let total):
            let whole = Int(total.rounded(.down))
            let h = whole / 3600, m = whole / 60 % 60
            let s = total - Double(h * 3600 + m * 60)
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let secs = s == s.rounded() ? two(Int(s)) : (s < 10 ? "0" : "") + String(s)
            return "\(two(h)):\(two(m)):\(secs)"
        }
    }
}
