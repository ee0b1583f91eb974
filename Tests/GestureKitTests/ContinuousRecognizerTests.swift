import Foundation
import Testing
@testable import GestureKit

/// Records a recognizer's action calls as "state" strings.
final class ActionLog {
    var states: [GestureRecognizer.State] = []
    init(_ r: GestureRecognizer) {
        r.addAction { [unowned self] r in self.states.append(r.state) }
    }
}

/// Moves touch `id` from `from` to `to` in `steps` frames of `dt` seconds.
extension TouchHarness {
    func drag(_ id: Int32, from: Point, to: Point, steps: Int, dt: Double = 0.016) {
        for i in 1...steps {
            wait(dt)
            let f = Double(i) / Double(steps)
            move(id, from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f)
            frame()
        }
    }

    /// Two fingers around `center`, `span` apart at angle `angle`.
    func place(center: Point, span: Double, angle: Double, begin: Bool) {
        let dx = cos(angle) * span / 2, dy = sin(angle) * span / 2
        if begin {
            down(1, center.x - dx, center.y - dy); down(2, center.x + dx, center.y + dy)
        } else {
            move(1, center.x - dx, center.y - dy); move(2, center.x + dx, center.y + dy)
        }
        frame()
    }
}

@Suite("Long press")
struct LongPressTests {
    @Test("a press held 0.4 s is not a long press, and says why")
    func tooShort() {
        let h = TouchHarness()
        let lp = LongPressGestureRecognizer()
        let log = h.attach(lp)
        h.down(0, 50, 50); h.frame()
        h.wait(0.4)
        h.up(0); h.frame()
        #expect(log.states.isEmpty)
        #expect(lp.lastTransitionReason == "lifted after 0.40 s < 0.50 s")
    }

    @Test("a press held 0.6 s begins at 0.5 s, changes as it moves, and ends on lift")
    func longEnough() {
        let h = TouchHarness()
        let lp = LongPressGestureRecognizer()
        let log = h.attach(lp)
        h.down(0, 50, 50); h.frame()
        h.wait(0.49)
        #expect(log.states.isEmpty)
        h.wait(0.02)
        #expect(log.states == [.began])
        h.move(0, 120, 50); h.frame()
        h.up(0); h.frame()
        #expect(log.states == [.began, .changed, .ended])
    }

    @Test("moving more than 10 px before 0.5 s fails the long press")
    func movedTooFar() {
        let h = TouchHarness()
        let lp = LongPressGestureRecognizer()
        let log = h.attach(lp)
        h.down(0, 50, 50); h.frame()
        h.wait(0.1)
        h.move(0, 62, 50); h.frame()
        h.wait(1)
        #expect(log.states.isEmpty)
        #expect(lp.state == .failed)
        #expect(lp.lastTransitionReason == "moved 12 px > 10 px")
    }

    @Test("with one tap required, a quick tap then a press is a long press, a press alone is not")
    func tapThenPress() {
        let h = TouchHarness()
        let lp = LongPressGestureRecognizer()
        lp.numberOfTapsRequired = 1
        let log = h.attach(lp)
        h.down(0, 50, 50); h.frame(); h.wait(0.6); h.up(0); h.frame()
        #expect(log.states.isEmpty)
        h.wait(1)
        h.tap(50, 50)
        h.wait(0.1)
        h.down(0, 50, 50); h.frame(); h.wait(0.6)
        #expect(log.states == [.began])
    }

    @Test("two fingers required: both must rest 0.5 s")
    func twoFingers() {
        let h = TouchHarness()
        let lp = LongPressGestureRecognizer()
        lp.numberOfTouchesRequired = 2
        let log = h.attach(lp)
        h.down(0, 50, 50); h.frame(); h.wait(0.6)
        #expect(log.states.isEmpty)
        h.down(1, 80, 50); h.frame(); h.wait(0.6)
        #expect(log.states == [.began])
    }
}

@Suite("Pan")
struct PanTests {
    @Test("a pan begins after 10 px and reports the translation from touch-down")
    func beginsAfterSlop() {
        let h = TouchHarness()
        let pan = PanGestureRecognizer()
        let log = h.attach(pan)
        h.down(0, 100, 100); h.frame()
        h.move(0, 108, 100); h.frame()
        #expect(log.states.isEmpty)
        h.move(0, 112, 100); h.frame()
        #expect(log.states == [.began])
        #expect(pan.translation(in: nil) == Point(x: 12, y: 0))
        h.up(0); h.frame()
        #expect(log.states == [.began, .ended])
    }

