/// An axis-aligned rectangle: origin at its top-left corner (y grows down,
/// as in surface coordinates) and a non-negative size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height from ``origin``.
    public var size: Size

    /// Creates a rectangle from its top-left corner and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its top-left corner and size, in logical pixels.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin; what ``intersection(_:)`` returns for
    /// rectangles that do not overlap.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest rectangle holding four points (e.g. a rectangle's
    /// corners after a transform).
    public init(boundingPoints a: Point, _ b: Point, _ c: Point, _ d: Point) {
        let x0 = Swift.min(a.x, b.x, c.x, d.x), y0 = Swift.min(a.y, b.y, c.y, d.y)
        let x1 = Swift.max(a.x, b.x, c.x, d.x), y1 = Swift.max(a.y, b.y, c.y, d.y)
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding every point of `points`; nil when
    /// there are none.
    public init?(boundingPoints points: [Point]) {
        guard var minX = points.first?.x, var minY = points.first?.y else { return nil }
        var maxX = minX, maxY = minY
        for p in points {
            minX = Swift.min(minX, p.x)
            maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y)
            maxY = Swift.max(maxY, p.y)
        }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge, itself outside the rectangle (see ``contains(_:)-(Point)``).
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge, itself outside the rectangle (see ``contains(_:)-(Point)``).
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The size's width.
    public var width: Double { size.width }
    /// The size's height.
    public var height: Double { size.height }
    /// The centre point, (``midX``, ``midY``).
    public var center: Point { Point(x: midX, y: midY) }
    /// True when the width or height is zero or negative: such a rectangle
    /// contains no point and adds nothing to a union or a ``Region``.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Half-open containment, as UIKit's `CGRect.contains`: the left and top
    /// edges are inside, the right and bottom edges are not.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Closed containment of a rectangle: true when no edge of `other` lies
    /// outside this one's, so `other`'s edges may lie on its edges and every
    /// rectangle contains itself. Only the edges are compared, so an empty
    /// `other` is contained where it lies within these edges and not
    /// elsewhere: a zero-width rectangle still has a place.
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The overlap of both, or `.zero` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when the two overlap by a non-empty area; rectangles that only share
    /// an edge do not intersect.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// Shrunk by `dx`/`dy` on every side (negative values grow it), never
    /// below an empty size.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: Swift.max(0, width - 2 * dx), height: Swift.max(0, height - 2 * dy))
    }

    /// Rounded outward to whole pixels, so that a damage rectangle covers
    /// every pixel the original touches.
    public func integral() -> Rect {
        integral(scale: 1)
    }

    /// Scaled by `scale` (pixels per unit), then rounded outward to whole
    /// pixels: the pixels the rectangle touches, in pixel coordinates.
    public func integral(scale: Double) -> Rect {
        let x0 = (minX * scale).rounded(.down), y0 = (minY * scale).rounded(.down)
        let x1 = (maxX * scale).rounded(.up), y1 = (maxY * scale).rounded(.up)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Divided by `scale` (pixels per unit): a rectangle in pixel
    /// coordinates back in units. A division, not a product with
    /// `1 / scale`, so whole pixels give exact pixel boundaries.
    public func unscaled(by scale: Double) -> Rect {
        Rect(x: minX / scale, y: minY / scale, width: width / scale, height: height / scale)
    }

    /// `radius` as this rectangle's corners can be rounded: at most half
    /// its shorter side, and never below 0.
    public func fittingCornerRadius(_ radius: Double) -> Double {
        Swift.max(0, Swift.min(radius, width / 2, height / 2))
    }

    /// Whether `other`, its corners rounded by `otherRadius`, lies inside
    /// this rectangle with its corners rounded by `radius` (both radii
    /// fitted, as `fittingCornerRadius(_:)` fits them). An arc about the
    /// same centre as this one's, as close as arithmetic gets it, counts as
    /// inside: an image inset in an outline, cut to the outline's inner edge.
    public func contains(_ other: Rect, cornerRadius otherRadius: Double, within radius: Double) -> Bool {
        guard contains(other) else { return false }
        let r = fittingCornerRadius(radius), s = other.fittingCornerRadius(otherRadius)
        // Each shape is its rectangle shrunk by its radius, grown by that
        // radius all round. Rounded at least as much, the other lies inside
        // when its rectangle does; less, when the corners of its shrunk
        // rectangle lie within r - s of this one's.
        guard s < r else { return true }
        let core = insetBy(dx: r, dy: r), centres = other.insetBy(dx: s, dy: s)
        let reach = r - s + 1e-9
        func near(_ x: Double, _ y: Double) -> Bool {
            let dx = Swift.max(core.minX - x, 0, x - core.maxX), dy = Swift.max(core.minY - y, 0, y - core.maxY)
            return dx * dx + dy * dy <= reach * reach
        }
        return near(centres.minX, centres.minY) && near(centres.maxX, centres.minY)
            && near(centres.minX, centres.maxY) && near(centres.maxX, centres.maxY)
    }

    /// Whether `test` holds for one of the four squares, `radius` wide, in
    /// the corners: where this rectangle rounded by `radius` differs from
    /// it.
    public func anyCornerSquare(radius: Double, where test: (Rect) -> Bool) -> Bool {
        let left = minX, right = maxX - radius, top = minY, bottom = maxY - radius
        return test(Rect(x: left, y: top, width: radius, height: radius))
            || test(Rect(x: right, y: top, width: radius, height: radius))
            || test(Rect(x: left, y: bottom, width: radius, height: radius))
            || test(Rect(x: right, y: bottom, width: radius, height: radius))
    }

    /// Origin and size as labels and logs show them, `(x,y) WxH`.
    public var description: String { "\(origin) \(size)" }
}
