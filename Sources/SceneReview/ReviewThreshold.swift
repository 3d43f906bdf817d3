/// What counts as a change (`scenec build --threshold CHANNEL[,SHARE%]`): a pixel changed when
/// any of its channels differs by more than `channel` (of 255); an output changed when more
/// than `sharePercent` of its pixels changed, or when its size changed.
///
/// The defaults, 0 and 0%, call any difference a change: scenec's outputs are byte-identical
/// from run to run and whatever `--jobs` is, and both sides of a vector output are rasterised
/// by the same program, so the same drawing gives the same pixels. Raise them for a baseline
/// made with other Cairo or pixman versions, whose antialiasing differs by a few levels.
public struct ReviewThreshold: Sendable, Equatable {
    public var channel: Int
    public var sharePercent: Double

    public init(channel: Int = 0, sharePercent: Double = 0) {
        self.channel = channel
        self.sharePercent = sharePercent
    }

    /// `8`, `8,0.5%` or `8,0.5`; nil for anything else (a channel outside 0–255, a share
    /// outside 0–100).
    public init?(_ text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        guard parts.count == 1 || parts.count == 2, let channel = Int(parts[0]), (0...255).contains(channel) else {
            return nil
        }
        var share = 0.0
        if parts.count == 2 {
            let number = parts[1].hasSuffix("%") ? String(parts[1].dropLast()) : parts[1]
            guard let s = Double(number), s.isFinite, (0...100).contains(s) else { return nil }
            share = s
        }
        self.init(channel: channel, sharePercent: share)
    }

    /// Whether a comparison made with this threshold's `channel` is a change.
    public func isChange(_ comparison: PixelComparison) -> Bool {
        !comparison.sameSize || comparison.share * 100 > sharePercent
    }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
