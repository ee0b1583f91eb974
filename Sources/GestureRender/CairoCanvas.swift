import CCairo
import GestureKit

/// `Canvas` on a cairo context. The renderer has already applied the view's
/// position, transform and group alpha, so coordinates are the view's own.
final class CairoCanvas: Canvas {
    let cr: OpaquePointer
    /// Where images are kept as bitmaps; nil draws their content each time
    /// (while making such a bitmap).
    private let rasters: RasterCache?
    /// The fonts text is set in, shared with the layout that measured it.
    private let fonts: CairoTextMeasurer
    /// Fills shapes straight into the buffer where cairo's state allows
    /// (`fillDirectly`); nil leaves every shape to cairo.
    private let coverage: CoverageFill?
    /// While an image draws its content: the image's rectangle, in the
    /// coordinates it draws in, and its corners, as a clip cairo is given
    /// only for the shapes that may reach beyond them. A shape inside is
    /// drawn unclipped, which looks the same and spares cairo intersecting
    /// the shape with a turned rectangle.
    private var imageClip: ContentClip?

    /// The clips of views that clip their subviews which cairo's own clip
    /// does not hold, innermost last, cut from what is drawn inside them
    /// (`clip(to:cornerRadius:)`).
    private var cuts: [Cut] = []

    /// A rectangle, perhaps with rounded corners, that clips: kept out of
    /// cairo's clip until cairo draws (`withCuts`), and cut from shapes
    /// filled directly as a polygon.
    private struct Cut {
        let rect: Rect
        let radius: Double
        /// User space to device space where it was set.
        let matrix: cairo_matrix_t
        /// The same in device pixels, a convex polygon clockwise on
        /// screen, made when a shape filled directly first needs it.
        var polygon: [Point]?
    }

    /// An image's rectangle with its corners rounded by `radius`.
    private struct ContentClip {
        let rect: Rect
        let radius: Double
        /// The same as a polygon, made when an ellipse first needs it (the
        /// image's transformation, hence the tolerance, holds while it draws).
        var outline: [Point]?

        /// Whether a shape within `bounds`, its corners rounded by
        /// `shapeRadius`, stays inside.
        func holds(_ bounds: Rect, shapeRadius: Double = 0) -> Bool {
            rect.contains(bounds, cornerRadius: shapeRadius, within: radius)
        }
    }

    init(_ cr: OpaquePointer, rasters: RasterCache?, fonts: CairoTextMeasurer, coverage: CoverageFill? = nil) {
        self.cr = cr
        self.rasters = rasters
        self.fonts = fonts
        self.coverage = coverage
    }

    /// Clips what is drawn from now on to `rect` (user space) with its
    /// corners rounded by `radius` (0: square), as a view clipping its
    /// subviews does; the caller restores cairo's state afterwards, and
    /// calls `endClip()` if this returned true.
    ///
    /// Cairo clips a rectangle of whole device pixels itself, which keeps
    /// its clip a list of such rectangles: shapes are then filled straight
    /// into the buffer. Anything else (rounded corners, a rectangle at a
    /// fraction of a pixel, at a fractional scale, or turned) the canvas
    /// cuts instead: from shapes it fills, as a polygon; from what cairo
    /// draws, as a clip just around it. Given to cairo, it would send
    /// every shape inside to cairo's rasterizer, and whether a shape went
    /// there would depend on the damage repainted, so a shape's edge could
    /// be drawn one way in one frame and the other in the next.
    func clip(to rect: Rect, cornerRadius radius: Double) -> Bool {
        let wholePixels = isWholePixelRectangle(rect)
        if wholePixels {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
            if rect.fittingCornerRadius(radius) == 0 { return false }
        }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        cuts.append(Cut(rect: rect, radius: wholePixels ? radius : rect.fittingCornerRadius(radius), matrix: m,
                        polygon: nil))
        return true
    }

    /// Ends the innermost clip `clip(to:cornerRadius:)` kept out of cairo.
    func endClip() {
        cuts.removeLast()
    }

