import Testing
@testable import GestureKit

/// `PinchGestureRecognizer`: scale and its velocity, the pinch slop of
/// `Thresholds`, and re-anchoring as fingers join and lift.
@Suite("Pinch recognizer")
struct PinchGestureRecognizerTests {
    let h = ViewInWindow()
    let pinch = PinchGestureRecognizer()
    let log: ActionLog
    let center = Point(x: 200, y: 200)

    init() { log = h.attach(pinch) }

    @Test("spreading the fingers from 100 px to 150 px gives scale 1.50")
    func pinchScale() {
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

    @Test("a span change of 8 px, the slop, does not begin a pinch; 10 px does")
    func slop() {
        h.place(center: center, span: 100, angle: 0, begin: true)
        h.wait(0.016); h.place(center: center, span: 96, angle: 0, begin: false)
        h.wait(0.016); h.place(center: center, span: 108, angle: 0, begin: false)
        #expect(log.states.isEmpty)
        h.wait(0.016); h.place(center: center, span: 110, angle: 0, begin: false)
        #expect(log.states == [.began])
        #expect(pinch.lastTransitionReason == "span changed 10 px > 8 px")
    }

    @Test("fingers lifted before pinching fail the pinch and say why")
    func liftedBeforePinching() {
        h.place(center: center, span: 100, angle: 0, begin: true)
        h.wait(0.016); h.place(center: center, span: 104, angle: 0, begin: false)
        h.up(1); h.up(2); h.frame()
        #expect(log.states.isEmpty)
        #expect(pinch.lastFailure == "lifted before pinching 8 px")
    }

    @Test("a finger lifting and coming back does not make the scale jump")
    func pinchReanchor() {
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

    @Test("setting the scale to 1 mid-pinch gives increments from the current span")
    func setScale() {
        h.place(center: center, span: 100, angle: 0, begin: true)
        h.wait(0.016); h.place(center: center, span: 200, angle: 0, begin: false)
        pinch.scale = 1
        h.wait(0.016); h.place(center: center, span: 250, angle: 0, begin: false)
        #expect(abs(pinch.scale - 1.25) < 1e-9)
    }

    @Test("no fling after a rest: velocity is zero when the fingers lift after resting")
    func pinchRestVelocity() {
        let velocity = ActionReadings(pinch) { $0.velocity }
        h.place(center: center, span: 100, angle: 0, begin: true)
        for span in stride(from: 120.0, through: 200, by: 20) {
            h.wait(0.016); h.place(center: center, span: span, angle: 0, begin: false)
        }
        h.wait(0.1)
        h.up(1); h.up(2); h.frame()
        #expect(velocity.atEnd == 0)
    }

    @Test("under Flutter's thresholds two fingers closing by 30 px do not pinch, by 40 px they do")
    func flutterScaleSlop() {
        // Flutter's span is the fingers' mean distance from their focal point,
        // half the distance between two fingers: kScaleSlop (18 logical px) of
        // it is 36 px between them (18 px at the headless 96 dpi).
        h.window.gestureThresholds = .flutter
        h.place(center: center, span: 200, angle: 0, begin: true)
        for span in stride(from: 190.0, through: 170, by: -10) {
            h.wait(0.016); h.place(center: center, span: span, angle: 0, begin: false)
        }
        #expect(log.states.isEmpty)
        h.wait(0.016); h.place(center: center, span: 160, angle: 0, begin: false)
        #expect(log.states == [.began])
        #expect(pinch.lastTransitionReason == "span changed 40 px > 36 px")
    }

    @Test("a cancelled pinch is cancelled, not ended")
    func pinchCancel() {
        h.place(center: center, span: 100, angle: 0, begin: true)
        h.wait(0.016); h.place(center: center, span: 150, angle: 0, begin: false)
        h.window.input.touchCancel()
        #expect(log.states == [.began, .cancelled])
    }
}
