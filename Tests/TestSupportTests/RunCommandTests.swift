import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `runCommand`'s time limit, off unless a caller gives one: a test whose
/// command could hang (the live benchmark harness's) sets it, to turn a
/// hang into a failure instead of a stalled run.
@Suite("runCommand: the time limit")
struct RunCommandTests {
    @Test("a command that would outlive its limit is killed when the limit passes and reported as timed out")
    func killedAtTheLimit() throws {
        let start = Date()
        let run = try runCommand(["sleep", "30"], timeout: 1)
        let returned = Date().timeIntervalSince(start)
        #expect(run.timedOut, "\(run.transcript)")
        #expect(run.status == SIGKILL, "killed by SIGKILL: \(run.transcript)")
        // Not a speed goal: a sleep left to run returns after 30 s, a
        // killed one just after the 1 s limit; the bound only tells the two
        // apart, with room for a loaded machine.
        #expect(returned >= 1, "returned after \(returned) s, before its limit")
        #expect(returned < 15, "returned after \(returned) s: the 30 s sleep was not stopped at its 1 s limit")
    }

    @Test("a command that ends within its limit is waited for and not reported as timed out")
    func endsWithinTheLimit() throws {
        let run = try runCommand(["sh", "-c", "echo done; exit 3"], timeout: 30)
        #expect(!run.timedOut, "\(run.transcript)")
        #expect(run.status == 3)
        #expect(run.stdout == "done\n")
    }
}
