/// Recognizes `numberOfTapsRequired` taps of `numberOfTouchesRequired`
/// fingers each (discrete). Fails when a finger moves beyond
/// the window's `GestureThresholds.tapSlop`, when more fingers than required touch down, when
/// the fingers of one tap do not all come down within
/// `multiFingerTapWindow`, or when the next tap does not start within
/// `multiTapInterval` and `multiTapDistance`. A next tap that starts
/// sooner than `multiTapMinimumInterval` counts as a first tap again.
/// A single tap that nothing waits for is recognized at touch-up, without
/// delay.
open class TapGestureRecognizer: GestureRecognizer {
    /// Taps needed (values below 1 count as 1).
    public var numberOfTapsRequired = 1 {
        didSet { numberOfTapsRequired = Swift.max(1, numberOfTapsRequired) }
    }
    /// Fingers per tap (values below 1 count as 1).
    public var numberOfTouchesRequired = 1 {
        didSet { numberOfTouchesRequired = Swift.max(1, numberOfTouchesRequired) }
    }

    private var tapsCompleted = 0
    private var mostTouchesInTap = 0
    private var lastTapLocation: Point?
    /// Where the tap under way's fingers were when all had come down (its
    /// fingers may lift in frames of their own).
    private var tapCentroid: Point?
    /// When the last completed tap lifted.
    private var lastTapTime = 0.0
    /// When the first finger of the tap under way came down.
    private var tapPressTime = 0.0
    private var timer: ScheduledTimer?

    /// Counts the fingers of the tap: more than ``numberOfTouchesRequired``
    /// fails it, fewer start the `multiFingerTapWindow` wait for the rest. A
    /// later tap of a multi-tap fails when it lands too far from the previous
    /// one, and starts the count again when it comes too soon after it.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        // Complete, and held for a recognizer it waits on to fail: a new
        // touch is not part of this tap.
        if tapsCompleted >= numberOfTapsRequired {
            for t in touches { ignore(t, for: event) }
            return
        }
        timer?.invalidate()
        timer = nil
        if mostTouchesInTap == 0, lastTapLocation != nil,
           event.timestamp - lastTapTime < thresholds.multiTapMinimumInterval {
            // Too quick to be the next tap (a finger that lost contact for a
            // frame): as Android's GestureDetector and Flutter's double-tap
            // recognizer do, and as touches count taps, it is a first tap.
            tapsCompleted = 0
            lastTapLocation = nil
        }
        if mostTouchesInTap == 0 { tapPressTime = event.timestamp }
        let down = activeTouchCount
        mostTouchesInTap = Swift.max(mostTouchesInTap, down)
        // Where the next tap lands: its fingers' centroid against the last
        // tap's, once all of them are down.
        if down == numberOfTouchesRequired {
            let centroid = activeCentroid
            tapCentroid = centroid
            let limit = thresholds.logicalPixels(thresholds.multiTapDistance)
            if let distance = lastTapLocation.map(centroid.distance(to:)), distance > limit {
                fail("next tap \(formatWhole(distance)) px away > \(formatCoordinate(limit)) px")
                return
            }
        }
        if down > numberOfTouchesRequired {
            fail("\(down) touches > \(numberOfTouchesRequired) required")
        } else if down < numberOfTouchesRequired {
            timer = scheduler?.schedule(after: thresholds.multiFingerTapWindow) { [weak self] _ in
                guard let self, self.state == .possible else { return }
                self.fail("only \(self.activeTouchCount) of \(self.numberOfTouchesRequired) touches came down")
            }
        }
    }

    /// Fails the tap once any finger has moved beyond the tap slop from where
    /// it went down.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        for t in touches {
            let moved = t.locationInWindow.distance(to: t.initialLocationInWindow)
            let slop = thresholds.logicalPixels(thresholds.tapSlop)
            if moved > slop {
                fail("moved \(formatFixed(moved, digits: 0)) px > \(formatCoordinate(slop)) px")
                return
            }
        }
    }

    /// When the last finger lifts, completes one tap; the last tap needed
    /// recognizes the gesture, an earlier one starts the wait for the next.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard activeTouchCount == 0 else { return }
        if mostTouchesInTap != numberOfTouchesRequired {
            fail("tap of \(mostTouchesInTap) touches, \(numberOfTouchesRequired) required")
            return
        }
        tapsCompleted += 1
        mostTouchesInTap = 0
        lastTapLocation = tapCentroid ?? location(in: nil)
        tapCentroid = nil
        lastTapTime = event.timestamp
        if tapsCompleted >= numberOfTapsRequired {
            state = .recognized
        } else {
            let t = thresholds
            let interval = t.multiTapInterval
            let since = t.multiTapIntervalStart == .press ? " of the last press" : ""
            let left = t.multiTapTimeLeft(at: event.timestamp, pressTime: tapPressTime, liftTime: event.timestamp)
            guard left > 0 else {
                fail("no tap \(tapsCompleted + 1) within \(interval) s\(since)")
                return
            }
            timer = scheduler?.schedule(after: left) { [weak self] _ in
                guard let self, self.state == .possible else { return }
                self.fail("no tap \(self.tapsCompleted + 1) within \(interval) s\(since)")
            }
        }
    }

    /// Fails the tap: a cancelled touch never counts as a tap.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        fail("touch cancelled")
    }

    open override func reset() {
        super.reset()
        timer?.invalidate()
        timer = nil
        tapsCompleted = 0
        mostTouchesInTap = 0
        lastTapLocation = nil
        tapCentroid = nil
        lastTapTime = 0
        tapPressTime = 0
    }

}
