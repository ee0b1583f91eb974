import Testing
@testable import GestureKit

/// `TapGestureRecognizer`, and how each of its thresholds in `Thresholds`
/// (slop, multi-tap interval and distance, multi-finger window) fails it.
@Suite("Tap recognizer")
struct TapGestureRecognizerTests {
    let h = ViewInWindow()
    let tap = TapGestureRecognizer()
    let log: ActionLog

    init() { log = h.attach(tap) }

    @Test("a single tap is recognized at touch-up, with no delay")
    func singleTapImmediate() {
        h.down(0, 50, 50); h.frame()
        #expect(log.states.isEmpty)
        h.up(0); h.frame()
        #expect(log.states == [.ended])
    }

    @Test("a tap that moves more than the slop fails and says why")
    func slop() {
        h.down(0, 50, 50); h.frame()
        h.move(0, 62, 50); h.frame()
        #expect(tap.state == .failed)
        #expect(tap.lastFailure == "moved 12 px > 10 px")
        h.up(0); h.frame()
        #expect(log.states.isEmpty)
        #expect(tap.state == .possible)  // reset once its touches are gone
    }

    @Test("a finger wandering 10 px, the slop itself, still taps")
    func withinSlop() {
        h.down(0, 50, 50); h.frame()
        h.move(0, 56, 58); h.frame()   // 6-8-10 triangle: exactly 10 px
        h.up(0); h.frame()
        #expect(log.states == [.ended])
    }

    @Test("a two-finger tap needs both fingers; one finger fails it")
    func twoFingerTap() {
        tap.numberOfTouchesRequired = 2
        h.tap(50, 50)
        #expect(log.states.isEmpty)
        #expect(tap.lastFailure == "tap of 1 touches, 2 required")
        h.down(0, 50, 50); h.down(1, 90, 50); h.frame()
        h.up(0); h.frame()
        h.up(1); h.frame()
        #expect(log.states == [.ended])
    }

    @Test("a second finger landing after the 0.25 s multi-finger window starts too late for a two-finger tap")
    func slowSecondFinger() {
        tap.numberOfTouchesRequired = 2
        h.down(0, 50, 50); h.frame()
        h.wait(0.2)
        #expect(tap.state == .possible)
        h.wait(0.1)
        #expect(tap.state == .failed)
        #expect(tap.lastFailure == "only 1 of 2 touches came down")
        h.down(1, 90, 50); h.frame()
        h.up(0); h.up(1); h.frame()
        #expect(log.states.isEmpty)
    }

    @Test("more fingers than required fail the tap")
    func tooManyFingers() {
        h.down(0, 50, 50); h.down(1, 90, 50); h.frame()
        #expect(tap.lastFailure == "2 touches > 1 required")
        h.up(0); h.up(1); h.frame()
        #expect(log.states.isEmpty)
    }

    @Test("two taps 0.1 s apart and 2 px apart are a double tap")
    func doubleTap() {
        tap.numberOfTapsRequired = 2
        h.tap(50, 50)
        #expect(log.states.isEmpty)
        h.wait(0.1)
        h.tap(52, 50)
        #expect(log.states == [.ended])
    }

    @Test("a second tap more than 0.35 s after the first is too late for a double tap")
    func secondTapTooLate() {
        tap.numberOfTapsRequired = 2
        h.tap(50, 50)
        h.wait(0.34)
        #expect(tap.state == .possible)
        h.wait(0.02)
        #expect(tap.lastFailure == "no tap 2 within 0.35 s")
        h.tap(50, 50)
        #expect(log.states.isEmpty)
    }

    @Test("a second tap more than 45 px from the first is not part of a double tap")
    func secondTapTooFar() {
        tap.numberOfTapsRequired = 2
        h.tap(50, 50)
        h.wait(0.1)
        h.down(0, 110, 50); h.frame()
        #expect(tap.state == .failed)
        #expect(tap.lastFailure == "next tap 60 px away > 45 px")
        h.up(0); h.frame()
        #expect(log.states.isEmpty)
    }

    @Test("a cancelled touch fails the tap")
    func cancelled() {
        h.down(0, 50, 50); h.frame()
        h.window.input.touchCancel()
        #expect(log.states.isEmpty)
        #expect(tap.lastFailure == "touch cancelled")
    }

    @Test("zero touches or taps required count as one")
    func clampedRequirements() {
        tap.numberOfTouchesRequired = 0
        tap.numberOfTapsRequired = -3
        #expect(tap.numberOfTouchesRequired == 1 && tap.numberOfTapsRequired == 1)
    }
}
