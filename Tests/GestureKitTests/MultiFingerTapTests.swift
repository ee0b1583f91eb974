import Testing
@testable import GestureKit

/// Taps of several fingers, whose fingers land and lift in frames of
/// their own, count as one tap where they land together.
@Suite("Multi-finger taps")
struct MultiFingerTapTests {
    @Test("a two-finger double tap on the same two spots 100 px apart is recognized, its fingers lifting together or not",
          arguments: [false, true])
    func twoFingerDoubleTap(liftApart: Bool) {
        let h = ViewInWindow()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        tap.numberOfTapsRequired = 2
        let log = h.attach(tap)
        for _ in 0..<2 {
            h.down(0, 100, 100)
            h.down(1, 200, 100)
            h.frame()
            h.up(0)
            if liftApart { h.frame() }
            h.up(1)
            h.frame()
            h.wait(0.1)
        }
        #expect(log.states == [.ended], "tap: \(tap.lastTransitionReason ?? "-")")
    }

    @Test("a two-finger second tap whose centroid lands 100 px off fails as too far")
    func twoFingerFarSecondTap() {
        let h = ViewInWindow()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        tap.numberOfTapsRequired = 2
        let log = h.attach(tap)
        h.down(0, 100, 100)
        h.down(1, 200, 100)
        h.frame()
        h.up(0)
        h.up(1)
        h.frame()
        h.wait(0.1)
        h.down(0, 100, 200)
        h.down(1, 200, 200)
        h.frame()
        #expect(tap.state == .failed)
        #expect(tap.lastTransitionReason?.hasPrefix("next tap 100 px away") == true, "\(tap.lastTransitionReason ?? "-")")
        #expect(log.states.isEmpty)
    }

    @Test("a two-finger tap then a two-finger press: the tap counts though its fingers lift a frame apart")
    func twoFingerTapThenPress() {
        let h = ViewInWindow()
        let press = LongPressGestureRecognizer()
        press.numberOfTouchesRequired = 2
        press.numberOfTapsRequired = 1
        let log = h.attach(press)
        h.down(0, 100, 100)
        h.down(1, 160, 100)
        h.frame()
        h.wait(0.05)
        h.up(0)
        h.frame()
        h.up(1)
        h.frame()
        h.wait(0.1)
        h.down(0, 100, 100)
        h.down(1, 160, 100)
        h.frame()
        h.wait(0.6)
        #expect(log.states.first == .began, "press: \(press.state) \(press.lastTransitionReason ?? "-")")
        h.up(0)
        h.up(1)
        h.frame()
    }

    @Test("a one-finger tap before a two-finger press fails it")
    func tapOfTooFewFingers() {
        let h = ViewInWindow()
        let press = LongPressGestureRecognizer()
        press.numberOfTouchesRequired = 2
        press.numberOfTapsRequired = 1
        let log = h.attach(press)
        h.tap(100, 100)
        #expect(press.state == .failed || log.states.isEmpty)
        #expect(press.lastTransitionReason == "tap of 1 touches, 2 required", "\(press.lastTransitionReason ?? "-")")
    }
}
