import Glibc
@testable import GestureWayland
import Testing

/// Presentation times converted to the input stamps' clock, against fake
/// clocks whose offsets, drift and reading delays are known exactly.
@Suite("Clock conversion")
struct ClockConversionTests {
    /// A fake set of clocks over one true time line. `CLOCK_MONOTONIC`
    /// reads the true time; another clock reads `offset + rate * true`.
    /// Every read takes `readCost` seconds of true time, and a read may
    /// stall (a preemption) for a given extra time.
    final class FakeClocks {
        var now: Double
        var clocks: [clockid_t: (offset: Double, rate: Double)] = [:]
        var readCost = 1e-6
        /// Extra seconds the n-th read (from 0) takes.
        var stalls: [Int: Double] = [:]
        private(set) var reads = 0

        init(now: Double) { self.now = now }

        func value(of clock: clockid_t, at time: Double) -> Double? {
            if clock == CLOCK_MONOTONIC { return time }
            return clocks[clock].map { $0.offset + $0.rate * time }
        }

        func read(_ clock: clockid_t) -> Double? {
            now += readCost + (stalls[reads] ?? 0)
            reads += 1
            return value(of: clock, at: now)
        }
    }

    static let raw = clockid_t(CLOCK_MONOTONIC_RAW)

    @Test("a time on CLOCK_MONOTONIC passes unchanged, and no clock is read")
    func monotonicPassesThrough() {
        let fake = FakeClocks(now: 500)
        let conversion = ClockConversion(read: fake.read)
        #expect(conversion.monotonicSeconds(123.456, on: clockid_t(CLOCK_MONOTONIC)) == 123.456)
        #expect(fake.reads == 0)
    }

    @Test("a presentation 10 ms ago on a raw clock 0.25 s behind converts to the monotonic time of that instant")
    func offsetIsApplied() throws {
        let fake = FakeClocks(now: 600)
        fake.clocks[Self.raw] = (offset: -0.25, rate: 1)
        let conversion = ClockConversion(read: fake.read)
        let presentedAt = 599.99
        let stamp = try #require(fake.value(of: Self.raw, at: presentedAt))
        let converted = try #require(conversion.monotonicSeconds(stamp, on: Self.raw))
        #expect(abs(converted - presentedAt) < 1e-6, "off by \(converted - presentedAt) s")
    }

    @Test("a 5 ms preemption inside one pair of reads does not skew the offset: the tightest bracket counts")
    func preemptedBracketIsIgnored() throws {
        let fake = FakeClocks(now: 600)
        fake.clocks[Self.raw] = (offset: -0.25, rate: 1)
        // The second read (the raw clock, in the first bracket) stalls.
        fake.stalls[1] = 0.005
        let conversion = ClockConversion(read: fake.read)
        let offset = try #require(conversion.offset(of: Self.raw))
        #expect(abs(offset - 0.25) < 1e-6, "off by \(offset - 0.25) s; one bracket alone is off by 2.5 ms")
    }

    @Test("as the clocks drift apart (500 ppm), a conversion 100 s later still lands on the right instant")
    func driftIsFollowed() throws {
        let fake = FakeClocks(now: 1000)
        fake.clocks[Self.raw] = (offset: 0, rate: 1.0005)
        let conversion = ClockConversion(read: fake.read)
        for _ in 0..<2 {
            let presentedAt = fake.now - 0.008
            let stamp = try #require(fake.value(of: Self.raw, at: presentedAt))
            let converted = try #require(conversion.monotonicSeconds(stamp, on: Self.raw))
            #expect(abs(converted - presentedAt) < 1e-5, "off by \(converted - presentedAt) s at \(fake.now)")
            fake.now += 100
        }
    }

    @Test("a clock that cannot be read gives no time at all")
    func unknownClock() {
        let fake = FakeClocks(now: 1)
        let conversion = ClockConversion(read: fake.read)
        #expect(!conversion.canRead(Self.raw))
        #expect(conversion.monotonicSeconds(1, on: Self.raw) == nil)
        #expect(ClockConversion().monotonicSeconds(1, on: clockid_t(-77)) == nil, "no such kernel clock")
    }

    @Test("on this machine, CLOCK_MONOTONIC_RAW read between two reads of CLOCK_MONOTONIC converts to a time between them")
    func systemClocks() throws {
        let conversion = ClockConversion()
        let before = try #require(ClockConversion.readSystemClock(clockid_t(CLOCK_MONOTONIC)))
        let raw = try #require(ClockConversion.readSystemClock(Self.raw))
        let after = try #require(ClockConversion.readSystemClock(clockid_t(CLOCK_MONOTONIC)))
        let converted = try #require(conversion.monotonicSeconds(raw, on: Self.raw))
        // Slack for the conversion's own bracket: far below a frame.
        #expect(converted > before - 0.001 && converted < after + 0.001,
                "\(converted) outside [\(before), \(after)]")
    }
}
