import GestureKit
@testable import GestureWayland
import Testing

@Suite("Latest input stamp")
struct LatestInputStampTests {
    /// A window watched by a stamp, with one finger down at compositor
    /// time 1 s.
    static func watched() -> (Window, LatestInputStamp) {
        let window = Window(size: Size(width: 200, height: 200), timeSource: VirtualTimeSource())
        let stamp = LatestInputStamp()
        window.addObserver(stamp)
        window.input.touchDown(id: 0, at: Point(x: 10, y: 10), time: 1)
        window.input.touchFrame()
        return (window, stamp)
    }

    @Test("frames read together but sent 8 ms apart give an 8 ms input rate")
    func rateFromEventTimes() throws {
        let (window, stamp) = Self.watched()
        // All delivered within microseconds, as one batch read after a
        // frame was presented.
        for step in 1...4 {
            window.input.touchMotion(id: 0, to: Point(x: 10 + Double(step), y: 10), time: 1 + 0.008 * Double(step))
            window.input.touchFrame()
        }
        let interval = try #require(stamp.interval)
        #expect(abs(interval - 0.008) < 1e-9, "\(interval)")
        #expect(stamp.latest != nil && stamp.lastDelivery != nil)
    }

    @Test("a pause longer than 50 ms is not the input's rate")
    func pausesDoNotCount() throws {
        let (window, stamp) = Self.watched()
        window.input.touchMotion(id: 0, to: Point(x: 20, y: 10), time: 1.2)
        window.input.touchFrame()
        #expect(stamp.interval == nil)
        window.input.touchMotion(id: 0, to: Point(x: 30, y: 10), time: 1.21)
        window.input.touchFrame()
        #expect(try abs(#require(stamp.interval) - 0.01) < 1e-9)
    }

    /// A stamp on a window, its clock read from `now`: the events' clock
    /// plus 5 s, plus however late each event is delivered.
    final class Clock: @unchecked Sendable {
        var now = 0.0
    }

    static func clocked() -> (Window, LatestInputStamp, Clock) {
        let clock = Clock()
        let window = Window(size: Size(width: 200, height: 200), timeSource: VirtualTimeSource())
        let stamp = LatestInputStamp(clock: { clock.now })
        window.addObserver(stamp)
        return (window, stamp, clock)
    }

    /// Expects the stamp's offset from the events' clock within a
    /// nanosecond of `expected`.
    static func expectOffset(_ stamp: LatestInputStamp, _ expected: Double, _ why: String = "",
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let offset = try #require(stamp.arrivalOffset, "no offset \(why)", sourceLocation: sourceLocation)
        #expect(abs(offset - expected) < 1e-9, "\(offset) \(why)", sourceLocation: sourceLocation)
    }

    /// Delivers a touch frame sent at `time` (events' clock), `late`
    /// seconds after it came.
    static func deliver(_ window: Window, _ clock: Clock, down: Bool = false, at time: Double, late: Double) {
        clock.now = time + 5 + late
        if down {
            window.input.touchDown(id: 0, at: Point(x: 10, y: 10), time: time)
        } else {
            window.input.touchMotion(id: 0, to: Point(x: 10 + time * 100, y: 10), time: time)
        }
        window.input.touchFrame()
    }

    @Test("events read in a batch after they came leave the estimate of when events arrive as it was")
    func arrivalFromTheQuickestDelivery() throws {
        let (window, stamp, clock) = Self.clocked()
        Self.deliver(window, clock, down: true, at: 1, late: 0.0002)
        Self.deliver(window, clock, at: 1.008, late: 0.0003)
        // Two frames held for 12 and 4 ms, read together.
        stamp.deliveriesArePrompt = false
        Self.deliver(window, clock, at: 1.016, late: 0.012)
        Self.deliver(window, clock, at: 1.024, late: 0.004)
        try Self.expectOffset(stamp, 5.0002)
        let arrival = try #require(stamp.lastArrival)
        #expect(abs(arrival - 6.0242) < 1e-9, "\(arrival)")
    }

