/// Tells a shake from everything else an accelerometer feels: gravity,
/// tilting, walking, typing on the device. Pure logic: it is fed samples
/// with their times and calls back when a shake begins and ends; it does
/// no I/O and keeps no clock of its own, so tests drive it directly.
///
/// How: a slow low-pass filter follows gravity (whatever the tilt), and
/// what is left is the hand's acceleration. A shake begins when that
/// acceleration is strong and swings back the other way at least twice in
/// a short window (one strong jolt, or a tilt, swings one way only). It
/// ends when the acceleration has stayed weak for a moment.
///
/// Times passed to the callbacks are when the motion really began (the
/// first strong swing) and ended (the last sample that was not quiet), not
/// when it was recognized, so that the window's "shorter than about a
/// second" judgement measures the user's shake rather than the detector's
/// delays.
public final class ShakeDetector {
    // MARK: Thresholds

    /// How slowly the gravity estimate follows the readings, in seconds
    /// (the low-pass filter's time constant). 0.5 s passes a hand's 2-8 Hz
    /// shaking almost whole into the high-passed part, while a device put
    /// down at a new angle is settled again within about a second.
    public static let gravityTimeConstant = 0.5

    /// The acceleration beyond gravity that counts as a strong swing, in
    /// m/s^2. 8 m/s^2 (about 0.8 g): a deliberate shake reaches 15-30
    /// m/s^2, while walking, typing or setting a device down stays under
    /// about 4 m/s^2.
    public static let startAcceleration = 8.0

    /// How far round a strong swing must point from the previous one to
    /// count as a reversal, as the cosine of the angle between them. -0.5
    /// is 120 degrees: back and forth along any axis, but not the gentle
    /// curve of a single sweep.
    public static let reversalCosine = -0.5

    /// Reversals needed to begin a shake. Two (there, back, there again):
    /// a single reversal is also what a jolt and its rebound look like.
    public static let requiredReversals = 2

    /// The time in which the swings of one shake must fall, in seconds,
    /// from the first swing to the one completing the reversals. 0.6 s
    /// admits a slow 2 Hz shake (swings every 0.25 s) but not a device
    /// rocked now and then.
    public static let reversalWindow = 0.6

    /// The acceleration beyond gravity under which the device counts as
    /// quiet, in m/s^2. Lower than `startAcceleration` (hysteresis), so a
    /// shake that weakens for a swing or two does not end and restart.
    public static let stopAcceleration = 3.0

    /// How long the device must stay quiet for a shake to end, in seconds.
    /// 0.25 s is longer than the pause at the turn of a 2 Hz shake, and
    /// short enough that the end feels immediate.
    public static let quietDuration = 0.25

    // MARK: Callbacks

    /// Called when a shake begins, with the time of its first strong swing.
    public var onBegan: ((Double) -> Void)?
    /// Called when a shake ends, with the time of its last motion (or the
    /// time given to `finish(at:)`).
    public var onEnded: ((Double) -> Void)?

    // MARK: State

    private enum State {
        /// Not shaking: the start times of recent strong swings within
        /// `reversalWindow` and the direction of the last one.
        case idle(swings: [Double], direction: AccelerationSample?)
        /// Shaking since `start`; the last sample above
        /// `stopAcceleration` came at `lastMotion`.
        case shaking(start: Double, lastMotion: Double)
    }

    private var state = State.idle(swings: [], direction: nil)
    /// The low-pass estimate of gravity; nil until the first sample, which
    /// seeds it (so a tilted device at rest is quiet from the start).
    private var gravity: AccelerationSample?
    private var lastTime = 0.0

    /// A detector with no history.
    public init() {}

    /// Whether a shake is in progress.
    public var isShaking: Bool {
        if case .shaking = state { return true }
        return false
    }

    /// Feeds one sample: the time in seconds (any clock, increasing) and
    /// the acceleration in m/s^2. Samples not later than the previous one
    /// are ignored (a stalled loop may poll twice at one instant).
    public func add(time: Double, x: Double, y: Double, z: Double) {
        add(AccelerationSample(x: x, y: y, z: z), at: time)
    }

    /// Feeds one sample; see `add(time:x:y:z:)`.
    public func add(_ sample: AccelerationSample, at time: Double) {
        // One NaN would poison the gravity estimate for good.
        guard sample.isFinite, time.isFinite else { return }
        guard let previous = gravity else {
            gravity = sample
            lastTime = time
            return
        }
        let dt = time - lastTime
        guard dt > 0 else { return }
        lastTime = time
        // The exact step of a first-order filter for this dt, so an
        // irregular poll rate filters the same as a steady one.
        let alpha = dt / (Self.gravityTimeConstant + dt)
        let estimate = previous + alpha * (sample - previous)
        gravity = estimate
        let motion = sample - estimate
        let strength = motion.magnitude

        switch state {
        case .idle(var swings, var direction):
            if strength >= Self.startAcceleration {
                let unit = (1 / strength) * motion
                if direction.map({ unit.dot($0) <= Self.reversalCosine }) ?? true {
                    swings.append(time)
                    direction = unit
                }
            }
            swings.removeAll { time - $0 > Self.reversalWindow }
            if swings.count > Self.requiredReversals, let first = swings.first {
                state = .shaking(start: first, lastMotion: time)
                onBegan?(first)
            } else {
                state = .idle(swings: swings, direction: swings.isEmpty ? nil : direction)
            }
        case .shaking(let start, var lastMotion):
            if strength >= Self.stopAcceleration { lastMotion = time }
            if time - lastMotion >= Self.quietDuration {
                state = .idle(swings: [], direction: nil)
                onEnded?(lastMotion)
            } else {
                state = .shaking(start: start, lastMotion: lastMotion)
            }
        }
    }

    /// Stops watching (focus lost, device gone): a shake in progress ends
    /// at `time`, and all history is forgotten, so samples after a gap
    /// start afresh instead of comparing with a stale gravity.
    public func finish(at time: Double) {
        let wasShaking = isShaking
        state = .idle(swings: [], direction: nil)
        gravity = nil
        if wasShaking { onEnded?(time) }
    }
}
