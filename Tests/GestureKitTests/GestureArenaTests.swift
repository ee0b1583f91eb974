import Testing
@testable import GestureKit

/// The arena's arbitration: who sees a touch first, exclusivity and
/// simultaneous recognition, failure requirements (explicit and from
/// delegates), the delegate's other hooks, and what the view gets
/// (`cancelsTouchesInView`, `delaysTouchesBegan`, `delaysTouchesEnded`).
@Suite("Gesture arena")
struct GestureArenaTests {
    let h = ViewInWindow()

    /// A double tap named "double" on `view` (other suites' fixture too).
    static func doubleTap(on view: View) -> TapGestureRecognizer {
        let double = TapGestureRecognizer()
        double.name = "double"
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        return double
    }

    // MARK: Delivery order

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
        var order: [String] = []
        let child = V(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        h.view.addSubview(child)
        let onChild = Spy(), onParent = Spy()
        onChild.onBegan = { order.append("child recognizer") }
        onParent.onBegan = { order.append("parent recognizer") }
        child.onBegan = { order.append("view") }
        child.addGestureRecognizer(onChild)
        h.view.addGestureRecognizer(onParent)
        h.down(0, 10, 10); h.frame()
        #expect(order == ["child recognizer", "parent recognizer", "view"])
    }

    // MARK: Exclusivity

    @Test("pinch and rotation recognize together when the delegate allows it, otherwise the first wins",
          arguments: [true, false])
    func simultaneous(allow: Bool) {
        let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
        let delegate = SimultaneousDelegate()
        if allow { pinch.delegate = delegate }
        let pinchLog = h.attach(pinch), rotationLog = h.attach(rotation)
        let center = Point(x: 200, y: 200)
        h.place(center: center, span: 100, angle: 0, begin: true)
        for i in 1...10 {
            h.wait(0.016)
            h.place(center: center, span: 100 + Double(i) * 5, angle: Double(i) * 0.05, begin: false)
        }
        #expect(pinchLog.states.first == .began)
        if allow {
            #expect(rotationLog.states.first == .began)
        } else {
            #expect(rotationLog.states.isEmpty)
            #expect(rotation.state == .failed)
        }
    }

    @Test("a long press beginning makes a tap on the same finger fail, saying which recognized")
    func recognizingFailsTheOthers() {
        let tap = TapGestureRecognizer(), press = LongPressGestureRecognizer()
        press.name = "press"
        let tapLog = h.attach(tap), pressLog = h.attach(press)
        h.down(0, 50, 50); h.frame()
        h.wait(0.6)
        #expect(pressLog.states == [.began])
        #expect(tap.state == .failed && tap.lastFailure == "press recognized")
        h.up(0); h.frame()
        #expect(tapLog.states.isEmpty)
    }

    @Test("while a pan is active, a tap on a new finger it also sees is prevented, saying by which")
    func activeGestureExcludesLaterOnes() {
        let button = View(frame: Rect(x: 300, y: 300, width: 60, height: 60))
        h.view.addSubview(button)
        let pan = PanGestureRecognizer(), tap = TapGestureRecognizer()
        pan.name = "pan"
        let panLog = h.attach(pan), tapLog = ActionLog(tap)
        button.addGestureRecognizer(tap)
        h.down(0, 100, 100); h.frame()
        h.move(0, 150, 100); h.frame()
        #expect(panLog.states == [.began])
        h.tap(320, 320, id: 1)
        #expect(tapLog.states.isEmpty)
        #expect(tap.lastFailure == "prevented by active pan")
    }

    @Test("recognizers on two views with no touch in common do not exclude each other")
    func separateTouchesSeparateGestures() {
        let left = View(frame: Rect(x: 0, y: 0, width: 200, height: 400))
        let right = View(frame: Rect(x: 200, y: 0, width: 200, height: 400))
        h.view.addSubview(left); h.view.addSubview(right)
        let leftPan = PanGestureRecognizer(), rightPan = PanGestureRecognizer()
        let leftLog = ActionLog(leftPan), rightLog = ActionLog(rightPan)
        left.addGestureRecognizer(leftPan); right.addGestureRecognizer(rightPan)
        h.down(0, 100, 100); h.down(1, 300, 100); h.frame()
        h.move(0, 100, 150); h.move(1, 300, 150); h.frame()
        #expect(leftLog.states == [.began] && rightLog.states == [.began])
    }

