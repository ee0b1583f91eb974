@testable import GestureWayland
import Testing

@Suite("Wake overrun")
struct WakeOverrunTests {
    @Test("steady wake-ups 0.1 ms late make the loop ask to wake 0.1 ms sooner")
    func learnsASteadyLateness() {
        var overrun = WakeOverrun()
        #expect(overrun.seconds == 0)
        for step in 0..<40 {
            let deadline = 10 + 0.025 * Double(step)
            overrun.record(deadline: deadline, woke: deadline + 0.0001)
        }
        #expect(abs(overrun.seconds - 0.0001) < 1e-7, "\(overrun.seconds)")
    }

    @Test("one wake-up the scheduler held back for 5 ms counts as 0.5 ms, and an early one as on time")
    func clampsEachWakeUp() {
        var overrun = WakeOverrun()
        overrun.record(deadline: 1, woke: 1.005)
        #expect(abs(overrun.seconds - 0.25 * WakeOverrun.longest) < 1e-12, "\(overrun.seconds)")
        let before = overrun.seconds
        overrun.record(deadline: 2, woke: 1.999)
        #expect(abs(overrun.seconds - 0.75 * before) < 1e-12, "\(overrun.seconds)")
    }
}
