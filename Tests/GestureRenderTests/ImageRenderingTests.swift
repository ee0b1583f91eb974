import GestureKit
import GestureRender
import Testing

/// An image drawn each time (`.drawing`) and one kept as a bitmap
/// (`.bitmap`) show the same picture when scaled and turned, line widths
/// in proportion, and neither shows content its drawing puts beyond the
/// image's rectangle.
@Suite("Image rendering")
struct ImageRenderingTests {
    static let red = Color(rgb: 0xff0000), blue = Color(rgb: 0x0000ff), green = Color(rgb: 0x00ff00)
    /// Red on the left, blue on the right, a green disc that spills half
    /// its width past the left edge, and a black outline 8 wide.
    static func content(_ canvas: Canvas, _ r: Rect) {
        canvas.fill(r, color: red)
        canvas.fill(Rect(x: r.midX, y: r.minY, width: r.width / 2, height: r.height), color: blue)
        canvas.fillEllipse(in: Rect(x: r.minX - r.width * 0.3, y: r.minY + r.height * 0.2,
                                    width: r.width * 0.6, height: r.height * 0.6), color: green)
        canvas.strokeRoundedRect(r, radius: 12, color: .black, lineWidth: 8)
    }

    /// The image (twice the size of its view, so that a line drawn at the
    /// view's size instead would be twice as wide) in the view, shown 1.6
    /// times larger and turned by half a radian.
    static func render(_ rendering: Image.Rendering) -> (image: RenderedImage, window: Window, view: ImageView) {
        TurnedImage.render(rendering, content)
    }

    /// The colour a pixel mostly is: "r", "g", "b", "w" for white or "k"
    /// for black.
    static func hue(_ image: RenderedImage, _ x: Int, _ y: Int) -> Character {
        let p = image.pixel(x: x, y: y)
        if p.r > 200 && p.g > 200 && p.b > 200 { return "w" }
        if max(p.r, p.g, p.b) < 90 { return "k" }
        if p.r >= p.g && p.r >= p.b { return "r" }
        return p.g >= p.b ? "g" : "b"
    }

    @Test("drawn each time or through a bitmap, a scaled and turned image shows the same picture, cut off at its edges")
    func sameCutOffPicture() {
        let drawn = Self.render(.drawing), bitmap = Self.render(.bitmap)
        let bounds = drawn.view.bounds
        var inside = 0, agreeing = 0, greenInside = 0, blackInside = 0
        TurnedImage.eachPixel(of: drawn.image, in: drawn.view) { x, y, p, _ in
            // p: where the pixel's centre lands in the view (1.6 window
            // pixels to one of the view's).
            if !bounds.insetBy(dx: -1.5, dy: -1.5).contains(p) {
                // Beyond the edges: the background, untouched.
                #expect(drawn.image.argb(x: x, y: y) == 0xffff_ffff, "drawing: pixel (\(x), \(y)) outside the image")
                #expect(bitmap.image.argb(x: x, y: y) == 0xffff_ffff, "bitmap: pixel (\(x), \(y)) outside the image")
            } else if bounds.insetBy(dx: 1.5, dy: 1.5).contains(p) {
                inside += 1
                let hue = Self.hue(drawn.image, x, y)
                if hue == Self.hue(bitmap.image, x, y) { agreeing += 1 }
                if hue == "g" { greenInside += 1 }
                if hue == "k" { blackInside += 1 }
            }
        }
        // The view covers 100x80 points at 1.6x: about 20,000 pixels.
        #expect(inside > 15_000, "\(inside) pixels inside the image")
        #expect(greenInside > 2_000, "\(greenInside) green pixels: the disc's part inside the image")
        // The outline, 8 of the image's 200 shown at 1.6 times half size:
        // 6.4 pixels wide, 4 of them inside the edges' margin, about 2,300
        // pixels around (twice as wide if drawn at the view's size).
        #expect(blackInside > 1_000 && blackInside < 4_000, "\(blackInside) black pixels")
        // Only the colours' boundaries, where the bitmap's filter blends,
        // may read differently.
        #expect(Double(agreeing) >= Double(inside) * 0.98, "\(agreeing) of \(inside) pixels agree")
    }
}
