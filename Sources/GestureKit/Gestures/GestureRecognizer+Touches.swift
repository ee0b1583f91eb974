/// Helpers for recognizers: the touches still down and their geometry.
extension GestureRecognizer {
    /// Tracked touches that have not ended or been cancelled, in arrival
    /// order. Inside `touchesEnded` the ending touches are already excluded.
    public var activeTouches: [Touch] { trackedTouches.filter(\.isActive) }

    /// The centroid of `touches` in window coordinates.
    static func centroid(of touches: [Touch]) -> Point {
        guard !touches.isEmpty else { return .zero }
        var sum = Point.zero
        for t in touches { sum = sum + t.locationInWindow }
        return sum * (1 / Double(touches.count))
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
    /// once begun, every movement is a `.changed`.
    public func continueGesture(beginIf shouldBegin: Bool, reason: @autoclosure () -> String) {
        switch state {
        case .possible:
            if shouldBegin { setState(.began, reason: reason()) }
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
