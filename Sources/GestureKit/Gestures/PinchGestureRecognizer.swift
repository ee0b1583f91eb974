/// Recognizes two or more fingers moving apart or together (continuous).
/// `scale` is the span between the fingers relative to their span at
/// touch-down; it begins once the span changed by the window's
/// `GestureThresholds.pinchSlop`
/// and ends when every finger has lifted. When a finger joins or lifts,
/// the scale re-anchors to the new span so it never jumps; with a single
/// finger left it holds still.
open class PinchGestureRecognizer: GestureRecognizer {
    private var baseScale = 1.0
    private var anchorSpan: Double?
    private var spanAtStart: Double?
    private var currentScale = 1.0
    @exclusivity(unchecked) private var tracker = VelocityTracker()  // see VelocityTracker

    /// The scale factor relative to the fingers' span at touch-down.
    /// Setting it (e.g. to 1 for increments) re-anchors at the current span.
    public var scale: Double {
        get { currentScale }
        set {
            currentScale = newValue
            baseScale = newValue
            anchorSpan = activeSpan
            tracker.reset()
        }
    }

    /// Scale change per second; zero after the fingers rested.
    public private(set) var velocity: Double {
        get { velocityStorage }
        set { velocityStorage = newValue }
    }
    /// Set for every move: private storage, only ever read or assigned, so
    /// its accesses skip the run-time exclusivity check (a library call
    /// each) that a public stored property, and this one, would otherwise get.
    @exclusivity(unchecked) private var velocityStorage = 0.0

    /// The mean distance of the touches still down from their centroid,
    /// doubled (for two fingers: the distance between them); nil for fewer
    /// than two.
    private var activeSpan: Double? {
        let count = activeTouchCount
        guard count >= 2 else { return nil }
        let c = activeCentroid
        var total = 0.0
        for t in trackedTouches where t.isActive { total += t.locationInWindow.distance(to: c) }
        return 2 * total / Double(count)
    }

    /// Re-anchors the scale to the span of the fingers now down.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        reanchor()
    }

    /// Updates ``scale`` and ``velocity`` from the fingers' span; begins once
    /// the span has changed by more than the pinch slop.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let anchorSpan, anchorSpan > 0, let span = activeSpan else { return }
        currentScale = baseScale * span / anchorSpan
        tracker.add(currentScale, at: event.timestamp)
        velocity = tracker.scalarVelocity(at: event.timestamp)
        let change = abs(span - (spanAtStart ?? span))
        continueGesture(beginIf: change > slop,
                        reason: "span changed \(formatFixed(change, digits: 0)) px > \(formatCoordinate(slop)) px")
    }

    /// The window's pinch slop in logical pixels.
    private var slop: Double { judging.pinchSlop }

    /// Re-anchors to the fingers left; when none is, ends the pinch (or fails
    /// it if it never began).
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        fingersLifted(event: event, cancelled: false)
    }

    /// As ``touchesEnded(_:with:)``, but a begun pinch is cancelled instead of
    /// ended.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        fingersLifted(event: event, cancelled: true)
    }

    private func fingersLifted(event: Event, cancelled: Bool) {
        velocity = tracker.scalarVelocity(at: event.timestamp)
        if activeTouchCount > 0 {
            reanchor()
            return
        }
        finishGesture(cancelled: cancelled,
                      notBegunReason: "lifted before pinching \(formatCoordinate(slop)) px")
    }

    private func reanchor() {
        baseScale = currentScale
        anchorSpan = activeSpan
        if spanAtStart == nil || activeTouchCount < 2 { spanAtStart = anchorSpan }
    }

    open override func reset() {
        super.reset()
        baseScale = 1
        currentScale = 1
        anchorSpan = nil
        spanAtStart = nil
        velocity = 0
        tracker.reset()
    }
}
