import GestureKit
import GestureScript

/// The report's picture of where the fingers went: the window's final
/// frame, faded, with every touch trail over it, in window coordinates.
/// Each finger has its colour and number, the same as its bar in the
/// timeline; a trail starts at a filled dot with the number and ends at a
/// ring where the finger lifted, a cross where it was cancelled, or a
/// dashed ring where it was still down at the end. When the run failed,
/// the gesture that led to the failure is drawn bold and the others grey,
/// and `closeUp` gives a magnified view of just that gesture, with every
/// touch sample as a dot and a scale bar in pixels, so a 12 px slide or a
/// finger that missed its area is plain to see.
struct TrailsPicture {
    var story: GestureStory
    /// The final frame, relative to the report page (nil: none).
    var frame: String?
    var width: Double
    var height: Double

    static let palette = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#e377c2", "#8c564b"]

    static func color(_ index: Int) -> String { palette[index % palette.count] }

    /// Trails drawn at most: those of the gesture before the failure, then
    /// the last of the others. A run of a hundred thousand taps still
    /// gives a picture a browser opens.
    static let maximumTrailsDrawn = 400
    /// Samples of one trail drawn at most: a longer trail is drawn through
    /// evenly spaced ones, its first and last among them.
    static let maximumSamplesDrawn = 2000

    /// The whole window.
    var svg: Markup { picture(view: (0, 0, width, height), displayWidth: width, closeUp: false) }

    /// The gesture before the failure, magnified to `displayWidth` px; nil
    /// when the run did not fail after a touch.
    func closeUp(displayWidth: Double = 360) -> Markup? {
        guard let focus = story.focus else { return nil }
        let trails = story.trails.filter { focus.contains($0.start) }
        let xs = trails.flatMap { $0.points.map(\.x) }, ys = trails.flatMap { $0.points.map(\.y) }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        // At least 80 px around the gesture, in the window's aspect.
        let side = max(maxX - minX, maxY - minY, 40) + 40
        let aspect = height / max(width, 1)
        let w = side, h = side * max(aspect, 0.5)
        let cx = (minX + maxX) / 2, cy = (minY + maxY) / 2
        return picture(view: (cx - w / 2, cy - h / 2, w, h), displayWidth: displayWidth, closeUp: true)
    }

