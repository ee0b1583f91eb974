/// The vertical extent of a font's lines, in logical pixels.
public struct FontMetrics: Equatable, Sendable {
    /// From the baseline up to the top of the tallest glyphs.
    public var ascent: Double
    /// From the baseline down to the bottom of the lowest glyphs.
    public var descent: Double

    /// Metrics from an ascent and a descent, both positive distances from the
    /// baseline in logical pixels.
    public init(ascent: Double, descent: Double) {
        self.ascent = ascent
        self.descent = descent
    }

    /// The height of one line: a label stacks its lines this far apart,
    /// and `Canvas.drawText` centres this box in its rectangle.
    public var lineHeight: Double { ascent + descent }
}

/// Measures text as it will be drawn, so that labels can wrap and shrink
/// their text to fit before anything is drawn. The renderer implements it
/// with the same fonts it draws with; a window uses its measurer for every
/// layout (see `Window.textMeasurer`).
///
/// Measurements are in logical pixels and must not depend on the scale or
/// transform the text is finally drawn at, or a label laid out once would
/// fit at one scale and overflow at another.
public protocol TextMeasuring: AnyObject {
    /// The advance width of `text` drawn as one line in `font`.
    func width(of text: String, font: Font) -> Double
    /// The ascent and descent of `font`.
    func metrics(of font: Font) -> FontMetrics
    /// How far `scalar` moves the pen in `font`, when a line of ASCII text
    /// is set one glyph per character, each where the previous one's
    /// advance left the pen (no kerning): its width is then the sum of
    /// these, added in order. Nil when the measurer cannot say; the
    /// default. Labels use it to redraw only the characters that changed.
    func advance(of scalar: Unicode.Scalar, font: Font) -> Double?
}

extension TextMeasuring {
    public func advance(of scalar: Unicode.Scalar, font: Font) -> Double? { nil }
}

/// An estimate for windows that no renderer measures (unit tests, tools
/// that only dump the view tree): every character is as wide as an average
/// sans-serif glyph, slightly generously, so text laid out with it rarely
/// overflows when a real font draws it.
public final class ApproximateTextMeasurer: TextMeasuring, Sendable {
    /// Average advance per character in ems (DejaVu Sans averages about
    /// 0.55 for prose, 0.64 for digits).
    static let regularAdvance = 0.62
    static let boldAdvance = 0.68

    /// Creates a measurer; it keeps no state, so one can serve every window.
    public init() {}

    public func width(of text: String, font: Font) -> Double {
        Double(text.count) * font.size * (font.bold ? Self.boldAdvance : Self.regularAdvance)
    }

    public func metrics(of font: Font) -> FontMetrics {
        FontMetrics(ascent: font.size * 0.93, descent: font.size * 0.24)
    }

    public func advance(of scalar: Unicode.Scalar, font: Font) -> Double? {
        font.size * (font.bold ? Self.boldAdvance : Self.regularAdvance)
    }
}
