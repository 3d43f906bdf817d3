/// An angle in degrees: 0 is 3 o'clock, positive turns clockwise on screen (y grows downward).
public struct Angle: Sendable, Hashable, CustomStringConvertible {
    public var degrees: Double

    public init(degrees: Double) {
        self.degrees = degrees
    }

    public var radians: Double { degrees * Double.pi / 180 }

    public var description: String { "\(formatNumber(degrees))deg" }
}
