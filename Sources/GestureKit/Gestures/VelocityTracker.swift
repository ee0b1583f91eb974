/// Estimates how fast a value (a position, a scale, an angle) changes, from
/// samples stamped with the events' own times (not arrival times). The
/// estimate is the least-squares slope over the samples of the last
/// `Thresholds.velocityWindow`, back to the latest gap of more than
/// `Thresholds.velocityRestTime` between two samples (the fingers rested
/// there, so what came before is over: a finger that rests, then moves a
/// pixel as it lifts, does not fling); it is zero when the value has not
/// changed for `Thresholds.velocityRestTime` before the time asked about.
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

    public init() {}

    /// Forgets every sample.
    public mutating func reset() {
        count = 0
        head = 0
        lastChange = nil
    }

    /// Adds a two-component sample at `time` (seconds).
    public mutating func add(time: Double, x: Double, y: Double = 0) {
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
    public func velocity(at time: Double) -> (x: Double, y: Double) {
        guard count >= 2, let changed = lastChange, time - changed <= Thresholds.velocityRestTime else {
            return (0, 0)
        }
        let newest = (head + Self.capacity - 1) % Self.capacity
        let horizon = times[newest] - Thresholds.velocityWindow
        var n = 0.0, st = 0.0, sx = 0.0, sy = 0.0
        var newer = times[newest]
        for i in 0..<count {
            let k = (newest + Self.capacity - i) % Self.capacity
            guard times[k] >= horizon, newer - times[k] <= Thresholds.velocityRestTime else { break }
            newer = times[k]
            n += 1; st += times[k]; sx += xs[k]; sy += ys[k]
        }
        guard n >= 2 else { return (0, 0) }
        let mt = st / n, mx = sx / n, my = sy / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for i in 0..<Int(n) {
            let k = (newest + Self.capacity - i) % Self.capacity
            let dt = times[k] - mt
            stt += dt * dt; stx += dt * (xs[k] - mx); sty += dt * (ys[k] - my)
        }
        guard stt > 0 else { return (0, 0) }
        return (stx / stt, sty / stt)
    }
}
