/// Runs an action once `delay` has passed since the latest ``restart()``:
/// an idle timeout, such as a label reset three seconds after the last
/// interaction. Restarted many times a second (a finger moving, frames
/// following each other), it keeps one timer: firing before the deadline,
/// the timer waits out the rest, so there is one timer per interval, not
/// one per restart.
public final class IdleTimeout {
    private let scheduler: Scheduler
    /// How long after the latest restart the action runs.
    public let delay: Double
    private let action: () -> Void
    private var deadline = 0.0
    private var timer: ScheduledTimer?

    /// A timeout on `scheduler`, not yet started. `action` runs on the
    /// scheduler's timers; capture its owner weakly.
    public init(delay: Double, scheduler: Scheduler, action: @escaping () -> Void) {
        self.delay = delay
        self.scheduler = scheduler
        self.action = action
    }

    deinit {
        timer?.invalidate()
    }

    /// Whether the action is still to run.
    public var isPending: Bool { timer != nil }

    /// Starts the wait again from now.
    public func restart() {
        deadline = scheduler.now + delay
        if timer == nil { arm(after: delay) }
    }

    /// Stops the wait: the action does not run.
    public func cancel() {
        timer?.invalidate()
        timer = nil
    }

    private func arm(after interval: Double) {
        timer = scheduler.schedule(after: interval) { [weak self] _ in
            guard let self else { return }
            timer = nil
            let left = deadline - scheduler.now
            if left > 0 {
                arm(after: left)
            } else {
                action()
            }
        }
    }
}
