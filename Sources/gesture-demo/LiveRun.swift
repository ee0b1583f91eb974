import DemoApp
import Foundation
import GestureKit
import GestureScript
import GestureSensors
import GestureWayland

/// Runs the app in a window on the Wayland desktop.
struct LiveRun {
    var size: Size?
    var page: DemoPage
    var logPath: String?
    var accelerometerRoot: String
    var recordPath: String?
    /// A script to replay into the window (`--live --script FILE`).
    var replay: Replay?

    struct Replay {
        var text: String
        var name: String
        var outputDirectory: String
        var timeLimit: Double
    }

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
        let liveReplay = try replay.map { try makeReplay($0, window: window, clock: clock, log: logSink) }
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
            appLog.info("accelerometer \(device.name) at \(device.path): shaking the device is a shake")
        } else if let failure = monitor.lastFailure {
            appLog.info("no accelerometer (\(failure)): shake with Ctrl+S")
        }
        liveReplay?.start(after: 0.3)
        do {
            try app.run(window: window)
        } catch {
            throw ExitError.runtime(error.description)
        }
        if let liveReplay, let replay {
            for result in liveReplay.failures { printError(result.message) }
            if let error = liveReplay.error { throw ExitError.runtime("\(error)") }
            if !liveReplay.failures.isEmpty {
                throw ExitError.runtime("\(liveReplay.failures.count) of \(liveReplay.checks) checks failed in \(replay.name)")
            }
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

extension LiveRun {
    /// Parses the script (a malformed one ends the run before any window
    /// opens) and wires a player to the live window and clock.
    private func makeReplay(_ replay: Replay, window: Window, clock: TimeSource, log: FileHandle?) throws -> LiveReplay {
        let script = try ScriptSetup.parse(replay.text, name: replay.name, report: printError)
        try FileManager.default.createDirectory(atPath: replay.outputDirectory, withIntermediateDirectories: true)
        let player = ScriptPlayer(window: window, timeSource: clock)
        player.timeLimit = replay.timeLimit
        let goldens = (replay.name as NSString).deletingLastPathComponent
        ScriptSetup.configure(player, window: window,
                              snapshots: SnapshotWriter(outputDirectory: replay.outputDirectory,
                                                        goldenDirectory: goldens.isEmpty ? "." : goldens,
                                                        updateGoldens: false),
                              record: { line in log?.write(Data((line + "\n").utf8)) }, snapshotTaken: {})
        return LiveReplay(script: script, player: player, window: window)
    }
}
