import Glibc
import GestureScript

/// Why the runner cannot go on: a usage error (bad flags, no scripts,
/// exit 2) or a system failure (exit 1). Failing scripts are results, not
/// errors.
public struct RunnerError: Error, CustomStringConvertible, Sendable {
    /// The exit code this error ends the run with.
    public var exitCode: Int32
    public var message: String
    public var description: String { message }

    public static func usage(_ message: String) -> RunnerError { RunnerError(exitCode: 2, message: message) }

    static func system(_ what: String, _ code: Int32) -> RunnerError {
        RunnerError(exitCode: 1, message: "\(what): \(String(cString: strerror(code)))")
    }

    /// Runs file work done through `ScriptFiles`; its failure ("cannot
    /// write PATH: REASON") becomes a system error.
    static func files<T>(_ work: () throws(ScriptFileError) -> T) throws(RunnerError) -> T {
        try Result(catching: work).mapError { RunnerError(exitCode: 1, message: $0.description) }.get()
    }
}
