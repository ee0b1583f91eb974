/// Where the toolkit reads the current time, in seconds. Live runs use the
/// monotonic clock (the backend provides it); tests and headless runs use a
/// `VirtualTimeSource`, so a 3-second timer takes no real time.
public protocol TimeSource: AnyObject {
    var now: Double { get }
}

/// A clock that moves only when told to.
public final class VirtualTimeSource: TimeSource {
    public private(set) var now: Double

    public init(start: Double = 0) {
        now = start
    }

    /// Moves the clock forward; time never runs backwards.
    public func advance(to t: Double) {
        if t > now { now = t }
    }
}
