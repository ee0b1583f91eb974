import Testing
@testable import GestureKit

@Suite("Touch delivery")
struct TouchDeliveryTests {
    @Test("touches of one frame arrive as one event, grouped per view")
    func oneFrameOneEvent() {
        let h = ViewInWindow(multipleTouch: true)
        h.down(0, 10, 10); h.down(1, 20, 20); h.frame()
        #expect(h.view.calls == ["began 2"])
    }

    @Test("without a frame after the last up, the end of the input batch delivers it")
    func missingFrame() {
        let h = ViewInWindow()
        h.down(0, 10, 10); h.frame()
        h.up(0)
        #expect(h.view.ended == 0)
        h.window.input.endOfInputBatch()
        #expect(h.view.ended == 1)
    }

    @Test("with a finger still down, the end of an input batch does not split the frame")
    func batchEndKeepsFrameWhole() {
        let h = ViewInWindow(multipleTouch: true)
        h.down(0, 10, 10); h.down(1, 50, 50); h.frame()
        h.move(0, 12, 10)
        h.window.input.endOfInputBatch()
        h.move(1, 52, 50)
        h.frame()
        #expect(h.view.calls == ["began 2", "moved 2"])
    }

    @Test("a compositor that never sends frames still gets its touches delivered after 50 ms")
    func noFramesAtAll() {
        let h = ViewInWindow()
        h.down(0, 10, 10)
        h.window.input.endOfInputBatch()
        #expect(h.view.calls.isEmpty)
        h.advanceClock(to: 0.049)
        #expect(h.view.calls.isEmpty)
        h.advanceClock(to: 0.05)
        #expect(h.view.calls == ["began 1"])
    }

    @Test("multiple touch off: only the first touch reaches the view")
    func multipleTouchOff() {
        let h = ViewInWindow()
        h.down(0, 10, 10); h.frame()
        h.down(1, 50, 50); h.frame()
        h.up(1); h.frame()
        h.up(0); h.frame()
        #expect(h.view.began == 1 && h.view.ended == 1)
    }

    @Test("unhandled touches travel up the responder chain to the view controller, then to its view's superview")
    func responderChain() {
        final class Controller: ViewController {
            var began = 0
            override func touchesBegan(_ touches: Set<Touch>, with event: Event) { began += touches.count }
        }
        let h = ViewInWindow()
        let vc = Controller()
        vc.view.frame = h.view.bounds
        h.view.addSubview(vc.view)
        let child = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        vc.view.addSubview(child)
        h.tap(10, 10)
        #expect(vc.began == 1)
        #expect(h.view.calls == ["ended 1"])   // the controller handles only touchesBegan
    }

    @Test("a touch stays with the view it went down on, even when it moves off it")
    func touchKeepsItsView() {
        let h = ViewInWindow(viewFrame: Rect(x: 0, y: 0, width: 100, height: 100))
        let other = RecordingView(frame: Rect(x: 100, y: 0, width: 100, height: 100))
        h.window.addSubview(other)
        h.down(0, 50, 50); h.frame()
        h.move(0, 150, 50); h.frame()
        h.up(0); h.frame()
        #expect(h.view.calls == ["began 1", "moved 1", "ended 1"])
        #expect(other.calls.isEmpty)
    }

    @Test("tap count rises for quick taps in one place and drops to 0 after moving beyond the slop")
    func tapCount() {
        let h = ViewInWindow()
        h.down(0, 100, 100); h.frame()
        #expect(h.view.lastBegan.first?.tapCount == 1)
        h.up(0); h.frame()
        h.wait(0.1)
        h.down(0, 105, 100); h.frame()
        let second = h.view.lastBegan.first
        #expect(second?.tapCount == 2)
        h.move(0, 130, 100); h.frame()
        #expect(second?.tapCount == 0)
        h.up(0); h.frame()
        h.wait(1)
        h.down(0, 100, 100); h.frame()
        #expect(h.view.lastBegan.first?.tapCount == 1)
    }

