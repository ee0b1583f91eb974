import CPosix
import GestureKit

/// The live clock: `CLOCK_MONOTONIC`, in seconds.
///
/// Give this to the window's `Scheduler` when running under Wayland: the
/// backend arms its timer on the same clock, so a deadline computed from
/// `now` fires at the right moment. It never jumps when the wall clock is
/// changed.
public final class MonotonicTimeSource: TimeSource, Sendable {
    /// Creates the clock; all instances read the same system clock.
    public init() {}

    /// Seconds since an arbitrary fixed point (typically boot).
    public var now: Double {
        cposix_monotonic_seconds()
    }
}
