import CPosix
import Glibc

/// SIGTERM, SIGINT and SIGHUP as events of the event loop: a desktop
/// logging out, Ctrl+C in a terminal or a closed terminal asks the app to
/// quit, and it does so the normal way (the window closes, the app writes
/// what it has to write) instead of dying mid-sentence. No handler runs in
/// signal context: the signals are blocked and read from a `signalfd`
/// that the loop polls.
///
/// While it exists the signals stay blocked in the thread that made it;
/// dropping it restores the signal mask it found.
final class TerminationSignals {
    /// The signalfd, for `poll`.
    let fileDescriptor: Int32
    private var previousMask = sigset_t()

    init() throws(WaylandError) {
        fileDescriptor = cposix_termination_signals_open(&previousMask)
        guard fileDescriptor >= 0 else {
            throw .systemCallFailed(call: "signalfd", reason: errnoDescription(errno))
        }
    }

    deinit {
        cposix_termination_signals_close(fileDescriptor, &previousMask)
    }

    /// The next pending termination signal, nil when none is.
    func next() -> Int32? {
        let signal = cposix_termination_signals_take(fileDescriptor)
        if signal < 0 { logger.warning("cannot read the signalfd: \(errnoDescription(errno))") }
        return signal > 0 ? signal : nil
    }

    /// The signal's usual name (`SIGTERM`), for messages.
    static func name(of signal: Int32) -> String {
        cposix_signal_abbreviation(signal).map { "SIG" + String(cString: $0) } ?? "signal \(signal)"
    }
}
