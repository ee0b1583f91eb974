/// The touches that changed together in one input frame (one
/// `wl_touch.frame`), plus every other touch still on the surface.
public final class Event {
    /// Time of the frame, in seconds.
    public let timestamp: Double
    /// Every touch of the frame's sequence, changed or not.
    public let allTouches: Set<Touch>

    init(timestamp: Double, allTouches: Set<Touch>) {
        self.timestamp = timestamp
        self.allTouches = allTouches
    }

    /// The touches delivered to `view`.
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

    /// The touches `recognizer` is tracking.
    public func touches(for recognizer: GestureRecognizer) -> Set<Touch> {
        allTouches.filter { t in t.gestureRecognizers.contains { $0 === recognizer } }
    }
}
