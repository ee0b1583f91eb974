import Testing
@testable import GestureKit

/// `LongPressGestureRecognizer`: the press duration and allowable movement
/// of `Thresholds`, the taps before the press, and how it ends.
@Suite("Long press recognizer")
struct LongPressGestureRecognizerTests {
    let h = ViewInWindow()
    let press = LongPressGestureRecognizer()
    let log: ActionLog

    init() { log = h.attach(press) }

    @Test("a press held 0.4 s is not a long press, and says why")
    func tooShort() {
        h.down(0, 50, 50); h.frame()
        h.wait(0.4)
        h.up(0); h.frame()
        #expect(log.states.isEmpty)
        #expect(press.lastFailure == "lifted after 0.40 s < 0.50 s")
    }

    @Test("a press held 0.6 s begins at 0.5 s, changes as it moves, and ends on lift")
    func longEnough() {
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
        h.down(0, 50, 50); h.frame()
        h.wait(0.1)
        h.move(0, 62, 50); h.frame()
        h.wait(1)
        #expect(log.states.isEmpty)
        #expect(press.state == .failed)
        #expect(press.lastFailure == "moved 12 px > 10 px")
    }

    @Test("a custom duration and allowable movement replace the defaults")
    func customThresholds() {
        press.minimumPressDuration = 1
        press.allowableMovement = 30
        h.down(0, 50, 50); h.frame()
        h.wait(0.2)
        h.move(0, 75, 50); h.frame()
        h.wait(0.7)
        #expect(log.states.isEmpty && press.state == .possible)
        h.wait(0.2)
        #expect(log.states == [.began])
        #expect(press.lastTransitionReason == "held 1.00 s")
    }

    @Test("with one tap required, a quick tap then a press is a long press, a press alone is not")
    func tapThenPress() {
        press.numberOfTapsRequired = 1
        h.down(0, 50, 50); h.frame(); h.wait(0.6); h.up(0); h.frame()
        #expect(log.states.isEmpty)
        h.wait(1)
        h.tap(50, 50)
        h.wait(0.1)
        h.down(0, 50, 50); h.frame(); h.wait(0.6)
        #expect(log.states == [.began])
    }

    @Test("with one tap required, a press starting more than 0.35 s after the tap fails")
    func pressAfterTapTooLate() {
        press.numberOfTapsRequired = 1
        h.tap(50, 50)
        h.wait(0.4)
        #expect(press.lastFailure == "no touch 2 within 0.35 s")
        h.down(0, 50, 50); h.frame(); h.wait(0.6)
        #expect(log.states.isEmpty)
    }

    @Test("with one tap required under GTK, the press must start within 0.4 s of the tap's press, not of its lift")
    func pressAfterTapGtk() {
        h.window.gestureThresholds = .gtk
        press.numberOfTapsRequired = 1
        h.down(0, 50, 50); h.frame(); h.wait(0.15); h.up(0); h.frame()
        h.wait(0.3)
        #expect(press.lastFailure == "no touch 2 within 0.40 s")
        h.down(0, 50, 50); h.frame(); h.wait(0.6)
        #expect(log.states.isEmpty)
    }

    @Test("two fingers required: both must rest 0.5 s")
    func twoFingers() {
        press.numberOfTouchesRequired = 2
        h.down(0, 50, 50); h.frame(); h.wait(0.6)
        #expect(log.states.isEmpty)
        h.down(1, 80, 50); h.frame(); h.wait(0.6)
        #expect(log.states == [.began])
    }

    @Test("once begun, the press ends when any finger lifts, one put down since it began too")
    func anyFingerLiftedEnds() {
        h.down(0, 50, 50); h.frame()
        h.wait(0.6)
        #expect(log.states == [.began])
        h.down(1, 90, 50); h.frame()
        h.up(1); h.frame()
        #expect(log.states == [.began, .ended])
        h.up(0); h.frame()
        #expect(log.states == [.began, .ended])
    }

    @Test("more fingers than required fail the long press")
    func tooManyFingers() {
        h.down(0, 50, 50); h.frame()
        h.wait(0.1)
        h.down(1, 90, 50); h.frame()
        h.wait(1)
        #expect(log.states.isEmpty)
        #expect(press.lastFailure == "2 touches > 1 required")
    }

    @Test("a cancelled long press is cancelled, not ended; before it began it fails")
    func cancelled() {
        h.down(0, 50, 50); h.frame()
        h.wait(0.6)
        h.window.input.touchCancel()
        #expect(log.states == [.began, .cancelled])
        h.down(0, 50, 50); h.frame()
        h.wait(0.2)
        h.window.input.touchCancel()
        #expect(log.states == [.began, .cancelled])
        #expect(press.lastFailure == "touch cancelled")
    }
}
