/// An sRGB colour with straight (not premultiplied) alpha, components 0...1.
public struct Color: Hashable, Sendable {
    /// The components, each 0...1 (0 none, 1 full). Values outside that range are
    /// kept as given and clamped by the renderer when drawn.
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// A colour from sRGB components and an opacity, each 0...1; opaque unless
    /// `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// From 0xRRGGBB.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xff) / 255, green: Double((rgb >> 8) & 0xff) / 255,
                  blue: Double(rgb & 0xff) / 255, alpha: alpha)
    }

    /// The same colour with opacity `a` (0 transparent, 1 opaque), replacing the
    /// old opacity rather than multiplying it.
    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent; a view with this background draws no background.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque pure red, (1, 0, 0).
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Opaque pure yellow, (1, 1, 0).
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Opaque mid grey, 50% of each component.
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
    /// The light grey of iOS separators and unselected tracks, #D1D1D6.
    public static let lightGray = Color(rgb: 0xd1d1d6)
    /// iOS's system green (light appearance), #34C759: a switch's "on" track.
    public static let systemGreen = Color(rgb: 0x34c759)
    /// iOS's system blue (light appearance), #007AFF: tint of buttons and links.
    public static let systemBlue = Color(rgb: 0x007aff)
    /// iOS's grouped-table background (light appearance), #F2F2F7.
    public static let groupedBackground = Color(rgb: 0xf2f2f7)
}
