import CCairo
import GestureKit
@testable import GestureRender
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The canvas fills shapes straight into the buffer (`CoverageFill`)
/// instead of through cairo. These tests hold its pixels to cairo's for the
/// same shapes (the same polygons, so only the rasterizers differ), and to
/// the rules of a fill: nothing written outside the clip, holes left
/// open, bad coordinates drawing nothing.
@Suite("Rendering: shapes filled straight into the buffer")
struct CoverageFillTests {
    static let width = 96, height = 80

    /// A buffer of `width` x `height` pixels, filled with `background`.
    final class Buffer {
        var pixels: [UInt32]

        init(background: UInt32 = 0xffff_ffff) {
            pixels = [UInt32](repeating: background, count: CoverageFillTests.width * CoverageFillTests.height)
        }

        func withTarget<T>(_ body: (CoverageFill.Target) -> T) -> T {
            pixels.withUnsafeMutableBufferPointer {
                body(CoverageFill.Target(pixels: $0.baseAddress!, width: CoverageFillTests.width,
                                         height: CoverageFillTests.height, stride: CoverageFillTests.width))
            }
        }

        /// Draws with cairo on the same pixels.
        func withCairo(_ body: (OpaquePointer) -> Void) {
            pixels.withUnsafeMutableBytes { bytes in
                let surface = cairo_image_surface_create_for_data(
                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                    Int32(CoverageFillTests.width), Int32(CoverageFillTests.height), Int32(CoverageFillTests.width * 4))
                let cr = cairo_create(surface)!
                body(cr)
                cairo_destroy(cr)
                cairo_surface_flush(surface)
                cairo_surface_destroy(surface)
            }
        }

