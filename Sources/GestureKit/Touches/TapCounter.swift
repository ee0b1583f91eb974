/// Counts successive taps: a touch that goes down soon after the previous
/// tap lifted, close to where it was, continues its count (1, 2, 3...).
/// The limits are the window's `GestureThresholds.multiTapInterval`,
/// `multiTapMinimumInterval` and `multiTapDistance`; a touch that moved beyond its `tapSlop` was no tap
/// (its count is 0): it starts nothing, and ends the taps before it.
struct TapCounter {
    private var lastTap: (location: Point, time: Double, pressTime: Double, count: Int)?

    /// The tap count for a touch going down at `location` and `time`, when
    /// `othersDown` tells whether another finger is already down (a second
    /// finger is a new gesture, not a second tap).
    func count(at location: Point, time: Double, othersDown: Bool, judging: JudgingThresholds) -> Int {
        let thresholds = judging.thresholds
        guard !othersDown, let last = lastTap,
              thresholds.multiTapTimeLeft(at: time, pressTime: last.pressTime, liftTime: last.time) >= 0,
              time - last.time >= thresholds.multiTapMinimumInterval,
              location.distance(to: last.location) <= thresholds.logicalPixels(thresholds.multiTapDistance) else {
            return 1
        }
        return last.count + 1
    }

    /// A touch lifted at `location` and `time`: if it stayed a tap, the
    /// next one may continue its count; if it moved, the count starts
    /// again (a tap, a drag and a tap are not a double tap).
    mutating func touchLifted(_ touch: Touch, at location: Point, time: Double, judging: JudgingThresholds) {
        guard touch.tapCount > 0, touch.isWithinTapSlop(at: location, slop: judging.tapSlop) else {
            lastTap = nil
            return
        }
        lastTap = (location, time, touch.initialTimestamp, touch.tapCount)
    }
}
