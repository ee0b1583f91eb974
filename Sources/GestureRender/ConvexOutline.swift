import GestureKit

#if canImport(Glibc)
import Glibc
#endif

/// Convex shapes as polygons, and a convex polygon cut to another: how the
/// canvas fills an ellipse that reaches beyond an image (a rectangle,
/// perhaps with rounded corners) without a clip.
enum ConvexOutline {
    /// The vertices, in order, of a polygon inscribed in the ellipse that
    /// fills `rect`, close enough that no point of the ellipse is farther
    /// than `tolerance` from it (and never fewer than 8).
    static func ellipse(in rect: Rect, tolerance: Double) -> [Point] {
        var points: [Point] = []
        appendEllipse(in: rect, tolerance: tolerance, to: &points)
        return points
    }

    /// `ellipse(in:tolerance:)`'s vertices, appended to `points`.
    static func appendEllipse(in rect: Rect, tolerance: Double, to points: inout [Point]) {
        let a = rect.width / 2, b = rect.height / 2
        let quarter = quarterSteps(radius: Swift.max(a, b), tolerance: tolerance, least: 2)
        // Each quarter is the first turned: one cosine and sine per vertex
        // of the first serves four (a pinched picture's shapes are made
        // anew every frame).
        let start = points.count
        points.append(contentsOf: repeatElement(Point.zero, count: 4 * quarter))
        for j in 0..<quarter {
            let unit = QuarterTurns(angle: Double.pi / 2 * Double(j) / Double(quarter))
            for q in 0..<4 {
                let (c, s) = unit.turned(q)
                points[start + q * quarter + j] = Point(x: rect.midX + a * c, y: rect.midY + b * s)
            }
        }
    }

    /// The vertices, clockwise on screen, of `rect` with its corners
    /// rounded by `radius` (each arc flattened within `tolerance`); the
    /// four corners when `radius` is 0.
    static func roundedRect(_ rect: Rect, radius: Double, tolerance: Double) -> [Point] {
        var points: [Point] = []
        appendRoundedRect(rect, radius: radius, tolerance: tolerance, to: &points)
        return points
    }

    /// `roundedRect(_:radius:tolerance:)`'s vertices, appended to `points`.
    static func appendRoundedRect(_ rect: Rect, radius: Double, tolerance: Double, to points: inout [Point]) {
        let r = rect.fittingCornerRadius(radius)
        // The corners' centres, clockwise on screen from the lower right;
        // each arc starts a quarter turn on from the one before's, so the
        // first corner's angles, turned, serve all four.
        let left = rect.minX + r, right = rect.maxX - r, top = rect.minY + r, bottom = rect.maxY - r
        let steps = r > 0 ? quarterSteps(radius: r, tolerance: tolerance, least: 1) : 0
        let start = points.count
        points.append(contentsOf: repeatElement(Point.zero, count: 4 * (steps + 1)))
        for i in 0...steps {
            let unit = QuarterTurns(angle: Double.pi / 2 * Double(i) / Double(Swift.max(steps, 1)))
            for q in 0..<4 {
                let (c, s) = unit.turned(q)
                points[start + q * (steps + 1) + i] = Point(x: (q == 1 || q == 2 ? left : right) + r * c,
                                                            y: (q < 2 ? bottom : top) + r * s)
            }
        }
    }

    /// The cosine and sine of an angle, and of it plus whole quarter turns.
    private struct QuarterTurns {
        let c: Double, s: Double

        init(angle: Double) {
            c = cos(angle)
            s = sin(angle)
        }

        /// The cosine and sine of the angle plus `quarters` (0 to 3)
        /// quarter turns.
        @inline(__always)
        func turned(_ quarters: Int) -> (Double, Double) {
            switch quarters {
            case 0: return (c, s)
            case 1: return (-s, c)
            case 2: return (-c, -s)
            default: return (s, -c)
            }
        }
    }

    /// How many chords a quarter turn of a circle of `radius` takes for
    /// none to lie farther than `tolerance` inside it: a chord spanning
    /// angle 2t lies radius * (1 - cos t) inside.
    private static func quarterSteps(radius: Double, tolerance: Double, least: Int) -> Int {
        guard tolerance > 0, tolerance < radius else { return least }
        // Clamped before it becomes an integer: for a huge radius the step
        // rounds to 0 and the count to infinity.
        let steps = (Double.pi / 2 / (2 * acos(1 - tolerance / radius))).rounded(.up)
        guard steps < 1024 else { return 1024 }
        return Swift.max(least, Int(steps))
    }
}

extension Array where Element == Point {
    /// This convex polygon's part inside the convex polygon `clip`, whose
    /// vertices run clockwise on screen as `ConvexOutline.roundedRect`
    /// gives them (Sutherland-Hodgman: one cut along each of its edges);
    /// empty when they do not overlap.
    func clipped(toConvex clip: [Point]) -> [Point] {
        guard clip.count >= 3, var box = Rect(boundingPoints: self) else { return [] }
        var polygon = self, scratch: [Point] = []
        scratch.reserveCapacity(count + clip.count)
        for (i, a) in clip.enumerated() where !polygon.isEmpty {
            let b = clip[(i + 1) % clip.count]
            guard a != b else { continue }
            // Clockwise on screen (y down), the inside lies where this
            // cross product is positive.
            func side(_ p: Point) -> Double { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
            // A polygon whose bounding box lies inside is inside: most
            // edges of a rounded outline are far from the ellipse.
            if side(Point(x: box.minX, y: box.minY)) >= 0, side(Point(x: box.maxX, y: box.minY)) >= 0,
               side(Point(x: box.minX, y: box.maxY)) >= 0, side(Point(x: box.maxX, y: box.maxY)) >= 0 {
                continue
            }
            polygon.cut(into: &scratch, by: side)
            swap(&polygon, &scratch)
            box = Rect(boundingPoints: polygon) ?? box
        }
        return polygon
    }

    /// Puts into `result` the polygon's part where `side` (a signed
    /// distance, up to a factor, from one line) is not negative. Where an
    /// edge crosses the line, `crossing` gives the point from the edge's
    /// ends and the share `t` of the way from the first (by default,
    /// that share of the way along it).
    func cut(into result: inout [Point], by side: (Point) -> Double,
             crossing: (Point, Point, Double) -> Point = Self.along) {
        result.removeAll(keepingCapacity: true)
        guard var previous = last else { return }
        var previousSide = side(previous)
        for point in self {
            let pointSide = side(point)
            if (pointSide >= 0) != (previousSide >= 0) {
                result.append(crossing(previous, point, previousSide / (previousSide - pointSide)))
            }
            if pointSide >= 0 { result.append(point) }
            previous = point
            previousSide = pointSide
        }
    }

    /// The point a share `t` of the way from `a` to `b`.
    static func along(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
}
