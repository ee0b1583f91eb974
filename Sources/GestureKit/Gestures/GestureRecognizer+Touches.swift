/// Helpers for recognizers: the touches still down and their geometry.
extension GestureRecognizer {
    /// Tracked touches that have not ended or been cancelled, in arrival
    /// order. Inside `touchesEnded` the ending touches are already excluded.
    /// (A new array each time: per-event code reads `activeTouchCount` and
    /// `activeCentroid` instead, which allocate nothing.)
    public var activeTouches: [Touch] { trackedTouches.filter(\.isActive) }

    /// How many tracked touches are still down.
    public var activeTouchCount: Int {
        var n = 0
        for t in trackedTouches where t.isActive { n += 1 }
        return n
    }

    /// The centroid of the touches still down, in window coordinates (zero
    /// when none is).
    public var activeCentroid: Point { Self.centroid(of: trackedTouches, activeOnly: true) }

    /// The thresholds the recognizer's window judges by (UIKit's outside a
    /// window).
    public var thresholds: GestureThresholds { judging.thresholds }

    /// The same, read in place, for code that runs for every event.
    var judging: JudgingThresholds { view?.window?.judging ?? .uikit }

    /// The centroid of `touches` (of those still down, with `activeOnly`)
    /// in window coordinates; zero for none.
    static func centroid(of touches: [Touch], activeOnly: Bool = false) -> Point {
        var sum = Point.zero, n = 0
        for t in touches where !activeOnly || t.isActive {
            sum = sum + t.locationInWindow
            n += 1
        }
        return n == 0 ? .zero : sum * (1 / Double(n))
    }

    /// The first two touches still down, in arrival order.
    var firstTwoActiveTouches: (Touch, Touch)? {
        var first: Touch?
        for t in trackedTouches where t.isActive {
            if let first { return (first, t) }
            first = t
        }
        return nil
    }

    /// How far a touch is from where it went down (window px).
    static func travel(of touch: Touch) -> Double {
        touch.locationInWindow.distance(to: touch.initialLocationInWindow)
    }

    /// A window-coordinate vector expressed in `view`'s coordinates.
    static func convertVector(_ v: Point, to view: View?) -> Point {
        guard let view else { return v }
        return view.convert(v, from: nil) - view.convert(.zero, from: nil)
    }

    /// A vector in `view`'s coordinates expressed in window coordinates.
    static func convertVector(_ v: Point, from view: View?) -> Point {
        guard let view else { return v }
        return view.convert(v, to: nil) - view.convert(.zero, to: nil)
    }

    // MARK: Continuous gestures

    /// The usual step of a continuous recognizer on movement: from
    /// `.possible` it begins once `shouldBegin` holds (recording `reason`);
    /// once begun, every movement is a `.changed`. Both are evaluated only
    /// while the gesture has not begun, so the condition may read
    /// thresholds at no cost to a gesture under way.
    public func continueGesture(beginIf shouldBegin: @autoclosure () -> Bool, reason: @autoclosure () -> String) {
        switch state {
        case .possible:
            if shouldBegin() { setState(.began, reason: reason()) }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// The usual end of a continuous recognizer when its fingers are gone:
    /// a begun gesture ends, or is cancelled if the touches were (never
    /// taken for a release); one that never began fails with `reason`.
    public func finishGesture(cancelled: Bool, notBegunReason reason: @autoclosure () -> String) {
        switch state {
        case .began, .changed:
            if cancelled { setState(.cancelled, reason: "touch cancelled") } else { state = .ended }
        case .possible:
            fail(cancelled ? "touch cancelled" : reason())
        default:
            break
        }
    }
}
