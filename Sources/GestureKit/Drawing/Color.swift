/// An sRGB colour with straight (not premultiplied) alpha, components 0...1.
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// From 0xRRGGBB.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xff) / 255, green: Double((rgb >> 8) & 0xff) / 255,
                  blue: Double(rgb & 0xff) / 255, alpha: alpha)
    }

    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
    public static let lightGray = Color(rgb: 0xd1d1d6)
    public static let systemGreen = Color(rgb: 0x34c759)
    public static let systemBlue = Color(rgb: 0x007aff)
    public static let groupedBackground = Color(rgb: 0xf2f2f7)
}
