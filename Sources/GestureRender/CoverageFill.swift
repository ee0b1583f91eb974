import CPosix
import GestureKit

/// Fills polygons given in device pixels straight into a premultiplied
/// ARGB32 buffer, each pixel covered by the exact share of its area that
/// the polygons cover (antialiasing by area, as cairo's rasterizer
/// approximates it), composited over what is there.
///
/// The canvas uses it for the shapes views are made of (rectangles,
/// rounded rectangles, ellipses, an outline band), which cairo would take
/// through its path, polygon, scan converter and span compositor, a frame's
/// worth of code and data that a pinched picture touches again every frame,
/// most of it cold after the thread slept. Here a shape costs, per pixel
/// row, the few cells its edges cross and one store loop for the run
/// between them.
///
/// How coverage is found: a straight edge crossing a row of pixels covers,
/// in each pixel column, the part of that column's strip of the row lying
/// to its right. That share grows from 0 (columns left of the edge) to the
/// edge's whole height in the row (columns right of it), and in between is
/// a difference of two values of a quadratic ramp (`ramp`). A pixel's
/// coverage is the sum, over the edges crossing its row, of those shares,
/// signed by the edge's direction, so a closed polygon adds up to 1 inside
/// and 0 outside whichever way it is wound, and a second polygon wound the
/// other way cuts a hole. Each edge adds its share's changes column by
/// column into one row of cells; a running sum along the row gives every
/// pixel's coverage, and between the columns edges cross the sum stays
/// constant, so those pixels are filled as one run.
///
/// Reused from frame to frame: filling allocates only when a larger shape
/// than any before needs more room.
final class CoverageFill {
    /// A rectangle of whole device pixels, `x0..<x1` by `y0..<y1`.
    struct PixelBox: Equatable {
        var x0: Int, y0: Int, x1: Int, y1: Int

        var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

        func intersection(_ other: PixelBox) -> PixelBox {
            PixelBox(x0: Swift.max(x0, other.x0), y0: Swift.max(y0, other.y0),
                     x1: Swift.min(x1, other.x1), y1: Swift.min(y1, other.y1))
        }
    }

    /// Where pixels go: `stride` is in pixels.
    struct Target {
        let pixels: UnsafeMutablePointer<UInt32>
        let width: Int, height: Int, stride: Int

        var bounds: PixelBox { PixelBox(x0: 0, y0: 0, x1: width, y1: height) }
    }

    /// One edge, from its top (`y0`) to its bottom (`y1`); `direction` is
    /// +1 where the polygon ran downwards along it, -1 upwards.
    private struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var slope: Double
        /// How much of a column's share one column of the edge's sideways
        /// run is worth in a whole row: 1 / |slope| (infinite upright).
        var perColumnInRow: Double
        var direction: Double

