import CPosix
import Glibc
import Logging

/// A one-shot timer the event loop can poll: its file descriptor becomes
/// readable at an absolute `CLOCK_MONOTONIC` deadline (seconds, the
/// clock of `MonotonicTimeSource`).
final class DeadlineTimer {
    /// The timerfd, for `poll`.
    let fileDescriptor: Int32
    /// The deadline currently armed, to skip redundant system calls when
    /// the scheduler reports a change that did not move it.
    private var armedDeadline: Double?

    init() throws(WaylandError) {
        fileDescriptor = cposix_timer_create()
        guard fileDescriptor >= 0 else {
            throw .systemCallFailed(call: "timerfd_create", reason: errnoDescription(errno))
        }
    }

    deinit {
        close(fileDescriptor)
    }

    /// Makes the timer fire at `deadline`, or never when nil. Past deadlines
    /// fire at once.
    func arm(at deadline: Double?) {
        guard deadline != armedDeadline else { return }
        let result: Int32
        if let deadline {
            result = cposix_timer_arm_at(fileDescriptor, max(deadline, 0))
        } else {
            result = cposix_timer_disarm(fileDescriptor)
        }
        if result == 0 {
            armedDeadline = deadline
        } else {
            // Only a non-finite deadline gets here: such a timer cannot fire,
            // and never firing beats firing in a loop.
            logger.error("cannot arm timer for deadline \(deadline ?? 0): \(errnoDescription(errno))")
            _ = cposix_timer_disarm(fileDescriptor)
            armedDeadline = nil
        }
    }

    /// Acknowledges an expiry so the descriptor stops polling readable.
    func acknowledge() {
        _ = cposix_timer_drain(fileDescriptor)
        armedDeadline = nil
    }
}
