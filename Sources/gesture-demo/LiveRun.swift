import DemoApp
import Foundation
import GestureKit

/// Runs the app in a window on the Wayland desktop.
struct LiveRun {
    var size: Size?
    var page: DemoPage
    var logPath: String?

    /// Whether a compositor could be there: WAYLAND_DISPLAY is set, or the
    /// default socket exists.
    static func compositorMayBeRunning() -> Bool {
        let env = ProcessInfo.processInfo.environment
        if let display = env["WAYLAND_DISPLAY"], !display.isEmpty { return true }
        guard let runtime = env["XDG_RUNTIME_DIR"] else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/wayland-0")
    }

    func run() throws {
        throw ExitError.runtime("the Wayland backend is not built yet")
    }
}
