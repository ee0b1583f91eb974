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
///
/// The events' times also say when the next touch event should arrive,
/// so that a loop holding the compositor's events for a frame on its way
/// can wake once for both that frame's presentation and the input that
/// follows it. The offset from the events' clock to `CLOCK_MONOTONIC` is
/// the smallest gap between an event's time and its delivery: an event
/// read as it came is delivered within microseconds, one read in a held
/// batch later, so the smallest gap is the one closest to the truth
/// (whatever clock the compositor stamps events with).
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
    /// `CLOCK_MONOTONIC` minus the events' clock, at most: the smallest
    /// gap between an event's time and its delivery since the input last
    /// paused (a pause starts the estimate again).
    private(set) var arrivalOffset: Double?

    private let clock: () -> Double

    /// A stamp reading `CLOCK_MONOTONIC` through `clock` (tests pass
    /// their own).
    init(clock: @escaping () -> Double = { cposix_monotonic_seconds() }) {
        self.clock = clock
    }

    func touchesDidChange(_ touches: [Touch], in window: Window) {
        let now = clock()
        let eventTime = touches.reduce(-Double.infinity) { max($0, $1.timestamp) }
        // The first event, or the first after a pause, starts the offset
        // again (an event older than the newest, from another device,
        // does not).
        var paused = true
        if let last = lastEventTime {
            let gap = eventTime - last
            paused = gap >= Self.longestInterval
            // Several deliveries of one frame's events share its time.
            if gap > 0, gap < Self.longestInterval {
                interval = interval.map { 0.75 * $0 + 0.25 * gap } ?? gap
            }
        }
        if eventTime.isFinite {
            lastEventTime = max(eventTime, lastEventTime ?? eventTime)
            let offset = now - eventTime
            arrivalOffset = paused ? offset : min(arrivalOffset ?? offset, offset)
        }
        lastDelivery = now
        latest = now
    }

    /// When (`CLOCK_MONOTONIC`) the newest touch event seen reached this
    /// process, as its time says; nil before one came.
    var lastArrival: Double? {
        guard let lastEventTime, let arrivalOffset else { return nil }
        return lastEventTime + arrivalOffset
    }

    /// When the first touch event after `time` (`CLOCK_MONOTONIC`) should
    /// arrive if the input keeps its rate: nil without a rate, or when one
    /// arrived after `time` already.
    func nextArrival(after time: Double) -> Double? {
        guard let interval, interval > 0, let last = lastArrival, last <= time else { return nil }
        let steps = ((time - last) / interval).rounded(.down) + 1
        return last + steps * interval
    }

    /// Forgets the stamp: a frame showed that input, or it changed nothing.
    func reset() {
        latest = nil
    }
}
