import CPosix
import GestureKit

/// When the newest input not yet on screen reached the toolkit (the start
/// of a frame's input-to-present latency), and how often touch input has
/// been arriving (for pacing frames to it).
///
/// Watches the window for delivered touches (real ones, and those the
/// pointer and touchpad emulate), which is the input that changes what the
/// window shows. Stamped with `CLOCK_MONOTONIC` at delivery rather than
/// with the compositor's event time, whose clock the protocol leaves
/// unspecified; so the latency covers this process and the compositor's
/// repaint, not the compositor's own input path. The rate, though, comes
/// from the events' own times: events read in one batch (while a frame is
/// on its way) are delivered together but were not sent together.
final class LatestInputStamp: WindowObserver {
    /// `CLOCK_MONOTONIC` seconds of the newest delivery since `reset()`.
    private(set) var latest: Double?
    /// `CLOCK_MONOTONIC` seconds of the newest delivery ever.
    private(set) var lastDelivery: Double?
    /// The typical time between touch frames while fingers move (a running
    /// average of recent gaps); nil until two came close together.
    private(set) var interval: Double?

    /// Gaps longer than this are pauses, not the input's rate.
    static let longestInterval = 0.05

    /// The compositor's time of the newest touch event seen (seconds).
    private var lastEventTime: Double?

    func touchesDidChange(_ touches: [Touch], in window: Window) {
        let now = cposix_monotonic_seconds()
        let eventTime = touches.reduce(-Double.infinity) { max($0, $1.timestamp) }
        if let last = lastEventTime {
            let gap = eventTime - last
            // Several deliveries of one frame's events share its time.
            if gap > 0, gap < Self.longestInterval {
                interval = interval.map { 0.75 * $0 + 0.25 * gap } ?? gap
            }
        }
        if eventTime > -Double.infinity {
            lastEventTime = max(eventTime, lastEventTime ?? eventTime)
        }
        lastDelivery = now
        latest = now
    }

    /// Forgets the stamp: a frame showed that input, or it changed nothing.
    func reset() {
        latest = nil
    }
}
