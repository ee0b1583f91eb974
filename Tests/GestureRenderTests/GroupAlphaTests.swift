import DemoApp
import GestureKit
import GestureRender
import Testing

@Suite("Rendering")
struct GroupAlphaTests {
    /// The darkest pixel (lowest red+green+blue) inside `rect`.
    func darkest(_ image: RenderedImage, in rect: Rect) -> (r: Int, g: Int, b: Int, a: Int) {
        var best = (r: 255, g: 255, b: 255, a: 255)
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = image.pixel(x: x, y: y)
                if p.r + p.g + p.b < best.r + best.g + best.b { best = p }
            }
        }
        return best
    }

    @Test("text on a 0.6-alpha view is 0.6 translucent, text on its parent is opaque")
    func groupAlpha() {
        let window = Window(size: Size(width: 200, height: 100), timeSource: VirtualTimeSource())
        let translucent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        translucent.alpha = 0.6
        let caption = Label(text: "MMM", frame: Rect(x: 0, y: 30, width: 100, height: 40))
        caption.font = Font(size: 30, bold: true)
        translucent.addSubview(caption)
        let counter = Label(text: "MMM", frame: Rect(x: 100, y: 30, width: 100, height: 40))
        counter.font = Font(size: 30, bold: true)
        window.addSubview(translucent)
        window.addSubview(counter)
        let image = RenderedImage(window: window)
        // Black at 0.6 over white: 255 * 0.4 = 102.
        let inside = darkest(image, in: caption.frame)
        #expect(abs(inside.r - 102) <= 2 && abs(inside.g - 102) <= 2)
        let outside = darkest(image, in: counter.frame)
        #expect(outside.r == 0 && outside.g == 0 && outside.b == 0)
    }

    @Test("a translucent view composites its subviews as one group, so overlaps do not darken")
    func overlapInsideGroup() {
        let window = Window(size: Size(width: 100, height: 100), timeSource: VirtualTimeSource())
        let group = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        group.alpha = 0.5
        let a = View(frame: Rect(x: 0, y: 0, width: 60, height: 100))
        let b = View(frame: Rect(x: 40, y: 0, width: 60, height: 100))
        a.backgroundColor = .black
        b.backgroundColor = .black
        group.addSubview(a); group.addSubview(b)
        window.addSubview(group)
        let image = RenderedImage(window: window)
        let single = image.pixel(x: 10, y: 50), overlap = image.pixel(x: 50, y: 50)
        #expect(abs(single.r - 128) <= 1)
        #expect(overlap.r == single.r)
    }

    @Test("FlatCube: the squares are translucent, the counters crisp, the caption in red translucent")
    func flatCubeLook() {
        let window = DemoApp.makeWindow(timeSource: VirtualTimeSource(), page: .flatcube)
        let vc = DemoApp.currentPage(of: window) as! FlatCubeViewController
        let image = RenderedImage(window: window)
        // Red at 0.6 over white: (255, 102, 102).
        let redOnly = vc.singleView.frame.origin + Point(x: 5, y: 5)
        let red = image.pixel(x: Int(redOnly.x), y: Int(redOnly.y))
        #expect(red.r == 255 && abs(red.g - 102) <= 2 && abs(red.b - 102) <= 2)
        // Yellow at 0.6 over white: (255, 255, 102).
        let yellowOnly = vc.doubleLeftView.frame.origin + Point(x: 5, y: vc.doubleLeftView.frame.height - 5)
        let yellow = image.pixel(x: Int(yellowOnly.x), y: Int(yellowOnly.y))
        #expect(yellow.r == 255 && yellow.g == 255 && abs(yellow.b - 102) <= 2)
        // The counter over red is pure black; the caption text is not.
        #expect(darkest(image, in: vc.singleCounterLabel.frame).r == 0)
        let captionRect = vc.captionLabel.convert(vc.captionLabel.bounds, to: nil)
        let caption = darkest(image, in: captionRect)
        #expect(caption.r > 60 && caption.r < 255)
    }
}
