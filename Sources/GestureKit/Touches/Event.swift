/// The touches that changed together in one input frame (one
/// `wl_touch.frame`), plus every other touch still on the surface.
///
/// As in UIKit, a window reuses one event object for all of its touch
/// frames: it is valid for the duration of the call it is passed to. Keep
/// the touches (or a copy of `allTouches`), not the event.
public final class Event {
    /// Time of the frame, in seconds.
    @exclusivity(unchecked) public internal(set) var timestamp: Double = 0
    /// Every touch of the frame's sequence, changed or not.
    public internal(set) var allTouches: Set<Touch> = []

    /// The input's `downTouchesVersion` when `allTouches` was filled with
    /// exactly the touches down then; nil when it holds others (or none).
    var downTouchesVersion: Int?

    init() {}

    /// Empties the event for the next delivery to fill, keeping its storage.
    func clear() {
        allTouches.removeAll(keepingCapacity: true)
        downTouchesVersion = nil
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
