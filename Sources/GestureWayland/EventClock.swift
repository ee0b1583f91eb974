/// Converts the compositor's event timestamps (32-bit milliseconds, base
/// unspecified) into seconds for the toolkit.
///
/// The 32-bit counter wraps every ~49.7 days; a naive conversion would then
/// make time jump backwards mid-gesture and wreck velocity estimates. A
/// step back of more than half the range is taken as a wrap. Smaller steps
/// back are legitimate (devices on different seats are not ordered) and
/// pass through unchanged.
struct EventClock {
    private static let wrapSpan = 4_294_967_296.0 // 2^32 ms
    private static let halfRange: UInt32 = 1 << 31

    private var last: UInt32?
    private var wraps: Double = 0

    /// Seconds for an event stamped `milliseconds`.
    mutating func seconds(fromMilliseconds milliseconds: UInt32) -> Double {
        var epoch = wraps
        if let last, milliseconds < last, last - milliseconds > Self.halfRange {
            wraps += 1
            epoch = wraps
            self.last = milliseconds
        } else if wraps > 0, let last, milliseconds > last, milliseconds - last > Self.halfRange {
            // A straggler from before the latest wrap; it must not move `last`.
            epoch = wraps - 1
        } else {
            last = milliseconds
        }
        return (epoch * Self.wrapSpan + Double(milliseconds)) / 1000
    }
}
