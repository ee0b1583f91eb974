import CPosix
import GestureKit

/// When the newest input not yet on screen reached the toolkit: the start
/// of a frame's input-to-present latency.
///
/// Watches the window for delivered touches (real ones, and those the
/// pointer and touchpad emulate), which is the input that changes what the
/// window shows. Stamped with `CLOCK_MONOTONIC` at delivery rather than
/// with the compositor's event time, whose clock the protocol leaves
/// unspecified; so the latency covers this process and the compositor's
/// repaint, not the compositor's own input path.
final class LatestInputStamp: WindowObserver {
    /// `CLOCK_MONOTONIC` seconds of the newest delivery since `reset()`.
    private(set) var latest: Double?

    func touchesDidChange(_ touches: [Touch], in window: Window) {
        latest = cposix_monotonic_seconds()
    }

    /// Forgets the stamp: a frame showed that input, or it changed nothing.
    func reset() {
        latest = nil
    }
}
