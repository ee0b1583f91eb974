/// Where the toolkit reads the current time, in seconds. Live runs use the
/// monotonic clock (the backend provides it); tests and headless runs use a
/// `VirtualTimeSource`, so a 3-second timer takes no real time.
public protocol TimeSource: AnyObject {
    /// The current time in seconds from an arbitrary origin. It never decreases;
    /// only differences between two readings mean anything.
    var now: Double { get }
}

/// A clock that moves only when told to.
public final class VirtualTimeSource: TimeSource {
    /// The time the clock was last moved to, in seconds.
    @exclusivity(unchecked) public private(set) var now: Double

    /// A clock that reads `start` seconds until it is advanced.
    public init(start: Double = 0) {
        now = start
    }

    /// Moves the clock forward; time never runs backwards.
    public func advance(to t: Double) {
        if t > now { now = t }
    }
}
