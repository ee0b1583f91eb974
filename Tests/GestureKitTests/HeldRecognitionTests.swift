import Testing
@testable import GestureKit

/// A recognizer that recognized while it must wait for another to fail
/// (`require(toFail:)`) has decided: UIKit moves it on to what it asked
/// for once the other fails, whatever touches come meanwhile. And touches
/// a recognizer ignores are no part of its gesture.
@Suite("Held recognition and ignored touches")
struct HeldRecognitionTests {
    /// A single tap that waits for a double tap, attached in `order`.
    static func tapPair(doubleFirst: Bool) -> (ViewInWindow, single: ActionLog, double: ActionLog, TapGestureRecognizer) {
        let h = ViewInWindow()
        let single = TapGestureRecognizer(), double = TapGestureRecognizer()
        single.name = "single"
        double.name = "double"
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        if doubleFirst {
            let d = h.attach(double), s = h.attach(single)
            return (h, s, d, single)
        }
        let s = h.attach(single), d = h.attach(double)
        return (h, s, d, single)
    }

    @Test("a tap held for a double tap is recognized when a second tap far away fails the double; the second reaches the view",
          arguments: [false, true])
    func farSecondTap(doubleFirst: Bool) {
        let (h, single, double, singleTap) = Self.tapPair(doubleFirst: doubleFirst)
        h.tap(50, 50)
        h.wait(0.1)
        #expect(single.states.isEmpty, "held for the double tap")
        h.down(0, 300, 300)
        h.frame()
        #expect(single.states == [.ended], "the first tap was lost: \(singleTap.lastTransitionReason ?? "-")")
        #expect(double.states.isEmpty)
        h.up(0)
        h.frame()
        h.wait(1)
        // The first tap's touch was delivered before (its end held, then
        // cancelled by the recognition); the second is the view's own.
        #expect(h.view.calls.suffix(2) == ["began 1", "ended 1"], "view: \(h.view.calls)")
    }

    @Test("a tap held for a double tap still fails when the second tap makes the double")
    func doubleTapStillWins() {
        let (h, single, double, _) = Self.tapPair(doubleFirst: false)
        h.tap(50, 50)
        h.wait(0.1)
        h.tap(52, 50)
        #expect(double.states == [.ended])
        #expect(single.states.isEmpty)
    }

    @Test("a pan waiting for a swipe to fail, whose finger lifts as the swipe fails, begins and ends", arguments: [false, true])
    func heldPanLifts(swipeFirst: Bool) {
        let h = ViewInWindow()
        let pan = PanGestureRecognizer(), swipe = SwipeGestureRecognizer()
        pan.name = "pan"
        swipe.direction = [.left, .right]
        pan.require(toFail: swipe)
        var translations: [Double] = []
        pan.addAction { translations.append(($0 as! PanGestureRecognizer).translation(in: nil).x) }
        let log: ActionLog
        if swipeFirst {
            _ = h.attach(swipe)
            log = h.attach(pan)
        } else {
            log = h.attach(pan)
            _ = h.attach(swipe)
        }
        // 40 px in 0.2 s: past the pan's slop, too slow for a swipe.
        h.down(0, 100, 100)
        h.frame()
        h.drag(0, from: Point(x: 100, y: 100), to: Point(x: 140, y: 100), steps: 10, dt: 0.02)
        h.up(0)
        h.frame()
        #expect(log.states == [.began, .ended], "pan: \(pan.lastTransitionReason ?? "-")")
        #expect(translations.last == 40, "translations: \(translations)")
    }

    @Test("a finger a one-finger pan ignores is not cancelled in the view when the pan begins, nor its end held")
    func ignoredTouch() {
        let h = ViewInWindow(multipleTouch: true)
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        _ = h.attach(pan)
        h.down(0, 100, 100)
        h.frame()
        h.down(1, 300, 300)
        h.frame()
        #expect(pan.numberOfTouches == 1)
        h.up(1)
        h.frame()
        #expect(h.view.ended == 1, "the undecided pan held the ignored finger's end: \(h.view.calls)")
        h.down(2, 350, 350)
        h.frame()
        h.drag(0, from: Point(x: 100, y: 100), to: Point(x: 160, y: 100), steps: 4)
        #expect(pan.state == .changed)
        #expect(h.view.cancelled == 1, "only the pan's own finger is cancelled: \(h.view.calls)")
        h.up(2)
        h.frame()
        #expect(h.view.ended == 2, "view: \(h.view.calls)")
        h.up(0)
        h.frame()
    }
}

/// Removing a recognizer from its view in the middle of a gesture ends
/// that gesture as UIKit does, and leaves the recognizer ready for reuse.
@Suite("Recognizers removed mid-gesture")
struct RemovedRecognizerTests {
    @Test("a pan removed mid-gesture is cancelled; added back, its next gesture begins with .began")
    func removedPan() {
        let h = ViewInWindow()
        let pan = PanGestureRecognizer()
        let log = h.attach(pan)
        h.down(0, 100, 100)
        h.frame()
        h.drag(0, from: Point(x: 100, y: 100), to: Point(x: 160, y: 100), steps: 4)
        #expect(pan.state == .changed)
        h.view.removeGestureRecognizer(pan)
        #expect(log.states.last == .cancelled)
        #expect(pan.state == .possible)
        h.up(0)
        h.frame()
        log.states = []
        h.view.addGestureRecognizer(pan)
        h.down(0, 100, 100)
        h.frame()
        h.drag(0, from: Point(x: 100, y: 100), to: Point(x: 160, y: 100), steps: 4)
        h.up(0)
        h.frame()
        #expect(log.states.first == .began, "actions: \(log.states)")
        #expect(log.states.last == .ended)
    }

    @Test("removing the double tap a single tap waits for releases the single tap and the view's held end")
    func removedRequirement() {
        let h = ViewInWindow()
        let single = TapGestureRecognizer(), double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        let singleLog = h.attach(single)
        _ = h.attach(double)
        h.tap(50, 50)
        #expect(singleLog.states.isEmpty, "waiting for the double tap")
        h.view.removeGestureRecognizer(double)
        #expect(singleLog.states == [.ended])
        h.wait(1)
        #expect(h.view.ended + h.view.cancelled == 1, "view: \(h.view.calls)")
    }

    @Test("a double tap removed between its taps, its interval passing meanwhile, works when added back")
    func removedBetweenTaps() {
        let h = ViewInWindow()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let log = h.attach(double)
        h.tap(50, 50)
        h.view.removeGestureRecognizer(double)
        h.wait(1)
        h.view.addGestureRecognizer(double)
        h.tap(50, 50)
        h.wait(0.1)
        h.tap(50, 50)
        #expect(log.states == [.ended], "double: \(double.state) \(double.lastTransitionReason ?? "-")")
    }
}