    @Test("a drag between two quick taps ends the count: tap, drag, tap read 1, 0, 1")
    func dragBreaksTapCount() {
        let h = ViewInWindow()
        h.down(0, 100, 100); h.frame()
        h.up(0); h.frame()
        h.wait(0.05)
        h.down(0, 102, 100); h.frame()
        let drag = h.view.lastBegan.first
        h.move(0, 140, 100); h.frame()
        #expect(drag?.tapCount == 0)
        h.move(0, 101, 100); h.frame()
        h.up(0); h.frame()
        h.wait(0.05)
        h.down(0, 100, 100); h.frame()
        #expect(h.view.lastBegan.first?.tapCount == 1)
    }

    @Test("a duplicate down for an active id cancels the old touch first, in an event of its own")
    func duplicateDown() {
        let h = ViewInWindow(multipleTouch: true)
        h.down(0, 10, 10); h.down(1, 50, 50); h.frame()
        h.down(0, 20, 20); h.move(1, 52, 50); h.frame()
        h.up(0); h.up(1); h.frame()
        #expect(h.view.began == 3 && h.view.cancelled == 1 && h.view.ended == 2)
        #expect(h.view.calls == ["began 2", "cancelled 1", "began 1", "moved 1", "ended 2"])
    }

    @Test("motion and up for unknown ids are ignored")
    func unknownIDs() {
        let h = ViewInWindow()
        h.move(7, 10, 10); h.up(8); h.frame()
        #expect(h.view.calls.isEmpty)
    }

    @Test("compositor cancel cancels every active touch once")
    func cancelAll() {
        let h = ViewInWindow(multipleTouch: true)
        h.down(0, 10, 10); h.down(1, 20, 20); h.frame()
        h.window.input.touchCancel()
        h.window.input.touchCancel()
        #expect(h.view.began == 2 && h.view.cancelled == 2 && h.view.ended == 0)
    }

    @Test("left-button drag with the pointer is one touch")
    func pointerDrag() {
        let h = ViewInWindow()
        h.window.input.pointerMotion(to: Point(x: 10, y: 10), time: 0)
        h.window.input.pointerButton(272, pressed: true, time: 0)
        h.window.input.pointerMotion(to: Point(x: 40, y: 10), time: 0.01)
        h.window.input.pointerButton(272, pressed: false, time: 0.02)
        h.window.input.pointerButton(273, pressed: true, time: 0.03)
        #expect(h.view.calls == ["began 1", "moved 1", "ended 1"])
    }
}

@Suite("Layout before input")
struct LayoutBeforeInputTests {
    @Test("a view added since the last draw is laid out before a touch is hit-tested")
    func layoutBeforeHitTest() {
        final class Page: View {
            let inner = RecordingView()
            override init() { super.init(); addSubview(inner) }
            override func layoutSubviews() { inner.frame = Rect(x: 0, y: 0, width: 100, height: 100) }
        }
        let h = ViewInWindow()
        _ = h.window.takeDamage()
        let page = Page()
        page.frame = h.view.bounds
        h.view.addSubview(page)
        h.tap(50, 50)
        #expect(page.inner.began == 1)
    }
}

@Suite("Views leaving the window")
struct ViewLeavingTests {
    @Test("a view removed while a finger is on it gets touchesCancelled once, and its recognizers are cancelled")
    func removedMidTouch() {
        let h = ViewInWindow(viewFrame: Rect(x: 0, y: 0, width: 200, height: 200))
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        let log = h.attach(pan)
        h.down(0, 50, 50); h.frame()
        h.move(0, 90, 50); h.frame()
        h.view.removeFromSuperview()
        #expect(h.view.calls == ["began 1", "moved 1", "cancelled 1"])
        #expect(log.states == [.began, .cancelled])
        h.move(0, 120, 50); h.frame()
        h.up(0); h.frame()
        #expect(h.view.calls == ["began 1", "moved 1", "cancelled 1"])
        #expect(pan.state == .possible && h.window.input.activeTouches.isEmpty)
    }
}
