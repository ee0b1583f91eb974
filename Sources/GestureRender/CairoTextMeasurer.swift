import CCairo
import GestureKit

/// Measures text with cairo, exactly as `CairoCanvas` draws it, so labels
/// wrap and shrink to what the renderer will show. Give it to every window
/// the renderer draws (`Window.textMeasurer`).
public final class CairoTextMeasurer: TextMeasuring {
    /// A context on a 1x1 surface, only for measuring.
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private var widths: [WidthKey: Double] = [:]
    private var fontMetrics: [Font: FontMetrics] = [:]

    private struct WidthKey: Hashable {
        var text: String
        var font: Font
    }

    /// Widths remembered at most (a label's texts come back often; a
    /// cache that grew without end would be a leak in a long session).
    private static let cacheLimit = 4096

    /// A measurer with an empty cache; it measures with the font the renderer
    /// draws with, so it needs no window or output.
    public init() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        cr = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    public func width(of text: String, font: Font) -> Double {
        let key = WidthKey(text: text, font: font)
        if let known = widths[key] { return known }
        CairoText.select(font, in: cr)
        let width = CairoText.advance(of: text, in: cr)
        if widths.count >= Self.cacheLimit { widths.removeAll(keepingCapacity: true) }
        widths[key] = width
        return width
    }

    public func metrics(of font: Font) -> FontMetrics {
        if let known = fontMetrics[font] { return known }
        CairoText.select(font, in: cr)
        let metrics = CairoText.metrics(in: cr)
        fontMetrics[font] = metrics
        return metrics
    }
}

/// The one place that says how text is set with cairo: the face, and
/// unhinted metrics, so a width measured at scale 1 is the width drawn at
/// any buffer scale or under any transform (hinted advances are rounded to
/// whole device pixels, which differ with the scale).
enum CairoText {
    static let face = "DejaVu Sans"

    static func select(_ font: Font, in cr: OpaquePointer) {
        FontConfiguration.install()
        cairo_select_font_face(cr, face, CAIRO_FONT_SLANT_NORMAL,
                               font.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, font.size)
        cairo_set_font_options(cr, unhintedMetrics)
    }

    /// Cairo's default font options but for unhinted metrics (nothing else
    /// in the project sets font options), made once rather than for every
    /// text drawn. Cairo copies them into the context and never changes
    /// them; all drawing happens on the one thread.
    nonisolated(unsafe) private static let unhintedMetrics: OpaquePointer = {
        guard let options = cairo_font_options_create() else { preconditionFailure("cairo is out of memory") }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        return options
    }()

    /// The advance of `text` in the selected font, in user space.
    static func advance(of text: String, in cr: OpaquePointer) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    static func metrics(in cr: OpaquePointer) -> FontMetrics {
        var extents = cairo_font_extents_t()
        cairo_font_extents(cr, &extents)
        return FontMetrics(ascent: extents.ascent, descent: extents.descent)
    }
}
