import GestureKit

#if canImport(Glibc)
import Glibc
#endif

/// An ellipse as a polygon, and a convex polygon cut to a rectangle: how
/// the canvas fills an ellipse that reaches beyond an image without a
/// clip.
enum EllipseOutline {
    /// The vertices, in order, of a polygon inscribed in the ellipse that
    /// fills `rect`, close enough that no point of the ellipse is farther
    /// than `tolerance` from it (and never fewer than 8).
    static func points(in rect: Rect, tolerance: Double) -> [Point] {
        let a = rect.width / 2, b = rect.height / 2
        let radius = Swift.max(a, b)
        // A chord spanning angle 2t lies radius * (1 - cos t) inside the
        // circle of that radius, which bounds the ellipse's own gap.
        var count = 8
        if tolerance > 0, tolerance < radius {
            let step = 2 * acos(1 - tolerance / radius)
            count = Swift.min(4096, Swift.max(8, Int((2 * Double.pi / step).rounded(.up))))
        }
        var points: [Point] = []
        points.reserveCapacity(count + 4)
        for i in 0..<count {
            let angle = 2 * Double.pi * Double(i) / Double(count)
            points.append(Point(x: rect.midX + a * cos(angle), y: rect.midY + b * sin(angle)))
        }
        return points
    }
}

extension Array where Element == Point {
    /// This convex polygon's part inside `rect` (Sutherland-Hodgman: one
    /// cut per side); empty when they do not overlap.
    func clipped(to rect: Rect) -> [Point] {
        var polygon = self
        polygon = polygon.cut(keeping: { $0.x >= rect.minX }, crossing: { a, b in a.pointAt(x: rect.minX, toward: b) })
        polygon = polygon.cut(keeping: { $0.x <= rect.maxX }, crossing: { a, b in a.pointAt(x: rect.maxX, toward: b) })
        polygon = polygon.cut(keeping: { $0.y >= rect.minY }, crossing: { a, b in a.pointAt(y: rect.minY, toward: b) })
        polygon = polygon.cut(keeping: { $0.y <= rect.maxY }, crossing: { a, b in a.pointAt(y: rect.maxY, toward: b) })
        return polygon
    }

    /// The polygon's part on the side of one line where `keeping` holds;
    /// `crossing` gives where an edge crosses the line.
    private func cut(keeping: (Point) -> Bool, crossing: (Point, Point) -> Point) -> [Point] {
        guard var previous = last else { return [] }
        var result: [Point] = []
        result.reserveCapacity(count + 2)
        var previousKept = keeping(previous)
        for point in self {
            let kept = keeping(point)
            if kept != previousKept { result.append(crossing(previous, point)) }
            if kept { result.append(point) }
            previous = point
            previousKept = kept
        }
        return result
    }
}

private extension Point {
    /// Where the segment from here to `other` meets the vertical line at `x`.
    func pointAt(x lineX: Double, toward other: Point) -> Point {
        let t = (lineX - x) / (other.x - x)
        return Point(x: lineX, y: y + (other.y - y) * t)
    }

    /// Where the segment from here to `other` meets the horizontal line at `y`.
    func pointAt(y lineY: Double, toward other: Point) -> Point {
        let t = (lineY - y) / (other.y - y)
        return Point(x: x + (other.x - x) * t, y: lineY)
    }
}
