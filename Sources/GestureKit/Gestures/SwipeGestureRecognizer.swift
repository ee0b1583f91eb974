import RealModule

/// The directions a swipe may go, as a bit mask (UIKit's values).
public struct SwipeDirection: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The directions as bits, with UIKit's values.
    public let rawValue: UInt
    /// The directions whose bits are set in `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Towards larger x.
    public static let right = SwipeDirection(rawValue: 1 << 0)
    /// Towards smaller x.
    public static let left = SwipeDirection(rawValue: 1 << 1)
    /// Towards smaller y (up the screen).
    public static let up = SwipeDirection(rawValue: 1 << 2)
    /// Towards larger y (down the screen).
    public static let down = SwipeDirection(rawValue: 1 << 3)

    /// The names joined by "|", e.g. `left|right`; empty for no direction.
    public var description: String {
        let names = [(SwipeDirection.right, "right"), (.left, "left"), (.up, "up"), (.down, "down")]
            .filter { contains($0.0) }.map(\.1)
        return names.joined(separator: "|")
    }
}

/// Recognizes a quick straight stroke (discrete) by
/// `numberOfTouchesRequired` fingers in one of the `direction`s: the
/// fingers' centroid must cover the window's
/// `GestureThresholds.swipeMinimumDistance` along a horizontal or vertical
/// axis within `swipeMaximumDuration` of touch-down, no more than
/// `swipeMaximumAngle` off that axis.
/// It is recognized as soon as that happens, before the fingers lift.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Allowed directions (default right, as UIKit).
    public var direction = SwipeDirection.right
    /// Fingers (values below 1 count as 1).
    public var numberOfTouchesRequired = 1 {
        didSet { numberOfTouchesRequired = Swift.max(1, numberOfTouchesRequired) }
    }
    /// Which direction the recognized swipe went (an addition to UIKit's
    /// API, so one recognizer for left|right can tell them apart).
    public private(set) var recognizedDirection: SwipeDirection?

    private var start: Point?
    private var startTime = 0.0
    private var timer: ScheduledTimer?

    /// With exactly ``numberOfTouchesRequired`` fingers down, starts the
    /// stroke and the `swipeMaximumDuration` wait; one finger more fails it.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        let down = activeTouchCount
        if down > numberOfTouchesRequired {
            fail("\(down) touches > \(numberOfTouchesRequired) required")
        } else if down == numberOfTouchesRequired {
            start = activeCentroid
            startTime = event.timestamp
            timer?.invalidate()
            let t = thresholds, distance = t.logicalPixels(t.swipeMinimumDistance)
            timer = scheduler?.schedule(after: t.swipeMaximumDuration) { [weak self] _ in
                guard let self, self.state == .possible else { return }
                self.fail("not \(formatCoordinate(distance)) px within \(formatFixed(t.swipeMaximumDuration)) s")
            }
        }
    }

    /// Once the centroid has covered the minimum distance along an axis,
    /// recognizes the swipe if the stroke is straight enough, fast enough and
    /// in an allowed ``direction``, and fails it otherwise.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let start, activeTouchCount == numberOfTouchesRequired else { return }
        let d = activeCentroid - start
        let horizontal = abs(d.x) >= abs(d.y)
        let along = horizontal ? abs(d.x) : abs(d.y)
        let across = horizontal ? abs(d.y) : abs(d.x)
        let t = thresholds
        guard along >= t.logicalPixels(t.swipeMinimumDistance) else { return }
        let went: SwipeDirection = horizontal ? (d.x > 0 ? .right : .left) : (d.y > 0 ? .down : .up)
        let angle = Double.atan2(y: across, x: along)
        let elapsed = event.timestamp - startTime
        if angle > t.swipeMaximumAngle {
            fail("\(formatFixed(angle * 180 / .pi, digits: 0))° off axis > \(formatFixed(t.swipeMaximumAngle * 180 / .pi, digits: 0))°")
        } else if !direction.contains(went) {
            fail("went \(went), allowed \(direction)")
        } else if elapsed > t.swipeMaximumDuration {
            fail("took \(formatFixed(elapsed)) s > \(formatFixed(t.swipeMaximumDuration)) s")
        } else {
            recognizedDirection = went
            setState(.recognized, reason: "went \(went) \(formatFixed(along, digits: 0)) px in \(formatFixed(elapsed)) s")
        }
    }

    /// Fails a swipe that has not been recognized yet: it must be recognized
    /// before the fingers lift.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        fail("lifted before \(formatCoordinate(thresholds.logicalPixels(thresholds.swipeMinimumDistance))) px")
    }

    /// Fails a swipe that has not been recognized yet.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { fail("touch cancelled") }
    }

    open override func reset() {
        super.reset()
        timer?.invalidate()
        timer = nil
        start = nil
        startTime = 0
        recognizedDirection = nil
    }
}
