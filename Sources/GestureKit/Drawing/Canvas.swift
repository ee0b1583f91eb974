/// Horizontal placement of a line of text inside its rectangle.
public enum TextAlignment: String, Sendable {
    /// `left` starts each line at the rectangle's left edge, `center` centres it,
    /// `right` ends it at the right edge. Text always runs left to right.
    case left, center, right
}

/// A font request: the renderer picks the closest system font.
public struct Font: Hashable, Sendable {
    /// The em size in logical pixels (UIKit's points); 17 is body text.
    public var size: Double
    /// Whether to ask for the bold weight; there is no other weight or slant.
    public var bold: Bool

    /// A font of `size` logical pixels, regular unless `bold`.
    public init(size: Double, bold: Bool = false) {
        self.size = size
        self.bold = bold
    }

    /// 17 px regular, UIKit's body text size.
    public static let body = Font(size: 17)
    /// 13 px regular, for secondary text.
    public static let caption = Font(size: 13)
}

/// What a view draws its content with. The renderer implements it; views
/// draw in their own bounds coordinates and never see the pixel format, the
/// surface scale or their ancestors' transforms and alpha.
public protocol Canvas: AnyObject {
    /// Fills `rect` with `color`, blended over what is already drawn (source-over).
    func fill(_ rect: Rect, color: Color)
    /// Fills `rect` with corners rounded by `radius` logical pixels. A radius
    /// larger than half the shorter side is reduced to it (a capsule); 0 or less
    /// fills a plain rectangle.
    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color)
    /// Outlines a rounded rectangle with a line `lineWidth` logical pixels wide
    /// drawn inside `rect`, so that the outline never paints beyond it. The
    /// radius is reduced as for ``fillRoundedRect(_:radius:color:)``.
    func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double)
    /// Fills the ellipse inscribed in `rect` (a circle when it is square); draws
    /// nothing when `rect` is empty.
    func fillEllipse(in rect: Rect, color: Color)
    /// A straight line `lineWidth` logical pixels wide, centred on the segment
    /// from `from` to `to`, with round caps (so a zero-length line is a dot).
    func strokeLine(from: Point, to: Point, color: Color, lineWidth: Double)
    /// One line of text, vertically centred in `rect`.
    func drawText(_ text: String, in rect: Rect, font: Font, color: Color, alignment: TextAlignment)
    /// `image` stretched to fill `rect`. A canvas that keeps bitmaps draws
    /// the content of an image rendered `.bitmap` once and reuses it; the
    /// default draws the content into `rect` each time.
    func drawImage(_ image: Image, in rect: Rect)
}

extension Canvas {
    public func drawImage(_ image: Image, in rect: Rect) {
        image.draw(self, rect)
    }
}
