import CCairo
import GestureKit

/// Text drawn straight into a buffer of 32-bit pixels at scale 1, with the
/// pixels `cairo_show_glyphs` gives a whole line, but without running
/// cairo's text pipeline each time: after a sleep, a frame paid for that
/// pipeline's code and data a line of text at a time (live, leaving the
/// glyphs out took event -> commit about 0.06 ms lower and CPU per touch
/// event about 7%; docs/performance-history.md, 2026-12-01).
///
/// How: each glyph's image is the one cairo rasterizes for the font, taken
/// from cairo once and kept trimmed to the pixels it covers (`Image`); a
/// glyph lands at its device position rounded to whole pixels, half up, as
/// cairo places it; within each box of the clip, the colour is composited
/// over what is there through each image in turn, or through one mask of
/// them all where cairo would use one (`composite`), rounded as pixman
/// rounds (`CoverageFill.Paint`).
extension GlyphTable {
    /// A glyph's image at scale 1, as cairo composites it: where its
    /// coverage lies in the table's `imageStore`, and how it is placed.
    struct Image {
        /// Where the coverage begins in `imageStore`: a byte a pixel,
        /// `width` a row, trimmed to the pixels the glyph covers (none for
        /// a glyph without ink).
        var offset = 0
        var width = 0, height = 0
        /// Where the image's first pixel lies from the glyph's rounded
        /// position, in pixels.
        var left = 0, top = 0
        /// The box around the glyph's unhinted ink from its position, in
        /// 256ths of a pixel, as cairo keeps it.
        var x1 = 0, y1 = 0, x2 = 0, y2 = 0

        /// Whether the image covers no pixel.
        var isEmpty: Bool { width == 0 || height == 0 }

        /// The pixels the image covers for `glyph` (user space; device
        /// space once moved by `dx`, `dy`).
        func pixels(for glyph: cairo_glyph_t, dx: Double, dy: Double) -> CoverageFill.PixelBox {
            let x0 = GlyphTable.rounded(glyph.x + dx) + left, y0 = GlyphTable.rounded(glyph.y + dy) + top
            return CoverageFill.PixelBox(x0: x0, y0: y0, x1: x0 + width, y1: y0 + height)
        }
    }

    /// `image`'s coverage, row after row.
    func coverage(of image: Image) -> [UInt8] {
        Array(imageStore[image.offset..<(image.offset + image.width * image.height)])
    }

    /// Cairo's fixed point: the nearest 256th.
    static func fixed(_ v: Double) -> Int {
        Int((v * 256).rounded(.toNearestOrEven))
    }

    /// Cairo's rounding of a glyph's position to whole pixels: half up.
    static func rounded(_ v: Double) -> Int {
        Int((v + 0.5).rounded(.down))
    }

