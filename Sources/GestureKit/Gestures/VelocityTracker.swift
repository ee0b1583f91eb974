/// Estimates how fast a point moves, from samples stamped with the events'
/// own times (not arrival times). The estimate is the least-squares slope
/// over the samples of the last `Thresholds.velocityWindow`, back to the
/// latest gap of more than `Thresholds.velocityRestTime` between two
/// samples (the fingers rested there, so what came before is over: a finger
/// that rests, then moves a pixel as it lifts, does not fling); it is zero
/// when the point has not moved for `Thresholds.velocityRestTime` before the
/// time asked about. One-dimensional values (a pinch's scale, a rotation's
/// angle) use the same tracker through `add(_:at:)` with a `Double` and
/// `scalarVelocity(at:)`.
///
/// Samples live in a fixed ring, so tracking allocates nothing per event;
/// each sample's time and point lie together (one bounds check and one
/// uniqueness check a sample, where three arrays took three of each). Its
/// methods never reach the object that holds it, so a recognizer keeps its
/// tracker `@exclusivity(unchecked)`: no access to it can overlap another,
/// and each move saves the run-time check (a library call).
public struct VelocityTracker {
    private struct Sample {
        var time = 0.0, x = 0.0, y = 0.0
    }

    private static let capacity = 32
    private var samples = [Sample](repeating: Sample(), count: capacity)
    private var count = 0
    private var head = 0
    /// When the value last changed (a sample equal to the previous one does
    /// not count as a change).
    private var lastChange: Double?

    /// A tracker with no samples; its velocity reads zero until two arrive.
    public init() {}

    /// Forgets every sample.
    public mutating func reset() {
        count = 0
        head = 0
        lastChange = nil
    }

    /// Adds a sample of a one-dimensional value at `time` (seconds).
    public mutating func add(_ value: Double, at time: Double) {
        add(Point(x: value, y: 0), at: time)
    }

    /// The rate of change of a one-dimensional value (units per second).
    public func scalarVelocity(at time: Double) -> Double {
        velocity(at: time).x
    }

    /// Adds a sample of the point at `time` (seconds).
    public mutating func add(_ point: Point, at time: Double) {
        let x = point.x, y = point.y
        if count > 0 {
            let last = (head + Self.capacity - 1) % Self.capacity
            if time < samples[last].time { return }  // out of order: ignore
            if samples[last].x != x || samples[last].y != y { lastChange = time }
        } else {
            lastChange = time
        }
        samples[head] = Sample(time: time, x: x, y: y)
        head = (head + 1) % Self.capacity
        count = Swift.min(count + 1, Self.capacity)
    }

    /// The velocity (units per second) as of `time`, usually the time of the
    /// latest event or of lift-off.
    public func velocity(at time: Double) -> Point {
        guard count >= 2, let changed = lastChange, time - changed <= Thresholds.velocityRestTime else {
            return .zero
        }
        // Newest first, stepping back round the ring (no division per
        // sample), in one pass: times and points are taken from the newest
        // sample's, so that the sums stay small and the slope's two terms
        // do not cancel away its precision.
        let newest = head == 0 ? Self.capacity - 1 : head - 1
        var n = 0, st = 0.0, sx = 0.0, sy = 0.0, stt0 = 0.0, stx0 = 0.0, sty0 = 0.0
        // The indices stay within the ring (`k` steps back from `newest`
        // and wraps at 0), so each sample is read without a bounds check.
        samples.withUnsafeBufferPointer { ring in
            let origin = ring[newest]
            let horizon = origin.time - Thresholds.velocityWindow
            var newer = origin.time
            var k = newest
            while n < count {
                let sample = ring[k], t = sample.time
                guard t >= horizon, newer - t <= Thresholds.velocityRestTime else { break }
                newer = t
                let dt = t - origin.time, dx = sample.x - origin.x, dy = sample.y - origin.y
                n &+= 1; st += dt; sx += dx; sy += dy
                stt0 += dt * dt; stx0 += dt * dx; sty0 += dt * dy
                k = k == 0 ? Self.capacity &- 1 : k &- 1
            }
        }
        guard n >= 2 else { return .zero }
        // The sums of products about the samples' means, from those about
        // the newest sample (`stt0` and the like): the time spread, and
        // how time and each coordinate vary together.
        let taken = Double(n)
        let stt = stt0 - st * st / taken, stx = stx0 - st * sx / taken, sty = sty0 - st * sy / taken
        guard stt > 0 else { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }
}