    // MARK: Failure requirements

    @Test("a single tap that requires the double tap to fail waits for it, then fires; a double tap fails it")
    func singleWaitsForDouble() {
        let double = Self.doubleTap(on: h.view)
        let single = TapGestureRecognizer()
        single.require(toFail: double)
        var events: [String] = []
        single.addAction { _ in events.append("single") }
        double.addAction { _ in events.append("double") }
        h.view.addGestureRecognizer(single)

        h.tap(50, 50)
        #expect(events.isEmpty)
        #expect(single.lastTransitionReason == "waiting for double to fail")
        h.wait(0.3)
        #expect(events.isEmpty)
        h.wait(0.1)
        #expect(events == ["single"])

        events = []
        h.tap(50, 50); h.wait(0.1); h.tap(52, 50)
        #expect(events == ["double"])
        #expect(single.lastFailure == "double recognized, which had to fail")
        h.wait(1)
        #expect(events == ["double"])
    }

    /// Asks for the single tap to wait for the double tap through a delegate.
    final class RequirementDelegate: GestureRecognizerDelegate {
        let single: GestureRecognizer, double: GestureRecognizer
        init(single: GestureRecognizer, double: GestureRecognizer) { self.single = single; self.double = double }
        func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
            r === single && other === double
        }
        func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
            r === double && other === single
        }
    }

    @Test("a delegate's shouldRequireFailure(of:) or shouldBeRequiredToFail(by:) makes a single tap wait for a double tap",
          arguments: ["shouldRequireFailure", "shouldBeRequiredToFail"])
    func delegateRequirements(hook: String) {
        let double = Self.doubleTap(on: h.view)
        let single = TapGestureRecognizer()
        let delegate = RequirementDelegate(single: single, double: double)
        if hook == "shouldRequireFailure" { single.delegate = delegate } else { double.delegate = delegate }
        let singleLog = h.attach(single), doubleLog = ActionLog(double)
        h.tap(50, 50)
        #expect(singleLog.states.isEmpty)
        h.wait(0.4)
        #expect(singleLog.states == [.ended])
        h.wait(1)
        h.tap(50, 50); h.wait(0.1); h.tap(50, 50)
        #expect(doubleLog.states == [.ended] && singleLog.states == [.ended])
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

    // MARK: Delegate

    final class Delegate: GestureRecognizerDelegate {
        let begin: Bool, receive: Bool
        init(begin: Bool = true, receive: Bool = true) { self.begin = begin; self.receive = receive }
        func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { begin }
        func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receive }
    }

    @Test("shouldBegin returning false fails the recognizer instead of recognizing")
    func shouldBegin() {
        let tap = TapGestureRecognizer()
        let d = Delegate(begin: false)
        tap.delegate = d
        let log = h.attach(tap)
        h.tap(10, 10)
        #expect(log.states.isEmpty)
        #expect(tap.lastFailure == "delegate refused to begin")
    }

    @Test("shouldReceive returning false keeps the touch from the recognizer")
    func shouldReceive() {
        let tap = TapGestureRecognizer()
        let d = Delegate(receive: false)
        tap.delegate = d
        let log = h.attach(tap)
        h.tap(10, 10)
        #expect(log.states.isEmpty)
        #expect(tap.numberOfTouches == 0 && tap.lastTransitionState == nil)
    }

    // MARK: What the view gets

    @Test("recognizing cancels the view's touches when cancelsTouchesInView is on")
    func cancelsTouchesInView() {
        h.view.addGestureRecognizer(TapGestureRecognizer())
        h.tap(50, 50)
        #expect(h.view.calls == ["began 1", "cancelled 1"])
    }

    @Test("a finger that joins a pan under way is the pan's: the view never sees it (cancelsTouchesInView)")
    func fingerJoiningRecognizedGesture() {
        let h = ViewInWindow(multipleTouch: true)
        let pan = PanGestureRecognizer()
        h.view.addGestureRecognizer(pan)
        h.down(0, 100, 100); h.frame()
        h.drag(0, from: Point(x: 100, y: 100), to: Point(x: 160, y: 100), steps: 4)
        #expect(pan.state == .changed)
        #expect(h.view.calls == ["began 1", "cancelled 1"])
        h.down(1, 200, 200); h.frame()
        #expect(pan.numberOfTouches == 2)
        h.drag(1, from: Point(x: 200, y: 200), to: Point(x: 230, y: 200), steps: 2)
        h.up(1); h.frame()
        h.up(0); h.frame()
        #expect(h.view.calls == ["began 1", "cancelled 1"])
        // With cancelsTouchesInView off, the view gets the new finger whole.
        let k = ViewInWindow(multipleTouch: true)
        let keeping = PanGestureRecognizer()
        keeping.cancelsTouchesInView = false
        k.view.addGestureRecognizer(keeping)
        k.down(0, 100, 100); k.frame()
        k.drag(0, from: Point(x: 100, y: 100), to: Point(x: 160, y: 100), steps: 4)
        k.down(1, 200, 200); k.frame()
        k.up(1); k.frame()
        #expect(k.view.calls.suffix(2) == ["began 1", "ended 1"])
    }

    @Test("with cancelsTouchesInView off the view gets touchesEnded after the action")
    func notCancelling() {
        final class V: View {
            var onEnded: () -> Void = {}
            override func touchesEnded(_ touches: Set<Touch>, with event: Event) { onEnded() }
        }
        var order: [String] = []
        let v = V(frame: h.view.bounds)
        v.onEnded = { order.append("ended") }
        h.view.addSubview(v)
        let tap = TapGestureRecognizer { _ in order.append("action") }
        tap.cancelsTouchesInView = false
        v.addGestureRecognizer(tap)
        h.tap(50, 50)
        #expect(order == ["action", "ended"])
    }

    @Test("delaysTouchesBegan holds touchesBegan until the recognizer fails")
    func delaysBegan() {
        let swipe = SwipeGestureRecognizer()
        swipe.delaysTouchesBegan = true
        h.view.addGestureRecognizer(swipe)
        h.down(0, 100, 100); h.frame()
        #expect(h.view.calls.isEmpty)
        h.up(0); h.frame()
        #expect(h.view.calls == ["began 1", "ended 1"])
    }

    @Test("a recognizer that delays touchesBegan and recognizes leaves the view without the touch at all")
    func delayedBeganNeverDelivered() {
        let swipe = SwipeGestureRecognizer()
        swipe.delaysTouchesBegan = true
        let log = h.attach(swipe)
        h.down(0, 100, 200); h.frame()
        h.drag(0, from: Point(x: 100, y: 200), to: Point(x: 200, y: 200), steps: 4, dt: 0.02)
        h.up(0); h.frame()
        #expect(log.states == [.ended])
        #expect(h.view.calls.isEmpty)
    }

    @Test("delaysTouchesEnded holds the view's touchesEnded while a double tap waits, then cancels it")
    func delaysTouchesEnded() {
        _ = Self.doubleTap(on: h.view)
        h.tap(50, 50)
        #expect(h.view.calls == ["began 1"])
        h.wait(0.1)
        h.tap(50, 50)
        #expect(h.view.calls == ["began 1", "began 1", "cancelled 2"])
    }

    @Test("when the double tap times out, the held touchesEnded is delivered")
    func heldEndReleasedOnFailure() {
        _ = Self.doubleTap(on: h.view)
        h.tap(50, 50)
        h.wait(0.5)
        #expect(h.view.calls == ["began 1", "ended 1"])
    }

    @Test("with delaysTouchesEnded off, the view's touch ends at once while the double tap waits")
    func endNotDelayed() {
        let double = Self.doubleTap(on: h.view)
        double.delaysTouchesEnded = false
        h.tap(50, 50)
        #expect(h.view.calls == ["began 1", "ended 1"])
        h.wait(0.1)
        h.tap(50, 50)
        #expect(h.view.calls == ["began 1", "ended 1", "began 1", "cancelled 1"])
    }
}
