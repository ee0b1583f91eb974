/// A timer scheduled on a `Scheduler`: one-shot or repeating, stopped by
/// `invalidate()`. The scheduler keeps it alive until it fires for the last
/// time or is invalidated.
public final class ScheduledTimer {
    /// Seconds between firings as scheduled, after the scheduler's clamping
    /// (never negative; at least 1 ms for a repeating timer).
    public let interval: Double
    /// Whether the timer fires every ``interval`` until invalidated, rather than
    /// once.
    public let repeats: Bool
    /// When the timer is next due, in the scheduler's clock seconds. A repeating
    /// timer advances it by exactly ``interval`` each time it fires, so one that
    /// fell behind fires once per missed interval in the next
    /// ``Scheduler/fireDueTimers()`` call.
    public private(set) var fireDate: Double
    /// False once the timer was invalidated or a one-shot timer has fired
    /// (it is false already while its action runs).
    public private(set) var isValid = true
    let sequence: UInt64
    fileprivate let action: (ScheduledTimer) -> Void
    fileprivate weak var scheduler: Scheduler?

    fileprivate init(interval: Double, repeats: Bool, fireDate: Double, sequence: UInt64,
                     scheduler: Scheduler, action: @escaping (ScheduledTimer) -> Void) {
        self.interval = interval
        self.repeats = repeats
        self.fireDate = fireDate
        self.sequence = sequence
        self.scheduler = scheduler
        self.action = action
    }

    /// Stops the timer; it will not fire again. Safe to call more than once
    /// and from inside its own action.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        scheduler?.remove(self)
    }

    fileprivate func reschedule() { fireDate += interval }
}

/// The app's timers, on an injectable clock. It never sleeps or spawns
/// threads: the event loop asks for `nextDeadline`, waits until then (a
/// timerfd live, a jump of the virtual clock headless) and calls
/// `fireDueTimers()`.
public final class Scheduler {
    /// The clock deadlines are measured on; the scheduler never moves it.
    public let timeSource: TimeSource
    // The timers, read on every touch event and changed only by swapping
    // them out (`changeTimers`), and the two callbacks, read and then
    // called: no access to them lasts across a call that could reach them
    // again, so they skip the run-time exclusivity check.
    @exclusivity(unchecked) private var timers: [ScheduledTimer] = []
    private var nextSequence: UInt64 = 0

    /// Called when `nextDeadline` may have changed, so a live loop can
    /// re-arm its timer fd.
    @exclusivity(unchecked) public var onScheduleChange: (() -> Void)?

    /// Called before each timer's action: a timer firing is an event of
    /// its own (the window's undo steps begin there).
    @exclusivity(unchecked) public var onTimerWillFire: (() -> Void)?

    /// A scheduler with no timers, reading time from `timeSource`.
    public init(timeSource: TimeSource) {
        self.timeSource = timeSource
    }

    /// The time source's current reading, in seconds.
    public var now: Double { timeSource.now }

    /// When the earliest timer is due (absolute, in `timeSource` seconds);
    /// nil when nothing is scheduled, so an idle app never wakes up.
    public var nextDeadline: Double? { timers.first?.fireDate }

    /// Schedules `action` after `interval` seconds; repeating timers fire
    /// every `interval` (minimum 1 ms, so a zero interval cannot spin).
    @discardableResult
    public func schedule(after interval: Double, repeats: Bool = false,
                         _ action: @escaping (ScheduledTimer) -> Void) -> ScheduledTimer {
        let clamped = repeats ? Swift.max(interval, 0.001) : Swift.max(interval, 0)
        nextSequence += 1
        let timer = ScheduledTimer(interval: clamped, repeats: repeats, fireDate: now + clamped,
                                   sequence: nextSequence, scheduler: self, action: action)
        insert(timer)
        onScheduleChange?()
        return timer
    }

    /// Runs every timer whose deadline is not after `now`, earliest first
    /// (ties in scheduling order). A timer scheduled by an action runs in
    /// this call only if it is already due.
    public func fireDueTimers() {
        while let first = timers.first, first.fireDate <= now {
            changeTimers { $0.removeFirst() }
            if first.repeats {
                first.reschedule()
                insert(first)
            } else {
                first.invalidateWithoutRemoving()
            }
            onTimerWillFire?()
            first.action(first)
        }
        onScheduleChange?()
    }

    /// The number of live timers (for tests and the debug overlay).
    public var count: Int { timers.count }

    fileprivate func remove(_ timer: ScheduledTimer) {
        changeTimers { $0.removeAll { $0 === timer } }
        onScheduleChange?()
    }

    private func insert(_ timer: ScheduledTimer) {
        let index = timers.firstIndex {
            $0.fireDate > timer.fireDate || ($0.fireDate == timer.fireDate && $0.sequence > timer.sequence)
        } ?? timers.endIndex
        changeTimers { $0.insert(timer, at: index) }
    }

    /// Changes the timers by moving the list out and back (no reference
    /// counting): no access to `timers` may free a timer (run arbitrary
    /// code) while it lasts, so reading it, once per frame, is checked at
    /// compile time.
    private func changeTimers(_ change: (inout [ScheduledTimer]) -> Void) {
        var list: [ScheduledTimer] = []
        swap(&list, &timers)
        change(&list)
        swap(&list, &timers)
    }
}

extension ScheduledTimer {
    fileprivate func invalidateWithoutRemoving() { isValid = false }
}
