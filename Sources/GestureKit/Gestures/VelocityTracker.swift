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
/// Samples live in a fixed ring, so tracking allocates nothing per event.
public struct VelocityTracker {
    private static let capacity = 32
    private var times = [Double](repeating: 0, count: capacity)
    private var xs = [Double](repeating: 0, count: capacity)
    private var ys = [Double](repeating: 0, count: capacity)
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
            if time < times[last] { return }  // out of order: ignore
            if xs[last] != x || ys[last] != y { lastChange = time }
        } else {
            lastChange = time
        }
        times[head] = time
        xs[head] = x
        ys[head] = y
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
        // sample).
        let newest = head == 0 ? Self.capacity - 1 : head - 1
        let horizon = times[newest] - Thresholds.velocityWindow
        var n = 0, st = 0.0, sx = 0.0, sy = 0.0
        var newer = times[newest]
        var k = newest
        while n < count {
            let t = times[k]
            guard t >= horizon, newer - t <= Thresholds.velocityRestTime else { break }
            newer = t
            n += 1; st += t; sx += xs[k]; sy += ys[k]
            k = k == 0 ? Self.capacity - 1 : k - 1
        }
        guard n >= 2 else { return .zero }
        let samples = Double(n)
        let mt = st / samples, mx = sx / samples, my = sy / samples
        var stt = 0.0, stx = 0.0, sty = 0.0
        k = newest
        for _ in 0..<n {
            let dt = times[k] - mt
            stt += dt * dt; stx += dt * (xs[k] - mx); sty += dt * (ys[k] - my)
            k = k == 0 ? Self.capacity - 1 : k - 1
        }
        guard stt > 0 else { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }
}
