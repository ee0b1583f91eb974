import Testing
@testable import GestureKit

@Suite("Hit-testing")
struct HitTestingTests {
    /// Test views go in `h.view`, which fills the window, so a point that
    /// hits none of them hits `h.view`.
    let h = ViewInWindow()

    @Test("the frontmost subview wins: subviews are tried in reverse order")
    func reverseOrder() {
        let back = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let front = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        h.view.addSubview(back)
        h.view.addSubview(front)
        #expect(h.window.hitTest(Point(x: 75, y: 75)) === front)
        #expect(h.window.hitTest(Point(x: 25, y: 25)) === back)
    }

    @Test("hidden views and their subviews are skipped")
    func hidden() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        v.addSubview(child)
        h.view.addSubview(v)
        v.isHidden = true
        #expect(h.window.hitTest(Point(x: 10, y: 10)) === h.view)
    }

    @Test("views with alpha below 0.01 are skipped, 0.01 is still hit")
    func nearlyTransparent() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        h.view.addSubview(v)
        v.alpha = 0.009
        #expect(h.window.hitTest(Point(x: 10, y: 10)) === h.view)
        v.alpha = 0.01
        #expect(h.window.hitTest(Point(x: 10, y: 10)) === v)
    }

    @Test("user interaction off makes touches fall through to what is below")
    func interactionOff() {
        let below = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let above = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        above.addSubview(child)
        h.view.addSubview(below)
        h.view.addSubview(above)
        above.isUserInteractionEnabled = false
        #expect(h.window.hitTest(Point(x: 10, y: 10)) === below)
    }

    @Test("labels ignore touches by default, like UILabel")
    func labelsPassTouches() {
        let square = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let label = Label(text: "3", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        h.view.addSubview(square)
        h.view.addSubview(label)
        #expect(h.window.hitTest(Point(x: 50, y: 50)) === square)
    }

    @Test("a rotated view is hit inside its rotated shape, not its bounding box")
    func rotatedView() {
        let v = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        h.view.addSubview(v)
        v.transform = AffineTransform(rotationAngle: .pi / 4)
        // The centre is hit; the old corner (now outside the diamond) is not.
        #expect(h.window.hitTest(Point(x: 150, y: 150)) === v)
        #expect(h.window.hitTest(Point(x: 105, y: 105)) === h.view)
        // A point of the diamond outside the original square is hit.
        #expect(h.window.hitTest(Point(x: 150, y: 85)) === v)
    }

    @Test("a scaled view is hit in its scaled area and reports local coordinates")
    func scaledView() {
        let v = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        h.view.addSubview(v)
        v.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(v.frame == Rect(x: 50, y: 50, width: 200, height: 200))
        #expect(h.window.hitTest(Point(x: 60, y: 60)) === v)
        let local = v.convert(Point(x: 60, y: 60), from: nil)
        #expect(abs(local.x - 5) < 1e-9 && abs(local.y - 5) < 1e-9)
    }

    @Test("a view scaled to zero cannot be hit")
    func singularTransform() {
        let v = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        h.view.addSubview(v)
        v.transform = AffineTransform(scaleX: 0, y: 0)
        #expect(h.window.hitTest(Point(x: 50, y: 50)) === h.view)
    }

    @Test("a subview's part outside its parent's bounds takes no touches, clipped or not (UIKit's hitTest)")
    func outsideParentBounds() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let overhang = View(frame: Rect(x: 80, y: 80, width: 100, height: 100))
        parent.addSubview(overhang)
        h.view.addSubview(parent)
        #expect(h.window.hitTest(Point(x: 90, y: 90)) === overhang)
        #expect(h.window.hitTest(Point(x: 150, y: 150)) === h.view)
        parent.clipsToBounds = true
        #expect(h.window.hitTest(Point(x: 150, y: 150)) === h.view)
    }

    @Test("a parent that widens point(inside:) lets its overhanging subview take those touches")
    func widenedPointInside() {
        final class Wide: View {
            override func point(inside point: Point) -> Bool {
                Rect(x: 0, y: 0, width: 200, height: 200).contains(point)
            }
        }
        let parent = Wide(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let overhang = View(frame: Rect(x: 80, y: 80, width: 100, height: 100))
        parent.addSubview(overhang)
        h.view.addSubview(parent)
        #expect(h.window.hitTest(Point(x: 150, y: 150)) === overhang)
    }

    @Test("convert round-trips through nested, offset views")
    func convertRoundTrip() {
        let outer = View(frame: Rect(x: 10, y: 20, width: 200, height: 200))
        let inner = View(frame: Rect(x: 5, y: 7, width: 50, height: 50))
        outer.addSubview(inner)
        h.view.addSubview(outer)
        let p = inner.convert(Point(x: 1, y: 2), to: nil)
        #expect(p == Point(x: 16, y: 29))
        #expect(inner.convert(p, from: nil) == Point(x: 1, y: 2))
        #expect(inner.convert(Point(x: 0, y: 0), to: outer) == Point(x: 5, y: 7))
    }

    @Test("a point on no view at all hits the window itself")
    func emptySpotHitsWindow() {
        let small = ViewInWindow(viewFrame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(small.window.hitTest(Point(x: 50, y: 50)) === small.view)
        #expect(small.window.hitTest(Point(x: 150, y: 50)) === small.window)
    }

    @Test("point(inside:) is half-open like CGRect.contains")
    func halfOpen() {
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(v.point(inside: Point(x: 0, y: 0)))
        #expect(!v.point(inside: Point(x: 10, y: 5)))
    }
}
