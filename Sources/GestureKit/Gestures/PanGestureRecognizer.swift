/// Recognizes a drag (continuous): it begins when the centroid of
/// `minimumNumberOfTouches` or more fingers has moved the window's
/// `GestureThresholds.panSlop`,
/// reports `.changed` on every move, and ends when fewer than the minimum
/// remain. Fingers beyond `maximumNumberOfTouches` are ignored. When a
/// finger joins or lifts, the translation re-anchors so it never jumps.
open class PanGestureRecognizer: GestureRecognizer {
    /// Fewest fingers that pan (values below 1 count as 1).
    public var minimumNumberOfTouches = 1 {
        didSet { minimumNumberOfTouches = Swift.max(1, minimumNumberOfTouches) }
    }
    /// Most fingers tracked; more are ignored (values below 1 count as 1).
    public var maximumNumberOfTouches = Int.max {
        didSet { maximumNumberOfTouches = Swift.max(1, maximumNumberOfTouches) }
    }

    /// Translation accumulated before the current anchor (window px).
    private var base = Point.zero
    /// The centroid when the current set of fingers was anchored.
    private var anchor = Point.zero
    @exclusivity(unchecked) private var lastCentroid = Point.zero
    @exclusivity(unchecked) private var lastTime = 0.0
    private var anchored = false
    @exclusivity(unchecked) private var tracker = VelocityTracker()  // see VelocityTracker

    /// The translation since the fingers went down, in `view`'s coordinates
    /// (window coordinates when nil).
    public func translation(in view: View?) -> Point {
        Self.convertVector(windowTranslation, to: view)
    }

    /// Makes the current translation read `translation` (in `view`'s
    /// coordinates), e.g. `.zero` to get increments from now on.
    public func setTranslation(_ translation: Point, in view: View?) {
        base = Self.convertVector(translation, from: view)
        anchor = lastCentroid
        tracker.reset()
    }

    /// The velocity of the translation (px per second) in `view`'s
    /// coordinates; zero after the fingers rested.
    public func velocity(in view: View?) -> Point {
        Self.convertVector(tracker.velocity(at: lastTime), to: view)
    }

    private var windowTranslation: Point { base + (lastCentroid - anchor) }

    /// Ignores fingers that come down beyond ``maximumNumberOfTouches``,
    /// and re-anchors the translation to the new set of fingers.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if activeTouchCount > maximumNumberOfTouches {
            for t in touches.sorted(by: { $0.identifier < $1.identifier }) where activeTouchCount > maximumNumberOfTouches {
                ignore(t, for: event)
            }
        }
        reanchor(time: event.timestamp)
    }

    /// Follows the fingers' centroid: begins once it has moved beyond the pan
    /// slop with at least ``minimumNumberOfTouches`` fingers, and reports every
    /// move after that as a change.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        lastCentroid = activeCentroid
        lastTime = event.timestamp
        let t = windowTranslation
        tracker.add(t, at: event.timestamp)
        let distance = t.distance(to: .zero)
        continueGesture(beginIf: activeTouchCount >= minimumNumberOfTouches && distance > slop,
                        reason: "moved \(formatFixed(distance, digits: 0)) px > \(formatCoordinate(slop)) px")
    }

    /// The window's pan slop in logical pixels.
    private var slop: Double { judging.panSlop }

    /// Ends the pan when fewer than ``minimumNumberOfTouches`` fingers remain
    /// (fails it if it never began); otherwise re-anchors to the fingers left.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        fingersLifted(event: event, cancelled: false)
    }

    /// As ``touchesEnded(_:with:)``, but a begun pan is cancelled instead of
    /// ended.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        fingersLifted(event: event, cancelled: true)
    }

    private func fingersLifted(event: Event, cancelled: Bool) {
        lastTime = event.timestamp
        let remaining = activeTouchCount
        let gestureOver = state == .possible ? remaining == 0 : remaining < minimumNumberOfTouches
        if gestureOver {
            finishGesture(cancelled: cancelled,
                          notBegunReason: "lifted before moving \(formatCoordinate(slop)) px")
        } else {
            reanchor(time: event.timestamp)
        }
    }

    /// The set of fingers changed: keep the translation where it is and
    /// measure further movement from the new centroid.
    private func reanchor(time: Double) {
        guard activeTouchCount > 0 else { return }
        if anchored { base = windowTranslation }
        anchored = true
        anchor = activeCentroid
        lastCentroid = anchor
        lastTime = time
    }

    open override func reset() {
        super.reset()
        base = .zero
        anchor = .zero
        lastCentroid = .zero
        lastTime = 0
        anchored = false
        tracker.reset()
    }
}
