import Glibc

/// Converts a time read on one of the kernel's clocks into
/// `CLOCK_MONOTONIC`, the clock of the app's input stamps and timers.
///
/// `wp_presentation` reports times on the clock its `clock_id` names, which
/// need not be `CLOCK_MONOTONIC`: weston 10 uses `CLOCK_MONOTONIC_RAW`.
/// NTP adjusts the rate of `CLOCK_MONOTONIC` (by up to 0.05 %) and not the
/// raw clock's, so the two drift apart from boot on: by a quarter of a
/// second after ten minutes on a machine whose oscillator is that far off,
/// far more than a frame. So the offset is measured at each conversion:
/// the target clock read between two reads of `CLOCK_MONOTONIC`, and the
/// tightest of a few such brackets kept (a preemption between reads
/// widens one, not all).
struct ClockConversion {
    /// Reads a clock in seconds; nil when the kernel does not know it.
    typealias Reader = (clockid_t) -> Double?

    /// Brackets taken per conversion.
    static let brackets = 3

    private let read: Reader

    /// - Parameter read: the clocks; the system's by default, fakes in tests.
    init(read: @escaping Reader = ClockConversion.readSystemClock) {
        self.read = read
    }

    /// `seconds` on `clock` as `CLOCK_MONOTONIC` seconds; nil when `clock`
    /// cannot be read here (an id this kernel does not know, or a clock of
    /// another machine), so the time is on no known clock.
    func monotonicSeconds(_ seconds: Double, on clock: clockid_t) -> Double? {
        if clock == CLOCK_MONOTONIC { return seconds }
        return offset(of: clock).map { seconds + $0 }
    }

    /// Whether times on `clock` can be converted here.
    func canRead(_ clock: clockid_t) -> Bool {
        read(clock) != nil
    }

    /// `CLOCK_MONOTONIC` minus `clock`, now: what to add to a time on
    /// `clock` to get it on `CLOCK_MONOTONIC`.
    func offset(of clock: clockid_t) -> Double? {
        var best: (width: Double, offset: Double)?
        for _ in 0..<Self.brackets {
            guard let before = read(CLOCK_MONOTONIC), let other = read(clock),
                  let after = read(CLOCK_MONOTONIC) else { return nil }
            let width = after - before
            // The other clock was read at the bracket's middle, give or take
            // half its width.
            let offset = (before + after) / 2 - other
            if best.map({ width < $0.width }) ?? true {
                best = (width, offset)
            }
        }
        return best?.offset
    }

    /// `clock_gettime`, in seconds.
    static func readSystemClock(_ clock: clockid_t) -> Double? {
        var now = timespec()
        guard clock_gettime(clock, &now) == 0 else { return nil }
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// A name for a clock id, for notes: "CLOCK_MONOTONIC_RAW".
    static func name(of clock: clockid_t) -> String {
        switch clock {
        case CLOCK_MONOTONIC: return "CLOCK_MONOTONIC"
        case CLOCK_MONOTONIC_RAW: return "CLOCK_MONOTONIC_RAW"
        case CLOCK_REALTIME: return "CLOCK_REALTIME"
        case CLOCK_BOOTTIME: return "CLOCK_BOOTTIME"
        case CLOCK_TAI: return "CLOCK_TAI"
        default: return "clock \(clock)"
        }
    }
}