    private func picture(view: (x: Double, y: Double, w: Double, h: Double), displayWidth: Double,
                         closeUp: Bool) -> Markup {
        let focus = story.focus
        // Window pixels per picture pixel: marks keep their size on screen.
        let k = view.w / displayWidth
        let w = n(width), h = n(height)
        let displayHeight = displayWidth * view.h / view.w
        return .el("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("class", closeUp ? "trails closeup" : "trails"),
                           ("viewBox", "\(n(view.x)) \(n(view.y)) \(n(view.w)) \(n(view.h))"),
                           ("width", n(displayWidth)), ("height", n(displayHeight)), ("role", "img")]) {
            let drawn = drawnTrails()
            Markup.el("title") {
                // Only the whole picture says how many trails it left out:
                // the close-up draws just the gesture's.
                closeUp ? "Close-up of the gesture before the first failure"
                    : "Touch trails over the final frame"
                        + (drawn.count < story.trails.count ? " (\(drawn.count) of its \(story.trails.count) trails drawn)" : "")
            }
            if let frame {
                Markup.el("image", [("href", frame), ("x", "0"), ("y", "0"), ("width", w), ("height", h)])
            }
            Markup.el("rect", [("x", n(view.x)), ("y", n(view.y)), ("width", n(view.w)), ("height", n(view.h)),
                               ("fill", "#fff"), ("fill-opacity", "0.45")])
            for (index, trail) in story.trails.enumerated() where drawn.contains(index) {
                let inFocus = focus.map { $0.contains(trail.start) } ?? true
                if !closeUp || inFocus {
                    self.trail(trail, number: index + 1, color: inFocus ? Self.color(index) : "#888",
                               bold: inFocus && focus != nil, faint: !inFocus, k: k, samples: closeUp)
                }
            }
            if closeUp {
                failures(k: k)
                scaleBar(view: view, k: k)
            }
        }
    }

    /// The indices of the trails drawn: every one, or at most
    /// `maximumTrailsDrawn`, the gesture's before the failure first.
    private func drawnTrails() -> Set<Int> {
        let all = story.trails.indices
        guard all.count > Self.maximumTrailsDrawn else { return Set(all) }
        let focused = story.focus.map { focus in all.filter { focus.contains(story.trails[$0].start) } } ?? []
        var drawn = Set(focused.prefix(Self.maximumTrailsDrawn))
        for index in all.reversed() where drawn.count < Self.maximumTrailsDrawn { drawn.insert(index) }
        return drawn
    }

    /// The samples of `trail` drawn: all, or `maximumSamplesDrawn` evenly
    /// spaced ones from the first to the last.
    static func drawnSamples(of trail: GestureStory.Trail) -> [(t: Double, x: Double, y: Double)] {
        let count = trail.points.count, limit = maximumSamplesDrawn
        guard count > limit else { return trail.points }
        return (0..<limit).map { trail.points[$0 * (count - 1) / (limit - 1)] }
    }

    private func trail(_ trail: GestureStory.Trail, number: Int, color: String, bold: Bool, faint: Bool,
                       k: Double, samples: Bool) -> Markup {
        let drawn = Self.drawnSamples(of: trail)
        let points = drawn.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
        let first = trail.points[0], last = trail.points.last!
        let ending: String
        switch trail.end {
        case "up": ending = "lifted"
        case "cancel": ending = "cancelled"
        default: ending = "still down at the end"
        }
        let farthest = trail.points.map { (($0.x - first.x) * ($0.x - first.x) + ($0.y - first.y) * ($0.y - first.y)).squareRoot() }.max() ?? 0
        let title = "\(number): touch \(trail.id): down at \(formatFixed(first.t, digits: 3)) s (\(n(first.x)),\(n(first.y))), "
            + "\(ending) at \(formatFixed(last.t, digits: 3)) s (\(n(last.x)),\(n(last.y))); "
            + "at most \(formatFixed(farthest, digits: 1)) px from where it went down; \(trail.points.count) samples"
            + (drawn.count < trail.points.count ? ", drawn through \(drawn.count) of them" : "")
        let x0 = n(first.x), y0 = n(first.y), x1 = n(last.x), y1 = n(last.y)
        return .el("g", [("class", faint ? "trail faint" : "trail"), ("stroke", color), ("fill", color)]) {
            Markup.el("title") { title }
            Markup.el("polyline", [("points", points), ("fill", "none"), ("stroke-width", n((bold ? 5 : 3) * k)),
                                   ("stroke-linecap", "round"), ("stroke-linejoin", "round"), ("stroke-opacity", "0.8")])
            if samples {
                for p in drawn.dropFirst() {
                    Markup.el("circle", [("cx", n(p.x)), ("cy", n(p.y)), ("r", n(2.5 * k)), ("stroke", "none")])
                }
            }
            Markup.el("circle", [("cx", x0), ("cy", y0), ("r", n((bold ? 9 : 7) * k)), ("stroke", "none")])
            Markup.el("text", [("x", x0), ("y", n(first.y + 4 * k)), ("class", "id"), ("font-size", n(11 * k))]) { "\(number)" }
            switch trail.end {
            case "up":
                Markup.el("circle", [("cx", x1), ("cy", y1), ("r", n((bold ? 11 : 8) * k)), ("fill", "none"),
                                     ("stroke-width", n(2.5 * k))])
            case "cancel":
                Markup.el("path", [("d", "M\(n(last.x - 7 * k)),\(n(last.y - 7 * k)) l\(n(14 * k)),\(n(14 * k)) m0,\(n(-14 * k)) l\(n(-14 * k)),\(n(14 * k))"),
                                   ("stroke-width", n(3 * k)), ("fill", "none")])
            default:
                Markup.el("circle", [("cx", x1), ("cy", y1), ("r", n(11 * k)), ("fill", "none"), ("stroke-width", n(2 * k)),
                                     ("stroke-dasharray", "\(n(3 * k)) \(n(3 * k))")])
            }
        }
    }

    /// Where the fingers were when recognizers failed during the gesture:
    /// a red cross on the first finger's trail with the recognizers' names,
    /// so the place a tap stopped being a tap shows on the path.
    private func failures(k: Double) -> [Markup] {
        guard let focus = story.focus, let finger = story.trails.first(where: { focus.contains($0.start) }) else { return [] }
        var byTime: [(time: Double, names: [String])] = []
        for recognizer in story.recognizers {
            for transition in recognizer.transitions where transition.state == "failed" && focus.contains(transition.time)
                && transition.time >= finger.start && transition.time <= finger.finish {
                if let i = byTime.firstIndex(where: { $0.time == transition.time }) {
                    byTime[i].names.append(recognizer.name)
                } else {
                    byTime.append((transition.time, [recognizer.name]))
                }
            }
        }
        return byTime.map { failure in
            let p = finger.points.last { $0.t <= failure.time } ?? finger.points[0]
            let d = 6 * k
            return .el("g", [("class", "failedhere")]) {
                Markup.el("title") { "\(failure.names.joined(separator: ", ")) failed at \(formatFixed(failure.time, digits: 3)) s" }
                Markup.el("path", [("d", "M\(n(p.x - d)),\(n(p.y - d)) l\(n(2 * d)),\(n(2 * d)) m0,\(n(-2 * d)) l\(n(-2 * d)),\(n(2 * d))"),
                                   ("stroke", "#b71c1c"), ("stroke-width", n(2.5 * k)), ("fill", "none")])
                Markup.el("text", [("x", n(p.x)), ("y", n(p.y - 10 * k)), ("font-size", n(11 * k)), ("text-anchor", "middle")]) {
                    "\(failure.names.joined(separator: ", ")) failed"
                }
            }
        }
    }

    /// A bar of a round number of window pixels in the bottom left corner.
    private func scaleBar(view: (x: Double, y: Double, w: Double, h: Double), k: Double) -> Markup {
        let length = [5.0, 10, 20, 50, 100, 200].last { $0 <= view.w / 3 } ?? 5
        let x = view.x + 10 * k, y = view.y + view.h - 10 * k
        return .el("g", [("class", "scale")]) {
            Markup.el("path", [("d", "M\(n(x)),\(n(y - 5 * k)) v\(n(5 * k)) h\(n(length)) v\(n(-5 * k))"),
                               ("fill", "none"), ("stroke", "#000"), ("stroke-width", n(1.5 * k))])
            Markup.el("text", [("x", n(x + length + 5 * k)), ("y", n(y)), ("font-size", n(12 * k))]) { "\(Int(length)) px" }
        }
    }

    private func n(_ v: Double) -> String { Markup.number(v) }
}
