import Testing
@testable import GestureKit

@Suite("Tap recognizer and arbitration")
struct TapGestureRecognizerTests {
    @Test("a single tap is recognized at touch-up, with no delay")
    func singleTapImmediate() {
        let h = TouchHarness()
        let tap = TapGestureRecognizer()
        var fired = 0
        tap.addAction { _ in fired += 1 }
        h.window.addGestureRecognizer(tap)
        h.down(0, 50, 50); h.frame()
        #expect(fired == 0)
        h.up(0); h.frame()
        #expect(fired == 1)
    }

    @Test("a tap that moves more than the slop fails and says why")
    func slop() {
        let h = TouchHarness()
        let tap = TapGestureRecognizer()
        var fired = 0
        tap.addAction { _ in fired += 1 }
        h.window.addGestureRecognizer(tap)
        h.down(0, 50, 50); h.frame()
        h.move(0, 62, 50); h.frame()
        #expect(tap.state == .failed)
        #expect(tap.lastTransitionReason == "moved 12 px > 10 px")
        h.up(0); h.frame()
        #expect(fired == 0)
        #expect(tap.state == .possible)  // reset once its touches are gone
    }

    @Test("a two-finger tap needs both fingers; one finger fails it")
    func twoFingerTap() {
        let h = TouchHarness()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        var fired = 0
        tap.addAction { _ in fired += 1 }
        h.window.addGestureRecognizer(tap)
        h.tap(50, 50)
        #expect(fired == 0)
        h.down(0, 50, 50); h.down(1, 90, 50); h.frame()
        h.up(0); h.frame()
        h.up(1); h.frame()
        #expect(fired == 1)
    }

    @Test("recognizing cancels the view's touches when cancelsTouchesInView is on")
    func cancelsTouchesInView() {
        let h = TouchHarness()
        let v = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.window.addSubview(v)
        v.addGestureRecognizer(TapGestureRecognizer())
        h.tap(50, 50)
        #expect(v.calls == ["began 1", "cancelled 1"])
    }

    @Test("with cancelsTouchesInView off the view gets touchesEnded after the action")
    func notCancelling() {
        let h = TouchHarness()
        var order: [String] = []
        final class V: View {
            var onEnded: () -> Void = {}
            override func touchesEnded(_ touches: Set<Touch>, with event: Event) { onEnded() }
        }
        let v = V(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        v.onEnded = { order.append("ended") }
        h.window.addSubview(v)
        let tap = TapGestureRecognizer { _ in order.append("action") }
        tap.cancelsTouchesInView = false
        v.addGestureRecognizer(tap)
        h.tap(50, 50)
        #expect(order == ["action", "ended"])
    }

    @Test("recognizers of the hit view and of its ancestors see each touch before the view does")
    func deliveryOrder() {
        final class Spy: GestureRecognizer {
            var onBegan: () -> Void = {}
            override func touchesBegan(_ touches: Set<Touch>, with event: Event) { onBegan() }
        }
        final class V: View {
            var onBegan: () -> Void = {}
            override func touchesBegan(_ touches: Set<Touch>, with event: Event) { onBegan() }
        }
        let h = TouchHarness()
        var order: [String] = []
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let child = V(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        parent.addSubview(child)
        h.window.addSubview(parent)
        let onChild = Spy(), onParent = Spy()
        onChild.onBegan = { order.append("child recognizer") }
        onParent.onBegan = { order.append("parent recognizer") }
        child.onBegan = { order.append("view") }
        child.addGestureRecognizer(onChild)
        parent.addGestureRecognizer(onParent)
        h.down(0, 10, 10); h.frame()
        #expect(order == ["child recognizer", "parent recognizer", "view"])
    }

    @Test("a single tap that requires the double tap to fail waits for it, then fires")
    func singleWaitsForDouble() {
        let h = TouchHarness()
        let single = TapGestureRecognizer(), double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        var events: [String] = []
        single.addAction { _ in events.append("single") }
        double.addAction { _ in events.append("double") }
        h.window.addGestureRecognizer(single)
        h.window.addGestureRecognizer(double)

        h.tap(50, 50)
        #expect(events.isEmpty)
        h.wait(0.3)
        #expect(events.isEmpty)
        h.wait(0.1)
        #expect(events == ["single"])

        events = []
        h.tap(50, 50); h.wait(0.1); h.tap(52, 50)
        #expect(events == ["double"])
        h.wait(1)
        #expect(events == ["double"])
    }

    @Test("delaysTouchesEnded holds the view's touchesEnded while a double tap waits, then cancels it")
    func delaysTouchesEnded() {
        let h = TouchHarness()
        let v = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.window.addSubview(v)
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(double)
        h.tap(50, 50)
        #expect(v.calls == ["began 1"])
        h.wait(0.1)
        h.tap(50, 50)
        #expect(v.calls == ["began 1", "began 1", "cancelled 2"])
    }

    @Test("when the double tap times out, the held touchesEnded is delivered")
    func heldEndReleasedOnFailure() {
        let h = TouchHarness()
        let v = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.window.addSubview(v)
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(double)
        h.tap(50, 50)
        h.wait(0.5)
        #expect(v.calls == ["began 1", "ended 1"])
    }

    @Test("requiring itself or closing a cycle of failure requirements is refused with a reason")
    func noCycles() {
        let a = TapGestureRecognizer(), b = TapGestureRecognizer(), c = TapGestureRecognizer()
        a.name = "a"; b.name = "b"; c.name = "c"
        #expect(a.problemRequiring(toFail: a) == "a cannot require itself to fail")
        a.require(toFail: b)
        b.require(toFail: c)
        #expect(c.problemRequiring(toFail: a) == "require(toFail:) would form a cycle: a already waits for c")
        #expect(c.problemRequiring(toFail: b) != nil)
        #expect(a.problemRequiring(toFail: c) == nil)
    }

    @Test("illegal state transitions are refused and counted, not applied")
    func illegalTransition() {
        let r = GestureRecognizer()
        let before = GestureRecognizer.illegalTransitions.count
        r.state = .changed
        #expect(r.state == .possible)
        #expect(GestureRecognizer.illegalTransitions.count == before + 1)
    }

    @Test("zero touches or taps required count as one")
    func clampedRequirements() {
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 0
        tap.numberOfTapsRequired = -3
        #expect(tap.numberOfTouchesRequired == 1 && tap.numberOfTapsRequired == 1)
    }
}
