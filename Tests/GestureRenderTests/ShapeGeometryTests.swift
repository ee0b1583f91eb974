import GestureKit
import GestureRender
import Testing

/// The canvas fills an ellipse that reaches beyond a drawn image as a
/// polygon of its own making rather than through cairo's clip. These tests
/// hold each pixel to the exact shape: every pixel whose centre lies
/// clearly inside it is painted, every one clearly outside is not
/// (anti-aliased edges may go either way).
@Suite("Rendering: shapes' exact geometry")
struct ShapeGeometryTests {
    static let green = Color(rgb: 0x00ff00)
    /// How far from an edge a pixel centre must be to count as clearly on
    /// one side of it, in the image's own units (1.5 of them show as 2.4
    /// pixels at the scale below; a pixel's corner is 0.71 from its centre).
    static let margin = 1.5

    /// A 200x160 image shown in a 100x80 view at 1.6 times, turned by 0.5
    /// radian: 1.6 pixels to one unit of the image.
    /// The window comes back too: the view only knows its place in it
    /// while the window lives.
    static func render(_ content: @escaping @Sendable (Canvas, Rect) -> Void) -> (RenderedImage, Window, ImageView) {
        let window = Window(size: Size(width: 320, height: 320), timeSource: VirtualTimeSource())
        window.backgroundColor = .white
        let view = ImageView(frame: Rect(x: 110, y: 120, width: 100, height: 80),
                             image: Image(size: Size(width: 200, height: 160), rendering: .drawing, draw: content))
        view.transform = AffineTransform(scaleX: 1.6, y: 1.6).concatenating(AffineTransform(rotationAngle: 0.5))
        window.addSubview(view)
        return (RenderedImage(window: window), window, view)
    }

    /// Each pixel's centre in the image's own units (twice the view's).
    static func eachPixel(of image: RenderedImage, in view: ImageView, _ body: (Int, Int, Point) -> Void) {
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = view.convert(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), from: nil)
                body(x, y, Point(x: p.x * 2, y: p.y * 2))
            }
        }
    }

    /// How far `p` is inside the ellipse filling `rect`, roughly in its
    /// units (negative outside): the radial distance to the boundary.
    static func depth(of p: Point, inEllipse rect: Rect) -> Double {
        let dx = (p.x - rect.midX) / (rect.width / 2), dy = (p.y - rect.midY) / (rect.height / 2)
        let r = (dx * dx + dy * dy).squareRoot()
        return (1 - r) * min(rect.width, rect.height) / 2
    }

    /// How far `p` is inside `rect` (negative outside).
    static func depth(of p: Point, in rect: Rect) -> Double {
        min(p.x - rect.minX, rect.maxX - p.x, p.y - rect.minY, rect.maxY - p.y)
    }

    @Test("an ellipse reaching past a turned image's edges is filled exactly to them")
    func ellipseCutAtTheEdges() {
        // Spills past the left, top and bottom edges.
        let disc = Rect(x: -60, y: -30, width: 180, height: 220)
        let (image, window, view) = Self.render { canvas, r in canvas.fillEllipse(in: disc, color: Self.green) }
        let bounds = Rect(x: 0, y: 0, width: 200, height: 160)
        var painted = 0, clear = 0
        Self.eachPixel(of: image, in: view) { x, y, p in
            let inside = min(Self.depth(of: p, inEllipse: disc), Self.depth(of: p, in: bounds))
            let isGreen = image.argb(x: x, y: y) == 0xff00_ff00
            if inside > Self.margin {
                painted += 1
                #expect(isGreen, "pixel (\(x), \(y)) inside the cut disc is \(String(image.argb(x: x, y: y), radix: 16))")
            } else if inside < -Self.margin {
                clear += 1
                #expect(image.argb(x: x, y: y) == 0xffff_ffff, "pixel (\(x), \(y)) outside the cut disc is painted")
            }
        }
        withExtendedLifetime(window) {}
        // The image shows as 160x128 pixels (20,480); the disc's part covers
        // more than half of it.
        #expect(painted > 8_000, "\(painted) pixels clearly inside")
        #expect(clear > 30_000, "\(clear) pixels clearly outside")
    }
}