        func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * CoverageFillTests.width + x] }
    }

    /// The largest difference of any channel of any pixel.
    static func largestDifference(_ a: Buffer, _ b: Buffer) -> (difference: Int, x: Int, y: Int) {
        var worst = (difference: 0, x: 0, y: 0)
        for y in 0..<height {
            for x in 0..<width {
                let p = a.pixel(x, y), q = b.pixel(x, y)
                for shift in stride(from: 0, through: 24, by: 8) {
                    let d = abs(Int((p >> UInt32(shift)) & 0xff) - Int((q >> UInt32(shift)) & 0xff))
                    if d > worst.difference { worst = (d, x, y) }
                }
            }
        }
        return worst
    }

    static let whole = [CoverageFill.PixelBox(x0: 0, y0: 0, x1: width, y1: height)]

    /// `polygons` (device pixels), and `holes` wound the other way, filled
    /// in `color` within `clip` over white, by a fill of their own.
    static func filled(_ polygons: [[Point]], holes: [[Point]] = [], color: Color = navy,
                       clip: [CoverageFill.PixelBox] = whole) -> Buffer {
        let buffer = Buffer()
        let fill = CoverageFill()
        fill.begin()
        for polygon in polygons { fill.addPolygon(transform: .identity) { $0.append(contentsOf: polygon) } }
        for hole in holes { fill.addPolygon(transform: .identity, reversed: true) { $0.append(contentsOf: hole) } }
        fill.clip = clip
        buffer.withTarget { fill.fill(color: color, into: $0) }
        return buffer
    }

    /// Fills `polygons` (device pixels; the second and later wound the
    /// other way cut holes) both ways and returns the largest difference.
    static func compare(_ polygons: [[Point]], color: Color, clip: [CoverageFill.PixelBox] = whole)
        -> (difference: Int, x: Int, y: Int) {
        let ours = filled(polygons, color: color, clip: clip), cairos = Buffer()
        cairos.withCairo { cr in
            for box in clip {
                cairo_rectangle(cr, Double(box.x0), Double(box.y0), Double(box.x1 - box.x0), Double(box.y1 - box.y0))
            }
            cairo_clip(cr)
            for polygon in polygons {
                cairo_move_to(cr, polygon[0].x, polygon[0].y)
                for p in polygon.dropFirst() { cairo_line_to(cr, p.x, p.y) }
                cairo_close_path(cr)
            }
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_fill(cr)
        }
        return largestDifference(ours, cairos)
    }

    static func turned(_ points: [Point], by angle: Double, around c: Point) -> [Point] {
        points.map { p in
            let dx = p.x - c.x, dy = p.y - c.y
            return Point(x: c.x + dx * cos(angle) - dy * sin(angle), y: c.y + dx * sin(angle) + dy * cos(angle))
        }
    }

    static let box = [Point(x: 10.3, y: 8.6), Point(x: 80.45, y: 8.6), Point(x: 80.45, y: 70.2), Point(x: 10.3, y: 70.2)]
    static let navy = Color(rgb: 0x023047)

    /// The exact share of pixel (x, y) inside the convex `polygon`, whose
    /// vertices run clockwise on screen: the area of the polygon cut to
    /// the pixel's square.
    static func exactCoverage(of polygon: [Point], x: Int, y: Int) -> Double {
        let x0 = Double(x), y0 = Double(y)
        let square = [Point(x: x0 + 1, y: y0 + 1), Point(x: x0, y: y0 + 1), Point(x: x0, y: y0), Point(x: x0 + 1, y: y0)]
        let part = polygon.clipped(toConvex: square)
        guard part.count >= 3 else { return 0 }
        var twice = 0.0
        for (i, p) in part.enumerated() {
            let q = part[(i + 1) % part.count]
            twice += p.x * q.y - q.x * p.y
        }
        return abs(twice) / 2
    }

    /// Fills the convex `polygon` in navy over white and holds every
    /// pixel's coverage, read back from its red channel, to the exact one.
    static func expectExact(_ polygon: [Point], _ comment: Comment) {
        let buffer = filled([polygon])
        var worst = 0.0, edges = 0
        for y in 0..<height {
            for x in 0..<width {
                let exact = exactCoverage(of: polygon, x: x, y: y)
                // Red goes from 255 (white) to 2 (navy) with coverage.
                let red = Double((buffer.pixel(x, y) >> 16) & 0xff)
                let seen = (255 - red) / 253
                worst = max(worst, abs(seen - exact) * 255)
                if exact > 0.01 && exact < 0.99 { edges += 1 }
            }
        }
        // A level of rounding in the coverage and one in the colour.
        #expect(worst <= 2, "\(comment): coverage off by \(worst) levels")
        #expect(edges > 100, "\(comment): only \(edges) edge pixels")
    }

    @Test("a rectangle with fractional edges, level or turned, covers each pixel by its exact share",
          arguments: [0.0, 0.1, 0.52, 1.0, 2.4])
    func rectangleExact(angle: Double) {
        // Turned around a point, the clockwise corners stay clockwise.
        Self.expectExact(Self.turned(Self.box, by: angle, around: Point(x: 48, y: 40)), "turned \(angle)")
    }

    @Test("a rectangle on pixel boundaries fills exactly its pixels, in either winding, and only inside the clip")
    func wholePixelRectangle() {
        let rect = [Point(x: 10, y: 5), Point(x: 70, y: 5), Point(x: 70, y: 41), Point(x: 10, y: 41)]
        for shape in [rect, rect.reversed()] {
            let buffer = Self.filled([shape], clip: [CoverageFill.PixelBox(x0: 0, y0: 0, x1: 50, y1: 80)])
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let inside = x >= 10 && x < 50 && y >= 5 && y < 41
                    if buffer.pixel(x, y) != (inside ? 0xff02_3047 : 0xffff_ffff) {
                        Issue.record("pixel (\(x), \(y)) is \(String(buffer.pixel(x, y), radix: 16))")
                        return
                    }
                }
            }
        }
        // A translucent one is composited, as any other shape.
        #expect(Self.compare([rect], color: Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.5)).difference <= 1)
    }

    @Test("an ellipse and a rounded rectangle, flattened, cover each pixel by its exact share")
    func curvesExact() {
        // ConvexOutline's polygons run clockwise on screen.
        let ellipse = ConvexOutline.roundedRect(Rect(x: 6.5, y: 4.25, width: 83, height: 61.5), radius: 30.75,
                                                tolerance: 0.01)
        Self.expectExact(ellipse, "ellipse")
        let rounded = ConvexOutline.roundedRect(Rect(x: 8.7, y: 6.2, width: 70, height: 60), radius: 9.5, tolerance: 0.01)
        Self.expectExact(Self.turned(rounded, by: 0.37, around: Point(x: 44, y: 38)), "rounded rectangle")
    }

    /// Cairo samples a pixel's coverage on 15 rows: where a corner of a
    /// polygon lies inside a pixel, its share can be off by a fifteenth
    /// (17 levels). Exact shares are that close to cairo's.
    static let cairosSampling = 17

    @Test("shapes are filled as cairo fills the same polygons, within cairo's own sampling",
          arguments: [0.0, 0.52, 2.4])
    func asCairo(angle: Double) {
        let c = Point(x: 44, y: 38)
        let outer = Self.turned(ConvexOutline.roundedRect(Rect(x: 8.7, y: 6.2, width: 70, height: 60), radius: 9.5,
                                                          tolerance: 0.01), by: angle, around: c)
        let inner = Self.turned(ConvexOutline.roundedRect(Rect(x: 11.7, y: 9.2, width: 64, height: 54), radius: 6.5,
                                                          tolerance: 0.01), by: angle, around: c)
        let ellipse = Self.turned(ConvexOutline.ellipse(in: Rect(x: 6.5, y: 4.25, width: 83, height: 61.5),
                                                        tolerance: 0.01), by: angle, around: c)
        let box = Self.turned(Self.box, by: angle, around: c)
        let shapes: [(String, [[Point]], Color)] = [
            ("rectangle", [box], Self.navy),
            ("ellipse", [ellipse], Color(rgb: 0x2a9d8f)),
            ("band", [outer, inner.reversed()], Self.navy),
            ("translucent rectangle", [box], Color(red: 0.9, green: 0.2, blue: 0.4, alpha: 0.55)),
        ]
        for (name, polygons, color) in shapes {
            let worst = Self.compare(polygons, color: color)
            #expect(worst.difference <= Self.cairosSampling, "\(name) at \(angle): \(worst)")
        }
    }

    @Test("the inside of a band stays as it was: a hole wound the other way is not filled")
    func holeStaysOpen() {
        let outer = ConvexOutline.roundedRect(Rect(x: 8.7, y: 6.2, width: 70, height: 60), radius: 9.5, tolerance: 0.01)
        let inner = ConvexOutline.roundedRect(Rect(x: 11.7, y: 9.2, width: 64, height: 54), radius: 6.5, tolerance: 0.01)
        let buffer = Self.filled([outer], holes: [inner])
        #expect(buffer.pixel(44, 38) == 0xffff_ffff, "the hole was filled")
        #expect(buffer.pixel(10, 38) == 0xff02_3047, "the band was not")
        #expect(buffer.pixel(44, 7) == 0xff02_3047, "the band was not")
    }

    @Test("nothing outside the clip's boxes is written")
    func clipIsKept() {
        let clip = [CoverageFill.PixelBox(x0: 20, y0: 10, x1: 50, y1: 30), CoverageFill.PixelBox(x0: 5, y0: 40, x1: 90, y1: 45)]
        let buffer = Self.filled([Self.turned(Self.box, by: 0.2, around: Point(x: 48, y: 40))], clip: clip)
        var painted = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let inside = clip.contains { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }
                if !inside { #expect(buffer.pixel(x, y) == 0xffff_ffff, "(\(x), \(y)) outside the clip was written") }
                if inside && buffer.pixel(x, y) != 0xffff_ffff { painted += 1 }
            }
        }
        // The boxes hold 1,025 pixels, nearly all inside the shape.
        #expect(painted > 900, "\(painted) pixels painted inside the clip")
        // Against cairo with the same clip, too.
        let worst = Self.compare([Self.turned(Self.box, by: 0.2, around: Point(x: 48, y: 40))], color: Self.navy, clip: clip)
        #expect(worst.difference <= Self.cairosSampling, "\(worst)")
    }

    @Test("a shape larger than the buffer, or far outside it, fills what it covers and nothing else")
    func farCoordinates() {
        let huge = [Point(x: -5e6, y: -3e6), Point(x: 9e6, y: -1e6), Point(x: 8e6, y: 5e6), Point(x: -2e6, y: 4e6)]
        let buffer = Self.filled([huge])
        #expect(buffer.pixels.allSatisfy { $0 == 0xff02_3047 }, "the buffer lies inside the shape")

        let away = Self.filled([Self.box.map { Point(x: $0.x + 9e6, y: $0.y - 5e6) }])
        #expect(away.pixels.allSatisfy { $0 == 0xffff_ffff })
    }

    @Test("a shape reaching far past the buffer is cut to it and filled as it covers it",
          arguments: [2e12, 1e30, 1e300])
    func beyondReach(far: Double) {
        // Whatever `far` is, the buffer's part of the band is rows 20 to
        // 29, and all of the buffer from row 10 down lies in the triangle.
        let band = [Point(x: -far, y: 20), Point(x: far, y: 20), Point(x: far, y: 30), Point(x: -far, y: 30)]
        let triangle = [Point(x: -far, y: 10), Point(x: far, y: 10), Point(x: 0, y: 10 + far)]
        let banded = Self.filled([band]), covered = Self.filled([triangle])
        for y in 0..<Self.height {
            for x in [0, 3, 50, 95] {
                #expect(banded.pixel(x, y) == (y >= 20 && y < 30 ? 0xff02_3047 : 0xffff_ffff), "band at (\(x), \(y))")
                #expect(covered.pixel(x, y) == (y >= 10 ? 0xff02_3047 : 0xffff_ffff), "triangle at (\(x), \(y))")
            }
        }
    }

    @Test("a view drawing shapes beyond the fill's reach still draws what follows, and a background wider than cairo's reach shows")
    func viewBeyondReach() {
        final class FarShapes: View {
            override func draw(_ rect: Rect, in canvas: Canvas) {
                // Reaches 1e300 to the left and right; covers the view's top half.
                canvas.fillEllipse(in: Rect(x: -1e300, y: -2e300 + 50, width: 2e300, height: 2e300), color: .black)
                canvas.fill(Rect(x: 60, y: 70, width: 20, height: 20), color: Color(rgb: 0xff0000))
            }
        }
        let window = Window(size: Size(width: 100, height: 100), timeSource: VirtualTimeSource())
        window.backgroundColor = .white
        // Its background reaches far beyond the window too.
        let far = View(frame: Rect(x: -5e7, y: 95, width: 1e8, height: 5))
        far.backgroundColor = Color(rgb: 0x0000ff)
        window.addSubview(FarShapes(frame: window.bounds))
        window.addSubview(far)
        let image = RenderedImage(window: window)
        #expect(image.argb(x: 70, y: 80) == 0xffff_0000, "the square after the shape")
        // 100 million pixels wide: past cairo's coordinates, within the fill's.
        #expect(image.argb(x: 20, y: 97) == 0xff00_00ff, "the far background")
        #expect(image.argb(x: 20, y: 80) == 0xffff_ffff)
    }

    @Test("an edge a hair from level, or from upright, between two pixels' boundaries, adds nothing wrong")
    func nearlyLevelEdge() {
        let sliver = [Point(x: 10, y: 20), Point(x: 80, y: 20 + 1e-12), Point(x: 80, y: 40), Point(x: 10, y: 40)]
        let worst = Self.compare([sliver], color: Self.navy)
        #expect(worst.difference <= Self.cairosSampling, "\(worst)")
        #expect(Self.filled([[Point(x: 10, y: 5), Point(x: 20, y: 5 + Double.leastNonzeroMagnitude), Point(x: 15, y: 30)]])
            .pixels.contains { $0 != 0xffff_ffff })
        // A hair from upright across a pixel boundary (found by a random
        // search: its share per column overflowed to a coverage that was
        // not a number), alone and cut to the buffer.
        let upright = [Point(x: 0, y: 24), Point(x: -Double.leastNormalMagnitude / 2_000, y: 40), Point(x: 30, y: 40), Point(x: 30, y: 24)]
        let uprightWorst = Self.compare([upright], color: Self.navy)
        #expect(uprightWorst.difference <= 1, "\(uprightWorst)")
        _ = Self.filled([[Point(x: 30.0, y: 1e+30), Point(x: 1e-09, y: 18.0), Point(x: 1e12, y: -5.825818709462621),
                          Point(x: -9926149025089.861, y: 8016860257732.543), Point(x: -1e-300, y: 2177772073408.0215),
                          Point(x: 0.0, y: 24.0)]])
    }

    /// Where no edge of the shape reaches into a clip box's columns, as
    /// where a view's background lies under a damaged area, the box is
    /// filled row by row without cells: each row as the general fill
    /// covers it, by the share of it between the shape's top and bottom.
    @Test("a box clear of the shape's sides is covered row by row by its exact share, as the general fill covers it")
    func boxClearOfTheSides() {
        // Sides slanting left of the box and right of it, one upright on
        // its left boundary; a level top and bottom at fractions of rows.
        let shapes: [[Point]] = [
            [Point(x: 3, y: 10.4), Point(x: 88, y: 10.4), Point(x: 92.5, y: 60.75), Point(x: 8.5, y: 60.75)],
            [Point(x: 20, y: 10.4), Point(x: 88, y: 10.4), Point(x: 88, y: 60.75), Point(x: 20, y: 60.75)],
            // A slanting edge ending on the box's left side, in a row its
            // bottom cuts in half: the general fill's share there is one
            // part in 2^53 short of the whole, which rounds a level lower.
            [Point(x: -29, y: 10.5), Point(x: 200, y: 10.5), Point(x: 200, y: 20), Point(x: 10, y: 20),
             Point(x: 20, y: 11)],
        ]
        let box = CoverageFill.PixelBox(x0: 20, y0: 5, x1: 70, y1: 70)
        for shape in shapes {
            let inBox = Self.filled([shape], clip: [box])
            // The whole buffer as the clip: the sides cross it, so every
            // row takes the general fill.
            let general = Self.filled([shape])
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let inside = x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1
                    let expected: UInt32 = inside ? general.pixel(x, y) : 0xffff_ffff
                    if inBox.pixel(x, y) != expected {
                        Issue.record("\(shape) at (\(x), \(y)): \(String(inBox.pixel(x, y), radix: 16)), not \(String(expected, radix: 16))")
                        return
                    }
                }
            }
            // A row's share: 0.6 of the top row, all of those below, 0.75
            // of the bottom one, read back from the red channel (255 white,
            // 2 navy).
            for (y, share) in [(9, 0.0), (10, 0.6), (11, 1.0), (40, 1.0), (60, 0.75), (61, 0.0)] where shape[0].y == 10.4 {
                let red = Double((inBox.pixel(45, y) >> 16) & 0xff)
                #expect(abs((255 - red) / 253 - share) < 0.01, "row \(y) of \(shape): red \(red)")
            }
        }
    }

    @Test("a shape with a coordinate that is not finite, or with no area, draws nothing")
    func badShapes() {
        let shapes: [[Point]] = [
            [Point(x: 10, y: 10), Point(x: .nan, y: 40), Point(x: 60, y: 50)],
            [Point(x: 10, y: 10), Point(x: .infinity, y: 40), Point(x: 60, y: 50)],
            [Point(x: 10, y: 10), Point(x: 60, y: 10)],
            [Point(x: 10, y: 10), Point(x: 60, y: 10), Point(x: 80, y: 10)],
            [],
        ]
        for shape in shapes {
            #expect(Self.filled([shape]).pixels.allSatisfy { $0 == 0xffff_ffff }, "\(shape)")
        }
    }

    @Test("an opaque colour over a pixel at any coverage gives the bits compositing its scaled colour over gives")
    func opaqueBlend() {
        let colors = [Color(rgb: 0x023047), Color(rgb: 0x8ecae6), Color(rgb: 0xffb703), Color(rgb: 0xffffff),
                      Color(rgb: 0x000000), Color(rgb: 0xff0080)]
        // Premultiplied pixels: the extremes, and a spread of others whose
        // channels stay within their alpha.
        var destinations: [UInt32] = [0, 0xffff_ffff, 0xff00_0000, 0x8080_8080, 0x0101_0101, 0xfe7f_0080]
        var state: UInt32 = 12345
        for _ in 0..<200 {
            state = state &* 1_103_515_245 &+ 12345
            let a = state >> 24
            func channel(_ shift: UInt32) -> UInt32 { a == 0 ? 0 : (state >> shift) % (a + 1) }
            destinations.append(a << 24 | channel(3) << 16 | channel(9) << 8 | channel(15))
        }
        for color in colors {
            guard let paint = CoverageFill.Paint(color) else {
                Issue.record("no paint for \(color)")
                continue
            }
            #expect(paint.isOpaque)
            for level in UInt32(1)...254 {
                for d in destinations {
                    let expected = CoverageFill.Paint.over(CoverageFill.Paint.scale(paint.pixel, by: level), d)
                    let blended = paint.blendOpaque(level: level, over: d)
                    if blended != expected {
                        let got = String(blended, radix: 16), want = String(expected, radix: 16)
                        Issue.record("\(String(paint.pixel, radix: 16)) at \(level) over \(String(d, radix: 16)): \(got), not \(want)")
                        return
                    }
                }
            }
        }
    }
}
