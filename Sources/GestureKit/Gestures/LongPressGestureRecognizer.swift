/// Recognizes fingers resting in place (continuous): it begins once
/// `numberOfTouchesRequired` fingers have stayed within `allowableMovement`
/// for `minimumPressDuration`, reports `.changed` as they move afterwards
/// (no limit then), and ends when they lift. With `numberOfTapsRequired`
/// above 0, that many quick taps must come first (tap, tap, press...).
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the fingers must rest (seconds); by default the window's
    /// `GestureThresholds.longPressDuration`.
    public var minimumPressDuration: Double {
        get { pressDurationOverride ?? thresholds.longPressDuration }
        set { pressDurationOverride = newValue }
    }
    /// How far the fingers may move before the press began (logical
    /// pixels); by default the window's
    /// `GestureThresholds.longPressAllowableMovement`.
    public var allowableMovement: Double {
        get { allowableMovementOverride ?? thresholds.logicalPixels(thresholds.longPressAllowableMovement) }
        set { allowableMovementOverride = newValue }
    }
    private var pressDurationOverride: Double?
    private var allowableMovementOverride: Double?
    /// Fingers that must press (values below 1 count as 1).
    public var numberOfTouchesRequired = 1 {
        didSet { numberOfTouchesRequired = Swift.max(1, numberOfTouchesRequired) }
    }
    /// Quick taps before the press (values below 0 count as 0).
    public var numberOfTapsRequired = 0 {
        didSet { numberOfTapsRequired = Swift.max(0, numberOfTapsRequired) }
    }

    private var tapsCompleted = 0
    /// The most fingers down at once in the quick tap under way.
    private var mostTouchesInTap = 0
    private var timer: ScheduledTimer?
    private var pressStart = 0.0

    /// Once ``numberOfTouchesRequired`` fingers are down (and the taps
    /// required before the press are done) starts the
    /// ``minimumPressDuration`` wait; one finger more fails the press.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        timer?.invalidate()
        timer = nil
        guard state == .possible else { return }
        let down = activeTouchCount
        mostTouchesInTap = Swift.max(mostTouchesInTap, down)
        if down > numberOfTouchesRequired {
            fail("\(down) touches > \(numberOfTouchesRequired) required")
            return
        }
        guard down == numberOfTouchesRequired else { return }
        pressStart = event.timestamp
        guard tapsCompleted == numberOfTapsRequired else { return }
        timer = scheduler?.schedule(after: minimumPressDuration) { [weak self] _ in
            guard let self, self.state == .possible else { return }
            self.setState(.began, reason: "held \(formatFixed(self.minimumPressDuration)) s")
        }
    }

    /// Before the press began, a finger moving beyond ``allowableMovement``
    /// fails it; after, every move is a ``GestureRecognizer/State-swift.enum/changed``.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible:
            for t in touches {
                let moved = Self.travel(of: t)
                if moved > allowableMovement {
                    fail("moved \(formatFixed(moved, digits: 0)) px > \(formatCoordinate(allowableMovement)) px")
                    return
                }
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// Before the press began, a lift ends one of the quick taps required
    /// (once its last finger is up, if all the required fingers came down)
    /// or fails the press; after, any finger lifted ends it (as UIKit
    /// documents), one put down since it began too.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible:
            timer?.invalidate()
            timer = nil
            let held = event.timestamp - pressStart
            if tapsCompleted < numberOfTapsRequired && held < minimumPressDuration {
                // The tap's other fingers lift in frames of their own.
                guard activeTouchCount == 0 else { return }
                guard mostTouchesInTap == numberOfTouchesRequired else {
                    fail("tap of \(mostTouchesInTap) touches, \(numberOfTouchesRequired) required")
                    return
                }
                mostTouchesInTap = 0
                tapsCompleted += 1
                let interval = thresholds.multiTapInterval
                let left = thresholds.multiTapTimeLeft(at: event.timestamp, pressTime: pressStart,
                                                        liftTime: event.timestamp)
                guard left > 0 else {
                    fail("no touch \(tapsCompleted + 1) within \(formatFixed(interval)) s")
                    return
                }
                timer = scheduler?.schedule(after: left) { [weak self] _ in
                    guard let self, self.state == .possible else { return }
                    self.fail("no touch \(self.tapsCompleted + 1) within \(formatFixed(interval)) s")
                }
            } else {
                fail("lifted after \(formatFixed(held)) s < \(formatFixed(minimumPressDuration)) s")
            }
        case .began, .changed:
            state = .ended
        default:
            break
        }
    }

    /// Cancels a begun press, or fails one still waiting.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        finishGesture(cancelled: true, notBegunReason: "touch cancelled")
    }

    open override func reset() {
        super.reset()
        timer?.invalidate()
        timer = nil
        tapsCompleted = 0
        mostTouchesInTap = 0
        pressStart = 0
    }
}
