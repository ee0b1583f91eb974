import CCairo
import GestureKit
@testable import GestureRender
import Testing

/// Text composited straight into the buffer at scale 1
/// (`GlyphTable.composite`), held to cairo's `cairo_show_glyphs` for the
/// same glyphs over the same pixels.
@Suite("Text composited without cairo")
struct GlyphImagesTests {
    static let width = 320, height = 60
    /// Not white: the text is composited over what is there.
    static let background: UInt32 = 0xff33_6699

    static let lines: [(text: String, font: Font, color: Color, x: Double, baseline: Double)] = [
        ("Rotated, Radians:0.52, Velocity:1.10", Font(size: 17), .black, 4.25, 30.4),
        ("Ünïcödé naïve façade (1,2)", Font(size: 18, bold: true), Color(rgb: 0xffb703), 10.6, 33.9),
        ("jgpqy ))) iiWWii → ✓ ½", Font(size: 15), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.6), 0.5, 29.5),
        ("手势 жест 👍 a\tb", Font(size: 21), Color(red: 0.9, green: 0.9, blue: 0.9, alpha: 0.35), 7.1, 40.02),
        // Glyphs whose images share pixels ("tt", "ft", "ff"), as the
        // page's segment and panel titles have them.
        ("Flutter Swipe left or right", Font(size: 15), Color(rgb: 0x37474f), 3.3, 22.7),
        ("Flutter, Swipe left, effort", Font(size: 16, bold: true), .black, 0.0, 35.0),
        ("Pinch and rotate · tt ff fi", Font(size: 15), Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.7), 12.55, 50.5),
    ]

    /// A buffer of the background colour.
    static func buffer() -> [UInt32] {
        [UInt32](repeating: background, count: width * height)
    }

    /// `line`'s glyphs as `GlyphTable.place` gives them for the whole
    /// buffer, with the table.
    static func glyphs(of line: (text: String, font: Font, color: Color, x: Double, baseline: Double),
                       measurer: CairoTextMeasurer) throws -> (GlyphTable, [cairo_glyph_t]) {
        let table = try #require(measurer.table(for: line.font))
        var pixels = buffer()
        var placed: [cairo_glyph_t] = []
        try withContext(on: &pixels) { cr in
            table.place(line.text, x: line.x, baseline: line.baseline, in: cr) { placed = Array($0) }
        }
        return (table, placed)
    }

    /// Runs `body` with a cairo context drawing on `pixels`.
    static func withContext(on pixels: inout [UInt32], _ body: (OpaquePointer) -> Void) throws {
        try pixels.withUnsafeMutableBytes { bytes in
            let surface = try #require(cairo_image_surface_create_for_data(
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
                Int32(height), Int32(width * 4)))
            defer { cairo_surface_destroy(surface) }
            let cr = try #require(cairo_create(surface))
            defer { cairo_destroy(cr) }
            body(cr)
        }
    }

    @Test("a whole line gives cairo's pixels, opaque or translucent, over a background")
    func wholeLineAsCairo() throws {
        let measurer = CairoTextMeasurer()
        for line in Self.lines {
            let (table, glyphs) = try Self.glyphs(of: line, measurer: measurer)
            #expect(!glyphs.isEmpty)
            var byCairo = Self.buffer()
            try Self.withContext(on: &byCairo) { cr in
                table.select(in: cr)
                cairo_set_source_rgba(cr, line.color.red, line.color.green, line.color.blue, line.color.alpha)
                var run = glyphs
                cairo_show_glyphs(cr, &run, Int32(run.count))
            }
            let direct = try Self.composited(line, table: table, glyphs: glyphs,
                                             clip: [CoverageFill.PixelBox(x0: 0, y0: 0, x1: Self.width, y1: Self.height)])
            let differing = zip(direct, byCairo).filter { $0 != $1 }.count
            #expect(differing == 0, "\(line.text): \(differing) pixels differ")
            #expect(direct.contains { $0 != Self.background }, "\(line.text): nothing drawn")
        }
    }

    @Test("a line composited within narrow boxes gives, inside them, the pixels of the whole line, and leaves the rest")
    func partsAsWhole() throws {
        let measurer = CairoTextMeasurer()
        let whole = [CoverageFill.PixelBox(x0: 0, y0: 0, x1: Self.width, y1: Self.height)]
        // Strips across the glyphs, and boxes that cut rows off them.
        let parts = [CoverageFill.PixelBox(x0: 3, y0: 0, x1: 7, y1: 60), CoverageFill.PixelBox(x0: 40, y0: 0, x1: 43, y1: 60),
                     CoverageFill.PixelBox(x0: 100, y0: 20, x1: 180, y1: 31), CoverageFill.PixelBox(x0: 200, y0: 31, x1: 320, y1: 45)]
        for line in Self.lines {
            let (table, glyphs) = try Self.glyphs(of: line, measurer: measurer)
            let all = try Self.composited(line, table: table, glyphs: glyphs, clip: whole)
            let cut = try Self.composited(line, table: table, glyphs: glyphs, clip: parts)
            var inside = 0, outside = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let i = y * Self.width + x
                    if parts.contains(where: { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }) {
                        if cut[i] != all[i] { inside += 1 }
                    } else if cut[i] != Self.background {
                        outside += 1
                    }
                }
            }
            #expect(inside == 0, "\(line.text): \(inside) pixels differ inside the boxes")
            #expect(outside == 0, "\(line.text): \(outside) pixels drawn outside them")
        }
    }

    @Test("the glyph images kept for a font stay within their limit, and are taken again when forgotten")
    func imagesBounded() throws {
        let table = try #require(CairoTextMeasurer().table(for: Font(size: 120)))
        let first = table.image(of: 40)
        let firstCoverage = table.coverage(of: first)
        #expect(!first.isEmpty && firstCoverage.contains { $0 != 0 })
        var forgotten = false
        for index in UInt(36)..<UInt(600) {
            let before = table.imageBytes
            let image = table.image(of: index)
            // Past the limit, the images kept are forgotten before the
            // next is taken.
            #expect(table.imageBytes <= GlyphTable.imageBytesLimit + image.width * image.height)
            if table.imageBytes < before { forgotten = true }
        }
        // Glyphs this large pass the limit before the last of them (the
        // mutation check without the limit went over it): the first was
        // forgotten, and comes back the same.
        #expect(forgotten)
        #expect(table.imageBytes > 0)
        let again = table.image(of: 40)
        #expect(table.coverage(of: again) == firstCoverage && again.width == first.width
                    && again.left == first.left && again.top == first.top)
    }

    @Test("a glyph past the directly indexed ones is kept too: asked for again, it is not taken again")
    func imagesPastDirectIndex() throws {
        let table = try #require(CairoTextMeasurer().table(for: Font(size: 17)))
        for index: UInt in [40, 2047, 2048, 3000, 5000] {
            let first = table.image(of: index)
            let bytes = table.imageBytes
            let again = table.image(of: index)
            #expect(table.imageBytes == bytes, "glyph \(index) was taken again")
            #expect(again.offset == first.offset && again.width == first.width && again.height == first.height
                        && again.left == first.left && again.top == first.top, "glyph \(index)")
        }
        // DejaVu Sans has glyphs that far: the hashed ones are real images.
        #expect(!table.image(of: 3000).isEmpty || !table.image(of: 5000).isEmpty)
    }

    @Test("a glyph's image is trimmed to the pixels it covers")
    func imagesTrimmed() throws {
        let table = try #require(CairoTextMeasurer().table(for: Font(size: 17)))
        for scalar in "AgW.|,_".unicodeScalars {
            let image = table.image(of: table.glyph(for: scalar).index)
            let coverage = table.coverage(of: image)
            #expect(!image.isEmpty, "\(scalar)")
            let rows = (0..<image.height).map { coverage[($0 * image.width)..<(($0 + 1) * image.width)] }
            #expect(rows.first?.contains { $0 != 0 } == true && rows.last?.contains { $0 != 0 } == true, "\(scalar)")
            #expect(rows.contains { $0.first != 0 } && rows.contains { $0.last != 0 }, "\(scalar)")
        }
        #expect(table.image(of: table.glyph(for: " ").index).isEmpty)
    }

    /// The line composited by `GlyphTable.composite` over the background,
    /// within `clip`.
    static func composited(_ line: (text: String, font: Font, color: Color, x: Double, baseline: Double),
                           table: GlyphTable, glyphs: [cairo_glyph_t], clip: [CoverageFill.PixelBox]) throws -> [UInt32] {
        let paint = try #require(CoverageFill.Paint(line.color))
        var pixels = buffer()
        var run = glyphs
        pixels.withUnsafeMutableBufferPointer { buffer in
            let target = CoverageFill.Target(pixels: buffer.baseAddress!, width: width, height: height, stride: width)
            run.withUnsafeMutableBufferPointer { table.composite($0, dx: 0, dy: 0, paint: paint, into: target, clip: clip) }
        }
        return pixels
    }
}
