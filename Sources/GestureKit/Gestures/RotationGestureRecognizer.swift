import RealModule

/// Recognizes two fingers turning around each other (continuous).
/// `rotation` is the angle turned since touch-down in radians (positive is
/// clockwise on screen), unwrapped: it accumulates small steps, so it keeps
/// growing past pi instead of jumping to -pi. It begins once the fingers
/// turned the window's `GestureThresholds.rotationStartAngle` and ends when every finger has
/// lifted. The angle is that of the first two fingers; when fingers join or
/// lift it re-anchors, so it never jumps.
open class RotationGestureRecognizer: GestureRecognizer {
    private var lastAngle: Double?
    private var accumulated = 0.0
    @exclusivity(unchecked) private var tracker = VelocityTracker()  // see VelocityTracker

    /// Radians turned since touch-down; settable (e.g. to 0 for increments).
    public var rotation: Double {
        get { accumulated }
        set {
            accumulated = newValue
            tracker.reset()
        }
    }

    /// Radians per second; zero after the fingers rested.
    public private(set) var velocity: Double {
        get { velocityStorage }
        set { velocityStorage = newValue }
    }
    /// Set for every move: private storage, only ever read or assigned, so
    /// its accesses skip the run-time exclusivity check (a library call
    /// each) that a public stored property, and this one, would otherwise get.
    @exclusivity(unchecked) private var velocityStorage = 0.0

    /// The direction from the first finger still down to the second.
    private var activeAngle: Double? {
        guard let (first, second) = firstTwoActiveTouches else { return nil }
        let d = second.locationInWindow - first.locationInWindow
        guard d.x != 0 || d.y != 0 else { return nil }
        return Double.atan2(y: d.y, x: d.x)
    }

    /// Re-anchors the angle to the first two fingers now down.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        lastAngle = activeAngle
    }

    /// Adds the turn of the first two fingers since the last move to
    /// ``rotation`` and updates ``velocity``; begins once the rotation exceeds
    /// the start angle.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let previous = lastAngle, let current = activeAngle else {
            lastAngle = activeAngle
            return
        }
        var step = current - previous
        // The shortest way round: a step never exceeds half a turn.
        while step > .pi { step -= 2 * .pi }
        while step <= -.pi { step += 2 * .pi }
        accumulated += step
        lastAngle = current
        tracker.add(accumulated, at: event.timestamp)
        velocity = tracker.scalarVelocity(at: event.timestamp)
        continueGesture(beginIf: abs(accumulated) > startAngle,
                        reason: "turned \(formatFixed(abs(accumulated))) rad > \(formatFixed(startAngle)) rad")
    }

    /// The window's rotation start angle, in radians.
    private var startAngle: Double { judging.thresholds.rotationStartAngle }

    /// Re-anchors to the fingers left; when none is, ends the rotation (or
    /// fails it if it never began).
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        fingersLifted(event: event, cancelled: false)
    }

    /// As ``touchesEnded(_:with:)``, but a begun rotation is cancelled instead
    /// of ended.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        fingersLifted(event: event, cancelled: true)
    }

    private func fingersLifted(event: Event, cancelled: Bool) {
        velocity = tracker.scalarVelocity(at: event.timestamp)
        lastAngle = activeAngle
        guard activeTouchCount == 0 else { return }
        finishGesture(cancelled: cancelled,
                      notBegunReason: "lifted before turning \(formatFixed(startAngle)) rad")
    }

    open override func reset() {
        super.reset()
        lastAngle = nil
        accumulated = 0
        velocity = 0
        tracker.reset()
    }
}
