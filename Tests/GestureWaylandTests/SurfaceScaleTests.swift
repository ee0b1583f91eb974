import GestureKit
import GestureRender
@testable import GestureWayland
import Testing

/// How logical sizes and damage become buffer pixels at integer and
/// fractional scales, and that redrawing only the damage then leaves
/// exactly the pixels a full redraw would.
@Suite("Surface scale")
struct SurfaceScaleTests {
    @Test("an integer scale multiplies the buffer and sets it as the buffer scale, with no viewport")
    func integerScale() {
        let scale = SurfaceScale.integer(2)
        #expect(scale.bufferSize(forLogical: PixelSize(width: 800, height: 600)) == PixelSize(width: 1600, height: 1200))
        #expect(scale.bufferScale == 2)
        #expect(scale.factor == 2)
        #expect(!scale.needsViewport)
    }

    @Test("a fractional scale rounds the buffer half away from zero, at buffer scale 1 through a viewport")
    func fractionalScale() {
        let scale = SurfaceScale.fractional(1.5)
        #expect(scale.bufferSize(forLogical: PixelSize(width: 801, height: 599)) == PixelSize(width: 1202, height: 899))
        #expect(scale.bufferScale == 1)
        #expect(scale.needsViewport)
        // 1.25 x 3 = 3.75 -> 4; 1.25 x 2 = 2.5 -> 3 (half away from zero).
        #expect(SurfaceScale.fractional(1.25).bufferSize(forLogical: PixelSize(width: 3, height: 2))
                == PixelSize(width: 4, height: 3))
    }

    @Test("damage grows outward to whole buffer pixels, and maps back to the logical rect they cover")
    func damageRects() {
        let scale = SurfaceScale.fractional(1.5)
        let pixels = scale.pixelRect(covering: Rect(x: 1, y: 3, width: 2, height: 1))
        #expect(pixels == Rect(x: 1, y: 4, width: 4, height: 2)) // 1.5...4.5 x 4.5...6
        #expect(scale.logicalRect(for: pixels) == Rect(x: 1 / 1.5, y: 4 / 1.5, width: 4 / 1.5, height: 2 / 1.5))
        #expect(scale.surfaceRect(covering: pixels) == Rect(x: 0, y: 2, width: 4, height: 2))
        #expect(SurfaceScale.integer(2).pixelRect(covering: Rect(x: 10, y: 20, width: 30, height: 40))
                == Rect(x: 20, y: 40, width: 60, height: 80))
    }

    @Test("a redraw of only the damage leaves the buffer identical to a full redraw",
          arguments: [SurfaceScale.fractional(1.5), .fractional(1.25), .integer(2)])
    func partialRedrawMatchesFullRedraw(scale: SurfaceScale) throws {
        let window = Window(size: Size(width: 200, height: 100), timeSource: VirtualTimeSource())
        // Edges off the pixel grid, text, and a translucent group crossing
        // the damage: everything a clip could cut differently.
        let label = Label(text: "12", frame: Rect(x: 33.3, y: 17, width: 61, height: 29))
        let square = View(frame: Rect(x: 70.7, y: 5, width: 50, height: 50))
        square.backgroundColor = Color(red: 1, green: 0, blue: 0)
        square.alpha = 0.6
        window.addSubview(square)
        window.addSubview(label)

        let buffer = scale.bufferSize(forLogical: PixelSize(width: 200, height: 100))
        var incremental = PixelBuffer(size: buffer)
        _ = window.takeDamage()
        incremental.render(window, scale: scale, clip: nil)

        label.text = "345"
        let damage = try #require(window.takeDamage())
        let pixels = damage.map { scale.pixelRect(covering: $0) }.intersection(buffer.bounds)
        incremental.render(window, scale: scale, clip: pixels.map(scale.logicalRect(for:)))

        var full = PixelBuffer(size: buffer)
        full.render(window, scale: scale, clip: nil)
        let differing = zip(incremental.bytes, full.bytes).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ from a full redraw")
    }
}

/// A plain ARGB32 buffer to render into.
private struct PixelBuffer {
    let size: PixelSize
    var bytes: [UInt8]

    init(size: PixelSize) {
        self.size = size
        bytes = [UInt8](repeating: 0, count: Int(size.width) * Int(size.height) * 4)
    }

    mutating func render(_ window: Window, scale: SurfaceScale, clip: Region?) {
        let size = size
        bytes.withUnsafeMutableBytes { raw in
            Renderer().render(window, into: raw.baseAddress!, width: Int(size.width), height: Int(size.height),
                              stride: Int(size.width) * 4, scale: scale.factor, clip: clip)
        }
    }
}