    @Test("velocity comes from event timestamps: 20 px per 10 ms is 2000 px/s")
    func velocityFromTimestamps() {
        let h = TouchHarness()
        let pan = PanGestureRecognizer()
        var seen = Point.zero
        pan.addAction { r in seen = (r as! PanGestureRecognizer).velocity(in: nil) }
        h.window.addGestureRecognizer(pan)
        h.down(0, 0, 100); h.frame()
        h.drag(0, from: Point(x: 0, y: 100), to: Point(x: 100, y: 100), steps: 5, dt: 0.01)
        #expect(abs(seen.x - 2000) < 1 && abs(seen.y) < 1e-9)
    }

    @Test("no fling after a rest: fingers still for 40 ms before lifting give zero velocity")
    func noFlingAfterRest() {
        let h = TouchHarness()
        let pan = PanGestureRecognizer()
        var atEnd = Point(x: .nan, y: .nan)
        pan.addAction { r in if r.state == .ended { atEnd = (r as! PanGestureRecognizer).velocity(in: nil) } }
        h.window.addGestureRecognizer(pan)
        h.down(0, 0, 100); h.frame()
        h.drag(0, from: Point(x: 0, y: 100), to: Point(x: 100, y: 100), steps: 5, dt: 0.01)
        h.wait(0.05)
        h.up(0); h.frame()
        #expect(atEnd == .zero)
    }

    @Test("a second finger joining does not make the translation jump")
    func reanchorOnJoin() {
        let h = TouchHarness()
        let pan = PanGestureRecognizer()
        h.window.addGestureRecognizer(pan)
        h.down(0, 100, 100); h.frame()
        h.move(0, 130, 100); h.frame()
        let before = pan.translation(in: nil)
        h.down(1, 300, 300); h.frame()
        #expect(pan.translation(in: nil) == before)
        h.move(0, 140, 100); h.move(1, 310, 300); h.frame()
        #expect(pan.translation(in: nil) == Point(x: 40, y: 0))
        h.up(1); h.frame()
        #expect(pan.translation(in: nil) == Point(x: 40, y: 0))
    }

    @Test("setTranslation(.zero) gives increments from then on")
    func setTranslation() {
        let h = TouchHarness()
        let pan = PanGestureRecognizer()
        h.window.addGestureRecognizer(pan)
        h.down(0, 100, 100); h.frame()
        h.move(0, 130, 100); h.frame()
        pan.setTranslation(.zero, in: nil)
        h.move(0, 135, 104); h.frame()
        #expect(pan.translation(in: nil) == Point(x: 5, y: 4))
    }

    @Test("translation is expressed in the coordinates of the view asked about")
    func translationInScaledView() {
        let h = TouchHarness()
        let v = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        h.window.addSubview(v)
        v.transform = AffineTransform(scaleX: 2, y: 2)
        let pan = PanGestureRecognizer()
        v.addGestureRecognizer(pan)
        h.down(0, 100, 100); h.frame()
        h.move(0, 140, 100); h.frame()
        #expect(pan.translation(in: nil) == Point(x: 40, y: 0))
        #expect(pan.translation(in: v) == Point(x: 20, y: 0))
    }

    @Test("a cancelled pan is cancelled, not ended")
    func cancelIsNotRelease() {
        let h = TouchHarness()
        let pan = PanGestureRecognizer()
        let log = h.attach(pan)
        h.down(0, 100, 100); h.frame()
        h.move(0, 150, 100); h.frame()
        h.window.input.touchCancel()
        #expect(log.states == [.began, .cancelled])
    }

    @Test("with a maximum of one touch, a second finger is ignored")
    func maximumTouches() {
        let h = TouchHarness()
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        h.window.addGestureRecognizer(pan)
        h.down(0, 100, 100); h.frame()
        h.down(1, 200, 100); h.frame()
        #expect(pan.numberOfTouches == 1)
        h.move(1, 300, 100); h.frame()
        #expect(pan.state == .possible)
    }
}

@Suite("Swipe")
struct SwipeTests {
    func swipe(_ h: TouchHarness, to: Point, duration: Double, steps: Int = 6) {
        h.down(0, 200, 200); h.frame()
        h.drag(0, from: Point(x: 200, y: 200), to: to, steps: steps, dt: duration / Double(steps))
        h.up(0); h.frame()
    }

    func recognizer(_ h: TouchHarness) -> (SwipeGestureRecognizer, ActionLog) {
        let s = SwipeGestureRecognizer()
        s.direction = [.left, .right]
        let log = h.attach(s)
        return (s, log)
    }

    @Test("a fast left swipe is recognized as left, before the finger lifts")
    func fastLeft() {
        let h = TouchHarness()
        let (s, log) = recognizer(h)
        var directionAtAction: SwipeDirection?
        s.addAction { r in directionAtAction = (r as! SwipeGestureRecognizer).recognizedDirection }
        h.down(0, 200, 200); h.frame()
        h.drag(0, from: Point(x: 200, y: 200), to: Point(x: 120, y: 205), steps: 4, dt: 0.02)
        #expect(log.states == [.ended])
        #expect(directionAtAction == .left)
    }

