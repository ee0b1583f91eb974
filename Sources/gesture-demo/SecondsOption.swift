import ArgumentParser
import GestureScript

/// Checks a duration flag (`--time-limit`, `--watchdog`): a positive,
/// finite number of seconds; anything else is a usage error naming the
/// flag.
func validateSeconds(_ seconds: Double, flag: String) throws {
    guard seconds.isFinite, seconds > 0 else {
        throw ValidationError("\(flag) expects a positive number of seconds, got '\(formatScriptNumber(seconds))'")
    }
}
