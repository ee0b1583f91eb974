/// Why the Wayland backend could not start, or stopped before the window
/// was closed.
///
/// `description` is a single line meant to be printed as-is before the
/// program exits with status 1.
public enum WaylandError: Error, CustomStringConvertible, Sendable {
    /// `wl_display_connect` failed; the environment values are the ones
    /// libwayland used to find the socket (nil when unset).
    case cannotConnect(waylandDisplay: String?, runtimeDirectory: String?, reason: String)
    /// The compositor does not offer a global this backend cannot work
    /// without (e.g. `xdg_wm_base`).
    case missingGlobal(interface: String)
    /// The connection broke: the compositor exited or the socket failed.
    case connectionLost(reason: String)
    /// The compositor rejected one of our requests (`wl_display.error`) and
    /// closed the connection. `message` is the compositor's explanation when
    /// it sent one.
    case protocolError(interface: String?, objectID: UInt32, code: UInt32, message: String?)
    /// A shared-memory pixel buffer could not be created.
    case bufferAllocationFailed(reason: String)
    /// One of the event loop's own system calls failed.
    case systemCallFailed(call: String, reason: String)
    /// Something accepted the connection on the compositor's socket but
    /// sent nothing back within `seconds` (a hung compositor, or no
    /// compositor at all listening there).
    case compositorSilent(seconds: Int)

    /// One line naming the cause.
    public var description: String {
        switch self {
        case let .cannotConnect(display, runtimeDirectory, reason):
            let displayPart = display.map { "WAYLAND_DISPLAY=\($0)" } ?? "WAYLAND_DISPLAY unset"
            let directoryPart = runtimeDirectory.map { "XDG_RUNTIME_DIR=\($0)" } ?? "XDG_RUNTIME_DIR unset"
            return "cannot connect to Wayland compositor (\(displayPart), \(directoryPart)): \(reason)"
        case let .missingGlobal(interface):
            return "the Wayland compositor does not offer \(interface), which this program requires"
        case let .connectionLost(reason):
            return "lost connection to the Wayland compositor: \(reason)"
        case let .protocolError(interface, objectID, code, message):
            let object = "\(interface ?? "unknown object")@\(objectID)"
            let detail = message.map { ": \($0)" } ?? ""
            return "Wayland protocol error on \(object) (error \(code))\(detail)"
        case let .bufferAllocationFailed(reason):
            return "cannot allocate a shared-memory buffer: \(reason)"
        case let .systemCallFailed(call, reason):
            return "\(call) failed: \(reason)"
        case let .compositorSilent(seconds):
            return "the Wayland compositor accepted the connection but did not answer within \(seconds) s"
        }
    }
}
