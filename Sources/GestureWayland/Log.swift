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

/// The text of a C `errno` value, e.g. "Broken pipe".
func errnoDescription(_ code: Int32) -> String {
    String(cString: strerror(code))
}
