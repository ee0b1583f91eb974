import DemoApp
import GestureKit
import GestureRender
import Testing

/// The Gestures page's picture stays in its frame: pinched to three times
/// its size and turned, it changes no pixel outside the frame (but for the
/// output label, which describes the gesture), and its caption is drawn as
/// before.
@Suite("Gestures picture")
struct GesturesPictureTests {
    /// The window's pixels that differ between two renderings, as window
    /// points.
    static func changedPixels(_ a: RenderedImage, _ b: RenderedImage) -> [(x: Int, y: Int)] {
        var changed: [(x: Int, y: Int)] = []
        for y in 0..<a.height where !a.rowEquals(y, in: b) {
            for x in 0..<a.width where a.argb(x: x, y: y) != b.argb(x: x, y: y) { changed.append((x, y)) }
        }
        return changed
    }

    @Test("pinched to 3x and turned, the picture changes nothing outside its frame and its caption stays drawn",
          arguments: [Size(width: 800, height: 600), DemoApp.minimumContentSize, Size(width: 1920, height: 1080)])
    func staysInFrame(size: Size) throws {
        let app = AppWindow(size: size, page: .gestures)
        let page = try #require(app.page(GesturesViewController.self))
        let before = RenderedImage(window: app.window)
        let frame = page.pinchArea.contentView.convert(page.pinchArea.contentView.bounds, to: nil)
        let centre = app.centre(of: page.pinchArea.contentView)
        let span = min(frame.width, frame.height) / 4

        app.pinch(about: centre, from: span, to: span * 3)
        #expect(abs(page.imageScale - 3) < 0.05, "pinched to \(page.imageScale)")
        app.rotate(about: centre, span: span * 2, by: 0.8)
        #expect(abs(page.imageRotation - 0.8) < 0.05 && abs(page.imageScale - 3) < 0.05,
                "turned to \(page.imageRotation) at scale \(page.imageScale)")
        let image = page.imageView.convert(page.imageView.bounds, to: nil)
        #expect(image.width > frame.width || image.height > frame.height, "the picture \(image) outgrew its frame \(frame)")

        let after = RenderedImage(window: app.window)
        let output = page.outputLabel.convert(page.outputLabel.bounds, to: nil)
        let changed = Self.changedPixels(before, after)
        let inFrame = changed.filter { frame.contains(Point(x: Double($0.x) + 0.5, y: Double($0.y) + 0.5)) }
        // A pixel the frame's edge crosses (the frame may sit at a fraction
        // of a pixel) is partly inside, and its antialiased edge may change.
        let elsewhere = changed.filter {
            let pixel = Rect(x: Double($0.x), y: Double($0.y), width: 1, height: 1)
            return !frame.intersects(pixel) && !output.intersects(pixel)
        }
        #expect(!inFrame.isEmpty, "the picture did not change")
        #expect(elsewhere.isEmpty, "\(elsewhere.count) pixels changed outside the picture's frame \(frame), e.g. \(elsewhere.prefix(5))")

        // The caption is still there: its text's pixels are as before, and dark.
        let caption = page.pinchArea.captionLabel
        let text = caption.convert(caption.textFrame, to: nil)
        var ink = 0
        for y in Int(text.minY)..<Int(text.maxY.rounded(.up)) {
            for x in Int(text.minX)..<Int(text.maxX.rounded(.up)) {
                #expect(after.argb(x: x, y: y) == before.argb(x: x, y: y))
                let p = after.pixel(x: x, y: y)
                if p.r + p.g + p.b < 300 { ink += 1 }
            }
        }
        #expect(ink > 20, "the caption \"\(caption.text)\" has \(ink) dark pixels")
    }
}
