import Testing
@testable import GestureKit

/// The base `GestureRecognizer`: its state machine, switching it off, the
/// view it belongs to, and where its touches are.
@Suite("Gesture recognizer base")
struct GestureRecognizerTests {
    let h = ViewInWindow()

    @Test("illegal state transitions are refused and counted, not applied")
    func illegalTransition() {
        let r = GestureRecognizer()
        let before = GestureRecognizer.illegalTransitions.count
        r.state = .changed
        #expect(r.state == .possible)
        #expect(GestureRecognizer.illegalTransitions.count == before + 1)
    }

    @Test("disabling a recognizer mid-gesture cancels it")
    func disableMidGesture() {
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

    /// Where a recognizer is in its gesture when it is switched off.
    enum Stage: String, CaseIterable, CustomTestStringConvertible {
        /// No touch since its last reset.
        case idle
        /// Deciding, its finger still down.
        case decidingFingerDown
        /// Deciding, its finger lifted (waiting for a second tap, say).
        case decidingFingerLifted
        case began, changed
        var testDescription: String { rawValue }
    }

    @Test("disabling cancels a gesture under way, fails one still deciding (which then resets), leaves an idle one alone",
          arguments: Stage.allCases)
    func disableInEachStage(stage: Stage) {
        // The base class does nothing on its own: the test moves its state.
        let r = GestureRecognizer()
        let log = h.attach(r)
        if stage != .idle { h.down(0, 100, 100); h.frame() }
        if stage == .decidingFingerLifted { h.up(0); h.frame() }
        if stage == .began || stage == .changed { r.state = .began }
        if stage == .changed { r.state = .changed }
        let actionsBefore = log.states

        r.isEnabled = false

        switch stage {
        case .idle:
            #expect(r.state == .possible && r.lastTransitionState == nil)
        case .decidingFingerDown:
            #expect(r.state == .failed && r.lastFailure == "disabled")
        case .decidingFingerLifted:
            // Nothing is left to wait for: it fails and resets at once.
            #expect(r.state == .possible && r.lastFailure == "disabled")
        case .began, .changed:
            #expect(r.state == .cancelled && r.lastTransitionReason == "disabled")
        }
        #expect(log.states == actionsBefore + (stage == .began || stage == .changed ? [.cancelled] : []))

        if stage != .idle && stage != .decidingFingerLifted { h.up(0); h.frame() }
        #expect(r.state == .possible)
        r.isEnabled = true
        h.down(1, 100, 100); h.frame()
        #expect(r.numberOfTouches == 1)
    }

    @Test("disabling a double tap between its taps lets the single tap waiting for it fire at once")
    func disableBetweenTaps() {
        let double = GestureArenaTests.doubleTap(on: h.view)
        let single = TapGestureRecognizer()
        single.require(toFail: double)
        let singleLog = h.attach(single)
        h.tap(50, 50)
        #expect(singleLog.states.isEmpty)
        double.isEnabled = false
        #expect(singleLog.states == [.ended])
        #expect(double.lastFailure == "disabled")
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

    @Test("location is the centroid of the touches, in the view asked about, and stays where they lifted")
    func location() {
        let inner = View(frame: Rect(x: 100, y: 50, width: 200, height: 200))
        h.view.addSubview(inner)
        let pan = PanGestureRecognizer()
        inner.addGestureRecognizer(pan)
        h.down(0, 120, 60); h.down(1, 180, 100); h.frame()
        #expect(pan.location(in: nil) == Point(x: 150, y: 80))
        #expect(pan.location(in: inner) == Point(x: 50, y: 30))
        #expect(pan.location(ofTouch: 1, in: inner) == Point(x: 80, y: 50))
        h.up(0); h.up(1); h.frame()
        #expect(pan.location(in: nil) == Point(x: 150, y: 80))
    }
}
