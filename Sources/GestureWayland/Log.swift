import Glibc

/// Writes `message` as one line to standard error.
///
/// Uses write(2) instead of C's `stderr`: Swift 6 rejects touching that
/// mutable C global, and an unbuffered write is out before a following
/// `exit(1)` can lose it.
func logLine(_ message: String) {
    var line = message
    line.append("\n")
    line.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

/// Writes an informative `message` (not an error: a missing optional
/// global, a window state change) as one line to standard error, but only
/// for a person watching: when standard error is a terminal, or when
/// `GESTURE_VERBOSE=1` asks for it.
///
/// Scripts, launchers and tests rely on a failing run printing exactly one
/// line, the error; notes about what the compositor lacks would bury it.
func logNotice(_ message: String) {
    if noticesEnabled { logLine(message) }
}

private let noticesEnabled: Bool = {
    if let verbose = getenv("GESTURE_VERBOSE") { return String(cString: verbose) == "1" }
    return isatty(STDERR_FILENO) == 1
}()

/// The text of a C `errno` value, e.g. "Broken pipe".
func errnoDescription(_ code: Int32) -> String {
    String(cString: strerror(code))
}
