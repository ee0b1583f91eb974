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
}
