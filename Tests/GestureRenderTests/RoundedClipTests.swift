import GestureKit
import GestureRender
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A view that clips to rounded bounds is clipped to its plain rectangle
/// when the repainted area stays clear of its corners (cairo clips to a
/// rectangle much faster than to a curve), and otherwise has its corners
/// cut from what is drawn inside it: from shapes the canvas fills itself,
/// as polygons; for what cairo draws (a translucent view's group, text),
/// as a cairo clip. These tests hold the renderer to what that must not
/// change: the pixels.
@Suite("Rendering: rounded clips")
struct RoundedClipTests {
    static let size = 120
    static let frame = Rect(x: 10, y: 10, width: 100, height: 100)
    static let cornerRadius = 20.0

    /// A white window with a rounded, clipping frame whose red content
    /// overflows it on every side.
    static func window(contentAlpha: Double = 1, turn: Double = 0) -> Window {
        let window = Window(size: Size(width: Double(size), height: Double(size)), timeSource: VirtualTimeSource())
        window.backgroundColor = .white
        let clipper = View(frame: frame)
        clipper.cornerRadius = cornerRadius
        clipper.clipsToBounds = true
        clipper.transform = AffineTransform(rotationAngle: turn)
        let content = View(frame: Rect(x: -10, y: -10, width: 120, height: 120))
        content.backgroundColor = Color(rgb: 0xff0000)
        content.alpha = contentAlpha
        clipper.addSubview(content)
        window.addSubview(clipper)
        window.layoutIfNeeded()
        return window
    }

    @Test("repainting away from the corners gives the pixels a whole repaint gives")
    func awayFromCorners() throws {
        let window = Self.window()
        let whole = PartialRepaint.render(window, size: Self.size, clip: nil)
        // Each side of the frame except its corners, and its middle.
        var parts = Region(Rect(x: 35, y: 0, width: 50, height: 120))
        parts.formUnion(Rect(x: 0, y: 35, width: 35, height: 50))
        parts.formUnion(Rect(x: 85, y: 35, width: 35, height: 50))
        try #require(!Self.frame.anyCornerSquare(radius: Self.cornerRadius) { parts.intersects($0) })
        let partial = PartialRepaint.render(window, size: Self.size, clip: parts, over: 0xff00_00ff)
        #expect(PartialRepaint.differing(partial, whole, size: Self.size, within: parts) == 0)
        // Away from the repainted parts the buffer kept what it held.
        #expect(partial[5 * Self.size + 5] == 0xff00_00ff)
    }

    @Test("repainting a corner still rounds it")
    func atACorner() {
        let window = Self.window()
        let pixels = PartialRepaint.render(window, size: Self.size, clip: Region(Rect(x: 0, y: 0, width: 40, height: 40)),
                                           over: 0xff00_00ff)
        // Just inside the frame's square corner, outside its rounded one: the
        // window's white; further in, the red content.
        #expect(pixels[12 * Self.size + 12] == 0xffff_ffff)
        #expect(pixels[30 * Self.size + 30] == 0xffff_0000)
    }

    @Test("a translucent view inside, drawn by cairo as a group, is cut at the corners too")
    func translucentContent() {
        let window = Self.window(contentAlpha: 0.5)
        let pixels = PartialRepaint.render(window, size: Self.size, clip: Region(Rect(x: 0, y: 0, width: 40, height: 40)),
                                           over: 0xff00_00ff)
        #expect(pixels[12 * Self.size + 12] == 0xffff_ffff)
        // Half red over white.
        let inside = pixels[30 * Self.size + 30]
        #expect(inside >> 24 == 0xff && (inside >> 16) & 0xff == 0xff && (inside >> 8) & 0xff > 0x70
                    && (inside >> 8) & 0xff < 0x90, "\(String(inside, radix: 16))")
    }

    @Test("every shape a translucent view draws inside, drawn by cairo, is cut at the corners",
          arguments: ["rectangle", "rounded rectangle", "outline", "ellipse", "line"])
    func translucentShapes(shape: String) {
        final class Shape: View {
            let shape: String
            init(_ shape: String, frame: Rect) {
                self.shape = shape
                super.init(frame: frame)
            }
            override func draw(_ rect: Rect, in canvas: Canvas) {
                let red = Color(rgb: 0xff0000), all = bounds
                switch shape {
                case "rectangle": canvas.fill(all, color: red)
                case "rounded rectangle": canvas.fillRoundedRect(all, radius: 2, color: red)
                case "outline": canvas.strokeRoundedRect(all, radius: 2, color: red, lineWidth: 30)
                case "ellipse": canvas.fillEllipse(in: all.insetBy(dx: -40, dy: -40), color: red)
                default: canvas.strokeLine(from: Point(x: 0, y: 0), to: Point(x: 120, y: 120), color: red, lineWidth: 12)
                }
            }
        }
        let window = Window(size: Size(width: Double(Self.size), height: Double(Self.size)), timeSource: VirtualTimeSource())
        window.backgroundColor = .white
        let clipper = View(frame: Self.frame)
        clipper.cornerRadius = Self.cornerRadius
        clipper.clipsToBounds = true
        let content = Shape(shape, frame: Rect(x: -10, y: -10, width: 120, height: 120))
        content.alpha = 0.5
        clipper.addSubview(content)
        window.addSubview(clipper)
        window.layoutIfNeeded()
        let pixels = PartialRepaint.render(window, size: Self.size, clip: nil)
        // Inside the frame's square corner, outside its rounded one.
        #expect(pixels[12 * Self.size + 12] == 0xffff_ffff, "\(String(pixels[12 * Self.size + 12], radix: 16))")
        #expect(pixels[13 * Self.size + 13] == 0xffff_ffff)
        // Inside, on the shape: drawn.
        let inside = shape == "line" ? 60 * Self.size + 60 : 60 * Self.size + 20
        #expect(pixels[inside] != 0xffff_ffff)
    }

    @Test("a turned clipping view, whose rectangle cairo cannot clip to as whole pixels, still has round corners")
    func turnedClipper() {
        let turn = 0.2
        let window = Self.window(turn: turn)
        let pixels = PartialRepaint.render(window, size: Self.size, clip: nil)
        /// The pixel at `p`, given in the clipper's own coordinates from
        /// its centre.
        func pixel(_ p: Point) -> UInt32 {
            let x = 60 + p.x * cos(turn) - p.y * sin(turn), y = 60 + p.x * sin(turn) + p.y * cos(turn)
            return pixels[Int(y) * Self.size + Int(x)]
        }
        // Inside the square's corner, 24 from the rounded corner's centre
        // at (-30, -30), beyond its radius of 20: the window's white.
        #expect(pixel(Point(x: -47, y: -47)) == 0xffff_ffff)
        #expect(pixel(Point(x: 47, y: 47)) == 0xffff_ffff)
        // Inside the rounded square: the red content.
        #expect(pixel(Point(x: -40, y: -40)) == 0xffff_0000)
        #expect(pixel(Point(x: 0, y: -47)) == 0xffff_0000)
    }
}
