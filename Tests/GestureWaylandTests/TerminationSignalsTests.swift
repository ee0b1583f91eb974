@testable import GestureWayland
import Glibc
import Testing

/// Termination signals as descriptor events: sent to this thread while a
/// `TerminationSignals` exists, they are read, not delivered (delivery
/// would end the test process, so a broken block fails loudly).
@Suite("Termination signals", .serialized)
struct TerminationSignalsTests {
    /// This thread's signal mask.
    static func currentMask() -> sigset_t {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        return mask
    }

    @Test("SIGTERM, SIGINT and SIGHUP sent while the descriptor exists are read from it, each once")
    func signalsAreRead() throws {
        let signals = try TerminationSignals()
        #expect(signals.next() == nil)
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            pthread_kill(pthread_self(), signal)
        }
        var taken: [Int32] = []
        while let signal = signals.next() { taken.append(signal) }
        #expect(taken.sorted() == [SIGHUP, SIGINT, SIGTERM])
        #expect(taken.map(TerminationSignals.name(of:)).sorted() == ["SIGHUP", "SIGINT", "SIGTERM"])
    }

    /// Whether each termination signal is blocked in this thread.
    static func blocked() -> [Int32] {
        var mask = currentMask()
        return [SIGTERM, SIGINT, SIGHUP].map { sigismember(&mask, $0) }
    }

    @Test("while it exists the signals are blocked; dropping it restores the mask it found")
    func maskRestored() throws {
        // A test thread may block signals already (Swift's pool threads do).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGHUP)
        var previous = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let before = Self.blocked()
        #expect(before[2] == 0)
        do {
            let signals = try TerminationSignals()
            #expect(Self.blocked() == [1, 1, 1])
            _ = signals
        }
        #expect(Self.blocked() == before)
    }

    @Test("a signal the process ignores (SIGHUP under nohup) stays ignored: it is not read as a request to quit")
    func ignoredSignalStaysIgnored() throws {
        let previous = signal(SIGHUP, SIG_IGN)
        defer {
            // Setting SIG_IGN again drops the SIGHUP left pending (a blocked
            // signal is queued even when ignored) before the old action is
            // back.
            signal(SIGHUP, SIG_IGN)
            signal(SIGHUP, previous)
        }
        let signals = try TerminationSignals()
        pthread_kill(pthread_self(), SIGHUP)
        #expect(signals.next() == nil)
        pthread_kill(pthread_self(), SIGTERM)
        #expect(signals.next() == SIGTERM)
    }
}