    @Test("an upward swipe is not recognized when only left and right are allowed")
    func upward() {
        let h = TouchHarness()
        let (s, log) = recognizer(h)
        swipe(h, to: Point(x: 205, y: 100), duration: 0.1)
        #expect(log.states.isEmpty)
        #expect(s.lastTransitionReason == nil || s.state == .possible)
    }

    @Test("a slow stroke (0.8 s for 100 px) is a drag, not a swipe")
    func tooSlow() {
        let h = TouchHarness()
        let (_, log) = recognizer(h)
        swipe(h, to: Point(x: 300, y: 200), duration: 0.8, steps: 10)
        #expect(log.states.isEmpty)
    }

    @Test("a diagonal stroke is neither horizontal nor vertical")
    func diagonal() {
        let h = TouchHarness()
        let (_, log) = recognizer(h)
        swipe(h, to: Point(x: 280, y: 270), duration: 0.1)
        #expect(log.states.isEmpty)
    }

    @Test("two fingers required: a one-finger swipe does not count, a two-finger one does")
    func twoFingers() {
        let h = TouchHarness()
        let (s, log) = recognizer(h)
        s.numberOfTouchesRequired = 2
        swipe(h, to: Point(x: 100, y: 200), duration: 0.1)
        #expect(log.states.isEmpty)
        h.wait(1)
        h.down(0, 200, 200); h.down(1, 200, 240); h.frame()
        for i in 1...4 {
            h.wait(0.02)
            h.move(0, 200 + Double(i) * 25, 200); h.move(1, 200 + Double(i) * 25, 240); h.frame()
        }
        #expect(log.states == [.ended])
        #expect(s.recognizedDirection == .right)
    }
}

@Suite("Pinch and rotation")
struct PinchRotationTests {
    let center = Point(x: 200, y: 200)

    @Test("spreading the fingers from 100 px to 150 px gives scale 1.50")
    func pinchScale() {
        let h = TouchHarness()
        let pinch = PinchGestureRecognizer()
        let log = h.attach(pinch)
        h.place(center: center, span: 100, angle: 0, begin: true)
        for span in stride(from: 110.0, through: 150, by: 10) {
            h.wait(0.016)
            h.place(center: center, span: span, angle: 0, begin: false)
        }
        #expect(abs(pinch.scale - 1.5) < 1e-9)
        #expect(pinch.velocity > 0)
        h.up(1); h.up(2); h.frame()
        #expect(log.states.first == .began && log.states.last == .ended)
    }

    @Test("a finger lifting and coming back does not make the scale jump")
    func pinchReanchor() {
        let h = TouchHarness()
        let pinch = PinchGestureRecognizer()
        h.window.addGestureRecognizer(pinch)
        h.place(center: center, span: 100, angle: 0, begin: true)
        h.wait(0.016); h.place(center: center, span: 200, angle: 0, begin: false)
        #expect(abs(pinch.scale - 2) < 1e-9)
        h.up(2); h.frame()
        #expect(abs(pinch.scale - 2) < 1e-9)
        h.down(2, 400, 400); h.frame()   // far away: a different span
        #expect(abs(pinch.scale - 2) < 1e-9)
        h.down(3, 0, 0); h.frame()       // a third finger
        #expect(abs(pinch.scale - 2) < 1e-9)
        #expect(pinch.state == .changed || pinch.state == .began)
    }

    @Test("no fling after a rest: velocity is zero when the fingers lift after resting")
    func pinchRestVelocity() {
        let h = TouchHarness()
        let pinch = PinchGestureRecognizer()
        var endVelocity = Double.nan
        pinch.addAction { r in if r.state == .ended { endVelocity = (r as! PinchGestureRecognizer).velocity } }
        h.window.addGestureRecognizer(pinch)
        h.place(center: center, span: 100, angle: 0, begin: true)
        for span in stride(from: 120.0, through: 200, by: 20) {
            h.wait(0.016); h.place(center: center, span: span, angle: 0, begin: false)
        }
        h.wait(0.1)
        h.up(1); h.up(2); h.frame()
        #expect(endVelocity == 0)
    }

    @Test("a cancelled pinch is cancelled, not ended")
    func pinchCancel() {
        let h = TouchHarness()
        let pinch = PinchGestureRecognizer()
        let log = h.attach(pinch)
        h.place(center: center, span: 100, angle: 0, begin: true)
        h.wait(0.016); h.place(center: center, span: 150, angle: 0, begin: false)
        h.window.input.touchCancel()
        #expect(log.states == [.began, .cancelled])
    }

