import Glibc
import Logging

/// GestureWayland's log, through swift-log: the host app decides where the
/// lines go and which levels it shows (`LoggingSystem.bootstrap`, before
/// the first window opens); with no handler installed, swift-log prints
/// them to standard error.
///
/// The level says who needs the line:
/// - `info`: a person watching may want it (an optional global the
///   compositor lacks, a window state change). Scripts and launchers rely
///   on a failing run printing one line, the error, so a host may hide
///   these (the demo app shows them in a terminal or with
///   `GESTURE_VERBOSE=1`).
/// - `notice`: the session changed under the user (a seat gained or lost
///   a device).
/// - `warning`: input or output is degraded and the run goes on (a keymap
///   that does not compile, no cursor theme, a libwayland diagnostic).
/// - `error`: an operation failed and its effect is lost (a timer that
///   cannot be armed).
///
/// Failures that end a run are not logged: they are thrown as
/// `WaylandError`, whose description is one line.
let logger = Logger(label: "GestureWayland")

/// The text of a C `errno` value, e.g. "Broken pipe".
func errnoDescription(_ code: Int32) -> String {
    String(cString: strerror(code))
}
