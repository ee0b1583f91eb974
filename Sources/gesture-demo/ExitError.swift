/// An error that ends the program with a given exit code and a one-line
/// message: 1 for runtime failures (lost compositor), 2 for bad input
/// (flags, scripts), 128 plus the signal's number for a headless run a
/// termination signal stopped (`TerminationFlag`).
struct ExitError: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var description: String { message }

    static func usage(_ message: String) -> ExitError { ExitError(code: 2, message: message) }
    static func runtime(_ message: String) -> ExitError { ExitError(code: 1, message: message) }
}