    /// Whether `rect` (user space) covers whole device pixels: upright,
    /// its sides on pixel boundaries.
    private func isWholePixelRectangle(_ rect: Rect) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0 else { return false }
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-9 }
        return whole(m.xx * rect.minX + m.x0) && whole(m.xx * rect.maxX + m.x0)
            && whole(m.yy * rect.minY + m.y0) && whole(m.yy * rect.maxY + m.y0)
    }

    /// Runs `draw` (cairo drawing) clipped to the cuts.
    private func withCuts(_ draw: () -> Void) {
        guard !cuts.isEmpty else {
            draw()
            return
        }
        cairo_save(cr)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        for cut in cuts {
            var at = cut.matrix
            cairo_set_matrix(cr, &at)
            roundedRectPath(cut.rect, radius: cut.radius)
            cairo_clip(cr)
        }
        cairo_set_matrix(cr, &m)
        draw()
        cairo_restore(cr)
    }

    func drawImage(_ image: Image, in rect: Rect) {
        guard rect.width > 0, rect.height > 0, image.size.width > 0, image.size.height > 0 else { return }
        // The size the image covers on the buffer: the rectangle through the
        // whole transformation (scale, and any turn or zoom around it).
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let (xScale, yScale) = Self.scales(of: m)
        guard image.rendering == .bitmap, let rasters,
              let bitmap = rasters.surface(for: image, needed: (rect.width * xScale, rect.height * yScale)) else {
            // Drawn at its natural size and scaled, as its bitmap would be
            // (line widths and radii keep their proportions); content
            // beyond the image's rectangle is cut off, as a bitmap's edges
            // cut it, and beyond its rounded corners. Those corners, when
            // the image is not stretched out of its proportions, are round
            // where it is drawn: an image inset in another clears its corners.
            // Proportional up to rounding: a frame scaled by s stretches a
            // 330x310 image by 330s / 330 and 310s / 310, which differ in
            // the last bit for about one s in four.
            let stretch = (x: rect.width / image.size.width, y: rect.height / image.size.height)
            let proportional = abs(stretch.x - stretch.y) <= 1e-12 * max(stretch.x, stretch.y)
            let corners = proportional ? image.cornerRadius * min(stretch.x, stretch.y) : 0
            clipped(unless: rect, shapeRadius: corners) {
                cairo_save(cr)
                cairo_translate(cr, rect.minX, rect.minY)
                cairo_scale(cr, rect.width / image.size.width, rect.height / image.size.height)
                drawContent(of: image)
                cairo_restore(cr)
            }
            return
        }
        clipped(unless: rect) { withCuts {
            cairo_save(cr)
            // Painting the bitmap through a pixel-aligned box around where it
            // lands: the bitmap's own edges (transparent beyond, filtered)
            // bound it, and cairo needs no mask for a turned rectangle.
            let box = deviceBox(of: rect)
            cairo_identity_matrix(cr)
            cairo_rectangle(cr, box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0)
            cairo_clip(cr)
            cairo_set_matrix(cr, &m)
            cairo_translate(cr, rect.minX, rect.minY)
            cairo_scale(cr, rect.width / Double(bitmap.width), rect.height / Double(bitmap.height))
            cairo_set_source_surface(cr, bitmap.surface, 0, 0)
            // Bilinear: a picture turned every frame stays smooth, and the
            // bitmap is never more than twice the size it is shown at.
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_paint(cr)
            cairo_restore(cr)
        } }
    }

    /// Draws `image`'s content at its natural size, cut to its rectangle
    /// and corners.
    func drawContent(of image: Image) {
        let natural = Rect(origin: .zero, size: image.size), outer = imageClip
        imageClip = ContentClip(rect: natural, radius: image.cornerRadius, outline: nil)
        image.draw(self, natural)
        imageClip = outer
    }

    /// The whole-pixel box, in device space, around `rect` under the
    /// current transformation.
    private func deviceBox(of rect: Rect) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        func device(_ x: Double, _ y: Double) -> Point {
            var dx = x, dy = y
            cairo_user_to_device(cr, &dx, &dy)
            return Point(x: dx, y: dy)
        }
        let box = Rect(boundingPoints: device(rect.minX, rect.minY), device(rect.maxX, rect.minY),
                       device(rect.minX, rect.maxY), device(rect.maxX, rect.maxY))
        return (box.minX.rounded(.down) - 1, box.minY.rounded(.down) - 1,
                box.maxX.rounded(.up) + 1, box.maxY.rounded(.up) + 1)
    }

    /// Draws with the image clip unless a shape within `bounds` (nil: not
    /// known) with corners rounded by `shapeRadius` lies inside it; the
    /// clip ends with the drawing, so the next shape is clipped only if it
    /// needs it too.
    private func clipped(unless bounds: Rect?, shapeRadius: Double = 0, _ draw: () -> Void) {
        guard let clip = imageClip, !(bounds.map { clip.holds($0, shapeRadius: shapeRadius) } ?? false) else {
            draw()
            return
        }
        cairo_save(cr)
        roundedRectPath(clip.rect, radius: clip.radius)
        cairo_clip(cr)
        draw()
        cairo_restore(cr)
    }

    func setColor(_ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    func fill(_ rect: Rect, color: Color) {
        clipped(unless: rect) {
            fillShape(color: color, polygons: { polygons, t in
                polygons.addPolygon(transform: t) {
                    ConvexOutline.appendRoundedRect(rect, radius: 0, tolerance: 1, to: &$0)
                }
            }, path: { cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height) })
        }
    }

    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        clipped(unless: rect, shapeRadius: rect.fittingCornerRadius(radius)) {
            fillShape(color: color, polygons: { polygons, t in
                let tolerance = deviceTolerance()
                polygons.addPolygon(transform: t) {
                    ConvexOutline.appendRoundedRect(rect, radius: radius, tolerance: tolerance, to: &$0)
                }
            }, path: { roundedRectPath(rect, radius: radius) })
        }
    }

    func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double) {
        guard lineWidth > 0 else { return }
        // The band a stroke along the middle of the line would paint,
        // filled between its outer and inner edges: the same shape, but
        // cairo fills it without its stroker, which cost a turned picture's
        // outline a quarter of the frame. The edges of a rounded corner are
        // arcs around the same centre; where the line is wider than the
        // corner is round, its inner edge is square.
        let middle = rect.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        let rad = middle.fittingCornerRadius(radius)
        let outer = rad > 0 ? rad + lineWidth / 2 : 0
        let hole = rect.insetBy(dx: lineWidth, dy: lineWidth)
        let holeRadius = Swift.max(0, rad - lineWidth / 2)
        let hasHole = hole.width > 0 && hole.height > 0
        clipped(unless: rect, shapeRadius: outer) {
            fillShape(color: color, evenOdd: true, polygons: { polygons, t in
                let tolerance = deviceTolerance()
                polygons.addPolygon(transform: t) {
                    ConvexOutline.appendRoundedRect(rect, radius: outer, tolerance: tolerance, to: &$0)
                }
                guard hasHole else { return }
                polygons.addPolygon(transform: t, reversed: true) {
                    ConvexOutline.appendRoundedRect(hole, radius: holeRadius, tolerance: tolerance, to: &$0)
                }
            }, path: {
                roundedRectPath(rect, radius: outer)
                if hasHole { roundedRectPath(hole, radius: holeRadius) }
            })
        }
    }

    func fillEllipse(in rect: Rect, color: Color) {
        guard rect.width > 0, rect.height > 0 else { return }
        if let clip = imageClip, !clip.holds(rect) {
            // Reaching beyond the image: cut to it here rather than by a
            // cairo clip. An ellipse flattened to a polygon is convex, and
            // so is its part inside a rectangle with rounded corners (also
            // convex); cairo fills that polygon far faster than it
            // intersects a curve with a turned clip.
            let tolerance = deviceTolerance()
            let cut = clip.outline ?? ConvexOutline.roundedRect(clip.rect, radius: clip.radius, tolerance: tolerance)
            imageClip?.outline = cut
            let polygon = ConvexOutline.ellipse(in: rect, tolerance: tolerance).clipped(toConvex: cut)
            fillShape(color: color, polygons: { polygons, t in
                polygons.addPolygon(transform: t) { $0.append(contentsOf: polygon) }
            }, path: { polygonPath(polygon) })
            return
        }
        // Inside any image clip (the cut case returned above): no clip.
        fillShape(color: color, polygons: { polygons, t in
            let tolerance = deviceTolerance()
            polygons.addPolygon(transform: t) { ConvexOutline.appendEllipse(in: rect, tolerance: tolerance, to: &$0) }
        }, path: {
            cairo_save(cr)
            cairo_translate(cr, rect.midX, rect.midY)
            cairo_scale(cr, rect.width / 2, rect.height / 2)
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_restore(cr)
        })
    }

    /// Fills a shape in `color`: straight into the buffer as the polygons
    /// `polygons` adds, where cairo's state allows (`fillDirectly`), and
    /// otherwise with cairo, along `path` (user space; with `evenOdd`, a
    /// path inside another cuts a hole), within the canvas's cuts.
    private func fillShape(color: Color, evenOdd: Bool = false, polygons: (CoverageFill, AffineTransform) -> Void,
                           path: () -> Void) {
        if fillDirectly(color: color, polygons) { return }
        withCuts {
            path()
            setColor(color)
            if evenOdd { cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD) }
            cairo_fill(cr)
            if evenOdd { cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING) }
        }
    }

    /// Fills the polygons `build` adds (in user space; it gets the
    /// transformation to device space) in `color` straight into the
    /// buffer, when cairo would draw them there unchanged otherwise: onto
    /// an image surface of 32-bit pixels, not into a group, compositing
    /// over with antialiasing, clipped to whole-pixel rectangles. Returns
    /// false, having drawn nothing, when cairo must draw them.
    private func fillDirectly(color: Color, _ build: (CoverageFill, AffineTransform) -> Void) -> Bool {
        guard let coverage, let target = directTarget(clipInto: coverage) else { return false }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        coverage.begin()
        build(coverage, AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0))
        for i in cuts.indices {
            coverage.cut(toConvex: cutPolygon(i))
        }
        writingDirectly { coverage.fill(color: color, into: target) }
        return true
    }

    /// Runs `write`, which writes the surface's pixels behind cairo's
    /// back: cairo finishes its own drawing first and is told after.
    private func writingDirectly(_ write: () -> Void) {
        let surface = cairo_get_target(cr)
        cairo_surface_flush(surface)
        write()
        cairo_surface_mark_dirty(surface)
    }

    /// Cut `i` as a polygon in device pixels, clockwise on screen.
    private func cutPolygon(_ i: Int) -> [Point] {
        if let polygon = cuts[i].polygon { return polygon }
        let cut = cuts[i], m = cut.matrix
        let t = AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        var polygon = ConvexOutline.roundedRect(cut.rect, radius: cut.radius, tolerance: deviceTolerance(under: m))
            .map { t.apply(to: $0) }
        // A mirroring transformation turns it the other way round.
        if m.xx * m.yy - m.xy * m.yx < 0 { polygon.reverse() }
        cuts[i].polygon = polygon
        return polygon
    }

    /// The pixels of the surface being drawn on, if shapes and text may be
    /// drawn into them directly, with cairo's clip read into
    /// `coverage.clip` (`readDeviceClip(into:)`); nil where either rules
    /// it out.
    private func directTarget(clipInto coverage: CoverageFill) -> CoverageFill.Target? {
        guard let surface = cairo_get_target(cr), cairo_get_group_target(cr) == surface,
              cairo_get_operator(cr) == CAIRO_OPERATOR_OVER, cairo_get_antialias(cr) != CAIRO_ANTIALIAS_NONE,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
                || cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24,
              let data = cairo_image_surface_get_data(surface) else { return nil }
        var dx = 0.0, dy = 0.0
        cairo_surface_get_device_offset(surface, &dx, &dy)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard dx == 0, dy == 0, stride % 4 == 0, readDeviceClip(into: coverage) else { return nil }
        return CoverageFill.Target(pixels: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                   width: Int(cairo_image_surface_get_width(surface)),
                                   height: Int(cairo_image_surface_get_height(surface)), stride: stride / 4)
    }

    /// Sets `coverage.clip` to cairo's clip as rectangles of whole device
    /// pixels; false where it is not one (a rounded or turned clip, or
    /// none set).
    private func readDeviceClip(into coverage: CoverageFill) -> Bool {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let list = cairo_copy_clip_rectangle_list(cr)
        cairo_restore(cr)
        guard let list else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return false }
        coverage.clip.removeAll(keepingCapacity: true)
        for i in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[i]
            let box = CoverageFill.PixelBox(x0: Int(r.x.rounded()), y0: Int(r.y.rounded()),
                                            x1: Int((r.x + r.width).rounded()), y1: Int((r.y + r.height).rounded()))
            // Cairo lists a clip as rectangles only when they are whole
            // pixels; anything else is left to cairo.
            guard Double(box.x0) == r.x, Double(box.y0) == r.y,
                  Double(box.x1) == r.x + r.width, Double(box.y1) == r.y + r.height else { return false }
            coverage.clip.append(box)
        }
        return true
    }

    /// The user-space distance a flattened curve may stray from the true
    /// one: cairo's tolerance (device pixels) over the largest scale of
    /// the current transformation.
    private func deviceTolerance() -> Double {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return deviceTolerance(under: m)
    }

    /// The same under transformation `m`.
    private func deviceTolerance(under m: cairo_matrix_t) -> Double {
        let scales = Self.scales(of: m)
        let scale = Swift.max(scales.x, scales.y)
        return scale > 0 ? cairo_get_tolerance(cr) / scale : .infinity
    }

    /// How long a unit step along x, and one along y, becomes under `m`.
    private static func scales(of m: cairo_matrix_t) -> (x: Double, y: Double) {
        ((m.xx * m.xx + m.yx * m.yx).squareRoot(), (m.xy * m.xy + m.yy * m.yy).squareRoot())
    }

    /// Adds the closed polygon through `points` to the path (nothing for
    /// fewer than three).
    private func polygonPath(_ points: [Point]) {
        guard points.count >= 3 else { return }
        cairo_move_to(cr, points[0].x, points[0].y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
    }

    func strokeLine(from: Point, to: Point, color: Color, lineWidth: Double) {
        let cap = lineWidth / 2
        clipped(unless: Rect(boundingPoints: from, to, from, to).insetBy(dx: -cap, dy: -cap)) { withCuts {
            setColor(color)
            cairo_set_line_width(cr, lineWidth)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            cairo_stroke(cr)
        } }
    }

    func drawText(_ text: String, in rect: Rect, font: Font, color: Color, alignment: TextAlignment) {
        guard !text.isEmpty else { return }
        if drawTextDirectly(text, in: rect, font: font, color: color, alignment: alignment) { return }
        clipped(unless: nil) { withCuts {
            // A font cairo cannot make (out of memory) draws nothing, as
            // cairo itself would.
            guard let glyphs = fonts.table(for: font) else { return }
            setColor(color)
            glyphs.select(in: cr)
            // Only centred and right-aligned text needs its width.
            let width = alignment == .left ? 0 : glyphs.width(of: text)
            glyphs.show(text, x: TextLayout.start(of: width, in: rect, alignment: alignment),
                        baseline: Self.baseline(in: rect, metrics: glyphs.metrics), in: cr)
        } }
    }

    /// Draws text straight into the buffer (`GlyphTable.composite`) when
    /// cairo would draw it there at scale 1, unturned, clipped to whole
    /// pixels only; false, having drawn nothing, when cairo must draw it.
    private func drawTextDirectly(_ text: String, in rect: Rect, font: Font, color: Color,
                                  alignment: TextAlignment) -> Bool {
        guard imageClip == nil, cuts.isEmpty, let coverage else { return false }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xx == 1, m.yy == 1, m.xy == 0, m.yx == 0, let target = directTarget(clipInto: coverage) else {
            return false
        }
        // A font cairo cannot make (out of memory) draws nothing, as cairo
        // itself would; so does a colour with no alpha.
        guard let glyphs = fonts.table(for: font), let paint = CoverageFill.Paint(color) else { return true }
        let width = alignment == .left ? 0 : glyphs.width(of: text)
        writingDirectly {
            glyphs.place(text, x: TextLayout.start(of: width, in: rect, alignment: alignment),
                         baseline: Self.baseline(in: rect, metrics: glyphs.metrics), in: cr) { placed in
                glyphs.composite(placed, dx: m.x0, dy: m.y0, paint: paint, into: target, clip: coverage.clip)
            }
        }
        return true
    }

    /// The baseline of a line centred across `rect`'s height.
    private static func baseline(in rect: Rect, metrics: FontMetrics) -> Double {
        rect.midY + (metrics.ascent - metrics.descent) / 2
    }

    func roundedRectPath(_ r: Rect, radius: Double) {
        let rad = r.fittingCornerRadius(radius)
        guard rad > 0 else {
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, Double.pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
