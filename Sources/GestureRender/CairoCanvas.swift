import CCairo
import GestureKit

/// `Canvas` on a cairo context. The renderer has already applied the view's
/// position, transform and group alpha, so coordinates are the view's own.
final class CairoCanvas: Canvas {
    let cr: OpaquePointer

    init(_ cr: OpaquePointer) {
        self.cr = cr
    }

    func setColor(_ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    func fill(_ rect: Rect, color: Color) {
        setColor(color)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cr)
    }

    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        roundedRectPath(rect, radius: radius)
        setColor(color)
        cairo_fill(cr)
    }

    func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double) {
        roundedRectPath(rect.insetBy(dx: lineWidth / 2, dy: lineWidth / 2), radius: radius)
        setColor(color)
        cairo_set_line_width(cr, lineWidth)
        cairo_stroke(cr)
    }

    func fillEllipse(in rect: Rect, color: Color) {
        guard rect.width > 0, rect.height > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, rect.midX, rect.midY)
        cairo_scale(cr, rect.width / 2, rect.height / 2)
        cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(cr)
        setColor(color)
        cairo_fill(cr)
    }

    func strokeLine(from: Point, to: Point, color: Color, lineWidth: Double) {
        setColor(color)
        cairo_set_line_width(cr, lineWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_move_to(cr, from.x, from.y)
        cairo_line_to(cr, to.x, to.y)
        cairo_stroke(cr)
    }

    func drawText(_ text: String, in rect: Rect, font: Font, color: Color, alignment: TextAlignment) {
        guard !text.isEmpty else { return }
        CairoText.select(font, in: cr)
        let advance = CairoText.advance(of: text, in: cr)
        let metrics = CairoText.metrics(in: cr)
        let x: Double
        switch alignment {
        case .left: x = rect.minX
        case .center: x = rect.midX - advance / 2
        case .right: x = rect.maxX - advance
        }
        let baseline = rect.midY + (metrics.ascent - metrics.descent) / 2
        setColor(color)
        cairo_move_to(cr, x, baseline)
        cairo_show_text(cr, text)
    }

    func roundedRectPath(_ r: Rect, radius: Double) {
        let rad = Swift.min(radius, r.width / 2, r.height / 2)
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
