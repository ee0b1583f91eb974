import CWaylandClient
import Glibc
import Logging
import Synchronization

/// Routes libwayland-client's own log messages.
///
/// libwayland writes its diagnostics straight to stderr. Two of them would
/// be a second, vaguer line next to our one-line error: the compositor's
/// explanation of a protocol error (we fold it into `WaylandError`) and the
/// XDG_RUNTIME_DIR complaint while connecting (the connect error names that
/// variable already). Every other message is passed through unchanged.
enum LibwaylandLog {
    private struct State {
        var isConnecting = false
        var protocolErrorMessage: String?
    }

    // The handler is a C function pointer without context, so its state is
    // global; the mutex keeps that sound should libwayland ever log from a
    // thread of its own.
    private static let state = Mutex(State())

    /// Makes libwayland-client log through this type (process-wide).
    static func install() {
        wl_log_set_handler_client(handleLibwaylandMessage)
    }

    /// Runs `body` with libwayland's messages swallowed.
    static func whileConnecting<T>(_ body: () -> T) -> T {
        state.withLock { $0.isConnecting = true }
        defer { state.withLock { $0.isConnecting = false } }
        return body()
    }

    /// The compositor's text for the last protocol error, if it sent one.
    static func takeProtocolErrorMessage() -> String? {
        state.withLock { state in
            defer { state.protocolErrorMessage = nil }
            return state.protocolErrorMessage
        }
    }

    fileprivate static func receive(format: UnsafePointer<CChar>, message: String) {
        // libwayland reports wl_display.error with exactly this format
        // ("%s@%u: error %d: %s\n"); the last field is the compositor's text.
        let isProtocolError = strstr(format, ": error %d: %s") != nil
        let swallowed = state.withLock { state -> Bool in
            if isProtocolError {
                state.protocolErrorMessage = compositorText(of: message)
                return true
            }
            return state.isConnecting
        }
        if !swallowed {
            logger.warning("libwayland: \(message)")
        }
    }

    /// "xdg_surface@12: error 3: some text" -> "some text".
    private static func compositorText(of message: String) -> String {
        guard let errorRange = message.firstRange(of: ": error "),
              let separator = message[errorRange.upperBound...].firstRange(of: ": ")
        else { return message }
        return String(message[separator.upperBound...])
    }
}

private func handleLibwaylandMessage(_ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?) {
    guard let format, let arguments else { return }
    // A va_list can be consumed only once, so format into a fixed buffer;
    // libwayland's messages are short, and truncation is harmless.
    let capacity = 512
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
        guard vsnprintf(buffer.baseAddress, capacity, format, arguments) >= 0 else { return }
        var message = String(cString: buffer.baseAddress!)
        while message.last == "\n" { message.removeLast() }
        LibwaylandLog.receive(format: format, message: message)
    }
}
