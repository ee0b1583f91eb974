import ArgumentParser

/// Runs a command the way the program's entry point does, so that every
/// kind of failure gets the exit code the README promises (ArgumentParser
/// alone would use 64 for usage errors): an `ExitError` prints its one
/// line and gives its code; `--help` prints the help and gives 0; any
/// other parsing or validation error prints its message and gives 2. The
/// test runner's workers run each script through it too.
func exitCode(running body: () throws -> Void) -> Int32 {
    do {
        try body()
        return 0
    } catch let error as ExitError {
        printError("gesture-demo: \(error.message)")
        return error.code
    } catch {
        if GestureDemo.exitCode(for: error) == .success {
            print(GestureDemo.fullMessage(for: error))
            return 0
        }
        printError(GestureDemo.fullMessage(for: error))
        return 2
    }
}
