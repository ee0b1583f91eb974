import CCairo
import DemoApp
import Foundation
import GestureKit
import GestureRender
import TestSupport
import Testing

/// PNG files as the renderer writes them (snapshots, goldens, diffs): read
/// back, they give the pixels cairo's own writer gave, opaque images
/// without an alpha channel, and a file that cannot be written is an error
/// naming it, with nothing left behind.
@Suite("PNG files")
struct PNGFileTests {
    /// The PNG colour type in a file's header: 2 for RGB, 6 for RGBA.
    func colourType(_ path: String) throws -> UInt8 {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try #require(bytes.count > 25 && bytes.starts(with: [0x89, 0x50, 0x4e, 0x47]))
        return bytes[25]
    }

    /// Every pixel of two images, compared; the first that differs.
    func firstDifference(_ a: RenderedImage, _ b: RenderedImage) -> String? {
        guard a.width == b.width, a.height == b.height else { return "\(a.width)x\(a.height) against \(b.width)x\(b.height)" }
        for y in 0..<a.height {
            for x in 0..<a.width where a.argb(x: x, y: y) != b.argb(x: x, y: y) {
                return "(\(x), \(y)): \(String(a.argb(x: x, y: y), radix: 16)) against \(String(b.argb(x: x, y: y), radix: 16))"
            }
        }
        return nil
    }

    @Test("a rendered page is stored as RGB and reads back with every pixel as drawn")
    func opaquePage() throws {
        try inTemporaryDirectory("png") { folder in
            let window = DemoApp.makeWindow(timeSource: VirtualTimeSource(), page: .gestures)
            let image = RenderedImage(window: window)
            #expect(try image.writePNG(to: folder + "/page.png"), "stored exactly")
            #expect(try colourType(folder + "/page.png") == 2)
            let read = try RenderedImage(contentsOfPNG: folder + "/page.png")
            #expect(firstDifference(image, read) == nil)
            // The fast path of a comparison agrees: the image drawn and the
            // one read back (without alpha) hold the same rows.
            #expect((0..<image.height).allSatisfy { image.rowEquals($0, in: read) && read.rowEquals($0, in: image) })
            image.setARGB(image.argb(x: 7, y: 9) ^ 0x0000_0100, x: 7, y: 9)
            #expect(!image.rowEquals(9, in: read) && !read.rowEquals(9, in: image) && image.rowEquals(10, in: read))
            // A translucent pixel never equals an opaque one of the same
            // colour bytes.
            image.setARGB(read.argb(x: 7, y: 9) & 0x00ff_ffff | 0x8000_0000, x: 7, y: 9)
            #expect(!image.rowEquals(9, in: read) && !read.rowEquals(9, in: image))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["page.png"])
        }
    }

    @Test("translucent pixels, every alpha level, read back as from cairo's own writer")
    func translucentLikeCairo() throws {
        try inTemporaryDirectory("png") { folder in
            // Each column an alpha level, each row a colour under it
            // (premultiplied: no channel above the alpha).
            let width = 256, rows = 8
            let image = RenderedImage(width: width, height: rows)
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(rows)) else {
                Issue.record("no cairo surface")
                return
            }
            defer { cairo_surface_destroy(surface) }
            cairo_surface_flush(surface)
            let stride = Int(cairo_image_surface_get_stride(surface))
            let data = try #require(cairo_image_surface_get_data(surface))
            for y in 0..<rows {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for a in 0..<width {
                    let alpha = UInt32(a)
                    let r = alpha * UInt32(y) / UInt32(rows - 1), g = alpha - r, b = alpha * UInt32(y % 3) / 2
                    let word = alpha << 24 | r << 16 | g << 8 | b
                    row[a] = word
                    image.setARGB(word, x: a, y: y)
                }
            }
            cairo_surface_mark_dirty(surface)
            #expect(cairo_surface_write_to_png(surface, folder + "/cairo.png") == CAIRO_STATUS_SUCCESS)
            #expect(try image.writePNG(to: folder + "/ours.png") == false, "translucent colours may round")
            #expect(try colourType(folder + "/ours.png") == 6)
            let ours = try RenderedImage(contentsOfPNG: folder + "/ours.png")
            let cairos = try RenderedImage(contentsOfPNG: folder + "/cairo.png")
            #expect(firstDifference(ours, cairos) == nil)
            // Opaque pixels come back exactly; fully transparent ones as 0.
            #expect(ours.argb(x: 255, y: 3) == image.argb(x: 255, y: 3))
            #expect(ours.argb(x: 0, y: 5) == 0)
        }
    }

    @Test("a file that cannot be written fails naming it, and leaves nothing behind")
    func unwritable() throws {
        try inTemporaryDirectory("png") { folder in
            let image = RenderedImage(width: 4, height: 4)
            let missing = folder + "/no/such/folder/x.png"
            let error = #expect(throws: RenderError.self) { try image.writePNG(to: missing) }
            #expect(error?.description == "cannot write \(missing): No such file or directory")
            // A folder in the way of the finished file: written aside, not
            // renamed over it, and the partial file removed.
            try FileManager.default.createDirectory(atPath: folder + "/taken.png", withIntermediateDirectories: false)
            let taken = #expect(throws: RenderError.self) { try image.writePNG(to: folder + "/taken.png") }
            #expect(taken?.description == "cannot write \(folder)/taken.png: Is a directory")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["taken.png"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/taken.png").isEmpty)
        }
    }

    @Test("the file is written aside under a name of its own: a link at PATH.partial is not followed, nor left")
    func temporaryOfItsOwn() throws {
        try inTemporaryDirectory("png") { folder in
            // Another run's temporary file, or a link planted where the
            // temporary file used to be written.
            try Data("kept".utf8).write(to: URL(fileURLWithPath: folder + "/victim"))
            try FileManager.default.createSymbolicLink(atPath: folder + "/x.png.partial", withDestinationPath: folder + "/victim")
            let image = RenderedImage(width: 4, height: 4)
            try image.writePNG(to: folder + "/x.png")
            #expect(try String(contentsOfFile: folder + "/victim", encoding: .utf8) == "kept")
            #expect(try RenderedImage(contentsOfPNG: folder + "/x.png").width == 4)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["victim", "x.png", "x.png.partial"])
        }
    }
}
