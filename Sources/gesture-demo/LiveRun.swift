import DemoApp
import Foundation
import GestureKit
import GestureSensors
import GestureWayland

/// Runs the app in a window on the Wayland desktop.
struct LiveRun {
    var size: Size?
    var page: DemoPage
    var logPath: String?
    var accelerometerRoot: String
    var recordPath: String?

    /// Whether a compositor could be there: WAYLAND_DISPLAY is set, or the
    /// default socket exists.
    static func compositorMayBeRunning() -> Bool {
        let env = ProcessInfo.processInfo.environment
        if let display = env["WAYLAND_DISPLAY"], !display.isEmpty { return true }
        guard let runtime = env["XDG_RUNTIME_DIR"] else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/wayland-0")
    }

    func run() throws {
        let logSink = try openLog()
        defer { logSink?.closeFile() }
        let app: WaylandApplication
        do {
            app = try WaylandApplication(title: DemoApp.title, appID: DemoApp.appID, preferredSize: size)
        } catch {
            throw ExitError.runtime(error.description)
        }
        let clock = MonotonicTimeSource()
        // Unbuffered: a reader of the tree dump (Ctrl+T) gets it whole at once.
        let window = DemoApp.makeWindow(size: size ?? WaylandApplication.defaultSize, timeSource: clock, page: page,
                                        output: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) })
        if let logSink {
            // Each record is written and flushed at once, so a reader (or an
            // end-to-end test) sees it while the app runs.
            window.addObserver(EventLog(timeSource: clock) { line in
                logSink.write(Data((line + "\n").utf8))
            })
        }
        var recorder: InputRecorder?
        if let recordPath {
            recorder = try InputRecorder(path: recordPath, size: window.bounds.size, page: page.rawValue)
            window.input.tap = recorder
        }
        defer { withExtendedLifetime(recorder) {} }
        // Shaking a tablet with an accelerometer is a shake; the monitor
        // polls only while the window has focus.
        let monitor = AccelerometerShakeMonitor(window: window, root: accelerometerRoot)
        if monitor.start(), let device = monitor.accelerometer {
            logNotice("accelerometer \(device.name) at \(device.path): shaking the device is a shake")
        } else if let failure = monitor.lastFailure {
            logNotice("no accelerometer (\(failure)): shake with Ctrl+S")
        }
        do {
            try app.run(window: window)
        } catch {
            throw ExitError.runtime(error.description)
        }
    }

    private func openLog() throws -> FileHandle? {
        guard let logPath else { return nil }
        if logPath == "-" { return FileHandle.standardOutput }
        guard FileManager.default.createFile(atPath: logPath, contents: nil),
              let handle = FileHandle(forWritingAtPath: logPath) else {
            throw ExitError.usage("cannot write log file \(logPath)")
        }
        return handle
    }
}

/// An informational line on stderr, shown in a terminal or with
/// GESTURE_VERBOSE=1, so that logs of failures stay one line.
private func logNotice(_ message: String) {
    let env = ProcessInfo.processInfo.environment
    let verbose = env["GESTURE_VERBOSE"].map { $0 == "1" } ?? (isatty(STDERR_FILENO) == 1)
    if verbose { printError("gesture-demo: \(message)") }
}
