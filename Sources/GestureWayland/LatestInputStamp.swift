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
/// the smallest gap between an event's time and its delivery among the
/// last few events read as they came (whatever clock the compositor
/// stamps events with). Only those say when events arrive: one read in a
/// held batch was delivered later than it came, so its gap counts only
/// when it is smaller still. And only the last few: the events' times are
/// in whole milliseconds, and where a source's phase against them moves
/// (a late frame, a rate that is no whole number of milliseconds), a
/// smallest gap kept since the fingers went down would forecast every
/// later event early, so that the loop wakes before it came and waits
/// for it again.
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
    /// of the recent gaps between an event's time and its delivery since
    /// the input last paused (a pause starts the estimate again).
    var arrivalOffset: Double? { recentGaps.smallest }
    private var recentGaps = RecentGaps()

    /// Whether the events delivered now were read as they came (the loop
    /// was watching the compositor's socket) rather than after waiting
    /// unread for a frame on its way. The loop's owner sets it before each
    /// batch it dispatches.
    var deliveriesArePrompt = true

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
            if paused { recentGaps.removeAll() }
            let gap = now - eventTime
            // A held event's gap is only a bound (it came no later than
            // it was read), and with nothing to compare it to, too loose
            // to start from: the loop would wake late, its events would
            // all be held, and none would correct it.
            if deliveriesArePrompt || gap < recentGaps.smallest ?? -.infinity {
                recentGaps.add(gap)
            }
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

/// The last four gaps between a touch event's time and its delivery, in a
/// fixed ring: recorded for every touch frame, with no allocation.
struct RecentGaps {
    private var gaps = SIMD4<Double>(repeating: .infinity)
    private var next = 0

    mutating func add(_ gap: Double) {
        gaps[next] = gap
        next = (next + 1) % 4
    }

    mutating func removeAll() {
        gaps = SIMD4(repeating: .infinity)
        next = 0
    }

    /// Nil while none was added since the last `removeAll()`.
    var smallest: Double? {
        let least = gaps.min()
        return least.isFinite ? least : nil
    }
}
