import CCairo
import GestureKit

/// Text drawn straight into a buffer of 32-bit pixels at scale 1, with the
/// pixels `cairo_show_glyphs` gives a whole line, but without running
/// cairo's text pipeline each time: after a sleep, a frame paid for that
/// pipeline's code and data a line of text at a time (live, leaving the
/// glyphs out took event -> commit about 0.06 ms lower and CPU per touch
/// event about 7%; README, "Tried and not kept").
///
/// How: each glyph's image is the one cairo rasterizes for the font, taken
/// from cairo once (`Image`); a glyph lands at its device position
/// rounded to whole pixels, half up, as cairo places it; within each box
/// of the clip, the colour is composited over what is there through each
/// image in turn, rounded as pixman rounds (`CoverageFill.Paint`). What a
/// box shows depends only on the glyphs that reach it, so a line
/// repainted in parts gives the pixels of the whole line.
extension GlyphTable {
    /// A glyph's image at scale 1, as cairo composites it.
    struct Image {
        /// Coverage, a byte a pixel, `width` a row; empty for a glyph
        /// without ink.
        var coverage: [UInt8] = []
        var width = 0, height = 0
        /// Where the image's first pixel lies from the glyph's rounded
        /// position, in pixels.
        var left = 0, top = 0
    }

    /// Cairo's rounding of a glyph's position to whole pixels: half up.
    static func rounded(_ v: Double) -> Int {
        Int((v + 0.5).rounded(.down))
    }

    /// Glyph `index` as cairo draws it with this table's font at scale 1:
    /// drawn onto an empty bitmap between two copies of itself far outside
    /// it. Cairo composites a run of glyphs only within the box around
    /// their unhinted ink, and a hinted glyph can reach a row past its own
    /// box; the copies widen the run's box to the whole bitmap.
    func captureImage(of index: UInt) -> Image {
        var glyph = cairo_glyph_t(index: index, x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(scaledFontForImages, &glyph, 1, &extents)
        guard extents.width > 0, extents.height > 0, extents.width < 4096, extents.height < 4096 else { return Image() }
        // Room for hinting to move the ink a pixel or two.
        let margin = 3
        let left = Int(extents.x_bearing.rounded(.down)) - margin, top = Int(extents.y_bearing.rounded(.down)) - margin
        let width = Int((extents.x_bearing + extents.width).rounded(.up)) + margin - left
        let height = Int((extents.y_bearing + extents.height).rounded(.up)) + margin - top
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return Image() }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return Image() }
        defer { cairo_destroy(cr) }
        cairo_set_scaled_font(cr, scaledFontForImages)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        // Well within the ten ems around the bitmap where cairo keeps the
        // glyphs it is given.
        let x = Double(-left), y = Double(-top), away = Double(width + height + 16)
        var run = [cairo_glyph_t(index: index, x: x - away, y: y - away), cairo_glyph_t(index: index, x: x, y: y),
                   cairo_glyph_t(index: index, x: x + away, y: y + away)]
        cairo_show_glyphs(cr, &run, Int32(run.count))
        cairo_surface_flush(surface)
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            return Image()
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var coverage = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width { coverage[row * width + column] = data[row * stride + column] }
        }
        return Image(coverage: coverage, width: width, height: height, left: left, top: top)
    }

    /// Composites `glyphs` (user space; device space once moved by `dx`,
    /// `dy`) in `paint` into `target`, within the boxes of `clip`: each
    /// glyph's image in turn, as cairo composites a run whose glyphs' boxes
    /// do not overlap. (For a run whose boxes do, cairo adds the images
    /// into one mask first, which differs only where two images share a
    /// pixel, by the rounding of one blend against two; no line in the
    /// tests shows a difference.)
    func composite(_ glyphs: UnsafeMutableBufferPointer<cairo_glyph_t>, dx: Double, dy: Double,
                   paint: CoverageFill.Paint, into target: CoverageFill.Target, clip: [CoverageFill.PixelBox]) {
        for glyph in glyphs {
            let picture = image(of: glyph.index)
            guard !picture.coverage.isEmpty else { continue }
            let x0 = Self.rounded(glyph.x + dx) + picture.left, y0 = Self.rounded(glyph.y + dy) + picture.top
            let reach = CoverageFill.PixelBox(x0: x0, y0: y0, x1: x0 + picture.width, y1: y0 + picture.height)
                .intersection(target.bounds)
            guard !reach.isEmpty else { continue }
            picture.coverage.withUnsafeBufferPointer { coverage in
                for part in clip {
                    let cut = part.intersection(reach)
                    guard !cut.isEmpty else { continue }
                    for row in cut.y0..<cut.y1 {
                        let pixels = target.pixels + row * target.stride
                        let from = (row - y0) * picture.width - x0
                        for column in cut.x0..<cut.x1 {
                            paint.pixel(pixels + column, level: UInt32(coverage[from + column]))
                        }
                    }
                }
            }
        }
    }
}
