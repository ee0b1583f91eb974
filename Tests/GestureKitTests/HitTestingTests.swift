import Testing
@testable import GestureKit

@Suite("Hit-testing")
struct HitTestingTests {
    let window = Window(size: Size(width: 300, height: 300), timeSource: VirtualTimeSource())

    @Test("the frontmost subview wins: subviews are tried in reverse order")
    func reverseOrder() {
        let back = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let front = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(back)
        window.addSubview(front)
        #expect(window.hitTest(Point(x: 75, y: 75)) === front)
        #expect(window.hitTest(Point(x: 25, y: 25)) === back)
    }

    @Test("hidden views and their subviews are skipped")
    func hidden() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        v.addSubview(child)
        window.addSubview(v)
        v.isHidden = true
        #expect(window.hitTest(Point(x: 10, y: 10)) === window)
    }

    @Test("views with alpha below 0.01 are skipped, 0.01 is still hit")
    func nearlyTransparent() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        v.alpha = 0.009
        #expect(window.hitTest(Point(x: 10, y: 10)) === window)
        v.alpha = 0.01
        #expect(window.hitTest(Point(x: 10, y: 10)) === v)
    }

    @Test("user interaction off makes touches fall through to what is below")
    func interactionOff() {
        let below = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let above = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        above.addSubview(child)
        window.addSubview(below)
        window.addSubview(above)
        above.isUserInteractionEnabled = false
        #expect(window.hitTest(Point(x: 10, y: 10)) === below)
    }

    @Test("labels ignore touches by default, like UILabel")
    func labelsPassTouches() {
        let square = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let label = Label(text: "3", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(square)
        window.addSubview(label)
        #expect(window.hitTest(Point(x: 50, y: 50)) === square)
    }

    @Test("a rotated view is hit inside its rotated shape, not its bounding box")
    func rotatedView() {
        let v = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(v)
        v.transform = AffineTransform(rotationAngle: .pi / 4)
        // The centre is hit; the old corner (now outside the diamond) is not.
        #expect(window.hitTest(Point(x: 150, y: 150)) === v)
        #expect(window.hitTest(Point(x: 105, y: 105)) === window)
        // A point of the diamond outside the original square is hit.
        #expect(window.hitTest(Point(x: 150, y: 85)) === v)
    }

    @Test("a scaled view is hit in its scaled area and reports local coordinates")
    func scaledView() {
        let v = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(v)
        v.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(v.frame == Rect(x: 50, y: 50, width: 200, height: 200))
        #expect(window.hitTest(Point(x: 60, y: 60)) === v)
        let local = v.convert(Point(x: 60, y: 60), from: nil)
        #expect(abs(local.x - 5) < 1e-9 && abs(local.y - 5) < 1e-9)
    }

    @Test("a view scaled to zero cannot be hit")
    func singularTransform() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        v.transform = AffineTransform(scaleX: 0, y: 0)
        #expect(window.hitTest(Point(x: 50, y: 50)) === window)
    }

    @Test("clipsToBounds keeps touches outside the bounds from reaching subviews")
    func clipping() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let overhang = View(frame: Rect(x: 80, y: 80, width: 100, height: 100))
        parent.addSubview(overhang)
        window.addSubview(parent)
        #expect(window.hitTest(Point(x: 150, y: 150)) === overhang)
        parent.clipsToBounds = true
        #expect(window.hitTest(Point(x: 150, y: 150)) === window)
    }

    @Test("convert round-trips through nested, offset views")
    func convertRoundTrip() {
        let outer = View(frame: Rect(x: 10, y: 20, width: 200, height: 200))
        let inner = View(frame: Rect(x: 5, y: 7, width: 50, height: 50))
        outer.addSubview(inner)
        window.addSubview(outer)
        let p = inner.convert(Point(x: 1, y: 2), to: nil)
        #expect(p == Point(x: 16, y: 29))
        #expect(inner.convert(p, from: nil) == Point(x: 1, y: 2))
        #expect(inner.convert(Point(x: 0, y: 0), to: outer) == Point(x: 5, y: 7))
    }

    @Test("point(inside:) is half-open like CGRect.contains")
    func halfOpen() {
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(v.point(inside: Point(x: 0, y: 0)))
        #expect(!v.point(inside: Point(x: 10, y: 5)))
    }
}
