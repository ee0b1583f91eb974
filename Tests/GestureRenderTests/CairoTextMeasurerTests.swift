import GestureKit
import GestureRender
import Testing

@Suite("Cairo text measurer")
struct CairoTextMeasurerTests {
    /// The box of the non-white pixels in `rect` (in window points, at
    /// `scale` pixels per point).
    static func ink(_ image: RenderedImage, in rect: Rect, scale: Double) -> Rect? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in Int(rect.minY * scale)..<Int(rect.maxY * scale) {
            for x in Int(rect.minX * scale)..<Int(rect.maxX * scale) {
                let p = image.pixel(x: x, y: y)
                guard p.r + p.g + p.b < 600 else { continue }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: Double(minX) / scale, y: Double(minY) / scale,
                    width: Double(maxX - minX + 1) / scale, height: Double(maxY - minY + 1) / scale)
    }

    @Test("a label's measured text frame is where the renderer draws its text, at scale 1 and 2",
          arguments: [1.0, 2.0])
    func frameMatchesInk(scale: Double) throws {
        let window = Window(size: Size(width: 400, height: 100), timeSource: VirtualTimeSource())
        window.textMeasurer = CairoTextMeasurer()
        let label = Label(text: "Pinched, Scale:1.50", frame: Rect(x: 20, y: 20, width: 360, height: 60))
        label.font = Font(size: 24)
        window.addSubview(label)
        let image = RenderedImage(window: window, scale: scale)
        let text = label.convert(label.textFrame, to: nil)
        let ink = try #require(Self.ink(image, in: window.bounds, scale: scale))
        // Glyphs sit inside their advances, less a pixel of side bearing.
        #expect(ink.minX >= text.minX - 1 && ink.maxX <= text.maxX + 1, "ink \(ink), text \(text)")
        #expect(ink.width >= text.width - 4, "ink \(ink), text \(text)")
        #expect(ink.minY >= text.minY - 1 && ink.maxY <= text.maxY + 1, "ink \(ink), text \(text)")
    }

    @Test("widths are unhinted: proportional to the font size, so a layout holds at every scale")
    func proportional() {
        let measurer = CairoTextMeasurer()
        let small = measurer.width(of: "Rotated, Radians:0.52", font: Font(size: 10))
        let large = measurer.width(of: "Rotated, Radians:0.52", font: Font(size: 30))
        #expect(small > 0 && abs(large - 3 * small) < 1e-6)
        let metrics = measurer.metrics(of: Font(size: 20))
        #expect(metrics.ascent > 15 && metrics.descent > 3 && metrics.lineHeight < 30)
    }

    @Test("bold text is wider than regular, and the same text measures the same twice")
    func boldAndCache() {
        let measurer = CairoTextMeasurer()
        let regular = measurer.width(of: "FlatCube", font: Font(size: 16))
        #expect(measurer.width(of: "FlatCube", font: Font(size: 16, bold: true)) > regular)
        #expect(measurer.width(of: "FlatCube", font: Font(size: 16)) == regular)
    }
}
