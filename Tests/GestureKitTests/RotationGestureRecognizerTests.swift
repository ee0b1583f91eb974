import Testing
@testable import GestureKit

/// `RotationGestureRecognizer`: the unwrapped angle and its velocity, the
/// start angle of `Thresholds`, and re-anchoring as fingers join and lift.
@Suite("Rotation recognizer")
struct RotationGestureRecognizerTests {
    let h = ViewInWindow()
    let rotation = RotationGestureRecognizer()
    let log: ActionLog
    let center = Point(x: 200, y: 200)

    init() { log = h.attach(rotation) }

    @Test("turning the fingers by 0.5 rad gives rotation 0.50")
    func rotationAngle() {
        h.place(center: center, span: 100, angle: 0, begin: true)
        for i in 1...10 {
            h.wait(0.016)
            h.place(center: center, span: 100, angle: 0.05 * Double(i), begin: false)
        }
        #expect(abs(rotation.rotation - 0.5) < 1e-9)
        #expect(rotation.velocity > 0)
        #expect(log.states.first == .began)
    }

    @Test("turning less than 0.1 rad, the start angle, does not begin a rotation; 0.12 rad does")
    func startAngle() {
        h.place(center: center, span: 100, angle: 0, begin: true)
        h.wait(0.016); h.place(center: center, span: 100, angle: -0.06, begin: false)
        h.wait(0.016); h.place(center: center, span: 100, angle: 0.09, begin: false)
        #expect(log.states.isEmpty)
        h.wait(0.016); h.place(center: center, span: 100, angle: 0.12, begin: false)
        #expect(log.states == [.began])
        #expect(rotation.lastTransitionReason == "turned 0.12 rad > 0.10 rad")
    }

    @Test("fingers lifted before turning fail the rotation and say why")
    func liftedBeforeTurning() {
        h.place(center: center, span: 100, angle: 0, begin: true)
        h.wait(0.016); h.place(center: center, span: 100, angle: 0.05, begin: false)
        h.up(1); h.up(2); h.frame()
        #expect(log.states.isEmpty)
        #expect(rotation.lastFailure == "lifted before turning 0.10 rad")
    }

    @Test("rotation is unwrapped: one and a half turns read 3 pi, with no jump at pi")
    func rotationUnwrapped() {
        let angles = ActionReadings(rotation) { $0.rotation }
        h.place(center: center, span: 100, angle: 0, begin: true)
        for i in 1...60 {
            h.wait(0.016)
            h.place(center: center, span: 100, angle: Double(i) * 3 * .pi / 60, begin: false)
        }
        #expect(abs(rotation.rotation - 3 * .pi) < 1e-9)
        let steps = zip([0] + angles.values, angles.values).map { abs($1 - $0) }
        #expect(!steps.isEmpty && steps.max()! < 0.2)
    }

    @Test("a finger lifting and coming back at another angle does not make the rotation jump")
    func reanchor() {
        h.place(center: center, span: 100, angle: 0, begin: true)
        h.wait(0.016); h.place(center: center, span: 100, angle: 0.3, begin: false)
        h.up(2); h.frame()
        h.wait(0.016); h.down(2, 150, 300); h.frame()   // straight below finger 1's side
        #expect(abs(rotation.rotation - 0.3) < 1e-9)
        h.wait(0.016); h.move(2, 140, 300); h.frame()
        #expect(rotation.rotation > 0.3 && rotation.rotation < 0.5)
    }

    @Test("a third finger neither turns the rotation nor makes it jump")
    func thirdFinger() {
        h.place(center: center, span: 100, angle: 0, begin: true)
        h.wait(0.016); h.place(center: center, span: 100, angle: 0.3, begin: false)
        h.down(3, 50, 50); h.frame()
        h.wait(0.016); h.move(3, 350, 80); h.frame()
        #expect(abs(rotation.rotation - 0.3) < 1e-9)
    }

    @Test("no fling after a rest: velocity is zero when the fingers lift after resting")
    func restVelocity() {
        let velocity = ActionReadings(rotation) { $0.velocity }
        h.place(center: center, span: 100, angle: 0, begin: true)
        for i in 1...5 {
            h.wait(0.016); h.place(center: center, span: 100, angle: 0.1 * Double(i), begin: false)
        }
        h.wait(0.1)
        h.up(1); h.up(2); h.frame()
        #expect(velocity.atEnd == 0)
    }

    @Test("a cancelled rotation is cancelled, not ended")
    func cancelled() {
        h.place(center: center, span: 100, angle: 0, begin: true)
        h.wait(0.016); h.place(center: center, span: 100, angle: 0.3, begin: false)
        h.window.input.touchCancel()
        #expect(log.states == [.began, .cancelled])
    }
}
