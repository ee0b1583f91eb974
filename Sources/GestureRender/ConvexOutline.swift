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
        let count = 4 * quarterSteps(radius: Swift.max(a, b), tolerance: tolerance, least: 2)
        points.reserveCapacity(points.count + count)
        for i in 0..<count {
            let angle = 2 * Double.pi * Double(i) / Double(count)
            points.append(Point(x: rect.midX + a * cos(angle), y: rect.midY + b * sin(angle)))
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
        // Each corner's centre and the angle its arc starts at.
        let corners = ((rect.maxX - r, rect.maxY - r, 0.0), (rect.minX + r, rect.maxY - r, Double.pi / 2),
                       (rect.minX + r, rect.minY + r, Double.pi), (rect.maxX - r, rect.minY + r, 3 * Double.pi / 2))
        let steps = r > 0 ? quarterSteps(radius: r, tolerance: tolerance, least: 1) : 0
        points.reserveCapacity(points.count + 4 * (steps + 1))
        for (cx, cy, start) in [corners.0, corners.1, corners.2, corners.3] {
            for i in 0...steps {
                let angle = start + Double.pi / 2 * Double(i) / Double(Swift.max(steps, 1))
                points.append(Point(x: cx + r * cos(angle), y: cy + r * sin(angle)))
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
