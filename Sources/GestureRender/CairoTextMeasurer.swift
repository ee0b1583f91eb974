import CCairo
import GestureKit

/// Measures text with cairo, exactly as `CairoCanvas` draws it, so labels
/// wrap and shrink to what the renderer will show. Give it to every window
/// the renderer draws (`Window.textMeasurer`).
public final class CairoTextMeasurer: TextMeasuring {
    /// A context on a 1x1 surface, only for selecting fonts at scale 1.
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private var tables: [Font: GlyphTable] = [:]
    /// The table asked for last.
    private var lastTable: GlyphTable?

    /// Fonts remembered at most: a label shrinking its text tries sizes in
    /// half points, and a program may ask for any size; a cache that grew
    /// without end would be a leak in a long session.
    private static let fontLimit = 64

    /// A measurer that has read no fonts yet; it measures with the font the
    /// renderer draws with, so it needs no window or output.
    public init() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        cr = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Zero for a font cairo cannot make (out of memory), as cairo would
    /// measure it.
    public func width(of text: String, font: Font) -> Double {
        table(for: font)?.width(of: text) ?? 0
    }

    public func metrics(of font: Font) -> FontMetrics {
        table(for: font)?.metrics ?? FontMetrics(ascent: 0, descent: 0)
    }

    /// Cairo sets one glyph per character with no kerning (`GlyphTable`).
    public func advance(of scalar: Unicode.Scalar, font: Font) -> Double? {
        table(for: font)?.glyph(for: scalar).advance
    }

    /// The glyphs of `font`, each read from cairo as first needed; nil
    /// only if cairo cannot make the font (out of memory).
    func table(for font: Font) -> GlyphTable? {
        // A label's characters are measured one by one, all in one font.
        if let last = lastTable, last.font == font { return last }
        if let known = tables[font] {
            lastTable = known
            return known
        }
        CairoText.select(font, in: cr)
        guard let table = GlyphTable(font: font, selectedIn: cr) else { return nil }
        if tables.count >= Self.fontLimit { tables.removeAll(keepingCapacity: true) }
        tables[font] = table
        lastTable = table
        return table
    }
}

/// The one place that says how text is set with cairo: the face, and
/// unhinted metrics, so a width measured at scale 1 is the width drawn at
/// any buffer scale or under any transform (hinted advances are rounded to
/// whole device pixels, which differ with the scale).
enum CairoText {
    static let face = "DejaVu Sans"

    /// Sets `font` on `cr`; first waits for the faces being prepared
    /// (`FontPreparation`), but on the thread preparing them.
    static func select(_ font: Font, in cr: OpaquePointer, waitingForPreparation: Bool = true) {
        if waitingForPreparation { FontPreparation.wait() }
        FontConfiguration.install()
        cairo_select_font_face(cr, face, CAIRO_FONT_SLANT_NORMAL,
                               font.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, font.size)
        setOptions(in: cr)
    }

    static func setOptions(in cr: OpaquePointer) {
        cairo_set_font_options(cr, unhintedMetrics)
    }

    /// Cairo's default font options but for unhinted metrics (nothing else
    /// in the project sets font options), made once rather than for every
    /// text drawn. Cairo copies them into the context and never changes
    /// them, so the thread preparing the faces (`FontPreparation`) reads
    /// them as the drawing thread does.
    nonisolated(unsafe) private static let unhintedMetrics: OpaquePointer = {
        guard let options = cairo_font_options_create() else { preconditionFailure("cairo is out of memory") }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        return options
    }()
}