        func x(at y: Double) -> Double { x0 + (y - y0) * slope }
    }

    // The arrays below are used by this class only (and `clip` by the
    // canvas that sets it), and no access to one lasts across a call that
    // could come back to it: they skip Swift's run-time exclusivity check
    // (a library call each time, several times a shape). `points`, which
    // a polygon's builder gets to append to, keeps it.

    /// The polygons of the shape being filled: their points one after the
    /// other, and where each polygon ends.
    private var points: [Point] = []
    @exclusivity(unchecked) private var polygonEnds: [Int] = []
    @exclusivity(unchecked) private var edges: [Edge] = []
    /// The edges left of a part whose rows are covered alike.
    @exclusivity(unchecked) private var edgesLeft: [Edge] = []
    /// The most edges left of a part for `fillRowsAlike`: a background's
    /// side and the arcs of its corners near the part's rows.
    private static let edgesLeftOfRowsAlike = 16
    /// Where the cuts build the cut polygons, swapped with the above, and
    /// one polygon on its own.
    @exclusivity(unchecked) private var cutPoints: [Point] = []
    @exclusivity(unchecked) private var cutEnds: [Int] = []
    @exclusivity(unchecked) private var polygon: [Point] = []
    /// What one cut leaves of `polygon`.
    @exclusivity(unchecked) private var piece: [Point] = []
    /// The clip the next fill keeps to: boxes of whole device pixels that
    /// do not overlap (set by the canvas before each fill).
    @exclusivity(unchecked) var clip: [PixelBox] = []
    /// Scratch for one fill, kept from fill to fill: the active edges'
    /// indices, one row of cells (each the change in coverage from the
    /// column before), and the column ranges edges touched in the row.
    @exclusivity(unchecked) private var scratch = Scratch()

    /// Memory the row loop works in, grown as shapes need and never
    /// shrunk: plain pointers, so that the loop pays for no array checks.
    private struct Scratch {
        var active = UnsafeMutablePointer<Int>.allocate(capacity: 0)
        var activeCapacity = 0
        var cells = UnsafeMutablePointer<Double>.allocate(capacity: 0)
        var cellCapacity = 0
        var touched = UnsafeMutablePointer<(Int, Int)>.allocate(capacity: 0)

        /// Room for `edges` active edges (and as many touched ranges) and
        /// `cells` cells, all cells 0.
        mutating func reserve(edges: Int, cells count: Int) {
            if activeCapacity < edges {
                active.deallocate()
                touched.deallocate()
                activeCapacity = Swift.max(edges, 2 * activeCapacity)
                active = .allocate(capacity: activeCapacity)
                touched = .allocate(capacity: activeCapacity)
            }
            if cellCapacity < count {
                cells.deallocate()
                cellCapacity = Swift.max(count, 2 * cellCapacity)
                cells = .allocate(capacity: cellCapacity)
                cells.initialize(repeating: 0, count: cellCapacity)
            }
        }

        func deallocate() {
            active.deallocate()
            cells.deallocate()
            touched.deallocate()
        }
    }

    init() {
        points.reserveCapacity(256)
        polygonEnds.reserveCapacity(4)
        edges.reserveCapacity(256)
        edgesLeft.reserveCapacity(Self.edgesLeftOfRowsAlike)
    }

    deinit {
        scratch.deallocate()
    }

    /// Starts a new shape.
    func begin() {
        points.removeAll(keepingCapacity: true)
        polygonEnds.removeAll(keepingCapacity: true)
    }

    /// Adds a polygon (closed implicitly) whose vertices `build` appends,
    /// each then mapped by `transform` to device pixels; `reversed` winds
    /// it the other way (a hole in a polygon wound as it was built).
    func addPolygon(transform: AffineTransform, reversed: Bool = false, _ build: (inout [Point]) -> Void) {
        let start = points.count
        build(&points)
        for i in start..<points.count { points[i] = transform.apply(to: points[i]) }
        if reversed { points[start...].reverse() }
        polygonEnds.append(points.count)
    }

    /// Cuts every polygon added since `begin()` to the convex polygon
    /// `clip` (device pixels, clockwise on screen): the shape's part inside
    /// it is what is filled. Holes keep their winding.
    func cut(toConvex clip: [Point]) {
        cutEach { polygon, result in result.append(contentsOf: polygon.clipped(toConvex: clip)) }
    }

    /// Replaces each polygon with what `cut` appends to its second
    /// argument, given the polygon.
    private func cutEach(_ cut: ([Point], inout [Point]) -> Void) {
        var start = 0
        cutPoints.removeAll(keepingCapacity: true)
        cutEnds.removeAll(keepingCapacity: true)
        for end in polygonEnds {
            polygon.removeAll(keepingCapacity: true)
            polygon.append(contentsOf: points[start..<end])
            cut(polygon, &cutPoints)
            cutEnds.append(cutPoints.count)
            start = end
        }
        swap(&points, &cutPoints)
        swap(&polygonEnds, &cutEnds)
    }

    /// Farthest from the origin (device pixels) a shape's points may lie
    /// for this fill to rasterize them as they are: a point's column is
    /// then a whole number, precise to a ten-thousandth of a pixel. A shape
    /// reaching farther (a view of absurd size) is first cut to the buffer.
    static let reach = 1e12

    /// Cuts every polygon to the upright box `x0...x1` by `y0...y1`, one
    /// side at a time. A point where an edge crosses a side takes the
    /// side's coordinate as it is and the other from the share of the edge
    /// on either side of it, so a polygon reaching 1e300 away is cut as
    /// precisely as a near one.
    private func cutToBox(x0: Double, y0: Double, x1: Double, y1: Double) {
        // Each side: which coordinate (x: true), its value, and which side
        // of it is kept (above the value: true).
        for (alongX, value, keepAbove) in [(true, x0, true), (true, x1, false), (false, y0, true), (false, y1, false)] {
            cutEach { polygon, result in
                polygon.cut(into: &piece, by: { p in
                    let v = alongX ? p.x : p.y
                    return keepAbove ? v - value : value - v
                }, crossing: { a, b, t in
                    alongX ? Point(x: value, y: a.y + (b.y - a.y) * t) : Point(x: a.x + (b.x - a.x) * t, y: value)
                })
                result.append(contentsOf: piece)
            }
        }
    }

    /// Fills the shape made of the polygons added since `begin()` in
    /// `color` (components 0...1, not premultiplied), within `clip` and
    /// `target`'s bounds. A shape with a point that is not finite, or so
    /// far that cutting it to the buffer overflows, draws nothing.
    func fill(color: Color, into target: Target) {
        if !points.allSatisfy({ abs($0.x) <= Self.reach && abs($0.y) <= Self.reach }) {
            let b = target.bounds
            // A pixel beyond the buffer on each side.
            cutToBox(x0: Double(b.x0 - 1), y0: Double(b.y0 - 1), x1: Double(b.x1 + 1), y1: Double(b.y1 + 1))
            guard points.allSatisfy({ abs($0.x) <= Self.reach && abs($0.y) <= Self.reach }) else { return }
        }
        guard let paint = Paint(color), buildEdges(), let box = bounds() else { return }
        if let whole = wholePixelRectangle() {
            // A rectangle on pixel boundaries covers its pixels whole:
            // rows of the colour, no coverage to work out.
            for area in clip {
                let part = area.intersection(target.bounds).intersection(whole)
                guard !part.isEmpty else { continue }
                for y in part.y0..<part.y1 {
                    paint.run(target.pixels + y * target.stride + part.x0, count: part.x1 - part.x0, coverage: 1)
                }
            }
            return
        }
        Self.sortByTop(&edges)
        for area in clip {
            let part = area.intersection(target.bounds).intersection(box)
            guard !part.isEmpty, !fillRowsAlike(part, paint: paint, into: target) else { continue }
            scratch.reserve(edges: edges.count, cells: part.x1 - part.x0 + 1)
            edges.withUnsafeBufferPointer { edges in
                Self.fill(part, edges: edges, paint: paint, scratch: scratch, into: target)
            }
        }
    }

    /// Fills `part` when no edge reaching into its rows reaches into its
    /// columns, as where a background lies under the damage away from its
    /// outline: each row is then covered alike, by the height of the edges
    /// left of it, and painted as one run, with no cells. Returns false,
    /// having drawn nothing, when an edge comes within a pixel of it (the
    /// row loop may then find a share a rounding short of the whole: an
    /// edge ending on the box's side), or when more than a few edges lie
    /// left of it (each row reads them all). Edges are sorted by their
    /// tops, so heights add up in the order the row loop adds them.
    private func fillRowsAlike(_ part: PixelBox, paint: Paint, into target: Target) -> Bool {
        let top = Double(part.y0), bottom = Double(part.y1), left = Double(part.x0), right = Double(part.x1)
        edgesLeft.removeAll(keepingCapacity: true)
        for e in edges where e.y1 > top && e.y0 < bottom {
            if Swift.max(e.x0, e.x1) < left - 1 {
                guard edgesLeft.count < Self.edgesLeftOfRowsAlike else { return false }
                edgesLeft.append(e)
            } else if Swift.min(e.x0, e.x1) <= right + 1 {
                return false
            }
        }
        var row = target.pixels + part.y0 * target.stride + part.x0
        for y in part.y0..<part.y1 {
            let rowTop = Double(y), rowBottom = rowTop + 1
            var coverage = 0.0
            for e in edgesLeft where e.y1 > rowTop && e.y0 < rowBottom {
                coverage += (Swift.min(e.y1, rowBottom) - Swift.max(e.y0, rowTop)) * e.direction
            }
            paint.run(row, count: part.x1 - part.x0, coverage: coverage)
            row += target.stride
        }
        return true
    }

    /// Turns the polygons into edges, leaving out level ones (they cover
    /// no height); false if a point is not finite.
    private func buildEdges() -> Bool {
        edges.removeAll(keepingCapacity: true)
        var start = 0
        for end in polygonEnds {
            defer { start = end }
            guard end - start >= 3 else { continue }
            var previous = points[end - 1]
            for i in start..<end {
                let p = points[i]
                guard p.x.isFinite, p.y.isFinite else { return false }
                defer { previous = p }
                // A level edge covers no height; one a hair from level
                // (less than a billionth of a pixel) covers none that
                // shows, and its slope would overflow.
                guard abs(p.y - previous.y) > 1e-9 else { continue }
                let (top, bottom, direction) = p.y > previous.y ? (previous, p, 1.0) : (p, previous, -1.0)
                let slope = (bottom.x - top.x) / (bottom.y - top.y)
                edges.append(Edge(x0: top.x, y0: top.y, x1: bottom.x, y1: bottom.y,
                                  slope: slope, perColumnInRow: 1 / abs(slope), direction: direction))
            }
        }
        return !edges.isEmpty
    }

    /// Orders `edges` by their tops, edges with the same top as they came
    /// (the order in which the row loop adds their shares). By insertion:
    /// a shape has a few dozen edges, and a convex outline's come in a
    /// few runs already in order, each moved at most past the other runs.
    private static func sortByTop(_ edges: inout [Edge]) {
        edges.withUnsafeMutableBufferPointer { edges in
            guard edges.count > 1 else { return }
            for i in 1..<edges.count {
                let edge = edges[i]
                var j = i
                while j > 0, edges[j &- 1].y0 > edge.y0 {
                    edges[j] = edges[j &- 1]
                    j &-= 1
                }
                if j != i { edges[j] = edge }
            }
        }
    }

    /// The shape's pixels, when it is one rectangle whose sides lie on
    /// pixel boundaries (two upright edges, one down and one up, at whole
    /// columns, spanning the same whole rows).
    private func wholePixelRectangle() -> PixelBox? {
        guard polygonEnds.count == 1, edges.count == 2 else { return nil }
        let a = edges[0], b = edges[1]
        guard a.x0 == a.x1, b.x0 == b.x1, a.y0 == b.y0, a.y1 == b.y1, a.direction != b.direction,
              a.x0 == a.x0.rounded(), b.x0 == b.x0.rounded(), a.y0 == a.y0.rounded(), a.y1 == a.y1.rounded(),
              abs(a.x0) < 1e9, abs(b.x0) < 1e9, abs(a.y0) < 1e9, abs(a.y1) < 1e9 else { return nil }
        return PixelBox(x0: Int(Swift.min(a.x0, b.x0)), y0: Int(a.y0), x1: Int(Swift.max(a.x0, b.x0)), y1: Int(a.y1))
    }

    /// The whole pixels the edges reach (a column more on the right, where
    /// the last edge's share may end).
    private func bounds() -> PixelBox? {
        var minX = Double.infinity, maxX = -Double.infinity
        var minY = Double.infinity, maxY = -Double.infinity
        for e in edges {
            minX = Swift.min(minX, e.x0, e.x1); maxX = Swift.max(maxX, e.x0, e.x1)
            minY = Swift.min(minY, e.y0); maxY = Swift.max(maxY, e.y1)
        }
        // Far beyond any buffer: clamped before becoming integers.
        let limit = Double(1 << 30)
        func whole(_ v: Double) -> Int { Int(Swift.min(Swift.max(v, -limit), limit)) }
        return PixelBox(x0: whole(minX.rounded(.down)), y0: whole(minY.rounded(.down)),
                        x1: whole(maxX.rounded(.down)) + 2, y1: whole(maxY.rounded(.up)))
    }

    /// Fills the rows and columns of `box` from `edges` (sorted by their
    /// tops).
    private static func fill(_ box: PixelBox, edges: UnsafeBufferPointer<Edge>, paint: Paint, scratch: Scratch,
                             into target: Target) {
        let active = scratch.active, touched = scratch.touched, cells = scratch.cells
        let first = box.x0, last = box.x1 - 1
        let firstColumn = Double(first), pastLast = Double(last &+ 1)
        var activeCount = 0, nextEdge = 0
        for y in box.y0..<box.y1 {
            let top = Double(y), bottom = top + 1
            // Edges that reach into this row join; those above it leave.
            while nextEdge < edges.count, edges[nextEdge].y0 < bottom {
                active[activeCount] = nextEdge
                activeCount &+= 1
                nextEdge &+= 1
            }
            var kept = 0
            for i in 0..<activeCount where edges[active[i]].y1 > top {
                active[kept] = active[i]
                kept &+= 1
            }
            activeCount = kept
            var touchedCount = 0
            for i in 0..<activeCount {
                let e = edges[active[i]]
                let ya = e.y0 > top ? e.y0 : top, yb = e.y1 < bottom ? e.y1 : bottom
                guard yb > ya,
                      let range = addShares(of: e, from: ya, to: yb, first: first, last: last, firstColumn: firstColumn,
                                            pastLast: pastLast, cells: cells) else { continue }
                // Kept in order of their first column.
                var j = touchedCount
                while j > 0, touched[j &- 1].0 > range.0 {
                    touched[j] = touched[j &- 1]
                    j &-= 1
                }
                touched[j] = range
                touchedCount &+= 1
            }
            guard touchedCount > 0 else { continue }
            sweep(row: target.pixels + y * target.stride, first: first, end: box.x1, cells: cells,
                  touched: touched, count: touchedCount, paint: paint)
        }
    }

    /// The whole number at or below `x`, which lies within a few columns
    /// of the buffer (far within 2^51): rounded to the nearest by adding
    /// 1.5 * 2^52, whose last bit is then worth 1, and lowered where that
    /// went up. Without the range and finiteness checks `Int(x)` makes,
    /// or the call to the C library's floor a baseline x86-64 build makes
    /// for `rounded(.down)`.
    @inline(__always)
    private static func floor(_ x: Double) -> Int {
        let nearest = Int(bitPattern: UInt((x + 6755399441055744.0).bitPattern &- 0x4338_0000_0000_0000))
        return Double(nearest) > x ? nearest &- 1 : nearest
    }

    /// Adds, column by column, the changes in the share of each column that
    /// lies right of edge `e` between heights `ya` and `yb` of one row, for
    /// the columns `first...last` (the first of them also takes every
    /// change left of it: only sums from there on are read); returns the
    /// columns it changed, or nil if none.
    @inline(__always)
    private static func addShares(of e: Edge, from ya: Double, to yb: Double, first: Int, last: Int,
                                  firstColumn: Double, pastLast: Double,
                                  cells: UnsafeMutablePointer<Double>) -> (Int, Int)? {
        let xa = e.x(at: ya), xb = e.x(at: yb)
        let height = (yb - ya) * e.direction
        var lo = xa < xb ? xa : xb, hi = xa < xb ? xb : xa
        // Less than a billionth of a pixel across: upright, at its middle
        // (its share per column, 1 / (hi - lo), could overflow).
        if hi - lo < 1e-9 {
            lo = 0.5 * (lo + hi)
            hi = lo
        }
        // Past the last column nothing is read; before the first, the
        // whole height is the first column's change.
        guard lo < pastLast else { return nil }
        guard hi >= firstColumn else {
            cells[0] += height
            return (first, first)
        }
        // The columns the edge starts and ends in, held two left of the
        // first and one right of the last: nothing outside reads them but
        // as lying beyond those columns.
        let c0 = Self.floor(lo < firstColumn - 2 ? firstColumn - 2 : lo)
        let c1 = Self.floor(hi > pastLast ? pastLast : hi)
        if c0 == c1, c0 >= first {
            // Within one column: the share right of its middle, then all.
            let inside = (Double(c0 &+ 1) - 0.5 * (lo + hi)) * height
            cells[c0 &- first] += inside
            if c0 < last { cells[c0 &+ 1 &- first] += height - inside }
            return (c0, c0 < last ? c0 &+ 1 : last)
        }
        let from = c0 > first ? c0 : first, to = c1 &+ 1 < last ? c1 &+ 1 : last
        // The share of column c right of the edge, as a fraction of the
        // height: the ramp's integral over the edge's columns, worked out
        // for the first column it crosses, those it crosses whole (a
        // share growing by 1 / span a column), the last, and those after.
        // 1 / (hi - lo), without a division where the edge crosses the
        // whole row.
        let perColumn = yb - ya == 1 ? e.perColumnInRow : 1 / (hi - lo)
        let firstShare = 0.5 * (Double(c0 &+ 1) - lo) * (Double(c0 &+ 1) - lo) * perColumn
        let lastShare = (Double(c1) + 0.5 - lo - 0.5 * (Double(c1 &+ 1) - hi) * (Double(c1 &+ 1) - hi)) * perColumn
        if c0 >= first && c1 < last {
            // Every column the edge changes lies in the row: the loop below
            // without its cases, the same sums in the same order.
            var previous = firstShare
            cells[c0 &- first] += height * firstShare
            var c = c0 &+ 1
            while c < c1 {
                let current = (Double(c) + 0.5 - lo) * perColumn
                cells[c &- first] += height * (current - previous)
                previous = current
                c &+= 1
            }
            cells[c1 &- first] += height * (lastShare - previous)
            cells[c1 &+ 1 &- first] += height * (1 - lastShare)
            return (c0, c1 &+ 1)
        }
        @inline(__always) func share(_ c: Int) -> Double {
            c <= c0 ? (c == c0 ? firstShare : 0) : c < c1 ? (Double(c) + 0.5 - lo) * perColumn : c == c1 ? lastShare : 1
        }
        var previous = from > first ? share(from &- 1) : 0
        var c = from
        while c <= to {
            let current = share(c)
            cells[c &- first] += height * (current - previous)
            previous = current
            c &+= 1
        }
        return (from, to)
    }

    /// Reads one row's coverage from its cells (clearing them) and paints
    /// it, columns `first..<end`: pixel by pixel where edges changed the
    /// cells, in runs between.
    @inline(__always)
    private static func sweep(row: UnsafeMutablePointer<UInt32>, first: Int, end: Int, cells: UnsafeMutablePointer<Double>,
                              touched: UnsafeMutablePointer<(Int, Int)>, count: Int, paint: Paint) {
        var sum = 0.0
        var position = touched[0].0
        var i = 0
        while i < count {
            var (a, b) = touched[i]
            i &+= 1
            // Ranges that overlap or touch are read as one.
            while i < count, touched[i].0 <= b &+ 1 {
                b = Swift.max(b, touched[i].1)
                i &+= 1
            }
            if a > position { paint.run(row + position, count: a &- position, coverage: sum) }
            var c = a
            while c <= b {
                sum += cells[c &- first]
                cells[c &- first] = 0
                paint.pixel(row + c, coverage: sum)
                c &+= 1
            }
            position = b &+ 1
        }
        if position < end { paint.run(row + position, count: end &- position, coverage: sum) }
    }

    /// A colour ready to composite: premultiplied, 8 bits a channel, as
    /// cairo turns a source colour into a pixel.
    struct Paint {
        let pixel: UInt32
        let alpha: UInt32
        /// `pixel`'s bytes one to each 16 bits (`lanes(of:)`).
        let pixelLanes: UInt64
        /// Whether the colour hides what it covers whole.
        var isOpaque: Bool { alpha == 255 }

        init?(_ color: Color) {
            // Cairo keeps a colour as 16-bit fractions truncated from the
            // premultiplied components, and takes their high bytes.
            func byte(_ v: Double) -> UInt32 {
                let clamped = Swift.min(Swift.max(v.isNaN ? 0 : v, 0), 1)
                return UInt32(clamped * (65536 - 1e-5)) >> 8
            }
            let a = Swift.min(Swift.max(color.alpha.isNaN ? 0 : color.alpha, 0), 1)
            alpha = byte(a)
            guard alpha > 0 else { return nil }
            pixel = alpha << 24 | byte(color.red * a) << 16 | byte(color.green * a) << 8 | byte(color.blue * a)
            pixelLanes = Self.lanes(of: pixel)
        }

        /// Coverage as a byte: what is left of a share after clamping.
        @inline(__always)
        static func level(_ coverage: Double) -> UInt32 {
            // Between 0.5 and 255.5, where converting (truncation) rounds
            // down. A NaN, which finite edges never sum to, counts as whole
            // rather than stopping the app.
            let c = coverage.magnitude < 1 ? coverage.magnitude : 1
            return UInt32(UInt8(c * 255 + 0.5))
        }

        @inline(__always)
        func pixel(_ p: UnsafeMutablePointer<UInt32>, coverage: Double) {
            pixel(p, level: Self.level(coverage))
        }

        /// The colour composited at coverage `level` (0 to 255).
        @inline(__always)
        func pixel(_ p: UnsafeMutablePointer<UInt32>, level: UInt32) {
            guard level > 0 else { return }
            if isOpaque {
                p.pointee = level == 255 ? pixel : blendOpaque(level: level, over: p.pointee)
            } else {
                p.pointee = Self.over(Self.scale(pixel, by: level), p.pointee)
            }
        }

        @inline(__always)
        func run(_ p: UnsafeMutablePointer<UInt32>, count: Int, coverage: Double) {
            let level = Self.level(coverage)
            guard level > 0, count > 0 else { return }
            if isOpaque {
                if level == 255 {
                    // A long run (a background's row) in the C library's
                    // widest stores; a short one is not worth the call.
                    if count >= 32 {
                        cposix_fill32(p, pixel, count)
                    } else {
                        p.update(repeating: pixel, count: count)
                    }
                } else {
                    for i in 0..<count { p[i] = blendOpaque(level: level, over: p[i]) }
                }
                return
            }
            let source = Self.scale(pixel, by: level)
            for i in 0..<count { p[i] = Self.over(source, p[i]) }
        }

        /// This opaque colour at coverage `level` (below 255) over
        /// `destination`: `over(scale(pixel, by: level), destination)`,
        /// the same bits, with the four bytes of each side worked on at
        /// once. The scaled colour's alpha is `level` itself, and neither
        /// sum of a channel's two shares passes 255 (each share is its
        /// product rounded, and the products add up to at most 255 with
        /// one of them whole when either byte is 255), so no lane carries.
        @inline(__always)
        func blendOpaque(level: UInt32, over destination: UInt32) -> UInt32 {
            let sum = Self.scaleLanes(pixelLanes, by: UInt64(level))
                &+ Self.scaleLanes(Self.lanes(of: destination), by: UInt64(255 &- level))
            return UInt32(truncatingIfNeeded: sum | sum >> 24)
        }

        /// The bytes of `x` one to each 16 bits: blue, red, green, alpha
        /// from the lowest up.
        @inline(__always)
        static func lanes(of x: UInt32) -> UInt64 {
            let v = UInt64(x)
            return (v & 0x00ff_00ff) | (v & 0xff00_ff00) << 24
        }

        /// `scale` of each lane of `lanes(of:)`: the same rounding, each
        /// lane's product (below 2^16) kept apart from the next.
        @inline(__always)
        static func scaleLanes(_ x: UInt64, by a: UInt64) -> UInt64 {
            let mask: UInt64 = 0x00ff_00ff_00ff_00ff
            let t = x &* a &+ 0x0080_0080_0080_0080
            return ((t &+ ((t >> 8) & mask)) >> 8) & mask
        }

        /// x * a / 255 for each byte of `x`, rounded.
        @inline(__always)
        static func scale(_ x: UInt32, by a: UInt32) -> UInt32 {
            var rb = (x & 0x00ff00ff) &* a &+ 0x00800080
            rb = ((rb &+ ((rb >> 8) & 0x00ff00ff)) >> 8) & 0x00ff00ff
            var ag = ((x >> 8) & 0x00ff00ff) &* a &+ 0x00800080
            ag = (ag &+ ((ag >> 8) & 0x00ff00ff)) & 0xff00ff00
            return rb | ag
        }

        /// Premultiplied `source` over `destination`.
        @inline(__always)
        static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
            let left = 255 - (source >> 24)
            return left == 0 ? source : source &+ scale(destination, by: left)
        }
    }
}
