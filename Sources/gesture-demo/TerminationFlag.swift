import CPosix

/// SIGINT, SIGTERM and SIGHUP during a headless run: Ctrl+C in its
/// terminal, a CI job cancelled, a closed terminal. The run has no event
/// loop to read them from (a live session's `signalfd`); its player looks
/// between steps instead (`ScriptPlayer.interruption`), so the first signal
/// is only noted, and the run stops at its next step the way a stopped run
/// does: the log ends with the error and its `end`, and is put in place.
/// A second signal ends the process at once, as the signal would have (a
/// step that takes long still stops); a signal the process ignores stays
/// ignored, and one it started with blocked is unblocked meanwhile. The C
/// handler only sets the flag.
enum TerminationFlag {
    /// Notes the signals from now on; if that fails they act as they did.
    static func install() {
        if cposix_termination_flag_install() != 0 {
            appLog.info("cannot catch termination signals: a signal ends the run where it is")
        }
    }

    /// Lets the signals act as they did before `install()`.
    static func remove() {
        cposix_termination_flag_remove()
    }

    /// The signal noted since `install()`, nil while none has come.
    static var received: Int32? {
        let signal = cposix_termination_flag_get()
        return signal > 0 ? signal : nil
    }

    /// The signal's usual name (`SIGINT`), for messages.
    static func name(of signal: Int32) -> String {
        cposix_signal_abbreviation(signal).map { "SIG" + String(cString: $0) } ?? "signal \(signal)"
    }

    /// The exit code of a run a signal stopped: 128 plus its number (130
    /// for SIGINT, 143 for SIGTERM), as shells give a process it killed.
    static func exitCode(of signal: Int32) -> Int32 { 128 + signal }
}