    @Test("the next touch event is due one interval after the last, or as many as pass the given time")
    func nextArrival() throws {
        let (window, stamp, clock) = Self.clocked()
        for step in 0...4 {
            Self.deliver(window, clock, down: step == 0, at: 1 + 0.008 * Double(step), late: 0.0001)
        }
        // The last came at 6.0321 (sent at 1.032).
        let soon = try #require(stamp.nextArrival(after: 6.035))
        #expect(abs(soon - 6.0401) < 1e-9, "\(soon)")
        let later = try #require(stamp.nextArrival(after: 6.045))
        #expect(abs(later - 6.0481) < 1e-9, "\(later)")
        #expect(stamp.nextArrival(after: 6.030) == nil, "one came after 6.030 already")
    }

    @Test("a pause starts the estimate again, and without a rate nothing is forecast")
    func pauseRestartsArrival() throws {
        let (window, stamp, clock) = Self.clocked()
        Self.deliver(window, clock, down: true, at: 1, late: 0.0001)
        #expect(stamp.nextArrival(after: 6.001) == nil, "no rate yet")
        Self.deliver(window, clock, at: 1.008, late: 0.0001)
        // 200 ms later, delivered 3 ms after it came (the compositor's
        // events' clock and this one drifted, or a frame held it).
        Self.deliver(window, clock, at: 1.208, late: 0.003)
        try Self.expectOffset(stamp, 5.003)
    }

    @Test("the estimate follows the last four events read as they came, not the quickest since the fingers went down")
    func arrivalFollowsRecentPromptEvents() throws {
        let (window, stamp, clock) = Self.clocked()
        // One frame stamped late (or a source whose phase against the
        // events' whole milliseconds moved): its gap is 0.5 ms smaller.
        Self.deliver(window, clock, down: true, at: 1, late: 0.0001)
        for step in 1...3 {
            Self.deliver(window, clock, at: 1 + 0.008 * Double(step), late: 0.0006)
        }
        try Self.expectOffset(stamp, 5.0001, "still among the last four")
        Self.deliver(window, clock, at: 1.032, late: 0.0006)
        try Self.expectOffset(stamp, 5.0006)
        // The next frame, sent at 1.040, comes at 6.0406.
        let next = try #require(stamp.nextArrival(after: 6.035))
        #expect(abs(next - 6.0406) < 1e-9, "\(next)")
    }

    @Test("a held event delivered sooner after its time than the recent ones lowers the estimate")
    func heldEventBoundsTheEstimate() throws {
        let (window, stamp, clock) = Self.clocked()
        Self.deliver(window, clock, down: true, at: 1, late: 0.0005)
        Self.deliver(window, clock, at: 1.008, late: 0.0005)
        stamp.deliveriesArePrompt = false
        Self.deliver(window, clock, at: 1.016, late: 0.002)
        try Self.expectOffset(stamp, 5.0005, "a later held one says nothing")
        Self.deliver(window, clock, at: 1.024, late: 0.0002)
        try Self.expectOffset(stamp, 5.0002, "it came no later than it was read")
    }

    @Test("after a pause, only an event read as it came starts the estimate again")
    func heldEventDoesNotStartTheEstimate() throws {
        let (window, stamp, clock) = Self.clocked()
        Self.deliver(window, clock, down: true, at: 1, late: 0.0001)
        Self.deliver(window, clock, at: 1.008, late: 0.0001)
        // 200 ms later, read in a held batch.
        stamp.deliveriesArePrompt = false
        Self.deliver(window, clock, at: 1.208, late: 0.004)
        #expect(stamp.arrivalOffset == nil)
        #expect(stamp.nextArrival(after: 6.21) == nil, "no forecast from a held event alone")
        stamp.deliveriesArePrompt = true
        Self.deliver(window, clock, at: 1.216, late: 0.0002)
        try Self.expectOffset(stamp, 5.0002)
    }
}
