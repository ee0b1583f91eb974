/// A location in a two-dimensional coordinate space, in logical pixels.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate; grows to the right.
    public var x: Double
    /// Vertical coordinate; grows downwards, as in Wayland surface coordinates.
    public var y: Double

    /// Creates a point from its two coordinates, in logical pixels.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// Euclidean distance to `other`.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The component-wise sum: `a` moved by `b` read as an offset.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The component-wise difference: the offset that moves `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Both coordinates multiplied by `k`, for scaling an offset.
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }

    /// The coordinates as labels and logs show them, `(x,y)`, each with at most
    /// one decimal (see ``formatCoordinate(_:)``).
    public var description: String { "(\(formatCoordinate(x)),\(formatCoordinate(y)))" }
}

/// Formats a coordinate the way labels and logs show it: integers without a
/// fraction, other values with at most one decimal.
public func formatCoordinate(_ v: Double) -> String {
    // Values too large for tenths in an Int, infinity and NaN read as
    // Swift prints them.
    guard let tenths = fixedUnits(v, digits: 1) else { return String(v) }
    return tenths % 10 == 0 ? String(tenths / 10) : String(Double(tenths) / 10)
}
