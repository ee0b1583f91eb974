/// A width and height in logical pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent in logical pixels.
    public var width: Double
    /// Vertical extent in logical pixels.
    public var height: Double

    /// Creates a size. Negative values are kept as given; a ``Rect`` with one
    /// reads as empty.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)

    /// The size as labels and logs show it, `WxH`, each with at most one
    /// decimal.
    public var description: String { "\(formatCoordinate(width))x\(formatCoordinate(height))" }
}
