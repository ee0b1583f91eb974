import GestureKit

/// Hands raw input to several taps, since a router has one (a live
/// session's log and its recorder).
public final class RawInputTaps: RawInputTap {
    private let taps: [RawInputTap]

    public init(_ taps: [RawInputTap]) {
        self.taps = taps
    }

    public func raw(_ input: RawInput, time: Double, deliversFrame: Bool) {
        for tap in taps { tap.raw(input, time: time, deliversFrame: deliversFrame) }
    }
}
