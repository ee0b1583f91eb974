import GestureKit
import GestureScript

/// The report's picture of where the fingers went: the window's final
/// frame, faded, with every touch trail over it, in window coordinates.
/// Each finger has its colour (the same as its bar in the timeline); a
/// trail starts at a filled dot with its number (the same as on its bar
/// in the timeline) and ends at a ring where the
/// finger lifted, a cross where it was cancelled, or a dashed ring where it
/// was still down at the end. When the run failed, the gesture that led to
/// the failure is drawn bold and the others faint, so the eye goes to it.
struct TrailsPicture {
    var story: GestureStory
    /// The final frame, relative to the report page (nil: none).
    var frame: String?
    var width: Double
    var height: Double

    static let palette = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#e377c2", "#8c564b"]

    static func color(_ index: Int) -> String { palette[index % palette.count] }

    var svg: Markup {
        let focus = story.focus
        let w = formatScriptNumber(width), h = formatScriptNumber(height)
        return .el("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("class", "trails"), ("viewBox", "0 0 \(w) \(h)"),
                           ("width", w), ("height", h), ("role", "img")]) {
            Markup.el("title") { "Touch trails over the final frame" }
            if let frame {
                Markup.el("image", [("href", frame), ("x", "0"), ("y", "0"), ("width", w), ("height", h)])
            }
            Markup.el("rect", [("x", "0"), ("y", "0"), ("width", w), ("height", h), ("fill", "#fff"), ("fill-opacity", "0.45")])
            for (index, trail) in story.trails.enumerated() {
                let inFocus = focus.map { trail.start >= $0.lowerBound && trail.start <= $0.upperBound } ?? true
                self.trail(trail, number: index + 1, color: inFocus ? Self.color(index) : "#888",
                           bold: inFocus && focus != nil, faint: !inFocus)
            }
            if story.trails.isEmpty {
                Markup.el("text", [("x", "12"), ("y", "24"), ("class", "none")]) { "no touches in this script" }
            }
        }
    }

    private func trail(_ trail: GestureStory.Trail, number: Int, color: String, bold: Bool, faint: Bool) -> Markup {
        let points = trail.points.map { "\(formatCoordinate($0.x)),\(formatCoordinate($0.y))" }.joined(separator: " ")
        let first = trail.points[0], last = trail.points.last!
        let width = bold ? "5" : "3"
        let ending: String
        switch trail.end {
        case "up": ending = "lifted"
        case "cancel": ending = "cancelled"
        default: ending = "still down at the end"
        }
        let title = "\(number): touch \(trail.id): down at \(formatFixed(first.t, digits: 3)) s (\(formatCoordinate(first.x)),\(formatCoordinate(first.y))), "
            + "\(ending) at \(formatFixed(last.t, digits: 3)) s (\(formatCoordinate(last.x)),\(formatCoordinate(last.y))), \(trail.points.count) points"
        let x0 = formatCoordinate(first.x), y0 = formatCoordinate(first.y)
        let x1 = formatCoordinate(last.x), y1 = formatCoordinate(last.y)
        return .el("g", [("class", faint ? "trail faint" : "trail"), ("stroke", color), ("fill", color)]) {
            Markup.el("title") { title }
            Markup.el("polyline", [("points", points), ("fill", "none"), ("stroke-width", width),
                                   ("stroke-linecap", "round"), ("stroke-linejoin", "round")])
            Markup.el("circle", [("cx", x0), ("cy", y0), ("r", bold ? "9" : "7")])
            Markup.el("text", [("x", x0), ("y", y0), ("class", "id"), ("dy", "4")]) { "\(number)" }
            switch trail.end {
            case "up":
                Markup.el("circle", [("cx", x1), ("cy", y1), ("r", bold ? "11" : "8"), ("fill", "none"), ("stroke-width", "2.5")])
            case "cancel":
                Markup.el("path", [("d", "M\(offset(last.x, -7)),\(offset(last.y, -7)) l14,14 m0,-14 l-14,14"),
                                   ("stroke-width", "3"), ("fill", "none")])
            default:
                Markup.el("circle", [("cx", x1), ("cy", y1), ("r", "11"), ("fill", "none"), ("stroke-width", "2"),
                                     ("stroke-dasharray", "3 3")])
            }
        }
    }

    private func offset(_ v: Double, _ d: Double) -> String { formatCoordinate(v + d) }
}
