import CCairo
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

    /// Texts in several scripts, with marks, symbols and a character
    /// beyond the Basic Multilingual Plane.
    static let texts = ["Rotated, Radians:0.52, Velocity:1.10", "Ünïcödé naïve façade", "→ ✓ ½ °", "手势 жест",
                        "👍 tap", "a\tb", "iiiii WWWWW", "(1,2)", "at (119.3,309.5)", "-_=+", "jgpqy ))", "ÅÉÎ ij"]

    /// A context that sets text as the renderer means to: the face it
    /// names, unhinted metrics.
    static func selectFont(_ font: Font, in cr: OpaquePointer) {
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                               font.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, font.size)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    @Test("a width is exactly the advance cairo gives the whole text, in every script and twice over")
    func widthsAreCairos() throws {
        let measurer = CairoTextMeasurer()
        // The measurer sets up the font configuration the renderer uses.
        _ = measurer.metrics(of: Font(size: 12))
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        defer { cairo_destroy(cr) }
        for font in [Font(size: 13), Font(size: 22, bold: true)] {
            Self.selectFont(font, in: cr)
            for text in Self.texts {
                var extents = cairo_text_extents_t()
                cairo_text_extents(cr, text, &extents)
                #expect(measurer.width(of: text, font: font) == extents.x_advance, "\(text) in \(font)")
                #expect(measurer.width(of: text, font: font) == extents.x_advance, "\(text) again")
            }
        }
        #expect(measurer.width(of: "", font: Font(size: 13)) == 0)
    }

    @Test("a label repainted in narrow strips, cutting through its glyphs, gives the pixels of a whole repaint")
    func stripsAsWhole() {
        // Square, as PartialRepaint draws; lines of large text, the glyphs
        // several strips wide, one of them turned.
        let size = 240
        let window = Window(size: Size(width: Double(size), height: Double(size)), timeSource: VirtualTimeSource())
        window.backgroundColor = .white
        for (i, text) in ["WAVE jig", "Ünïcödé ½", "iiWWii"].enumerated() {
            let label = Label(text: text, frame: Rect(x: 5, y: 10 + 75 * Double(i), width: 230, height: 60))
            label.font = Font(size: 36, bold: i == 1)
            label.textColor = .black
            label.alignment = [.left, .center, .right][i]
            if i == 2 { label.transform = AffineTransform(rotationAngle: 0.3) }
            window.addSubview(label)
        }
        window.layoutIfNeeded()
        let whole = PartialRepaint.render(window, size: size, clip: nil)
        var strips = Region()
        var differing = 0
        for x in stride(from: 3, to: size, by: 29) {
            let strip = Region(Rect(x: Double(x), y: 0, width: 4, height: Double(size)))
            strips.formUnion(Rect(x: Double(x), y: 0, width: 4, height: Double(size)))
            let partial = PartialRepaint.render(window, size: size, clip: strip, over: 0xff00_00ff)
            differing += PartialRepaint.differing(partial, whole, size: size, within: strip)
        }
        #expect(differing == 0)
        // The strips do cross ink: the text is there to compare.
        #expect(whole.indices.contains { whole[$0] != 0xffff_ffff && strips.contains(
            Point(x: Double($0 % size) + 0.5, y: Double($0 / size) + 0.5)) })
    }

    /// Cairo composites a run of glyphs only within the box around their
    /// ink (unhinted), and the hinted tip of a ")" reaches a row lower:
    /// drawn with the rest of the line, whose "g" reaches lower still, it
    /// is whole; drawn with only its neighbours (a repaint over the line's
    /// end, as when a label's last numbers change), its last row was cut.
    @Test("a label repainted over the end of its line, where only its last glyphs are drawn, gives the pixels of a whole repaint")
    func lineEndAsWhole() {
        let size = 480
        let window = Window(size: Size(width: Double(size), height: Double(size)), timeSource: VirtualTimeSource())
        window.backgroundColor = .white
        // As the Touches page shows where the picture was touched.
        let text = "Image touched at (119.3,309.5)"
        let label = Label(text: text, frame: Rect(x: 2, y: 200, width: 476, height: 22))
        label.font = Font(size: 15)
        label.textColor = Color(rgb: 0x37474f)
        window.addSubview(label)
        window.layoutIfNeeded()
        let width = CairoTextMeasurer().width(of: text, font: label.font)
        let end = 2 + (476 + width) / 2
        let whole = PartialRepaint.render(window, size: size, clip: nil)
        var differing = 0
        for reach in [8.0, 20, 40, 70, 100, 130, 200] {
            let box = Region(Rect(x: (end - reach).rounded(.down), y: 199, width: reach + 6, height: 24))
            let partial = PartialRepaint.render(window, size: size, clip: box, over: 0xff00_00ff)
            differing += PartialRepaint.differing(partial, whole, size: size, within: box)
        }
        #expect(differing == 0)
        #expect(whole.contains { $0 != 0xffff_ffff }, "no text drawn")
    }

    @Test("a label's text is drawn pixel for pixel as cairo_show_text sets it, at scale 1, 1.5 and 2",
          arguments: [1.0, 1.5, 2.0])
    func drawnAsCairoSetsIt(scale: Double) throws {
        let size = Size(width: 480, height: 50 * Double(Self.texts.count))
        let window = Window(size: size, timeSource: VirtualTimeSource())
        window.backgroundColor = .white
        let renderer = Renderer()
        window.textMeasurer = renderer.textMeasurer
        var labels: [Label] = []
        for (i, text) in Self.texts.enumerated() {
            let label = Label(text: text, frame: Rect(x: 10, y: 5 + 50 * Double(i), width: 460, height: 40))
            label.font = Font(size: 17 + Double(i), bold: i % 2 == 1)
            label.textColor = .black
            label.alignment = [.left, .center, .right][i % 3]
            window.addSubview(label)
            labels.append(label)
        }
        window.layoutIfNeeded()
        let width = Int((size.width * scale).rounded()), height = Int((size.height * scale).rounded())
        let stride = width * 4
        var drawn = [UInt8](repeating: 0, count: stride * height)
        drawn.withUnsafeMutableBytes {
            renderer.render(window, into: $0.baseAddress!, width: width, height: height, stride: stride, scale: scale,
                            clip: nil)
        }

        var expected = [UInt8](repeating: 0, count: stride * height)
        try expected.withUnsafeMutableBytes { bytes in
            let surface = try #require(cairo_image_surface_create_for_data(
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
                Int32(height), Int32(stride)))
            defer { cairo_surface_destroy(surface) }
            let cr = try #require(cairo_create(surface))
            defer { cairo_destroy(cr) }
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_scale(cr, scale, scale)
            cairo_set_source_rgb(cr, 0, 0, 0)
            for label in labels {
                let layout = label.textLayout
                let line = try #require(layout.lines.first)
                #expect(layout.lines.count == 1 && !layout.isTruncated, "\(label.text)")
                let metrics = renderer.textMeasurer.metrics(of: layout.font)
                Self.selectFont(layout.font, in: cr)
                cairo_move_to(cr, label.frame.minX + line.frame.minX,
                              label.frame.minY + line.frame.midY + (metrics.ascent - metrics.descent) / 2)
                cairo_show_text(cr, line.text)
            }
        }
        let differing = zip(drawn, expected).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ at scale \(scale)")
        // Not blank: each label drew its text.
        #expect(drawn.filter { $0 < 128 }.count > 1000)
    }
}
