import GestureKit
import GestureRender
import Testing

/// A view that clips to rounded bounds is clipped to its plain rectangle
/// when the repainted area stays clear of its corners (cairo clips to a
/// rectangle much faster than to a curve). These tests hold the renderer
/// to what that must not change: the pixels.
@Suite("Rendering: rounded clips")
struct RoundedClipTests {
    static let size = 120
    static let frame = Rect(x: 10, y: 10, width: 100, height: 100)
    static let cornerRadius = 20.0

    /// A white window with a rounded, clipping frame whose red content
    /// overflows it on every side.
    static func window() -> Window {
        let window = Window(size: Size(width: Double(size), height: Double(size)), timeSource: VirtualTimeSource())
        window.backgroundColor = .white
        let clipper = View(frame: frame)
        clipper.cornerRadius = cornerRadius
        clipper.clipsToBounds = true
        let content = View(frame: Rect(x: -10, y: -10, width: 120, height: 120))
        content.backgroundColor = Color(rgb: 0xff0000)
        clipper.addSubview(content)
        window.addSubview(clipper)
        window.layoutIfNeeded()
        return window
    }

    /// Renders `window` into `pixels`, only within `clip` (nil: all of it).
    static func render(_ window: Window, into pixels: inout [UInt32], clip: Region?) {
        pixels.withUnsafeMutableBytes { raw in
            Renderer().render(window, into: raw.baseAddress!, width: size, height: size,
                              stride: size * 4, scale: 1, clip: clip)
        }
    }

    @Test("repainting away from the corners gives the pixels a whole repaint gives")
    func awayFromCorners() throws {
        let window = Self.window()
        var whole = [UInt32](repeating: 0, count: Self.size * Self.size)
        Self.render(window, into: &whole, clip: nil)
        // Each side of the frame except its corners, and its middle.
        var parts = Region(Rect(x: 35, y: 0, width: 50, height: 120))
        parts.formUnion(Rect(x: 0, y: 35, width: 35, height: 50))
        parts.formUnion(Rect(x: 85, y: 35, width: 35, height: 50))
        let r = Self.cornerRadius
        let corners = [Self.frame.minX, Self.frame.maxX - r].flatMap { x in
            [Self.frame.minY, Self.frame.maxY - r].map { y in Rect(x: x, y: y, width: r, height: r) }
        }
        try #require(corners.allSatisfy { !parts.intersects($0) })
        var partial = [UInt32](repeating: 0xff00_00ff, count: Self.size * Self.size)
        Self.render(window, into: &partial, clip: parts)
        var differing = 0
        for y in 0..<Self.size {
            for x in 0..<Self.size where parts.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                if partial[y * Self.size + x] != whole[y * Self.size + x] { differing += 1 }
            }
        }
        #expect(differing == 0)
        // Away from the repainted parts the buffer kept what it held.
        #expect(partial[5 * Self.size + 5] == 0xff00_00ff)
    }

    @Test("repainting a corner still rounds it")
    func atACorner() {
        let window = Self.window()
        var pixels = [UInt32](repeating: 0xff00_00ff, count: Self.size * Self.size)
        Self.render(window, into: &pixels, clip: Region(Rect(x: 0, y: 0, width: 40, height: 40)))
        // Just inside the frame's square corner, outside its rounded one: the
        // window's white; further in, the red content.
        #expect(pixels[12 * Self.size + 12] == 0xffff_ffff)
        #expect(pixels[30 * Self.size + 30] == 0xffff_0000)
    }
}
