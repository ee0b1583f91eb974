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
/// image in turn, or through one mask of them all where cairo would use
/// one (`overlaps`), rounded as pixman rounds (`CoverageFill.Paint`).
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
        /// The box around the glyph's unhinted ink from its position, in
        /// 256ths of a pixel, as cairo keeps it.
        var x1 = 0, y1 = 0, x2 = 0, y2 = 0

        /// The pixels the image covers for `glyph` (user space; device
        /// space once moved by `dx`, `dy`).
        func pixels(for glyph: cairo_glyph_t, dx: Double, dy: Double) -> CoverageFill.PixelBox {
            let x0 = GlyphTable.rounded(glyph.x + dx) + left, y0 = GlyphTable.rounded(glyph.y + dy) + top
            return CoverageFill.PixelBox(x0: x0, y0: y0, x1: x0 + width, y1: y0 + height)
        }
    }

    /// Cairo's fixed point: the nearest 256th.
    static func fixed(_ v: Double) -> Int {
        Int((v * 256).rounded(.toNearestOrEven))
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
        let box = (x1: Self.fixed(extents.x_bearing), y1: Self.fixed(extents.y_bearing),
                   x2: Self.fixed(extents.x_bearing + extents.width), y2: Self.fixed(extents.y_bearing + extents.height))
        guard extents.width > 0, extents.height > 0, extents.width < 4096, extents.height < 4096 else {
            return Image(x1: box.x1, y1: box.y1, x2: box.x2, y2: box.y2)
        }
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
        return Image(coverage: coverage, width: width, height: height, left: left, top: top,
                     x1: box.x1, y1: box.y1, x2: box.x2, y2: box.y2)
    }

    /// Composites `glyphs` (user space; device space once moved by `dx`,
    /// `dy`) in `paint` into `target`, within the boxes of `clip`, as
    /// cairo does: each glyph's image in turn, or, when a glyph's box
    /// overlaps those before it, all the images added into one mask first.
    /// The two differ where two images share a pixel ("tt", "ft"): by up
    /// to a third of the colour's strength there.
    func composite(_ glyphs: UnsafeMutableBufferPointer<cairo_glyph_t>, dx: Double, dy: Double,
                   paint: CoverageFill.Paint, into target: CoverageFill.Target, clip: [CoverageFill.PixelBox]) {
        if overlaps(glyphs, dx: dx, dy: dy) {
            compositeThroughMask(glyphs, dx: dx, dy: dy, paint: paint, into: target, clip: clip)
            return
        }
        for glyph in glyphs {
            let picture = image(of: glyph.index)
            guard !picture.coverage.isEmpty else { continue }
            let placed = picture.pixels(for: glyph, dx: dx, dy: dy)
            let reach = placed.intersection(target.bounds)
            guard !reach.isEmpty else { continue }
            picture.coverage.withUnsafeBufferPointer { coverage in
                for part in clip {
                    let cut = part.intersection(reach)
                    guard !cut.isEmpty else { continue }
                    for row in cut.y0..<cut.y1 {
                        let pixels = target.pixels + row * target.stride
                        let from = (row - placed.y0) * picture.width - placed.x0
                        for column in cut.x0..<cut.x1 {
                            paint.pixel(pixels + column, level: UInt32(coverage[from + column]))
                        }
                    }
                }
            }
        }
    }

    /// Whether a glyph's box overlaps the boxes of those before it, as
    /// cairo decides whether to add a run's images into one mask first.
    func overlaps(_ glyphs: UnsafeMutableBufferPointer<cairo_glyph_t>, dx: Double, dy: Double) -> Bool {
        var box = (x1: Int.max, y1: Int.max, x2: Int.min, y2: Int.min)
        for glyph in glyphs {
            let picture = image(of: glyph.index)
            let x = Self.rounded(glyph.x + dx) * 256, y = Self.rounded(glyph.y + dy) * 256
            let x1 = x + picture.x1, x2 = x + picture.x2, y1 = y + picture.y1, y2 = y + picture.y2
            if x2 > box.x1 && x1 < box.x2 && y2 > box.y1 && y1 < box.y2 { return true }
            box = (min(box.x1, x1), min(box.y1, y1), max(box.x2, x2), max(box.y2, y2))
        }
        return false
    }

    /// The glyphs' images added into one mask over each box of the clip
    /// they reach (a pixel's coverage at most whole), and the colour
    /// composited through it.
    private func compositeThroughMask(_ glyphs: UnsafeMutableBufferPointer<cairo_glyph_t>, dx: Double, dy: Double,
                                      paint: CoverageFill.Paint, into target: CoverageFill.Target,
                                      clip: [CoverageFill.PixelBox]) {
        var reach = CoverageFill.PixelBox(x0: .max, y0: .max, x1: .min, y1: .min)
        for glyph in glyphs {
            let picture = image(of: glyph.index)
            guard !picture.coverage.isEmpty else { continue }
            let placed = picture.pixels(for: glyph, dx: dx, dy: dy)
            reach = CoverageFill.PixelBox(x0: min(reach.x0, placed.x0), y0: min(reach.y0, placed.y0),
                                          x1: max(reach.x1, placed.x1), y1: max(reach.y1, placed.y1))
        }
        for part in clip {
            let area = part.intersection(reach).intersection(target.bounds)
            guard !area.isEmpty else { continue }
            let width = area.x1 - area.x0
            var mask = [UInt8](repeating: 0, count: width * (area.y1 - area.y0))
            for glyph in glyphs {
                let picture = image(of: glyph.index)
                guard !picture.coverage.isEmpty else { continue }
                let placed = picture.pixels(for: glyph, dx: dx, dy: dy)
                let cut = area.intersection(placed)
                guard !cut.isEmpty else { continue }
                for row in cut.y0..<cut.y1 {
                    for column in cut.x0..<cut.x1 {
                        let m = (row - area.y0) * width + column - area.x0
                        let sum = Int(mask[m])
                            + Int(picture.coverage[(row - placed.y0) * picture.width + column - placed.x0])
                        mask[m] = UInt8(min(sum, 255))
                    }
                }
            }
            for row in area.y0..<area.y1 {
                let pixels = target.pixels + row * target.stride
                for column in area.x0..<area.x1 {
                    paint.pixel(pixels + column, level: UInt32(mask[(row - area.y0) * width + column - area.x0]))
                }
            }
        }
    }
}
