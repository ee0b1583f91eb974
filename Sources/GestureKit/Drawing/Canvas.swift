/// Horizontal placement of a line of text inside its rectangle.
public enum TextAlignment: String, Sendable {
    case left, center, right
}

/// A font request: the renderer picks the closest system font.
public struct Font: Hashable, Sendable {
    public var size: Double
    public var bold: Bool

    public init(size: Double, bold: Bool = false) {
        self.size = size
        self.bold = bold
    }

    public static let body = Font(size: 17)
    public static let caption = Font(size: 13)
}

/// What a view draws its content with. The renderer implements it; views
/// draw in their own bounds coordinates and never see the pixel format, the
/// surface scale or their ancestors' transforms and alpha.
public protocol Canvas: AnyObject {
    func fill(_ rect: Rect, color: Color)
    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color)
    func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double)
    func fillEllipse(in rect: Rect, color: Color)
    func strokeLine(from: Point, to: Point, color: Color, lineWidth: Double)
    /// One line of text, vertically centred in `rect`.
    func drawText(_ text: String, in rect: Rect, font: Font, color: Color, alignment: TextAlignment)
    /// `image` stretched to fill `rect`. A canvas that keeps bitmaps draws
    /// the image's content once and reuses it; the default draws the
    /// content into `rect` each time.
    func drawImage(_ image: Image, in rect: Rect)
}

extension Canvas {
    public func drawImage(_ image: Image, in rect: Rect) {
        image.draw(self, rect)
    }
}
