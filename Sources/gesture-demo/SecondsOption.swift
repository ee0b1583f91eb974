import ArgumentParser
import GestureScript

/// `--time-limit SECONDS`: how long a script may play. One group for the
/// app, `compare` and `test` (`SharedOptions`).
struct TimeLimitOption: SharedOptions {
    // Unconditional: "--time-limit -5" reads -5 (and is refused as not
    // positive) rather than taking it for a flag and reporting no value.
    @Option(name: .customLong("time-limit"), parsing: .unconditional,
            help: "Stop a script after this many seconds: of virtual time headless (as test and compare play), of real time live.")
    var seconds = ScriptDefaults.timeLimit

    func check() throws {
        try validateSeconds(seconds, flag: "--time-limit")
    }
}

/// Checks a duration flag (`--time-limit`, `--watchdog`): a positive,
/// finite number of seconds; anything else is a usage error naming the
/// flag.
func validateSeconds(_ seconds: Double, flag: String) throws {
    guard seconds.isFinite, seconds > 0 else {
        throw ValidationError("\(flag) expects a positive number of seconds, got '\(formatScriptNumber(seconds))'")
    }
}
