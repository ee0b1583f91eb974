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

    @Test("an idle timeout runs once its delay has passed since the latest restart, with one timer however often restarted")
    func idleTimeout() {
        var fired: [Double] = []
        let timeout = IdleTimeout(delay: 3, scheduler: s) { fired.append(self.clock.now) }
        #expect(!timeout.isPending)
        timeout.restart()
        for t in stride(from: 0.5, through: 2.0, by: 0.5) {
            clock.advance(to: t); s.fireDueTimers()
            timeout.restart()
            #expect(s.count == 1)
        }
        clock.advance(to: 3); s.fireDueTimers()
        #expect(fired.isEmpty && timeout.isPending)
        clock.advance(to: 4.999); s.fireDueTimers()
        #expect(fired.isEmpty)
        clock.advance(to: 5); s.fireDueTimers()
        #expect(fired == [5] && !timeout.isPending)
        timeout.restart()
        timeout.cancel()
        clock.advance(to: 20); s.fireDueTimers()
        #expect(fired == [5] && s.count == 0)
    }
}
