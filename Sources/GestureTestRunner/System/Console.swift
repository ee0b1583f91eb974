import GestureKit
import GestureScript
import Glibc

/// The runner's standard output: result lines, and on a terminal one live
/// progress line (`[12/40] 10 passed, 2 failed, 1.4 s`) rewritten in
/// place and cleared before anything else is printed, so the scrollback
/// keeps only the failures and the summary.
final class Console {
    let isTerminal: Bool
    private var progressShown = false

    init(isTerminal: Bool = isatty(STDOUT_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    /// Prints a line (above the progress line on a terminal).
    func line(_ text: String) {
        clearProgress()
        ScriptFiles.write(text + "\n", to: STDOUT_FILENO)
    }

    /// Prints a warning on standard error, which keeps standard output to
    /// results (and `--list` to paths).
    func warning(_ text: String) {
        clearProgress()
        ScriptFiles.write("gesture-demo: " + text + "\n", to: STDERR_FILENO)
    }

    func progress(done: Int, total: Int, passed: Int, failed: Int, elapsed: Double) {
        guard isTerminal else { return }
        let text = "[\(done)/\(total)] \(passed) passed, \(failed) failed, \(formatFixed(elapsed, digits: 1)) s"
        // Unbuffered: the progress line has no newline to flush a buffer.
        ScriptFiles.write("\r\u{1B}[2K" + text, to: STDOUT_FILENO)
        progressShown = true
    }

    func clearProgress() {
        guard progressShown else { return }
        ScriptFiles.write("\r\u{1B}[2K", to: STDOUT_FILENO)
        progressShown = false
    }
}