    /// Glyph `index` as cairo draws it with this table's font at scale 1,
    /// its coverage added to `imageStore`: drawn onto an empty bitmap
    /// between two copies of itself far outside it. Cairo composites a run
    /// of glyphs only within the box around their unhinted ink, and a
    /// hinted glyph can reach a row past its own box; the copies widen the
    /// run's box to the whole bitmap.
    func captureImage(of index: UInt) -> Image {
        var glyph = cairo_glyph_t(index: index, x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(scaledFontForImages, &glyph, 1, &extents)
        let box = Image(x1: Self.fixed(extents.x_bearing), y1: Self.fixed(extents.y_bearing),
                        x2: Self.fixed(extents.x_bearing + extents.width),
                        y2: Self.fixed(extents.y_bearing + extents.height))
        guard extents.width > 0, extents.height > 0, extents.width < 4096, extents.height < 4096 else { return box }
        // Room for hinting to move the ink a pixel or two.
        let margin = 3
        let left = Int(extents.x_bearing.rounded(.down)) - margin, top = Int(extents.y_bearing.rounded(.down)) - margin
        let width = Int((extents.x_bearing + extents.width).rounded(.up)) + margin - left
        let height = Int((extents.y_bearing + extents.height).rounded(.up)) + margin - top
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return box }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return box }
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
            return box
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        // Only the pixels the glyph covers are kept.
        var ink = CoverageFill.PixelBox(x0: width, y0: height, x1: 0, y1: 0)
        for row in 0..<height {
            for column in 0..<width where data[row * stride + column] != 0 {
                ink = CoverageFill.PixelBox(x0: min(ink.x0, column), y0: min(ink.y0, row),
                                            x1: max(ink.x1, column + 1), y1: max(ink.y1, row + 1))
            }
        }
        guard !ink.isEmpty else { return box }
        var image = box
        image.offset = imageStore.count
        image.width = ink.x1 - ink.x0
        image.height = ink.y1 - ink.y0
        image.left = left + ink.x0
        image.top = top + ink.y0
        for row in ink.y0..<ink.y1 {
            imageStore.append(contentsOf: UnsafeBufferPointer(start: data + row * stride + ink.x0, count: image.width))
        }
        return image
    }

    /// A glyph's image in a run, and the pixels it covers there.
    private struct PlacedImage {
        var image: Image
        var box: CoverageFill.PixelBox
    }

    /// Composites `glyphs` (user space; device space once moved by `dx`,
    /// `dy`) in `paint` into `target`, within the boxes of `clip`, as
    /// cairo does: each glyph's image in turn, or, when a glyph's box
    /// overlaps those before it, all the images added into one mask first.
    /// The two differ where two images share a pixel ("tt", "ft"): by up
    /// to a third of the colour's strength there.
    func composite(_ glyphs: UnsafeMutableBufferPointer<cairo_glyph_t>, dx: Double, dy: Double,
                   paint: CoverageFill.Paint, into target: CoverageFill.Target, clip: [CoverageFill.PixelBox]) {
        forgetImagesPastLimit()
        withUnsafeTemporaryAllocation(of: PlacedImage.self, capacity: glyphs.count) { placed in
            // Each glyph's image looked up once; whether a glyph's box
            // overlaps the boxes of those before it, as cairo decides
            // whether to add a run's images into one mask first; and the
            // pixels the images reach.
            var count = 0
            var overlapping = false
            var inked = (x1: Int.max, y1: Int.max, x2: Int.min, y2: Int.min)
            var reach = CoverageFill.PixelBox(x0: .max, y0: .max, x1: .min, y1: .min)
            for glyph in glyphs {
                let image = keptImage(of: glyph.index)
                let x = Self.rounded(glyph.x + dx) * 256, y = Self.rounded(glyph.y + dy) * 256
                let x1 = x + image.x1, x2 = x + image.x2, y1 = y + image.y1, y2 = y + image.y2
                if x2 > inked.x1 && x1 < inked.x2 && y2 > inked.y1 && y1 < inked.y2 { overlapping = true }
                inked = (min(inked.x1, x1), min(inked.y1, y1), max(inked.x2, x2), max(inked.y2, y2))
                guard !image.isEmpty else { continue }
                let box = image.pixels(for: glyph, dx: dx, dy: dy)
                (placed.baseAddress! + count).initialize(to: PlacedImage(image: image, box: box))
                count += 1
                reach = CoverageFill.PixelBox(x0: min(reach.x0, box.x0), y0: min(reach.y0, box.y0),
                                              x1: max(reach.x1, box.x1), y1: max(reach.y1, box.y1))
            }
            let images = UnsafeBufferPointer(rebasing: placed[..<count])
            imageStore.withUnsafeBufferPointer { store in
                if overlapping {
                    compositeThroughMask(images, store: store, reach: reach, paint: paint, into: target, clip: clip)
                } else {
                    compositeEach(images, store: store, paint: paint, into: target, clip: clip)
                }
            }
        }
    }

    /// Each image composited in turn.
    private func compositeEach(_ images: UnsafeBufferPointer<PlacedImage>, store: UnsafeBufferPointer<UInt8>,
                               paint: CoverageFill.Paint, into target: CoverageFill.Target,
                               clip: [CoverageFill.PixelBox]) {
        for placed in images {
            let reach = placed.box.intersection(target.bounds)
            guard !reach.isEmpty else { continue }
            let coverage = store.baseAddress! + placed.image.offset
            for part in clip {
                let cut = part.intersection(reach)
                guard !cut.isEmpty else { continue }
                for row in cut.y0..<cut.y1 {
                    let pixels = target.pixels + row * target.stride
                    let from = coverage + (row - placed.box.y0) * placed.image.width - placed.box.x0
                    for column in cut.x0..<cut.x1 {
                        paint.pixel(pixels + column, level: UInt32(from[column]))
                    }
                }
            }
        }
    }

    /// The images added into one mask over each box of the clip they
    /// reach (a pixel's coverage at most whole), and the colour
    /// composited through it.
    private func compositeThroughMask(_ images: UnsafeBufferPointer<PlacedImage>, store: UnsafeBufferPointer<UInt8>,
                                      reach: CoverageFill.PixelBox, paint: CoverageFill.Paint,
                                      into target: CoverageFill.Target, clip: [CoverageFill.PixelBox]) {
        for part in clip {
            let area = part.intersection(reach).intersection(target.bounds)
            guard !area.isEmpty else { continue }
            let width = area.x1 - area.x0, size = width * (area.y1 - area.y0)
            if maskRoom.count < size { maskRoom = [UInt8](repeating: 0, count: size) }
            maskRoom.withUnsafeMutableBufferPointer { room in
                let mask = room.baseAddress!
                mask.update(repeating: 0, count: size)
                for placed in images {
                    let cut = area.intersection(placed.box)
                    guard !cut.isEmpty else { continue }
                    let coverage = store.baseAddress! + placed.image.offset
                    for row in cut.y0..<cut.y1 {
                        let into = mask + (row - area.y0) * width - area.x0
                        let from = coverage + (row - placed.box.y0) * placed.image.width - placed.box.x0
                        for column in cut.x0..<cut.x1 {
                            into[column] = UInt8(min(Int(into[column]) + Int(from[column]), 255))
                        }
                    }
                }
                for row in area.y0..<area.y1 {
                    let pixels = target.pixels + row * target.stride
                    let from = mask + (row - area.y0) * width - area.x0
                    for column in area.x0..<area.x1 {
                        paint.pixel(pixels + column, level: UInt32(from[column]))
                    }
                }
            }
        }
    }
}
