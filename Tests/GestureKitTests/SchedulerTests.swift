import Testing
@testable import GestureKit

@Suite("Timers on the injectable clock")
struct SchedulerTests {
    let clock = VirtualTimeSource()
    let s: Scheduler

    init() { s = Scheduler(timeSource: clock) }

    @Test("a one-shot timer fires once at its deadline, not before")
    func oneShot() {
        var fired = 0
        s.schedule(after: 3) { _ in fired += 1 }
        clock.advance(to: 2.999); s.fireDueTimers()
        #expect(fired == 0)
        clock.advance(to: 3); s.fireDueTimers()
        clock.advance(to: 10); s.fireDueTimers()
        #expect(fired == 1)
        #expect(s.nextDeadline == nil)
    }

    @Test("an invalidated timer never fires and leaves nothing scheduled")
    func invalidate() {
        var fired = 0
        let t = s.schedule(after: 1) { _ in fired += 1 }
        t.invalidate()
        clock.advance(to: 5); s.fireDueTimers()
        #expect(fired == 0 && s.count == 0)
    }

    @Test("a repeating timer fires every interval until invalidated from its action")
    func repeating() {
        var fired = 0
        s.schedule(after: 1, repeats: true) { t in
            fired += 1
            if fired == 3 { t.invalidate() }
        }
        for step in 1...10 {
            clock.advance(to: Double(step)); s.fireDueTimers()
        }
        #expect(fired == 3)
    }
}