    @Test("turning the fingers by 0.5 rad gives rotation 0.50")
    func rotationAngle() {
        let h = TouchHarness()
        let rotation = RotationGestureRecognizer()
        let log = h.attach(rotation)
        h.place(center: center, span: 100, angle: 0, begin: true)
        for i in 1...10 {
            h.wait(0.016)
            h.place(center: center, span: 100, angle: 0.05 * Double(i), begin: false)
        }
        #expect(abs(rotation.rotation - 0.5) < 1e-9)
        #expect(rotation.velocity > 0)
        #expect(log.states.first == .began)
    }

    @Test("rotation is unwrapped: one and a half turns read 3 pi, with no jump at pi")
    func rotationUnwrapped() {
        let h = TouchHarness()
        let rotation = RotationGestureRecognizer()
        h.window.addGestureRecognizer(rotation)
        var previous = 0.0
        var largestStep = 0.0
        rotation.addAction { r in
            let value = (r as! RotationGestureRecognizer).rotation
            largestStep = max(largestStep, abs(value - previous))
            previous = value
        }
        h.place(center: center, span: 100, angle: 0, begin: true)
        for i in 1...60 {
            h.wait(0.016)
            h.place(center: center, span: 100, angle: Double(i) * 3 * .pi / 60, begin: false)
        }
        #expect(abs(rotation.rotation - 3 * .pi) < 1e-9)
        #expect(largestStep < 0.2)
    }

    @Test("pinch and rotation recognize together when the delegate allows it, otherwise the first wins")
    func simultaneous() {
        final class Both: GestureRecognizerDelegate {
            func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool { true }
        }
        for allow in [true, false] {
            let h = TouchHarness()
            let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
            let delegate = Both()
            if allow { pinch.delegate = delegate }
            let pinchLog = ActionLog(pinch), rotationLog = ActionLog(rotation)
            h.window.addGestureRecognizer(pinch)
            h.window.addGestureRecognizer(rotation)
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
    }
}

@Suite("Recognizer delegate and switches")
struct DelegateTests {
    final class Delegate: GestureRecognizerDelegate {
        var begin = true, receive = true
        func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { begin }
        func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receive }
    }

    @Test("shouldBegin returning false fails the recognizer instead of recognizing")
    func shouldBegin() {
        let h = TouchHarness()
        let tap = TapGestureRecognizer()
        let d = Delegate()
        d.begin = false
        tap.delegate = d
        let log = h.attach(tap)
        h.down(0, 10, 10); h.frame(); h.up(0)
        var stateAtEnd = GestureRecognizer.State.possible
        h.window.addObserver(StateSpy { stateAtEnd = $0 })
        h.frame()
        #expect(log.states.isEmpty)
        #expect(stateAtEnd == .failed)
    }

    @Test("shouldReceive returning false keeps the touch from the recognizer")
    func shouldReceive() {
        let h = TouchHarness()
        let tap = TapGestureRecognizer()
        let d = Delegate()
        d.receive = false
        tap.delegate = d
        let log = h.attach(tap)
        h.tap(10, 10)
        #expect(log.states.isEmpty)
        #expect(tap.numberOfTouches == 0)
    }

    @Test("disabling a recognizer mid-gesture cancels it")
    func disableMidGesture() {
        let h = TouchHarness()
        let pan = PanGestureRecognizer()
        let log = h.attach(pan)
        h.down(0, 100, 100); h.frame()
        h.move(0, 150, 100); h.frame()
        pan.isEnabled = false
        #expect(log.states == [.began, .cancelled])
        h.up(0); h.frame()
        pan.isEnabled = true
        h.down(0, 100, 100); h.frame()
        h.move(0, 150, 100); h.frame()
        #expect(log.states == [.began, .cancelled, .began])
    }

    @Test("delaysTouchesBegan holds touchesBegan until the recognizer fails")
    func delaysBegan() {
        let h = TouchHarness()
        let v = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.window.addSubview(v)
        let swipe = SwipeGestureRecognizer()
        swipe.delaysTouchesBegan = true
        v.addGestureRecognizer(swipe)
        h.down(0, 100, 100); h.frame()
        #expect(v.calls.isEmpty)
        h.up(0); h.frame()
        #expect(v.calls == ["began 1", "ended 1"])
    }

    @Test("a recognizer can be attached to one view only")
    func oneView() {
        let a = View(), b = View()
        let tap = TapGestureRecognizer()
        a.addGestureRecognizer(tap)
        a.removeGestureRecognizer(tap)
        b.addGestureRecognizer(tap)
        #expect(tap.view === b && a.gestureRecognizers.isEmpty)
    }
}

/// Reports each recognizer transition's new state.
final class StateSpy: WindowObserver {
    let onChange: (GestureRecognizer.State) -> Void
    init(_ onChange: @escaping (GestureRecognizer.State) -> Void) { self.onChange = onChange }
    func gestureRecognizer(_ r: GestureRecognizer, didTransitionFrom old: GestureRecognizer.State,
                           to new: GestureRecognizer.State, reason: String?) { onChange(new) }
}
