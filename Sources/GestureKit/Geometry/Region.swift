/// An area made of a few rectangles: what to repaint. Two small changes far
/// apart (a label at the top of the window, a picture at the bottom) stay
/// two rectangles instead of one bounding box that would repaint all that
/// lies between them.
///
/// Rectangles that overlap, or whose bounding box is hardly bigger than
/// the two together, are merged as they are added; past
/// `maximumRectangles`, the two whose merge adds the least area are merged.
/// The rectangles may still overlap a little: the region is their union.
public struct Region: Equatable, Sendable {
    /// The rectangles, none empty.
    public private(set) var rects: [Rect] = []

    /// Enough to keep apart the few things that change in one frame, few
    /// enough that clipping and damage requests stay cheap.
    public static let maximumRectangles = 8

    /// The empty region.
    public init() {}

    /// A region of one rectangle; empty when `rect` is.
    public init(_ rect: Rect) {
        formUnion(rect)
    }

    /// True when the region covers nothing.
    public var isEmpty: Bool { rects.isEmpty }

    /// The smallest rectangle holding the region; nil when it is empty.
    public var bounds: Rect? {
        guard var result = rects.first else { return nil }
        for r in rects.dropFirst() { result = result.union(r) }
        return result
    }

    /// The area the rectangles cover, counting overlaps twice.
    public var area: Double { rects.reduce(0) { $0 + $1.width * $1.height } }

    /// True when one of the rectangles contains `point` (each half-open, as
    /// ``Rect/contains(_:)-(Point)``).
    public func contains(_ point: Point) -> Bool {
        rects.contains { $0.contains(point) }
    }

    /// True when one of the rectangles overlaps `rect` by a non-empty area
    /// (as ``Rect/intersects(_:)``): a rectangle that only shares an edge
    /// with the region does not intersect it.
    public func intersects(_ rect: Rect) -> Bool {
        rects.contains { $0.intersects(rect) }
    }

    /// Adds `rect` to the region.
    public mutating func formUnion(_ rect: Rect) {
        guard !rect.isEmpty else { return }
        var incoming = rect
        // Absorb every rectangle worth merging with; each merge may make
        // the new rectangle worth merging with another.
        var i = 0
        while i < rects.count {
            if Self.mergeCost(rects[i], incoming) <= 0 {
                incoming = rects[i].union(incoming)
                rects.remove(at: i)
                i = 0
            } else {
                i += 1
            }
        }
        rects.append(incoming)
        while rects.count > Self.maximumRectangles { mergeCheapestPair() }
    }

    /// Adds every rectangle of `other` to the region.
    public mutating func formUnion(_ other: Region) {
        for r in other.rects { formUnion(r) }
    }

    /// The region covering both.
    public func union(_ other: Region) -> Region {
        var result = self
        result.formUnion(other)
        return result
    }

    /// The part of the region inside `rect`.
    public func intersection(_ rect: Rect) -> Region {
        var result = Region()
        for r in rects { result.formUnion(r.intersection(rect)) }
        return result
    }

    /// The region with `other`'s area taken out: it covers every point of
    /// this region outside `other`. The pieces left are added as any
    /// rectangles are, so merging may bring back a little of `other`.
    public func subtracting(_ other: Region) -> Region {
        var pieces = rects
        for cut in other.rects {
            var next: [Rect] = []
            for r in pieces {
                let inside = r.intersection(cut)
                guard !inside.isEmpty else {
                    next.append(r)
                    continue
                }
                // Above and below the cut, full width; beside it, its height.
                let candidates = [
                    Rect(x: r.minX, y: r.minY, width: r.width, height: inside.minY - r.minY),
                    Rect(x: r.minX, y: inside.maxY, width: r.width, height: r.maxY - inside.maxY),
                    Rect(x: r.minX, y: inside.minY, width: inside.minX - r.minX, height: inside.height),
                    Rect(x: inside.maxX, y: inside.minY, width: r.maxX - inside.maxX, height: inside.height),
                ]
                next += candidates.filter { !$0.isEmpty }
            }
            pieces = next
        }
        var result = Region()
        for piece in pieces { result.formUnion(piece) }
        return result
    }

    /// Every rectangle grown to whole pixels.
    public func integral() -> Region {
        var result = Region()
        for r in rects { result.formUnion(r.integral()) }
        return result
    }

    /// Every rectangle mapped through `transform` (its bounding box).
    public func map(_ transform: (Rect) -> Rect) -> Region {
        var result = Region()
        for r in rects { result.formUnion(transform(r)) }
        return result
    }

    /// How much more the bounding box of `a` and `b` covers than the two do
    /// apart (with a margin, so that near neighbours merge): zero or less
    /// means merging costs nothing worth a separate rectangle.
    private static func mergeCost(_ a: Rect, _ b: Rect) -> Double {
        let u = a.union(b)
        let slack = 0.25 * Swift.min(a.width * a.height, b.width * b.height)
        return u.width * u.height - a.width * a.height - b.width * b.height - slack
    }

    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, cost: Double.infinity)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let cost = Self.mergeCost(rects[i], rects[j])
                if cost < best.cost { best = (i, j, cost) }
            }
        }
        let merged = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects[best.i] = merged
    }
}
