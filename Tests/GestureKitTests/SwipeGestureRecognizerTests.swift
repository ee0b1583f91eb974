import Testing
@testable import GestureKit

/// `SwipeGestureRecognizer`: the minimum distance, maximum duration and
/// maximum angle of `Thresholds`, its directions and its fingers.
@Suite("Swipe recognizer")
struct SwipeGestureRecognizerTests {
    let h = ViewInWindow()
    /// Left or right.
    let s = SwipeGestureRecognizer()
    let log: ActionLog

    init() {
        s.direction = [.left, .right]
        log = h.attach(s)
    }

    /// One finger from (200, 200) to `to` in `steps` frames over `duration`
    /// seconds, then lifted.
    func swipe(to: Point, duration: Double, steps: Int = 6) {
        h.down(0, 200, 200); h.frame()
        h.drag(0, from: Point(x: 200, y: 200), to: to, steps: steps, dt: duration / Double(steps))
        h.up(0); h.frame()
    }

    @Test("a fast left swipe is recognized as left, before the finger lifts")
    func fastLeft() {
        let direction = ActionReadings(s) { $0.recognizedDirection }
        h.down(0, 200, 200); h.frame()
        h.drag(0, from: Point(x: 200, y: 200), to: Point(x: 120, y: 205), steps: 4, dt: 0.02)
        #expect(log.states == [.ended])
        #expect(direction.values == [.left])
        #expect(s.lastTransitionReason == "went left 60 px in 0.06 s")
    }

    @Test("an upward swipe is not recognized when only left and right are allowed")
    func upward() {
        swipe(to: Point(x: 205, y: 100), duration: 0.1)
        #expect(log.states.isEmpty)
        #expect(s.lastFailure == "went up, allowed right|left")
    }

    @Test("a slow stroke (0.8 s for 100 px) is a drag, not a swipe: 50 px were not covered within 0.3 s")
    func tooSlow() {
        swipe(to: Point(x: 300, y: 200), duration: 0.8, steps: 10)
        #expect(log.states.isEmpty)
        #expect(s.lastFailure == "not 50 px within 0.30 s")
    }

    @Test("a stroke whose event times span more than 0.3 s is too slow, even when its events arrive before the timeout")
    func tooSlowByTimestamps() {
        h.down(0, 200, 200); h.frame()
        // A late batch: the compositor stamped the motion 0.31 s after the
        // down, but it arrives before the clock reached the timeout.
        h.window.input.touchMotion(id: 0, to: Point(x: 270, y: 200), time: 0.31)
        h.frame()
        #expect(log.states.isEmpty)
        #expect(s.lastFailure == "took 0.31 s > 0.30 s")
    }

    @Test("a finger held still fails the swipe when 0.3 s have passed")
    func heldStill() {
        h.down(0, 200, 200); h.frame()
        h.wait(0.29)
        #expect(s.state == .possible)
        h.wait(0.02)
        #expect(s.state == .failed)
    }

    @Test("a quick stroke lifted before 50 px is too short")
    func tooShort() {
        swipe(to: Point(x: 245, y: 200), duration: 0.05, steps: 3)
        #expect(log.states.isEmpty)
        #expect(s.lastFailure == "lifted before 50 px")
    }

    @Test("a diagonal stroke is neither horizontal nor vertical")
    func diagonal() {
        swipe(to: Point(x: 280, y: 270), duration: 0.1)
        #expect(log.states.isEmpty)
        #expect(s.lastFailure == "41° off axis > 30°")
    }

    @Test("two fingers required: a one-finger swipe does not count, a two-finger one does")
    func twoFingers() {
        s.numberOfTouchesRequired = 2
        swipe(to: Point(x: 100, y: 200), duration: 0.1)
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

    @Test("more fingers than required fail the swipe")
    func tooManyFingers() {
        h.down(0, 200, 200); h.down(1, 200, 240); h.frame()
        h.drag(0, from: Point(x: 200, y: 200), to: Point(x: 300, y: 200), steps: 4)
        #expect(log.states.isEmpty)
        #expect(s.lastFailure == "2 touches > 1 required")
    }
}
