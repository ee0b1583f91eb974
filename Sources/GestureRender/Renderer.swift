import CCairo
import GestureKit

/// Draws a window's view tree with cairo. Each view is drawn in its own
/// coordinates (position, transform), background first, then its content,
/// then its subviews in order. A view with alpha below 1 is drawn with its
/// subviews into a group that is composited once at that alpha, so text on
/// a translucent view is exactly as translucent as the view (UIKit's
/// behaviour), while text on its parent stays opaque.
public final class Renderer {
    /// Measures text as this renderer draws it: the measurer for every
    /// window it draws (`Window.textMeasurer`).
    public let textMeasurer = CairoTextMeasurer()
    /// The bitmaps of the images shown, kept from frame to frame.
    private let rasters: RasterCache
    /// Fills views' shapes straight into the buffer (kept for its room).
    private let coverage = CoverageFill()

    /// A renderer with its own text measurer and an empty image cache; keep one
    /// per window, so images' bitmaps survive from frame to frame.
    public init() {
        rasters = RasterCache(fonts: textMeasurer)
    }

    /// Draws into a premultiplied ARGB8888 buffer (`wl_shm` ARGB8888 and
    /// XRGB8888 share this layout on little-endian machines). `scale` maps
    /// logical pixels to buffer pixels; `clip` (window-logical) limits the
    /// work to the damaged area.
    public func render(_ window: Window, into pixels: UnsafeMutableRawPointer, width: Int, height: Int,
                       stride: Int, scale: Double, clip: Region?) {
        guard width > 0, height > 0,
              let surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self),
                                                                CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                                                                Int32(stride)) else { return }
        defer { cairo_surface_destroy(surface) }
        draw(window, on: surface, scale: scale, clip: clip)
        cairo_surface_flush(surface)
    }

    /// Draws `window` on `surface`, the window's point `origin` at the
    /// surface's top left.
    func draw(_ window: Window, on surface: OpaquePointer, scale: Double, clip: Region?, origin: Point = .zero) {
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -origin.x, -origin.y)
        let canvas = CairoCanvas(cr, rasters: rasters, fonts: textMeasurer, coverage: coverage)
        for pass in Self.passes(over: clip?.rects ?? [window.bounds], in: window, scale: scale) {
            cairo_save(cr)
            draw(window, canvas: canvas, pass: pass)
            cairo_restore(cr)
        }
    }

    /// One drawing of the window's tree: the parts of the repainted area
    /// it is clipped to, the view whose opaque background paints all of
    /// them, under which nothing is drawn, and the view at which drawing
    /// stops (nil: none), for a pass that draws only what lies under it.
    private struct Pass {
        var cull: Culling
        var cover: View?
        var stop: View?
    }

    /// How to draw the repainted `damage`: in one pass, unless its parts lie
    /// on different opaque backgrounds, which then each hide what is under
    /// them in their own pass. A picture pinched on its frame and a label
    /// changed above it on the page: the frame's pass draws neither the
    /// page's background nor the window's under the picture. Parts drawn
    /// in different passes share no pixel (an edge's pixel would be blended
    /// twice); where they would, one pass draws them all.
    ///
    /// A part that reaches into the rounded corners of the view that would
    /// cover it (a picture grown to fill its rounded frame) is covered by
    /// that view all the same, once what lies under the view is drawn, in
    /// a pass of its own that stops at the view, in the rows of the part
    /// the corners reach into.
    private static func passes(over damage: [Rect], in window: Window, scale: Double) -> [Pass] {
        func cover(of parts: [Rect], ignoringCorners: Bool = false) -> Culling.Cover? {
            Culling(parts: parts).cover(among: window.subviews, toWindow: .identity,
                                        repainted: parts.map { Culling.pixels(of: $0, scale: scale) },
                                        ignoringCorners: ignoringCorners)
        }
        func add(_ part: Rect, cover: View?, stop: View?, to passes: inout [Pass]) {
            if let i = passes.firstIndex(where: { $0.cover === cover && $0.stop === stop }) {
                passes[i].cull.parts.append(part)
            } else {
                passes.append(Pass(cull: Culling(parts: [part]), cover: cover, stop: stop))
            }
        }
        var passes: [Pass] = [], under: [Pass] = []
        for part in damage {
            // The cover found looking past its own corners is the part's
            // cover where the part stays clear of them.
            let found = cover(of: [part], ignoringCorners: true)
            guard let found, Culling(parts: [part]).touchesCorners(of: found.view.bounds, radius: found.view.cornerRadius,
                                                                    toWindow: found.toWindow) else {
                add(part, cover: found?.view, stop: nil, to: &passes)
                continue
            }
            if let corners = cornerRows(of: part, under: found.view, toWindow: found.toWindow, scale: scale) {
                add(part, cover: found.view, stop: nil, to: &passes)
                for rows in corners { add(rows, cover: nil, stop: found.view, to: &under) }
            } else {
                add(part, cover: cover(of: [part])?.view, stop: nil, to: &passes)
            }
        }
        let pixels = passes.map { $0.cull.parts.map { Culling.pixels(of: $0, scale: scale) } }
        for (i, mine) in pixels.enumerated() {
            for theirs in pixels[(i + 1)...] where mine.contains(where: { a in theirs.contains { $0.intersects(a) } }) {
                return [Pass(cull: Culling(parts: damage), cover: cover(of: damage)?.view)]
            }
        }
        // What lies under a view at its corners is drawn first; each such
        // pass is itself covered where it can be.
        for i in under.indices { under[i].cover = cover(of: under[i].cull.parts)?.view }
        return under + passes
    }

    /// The rows of `part` that reach into the rounded corners of `view`
    /// (placed in the window by `toWindow`), which otherwise paints every
    /// pixel of it; nil when no row of `part` lies between the corners.
    /// The rows between the corners begin and end on whole buffer pixels.
    private static func cornerRows(of part: Rect, under view: View, toWindow: AffineTransform,
                                   scale: Double) -> [Rect]? {
        guard scale > 0 else { return nil }
        let area = toWindow.apply(to: view.bounds)
        let radius = view.bounds.fittingCornerRadius(view.cornerRadius) * abs(toWindow.d)
        let top = Swift.max(part.minY, ((area.minY + radius) * scale).rounded(.up) / scale)
        let bottom = Swift.min(part.maxY, ((area.maxY - radius) * scale).rounded(.down) / scale)
        guard top < bottom else { return nil }
        var rows: [Rect] = []
        if part.minY < top { rows.append(Rect(x: part.minX, y: part.minY, width: part.width, height: top - part.minY)) }
        if bottom < part.maxY {
            rows.append(Rect(x: part.minX, y: bottom, width: part.width, height: part.maxY - bottom))
        }
        return rows
    }

    /// Draws the window's tree for one pass, clipped to its parts.
    private func draw(_ window: Window, canvas: CairoCanvas, pass: Pass) {
        let cr = canvas.cr
        for r in pass.cull.parts { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height) }
        // A clip even when the whole window is repainted: shapes filled
        // straight into the buffer need one they can read
        // (CairoCanvas.fillDirectly).
        cairo_clip(cr)
        var occlusion = Occlusion(cover: pass.cover, stop: pass.stop)
        if pass.cover == nil {
            // The window's background replaces whatever the reused buffer held.
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            let bg = window.backgroundColor ?? .white
            cairo_set_source_rgba(cr, bg.red, bg.green, bg.blue, bg.alpha)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            window.draw(window.bounds, in: canvas)
        }
        for sub in window.subviews {
            draw(sub, canvas: canvas, toWindow: .identity, cull: pass.cull, occlusion: &occlusion)
        }
    }

    /// Drawing stays hidden until it reaches the view that covers the
    /// repainted area: before it, views draw nothing of their own, and only
    /// its ancestors are entered at all (for their transforms and clips).
    /// From the view it stops at (if any), nothing more is drawn.
    private struct Occlusion {
        let cover: View?
        let stop: View?
        private(set) var reached: Bool
        private(set) var stopped = false

        init(cover: View?, stop: View?) {
            self.cover = cover
            self.stop = stop
            reached = cover == nil
        }

        /// Whether `view`, about to be drawn, draws itself (its background
        /// and content) and whether its subviews may show.
        mutating func enter(_ view: View) -> (drawsItself: Bool, entered: Bool) {
            if stopped || view === stop {
                stopped = true
                return (false, false)
            }
            guard !reached, let cover else { return (true, true) }
            if view === cover {
                reached = true
                return (true, true)
            }
            return (false, cover.isDescendant(of: view))
        }
    }

    /// Which views lie outside the area being repainted, so that they need
    /// not be drawn: their content would be clipped away anyway.
    private struct Culling {
        /// The repainted parts of the window (window coordinates).
        var parts: [Rect]

        /// A view that paints every pixel of the repainted area, and where
        /// it lies in the window. A struct rather than a tuple: an optional
        /// tuple holding a class reference is copied through the runtime's
        /// generic tuple functions, and every frame looks for covers.
        struct Cover {
            let view: View
            let toWindow: AffineTransform
        }

        /// Whether `bounds`, placed in the window by `toWindow`, touches the
        /// area being repainted.
        func isVisible(_ bounds: Rect, toWindow: AffineTransform) -> Bool {
            let area = toWindow.apply(to: bounds)
            return parts.contains { $0.intersects(area) }
        }

        /// A repainted part, in window coordinates, grown to whole buffer
        /// pixels at `scale` (a pixel the clip cuts through is still
        /// written).
        static func pixels(of part: Rect, scale: Double) -> Rect {
            scale > 0 ? part.integral(scale: scale).unscaled(by: scale) : part
        }

        /// The last view of `views` and their subtrees, in drawing order,
        /// whose own opaque background paints every pixel of `repainted`:
        /// shown (with no translucent ancestor, whose group would blend it),
        /// neither turned nor skewed, its rectangle holding every part (its
        /// rounded corners clear of them, unless `ignoringCorners`), and
        /// inside every ancestor that clips, clear of its rounded corners
        /// (even when ignoring the view's own); with where it lies in the
        /// window.
        func cover(among views: [View], toWindow parent: AffineTransform, repainted: [Rect],
                   ignoringCorners: Bool = false) -> Cover? {
            var found: Cover?
            for view in views where !view.isHidden && view.alpha >= 1 {
                let toWindow = view.transformToSuperview.concatenating(parent)
                // A turned view's subviews turn with it.
                guard toWindow.b == 0, toWindow.c == 0 else { continue }
                let area = toWindow.apply(to: view.bounds)
                let inside = repainted.allSatisfy { area.contains($0) }
                let holds = inside
                    && !touchesCorners(of: view.bounds, radius: view.cornerRadius, toWindow: toWindow)
                if inside, ignoringCorners || holds, let bg = view.backgroundColor, bg.alpha >= 1 {
                    found = Cover(view: view, toWindow: toWindow)
                }
                // Nothing inside a clipping view paints beyond it, nor, where
                // the area reaches into them, into its rounded corners.
                if view.clipsToBounds && !holds { continue }
                if let inner = cover(among: view.subviews, toWindow: toWindow, repainted: repainted,
                                     ignoringCorners: ignoringCorners) {
                    found = inner
                }
            }
            return found
        }

        /// Whether the repainted area reaches into a corner square of
        /// `bounds` rounded by `radius` (where the rounded shape and the
        /// rectangle differ). Turned or skewed views are assumed to.
        func touchesCorners(of bounds: Rect, radius: Double, toWindow: AffineTransform) -> Bool {
            let r = bounds.fittingCornerRadius(radius)
            guard r > 0 else { return false }
            guard toWindow.b == 0, toWindow.c == 0 else { return true }
            return bounds.anyCornerSquare(radius: r) { isVisible($0, toWindow: toWindow) }
        }
    }

    private func draw(_ view: View, canvas: CairoCanvas, toWindow parent: AffineTransform, cull: Culling,
                      occlusion: inout Occlusion) {
        guard !view.isHidden, view.alpha > 0 else { return }
        let (drawsItself, entered) = occlusion.enter(view)
        guard entered else { return }
        let toWindow = view.transformToSuperview.concatenating(parent)
        // A view draws within its bounds (damage is worked out from them):
        // outside the repainted area it draws nothing, and neither do its
        // subviews if it clips them; with none, it is not entered at all
        // (a page's labels and buttons away from the damage would each
        // cost a save, two moves and a restore of cairo's state).
        let visible = cull.isVisible(view.bounds, toWindow: toWindow)
        if !visible && (view.clipsToBounds || view.subviews.isEmpty) { return }
        let cr = canvas.cr
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, view.center.x, view.center.y)
        if !view.transform.isIdentity {
            let t = view.transform
            var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
            cairo_transform(cr, &m)
        }
        cairo_translate(cr, -view.bounds.midX, -view.bounds.midY)
        let group = view.alpha < 1
        if group { cairo_push_group(cr) }
        if visible, drawsItself, let bg = view.backgroundColor, bg.alpha > 0 {
            canvas.fillRoundedRect(view.bounds, radius: view.cornerRadius, color: bg)
        }
        var cut = false
        if view.clipsToBounds {
            // Where the repainted area stays clear of the rounded corners,
            // the rectangle clips the same as the rounded one.
            let corners = cull.touchesCorners(of: view.bounds, radius: view.cornerRadius, toWindow: toWindow)
            cut = canvas.clip(to: view.bounds, cornerRadius: corners ? view.cornerRadius : 0)
        }
        defer { if cut { canvas.endClip() } }
        if visible, drawsItself { view.draw(view.bounds, in: canvas) }
        for sub in view.subviews { draw(sub, canvas: canvas, toWindow: toWindow, cull: cull, occlusion: &occlusion) }
        if group {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, view.alpha)
        }
    }
}
