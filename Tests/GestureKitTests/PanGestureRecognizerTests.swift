import Testing
@testable import GestureKit

/// `PanGestureRecognizer`: its slop, translation, velocity from event
/// times, re-anchoring as fingers join and lift, and its finger limits.
@Suite("Pan recognizer")
struct PanGestureRecognizerTests {
    let h = ViewInWindow()
    let pan = PanGestureRecognizer()
    let log: ActionLog
    let velocity: ActionReadings<PanGestureRecognizer, Point>

    init() {
        log = h.attach(pan)
        velocity = ActionReadings(pan) { $0.velocity(in: nil) }
    }

    @Test("a pan begins after 10 px and reports the translation from touch-down")
    func beginsAfterSlop() {
        h.down(0, 100, 100); h.frame()
        h.move(0, 108, 100); h.frame()
        #expect(log.states.isEmpty)
        h.move(0, 112, 100); h.frame()
        #expect(log.states == [.began])
        #expect(pan.translation(in: nil) == Point(x: 12, y: 0))
        h.up(0); h.frame()
        #expect(log.states == [.began, .ended])
    }

    @Test("a finger lifting within the slop fails the pan and says why")
    func liftedWithinSlop() {
        h.down(0, 100, 100); h.frame()
        h.move(0, 106, 108); h.frame()   // exactly 10 px: not beyond the slop
        h.up(0); h.frame()
        #expect(log.states.isEmpty)
        #expect(pan.lastFailure == "lifted before moving 10 px")
    }

    @Test("velocity comes from event timestamps: 20 px per 10 ms is 2000 px/s")
    func velocityFromTimestamps() throws {
        h.down(0, 0, 100); h.frame()
        h.drag(0, from: Point(x: 0, y: 100), to: Point(x: 100, y: 100), steps: 5, dt: 0.01)
        let seen = try #require(velocity.last)
        #expect(abs(seen.x - 2000) < 1 && abs(seen.y) < 1e-9)
    }

    @Test("no fling after a rest: fingers still for 40 ms before lifting give zero velocity")
    func noFlingAfterRest() {
        h.down(0, 0, 100); h.frame()
        h.drag(0, from: Point(x: 0, y: 100), to: Point(x: 100, y: 100), steps: 5, dt: 0.01)
        h.wait(0.05)
        h.up(0); h.frame()
        #expect(velocity.atEnd == .zero)
    }

    @Test("a recorded 120 Hz fling ends with the velocity of its last 100 ms, as the tracker reads it alone")
    func recordedFling() throws {
        h.play(.fling120Hz)
        let atEnd = try #require(velocity.atEnd)
        // Worked out in `TouchscreenRecordings`: (-1,080, -1,440) px/s.
        #expect(abs(atEnd.x + 1080) < 18 && abs(atEnd.y + 1440) < 18, "\(atEnd)")
    }

    @Test("a finger that rested, then wobbled 1 px as it lifted, ends the pan with zero velocity")
    func liftWobbleAfterRest() throws {
        h.play(.liftWobbleAfterRest120Hz)
        #expect(try #require(velocity.atEnd) == .zero)
    }

    @Test("a second finger joining does not make the translation jump")
    func reanchorOnJoin() {
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
        h.down(0, 100, 100); h.frame()
        h.move(0, 130, 100); h.frame()
        pan.setTranslation(.zero, in: nil)
        h.move(0, 135, 104); h.frame()
        #expect(pan.translation(in: nil) == Point(x: 5, y: 4))
    }

    @Test("translation is expressed in the coordinates of the view asked about")
    func translationInScaledView() {
        let v = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        h.view.addSubview(v)
        v.transform = AffineTransform(scaleX: 2, y: 2)
        h.down(0, 100, 100); h.frame()
        h.move(0, 140, 100); h.frame()
        #expect(pan.translation(in: nil) == Point(x: 40, y: 0))
        #expect(pan.translation(in: v) == Point(x: 20, y: 0))
    }

    @Test("a cancelled pan is cancelled, not ended")
    func cancelIsNotRelease() {
        h.down(0, 100, 100); h.frame()
        h.move(0, 150, 100); h.frame()
        h.window.input.touchCancel()
        #expect(log.states == [.began, .cancelled])
    }

    @Test("with a maximum of one touch, a second finger is ignored")
    func maximumTouches() {
        pan.maximumNumberOfTouches = 1
        h.down(0, 100, 100); h.frame()
        h.down(1, 200, 100); h.frame()
        #expect(pan.numberOfTouches == 1)
        h.move(1, 300, 100); h.frame()
        #expect(pan.state == .possible)
    }

    @Test("with a minimum of two touches, one finger never pans, and the pan ends when one of two lifts")
    func minimumTouches() {
        pan.minimumNumberOfTouches = 2
        h.down(0, 100, 100); h.frame()
        h.move(0, 150, 100); h.frame()
        #expect(log.states.isEmpty)
        h.down(1, 100, 200); h.frame()
        h.move(0, 160, 100); h.move(1, 110, 200); h.frame()
        #expect(log.states == [.began])
        h.up(1); h.frame()
        #expect(log.states == [.began, .ended])
    }
}
