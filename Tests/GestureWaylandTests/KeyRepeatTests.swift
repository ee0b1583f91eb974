import GestureKit
@testable import GestureWayland
import Testing

/// Client-side key repeat on a virtual clock: when repeats come, with
/// which time stamps, and what stops them.
@Suite("Key repeat")
struct KeyRepeatTests {
    let clock = VirtualTimeSource(start: 100)
    let scheduler: Scheduler
    let keyRepeat = KeyRepeat()
    /// The repeats heard: key and compositor time.
    final class Heard {
        var repeats: [(key: UInt32, time: Double)] = []
    }
    let heard = Heard()

    init() {
        scheduler = Scheduler(timeSource: clock)
    }

    func press(_ key: UInt32, at compositorTime: Double) {
        keyRepeat.start(key: key, time: compositorTime, scheduler: scheduler) { [heard] key, time in
            heard.repeats.append((key, time))
        }
    }

    func advance(by seconds: Double) {
        advance(to: clock.now + seconds)
    }

    func advance(to time: Double) {
        clock.advance(to: time)
        scheduler.fireDueTimers()
    }

    @Test("with repeat_info 8/s after 500 ms, the first repeat comes at 500 ms and then one every 125 ms")
    func delayThenRate() {
        keyRepeat.setInfo(rate: 8, delay: 500)
        press(44, at: 5)
        advance(to: 100.499)
        #expect(heard.repeats.isEmpty)
        advance(to: 100.5)
        #expect(heard.repeats.count == 1)
        advance(to: 100.75)
        #expect(heard.repeats.map(\.key) == [44, 44, 44])
        // Compositor time: the press's, advanced by how long it is held.
        #expect(heard.repeats.map(\.time) == [5.5, 5.625, 5.75])
    }

    @Test("a keyboard without repeat_info repeats as X does: 25 per second after 600 ms")
    func fallbackSettings() {
        #expect(keyRepeat.rate == 25 && keyRepeat.delay == 600)
    }

    @Test("releasing the key stops its repeats; releasing another key does not")
    func releaseStops() {
        keyRepeat.setInfo(rate: 50, delay: 100)
        press(44, at: 0)
        advance(by: 0.1)
        keyRepeat.stop(key: 29)
        advance(by: 0.02)
        #expect(heard.repeats.count == 2)
        keyRepeat.stop(key: 44)
        advance(by: 1)
        #expect(heard.repeats.count == 2)
        #expect(keyRepeat.key == nil && scheduler.count == 0, "no timer left to wake the app")
    }

    @Test("a second repeating key takes over: only it repeats, after a full delay from its press")
    func newestKeyTakesOver() {
        keyRepeat.setInfo(rate: 10, delay: 200)
        press(44, at: 0)
        advance(by: 0.15)
        press(45, at: 0.15)
        advance(by: 0.15)
        #expect(heard.repeats.isEmpty, "44 was replaced before its delay; 45's delay has not passed")
        advance(by: 0.05)
        #expect(heard.repeats.map(\.key) == [45])
    }

    @Test("a rate of 0 turns repeat off, also for the key held when it arrives")
    func zeroRateTurnsRepeatOff() {
        keyRepeat.setInfo(rate: 20, delay: 100)
        press(44, at: 0)
        advance(by: 0.1)
        keyRepeat.setInfo(rate: 0, delay: 100)
        advance(by: 1)
        #expect(heard.repeats.count == 1)
        press(44, at: 2)
        advance(by: 1)
        #expect(heard.repeats.count == 1 && scheduler.count == 0)
    }

    @Test("negative settings, which the protocol forbids, count as 0: no repeat")
    func negativeSettings() {
        keyRepeat.setInfo(rate: -5, delay: -1)
        #expect(keyRepeat.rate == 0 && keyRepeat.delay == 0)
        press(44, at: 0)
        advance(by: 1)
        #expect(heard.repeats.isEmpty)
    }
}
