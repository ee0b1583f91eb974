import DemoApp
import GestureKit
import GestureScript
import GestureSensors
import GestureWayland
import Glibc

/// Runs the app in a window on the Wayland desktop.
struct LiveRun {
    var size: Size?
    var page: DemoPage
    var logPath: String?
    var accelerometerRoot: String
    var recordPath: String?
    /// A script to replay into the window (`--live --script FILE`).
    var replay: Replay?
    /// The thresholds gestures are judged by at first (`--thresholds`).
    var thresholds = GestureThresholds.uikit
    /// The density to use instead of the output's (`--dpi`).
    var density: OutputDensity?

    struct Replay {
        var text: String
        var name: String
        var outputDirectory: String
        var timeLimit: Double
    }

    /// Whether a compositor could be there: WAYLAND_DISPLAY is set, or the
    /// default socket exists.
    static func compositorMayBeRunning() -> Bool {
        if let display = getenv("WAYLAND_DISPLAY"), display.pointee != 0 { return true }
        guard let runtime = getenv("XDG_RUNTIME_DIR") else { return false }
        return ScriptFiles.exists(String(cString: runtime) + "/wayland-0")
    }

    func run() throws {
        // A malformed script ends the run before anything opens or is written.
        let script = try replay.map { try ScriptSetup.parse($0.text, name: $0.name, report: printError) }
        if let replay, let script {
            try LiveOutputs(record: recordPath, log: logPath)
                .check(againstSnapshots: snapshotWriter(for: replay).files(of: script))
        }
        let app: WaylandApplication
        do {
            app = try WaylandApplication(title: DemoApp.title, appID: DemoApp.appID, preferredSize: size)
        } catch {
            throw ExitError.runtime(error.description)
        }
        // Opened (and emptied) only once there is a session to write: a
        // compositor that cannot be reached leaves earlier files as they
        // were.
        let logFile = try logPath.map { try LineFile(path: $0, what: "log file") }
        let recordFile = try recordPath.map { try LineFile(path: $0, what: "recording") }
        app.density = density
        let clock = MonotonicTimeSource()
        // Unbuffered: a reader of the tree dump (Ctrl+T) gets it whole at once.
        let window = DemoApp.makeWindow(size: size ?? WaylandApplication.defaultSize, timeSource: clock, page: page,
                                        output: { ScriptFiles.write($0 + "\n", to: STDOUT_FILENO) })
        window.gestureThresholds = thresholds
        // The same records as a headless run's log.jsonl, each written as
        // it happens, so a reader (or an end-to-end test) sees it live.
        let log = logFile.map { file in EventLog(timeSource: clock) { file.write($0) } }
        let recorder = recordFile.map { file in
            ScriptRecorder(window: window, timeSource: clock, page: page.rawValue,
                           comment: "Recorded by gesture-demo: replay with gesture-demo --headless --script "
                               + ScriptFiles.lastComponent(of: recordPath ?? "")) { file.write($0) }
        }
        let observers: [WindowObserver & RawInputTap] = (log.map { [$0] } ?? []) + (recorder.map { [$0] } ?? [])
        for observer in observers { window.addObserver(observer) }
        let taps = RawInputTaps(observers)
        // Without a log or a recording, raw input goes nowhere: no tap.
        if !observers.isEmpty { window.input.tap = taps }
        var liveReplay: LiveReplay?
        if let replay, let script {
            liveReplay = try makeReplay(replay, script: script, window: window, clock: clock, log: log)
        }
        // Shaking a tablet with an accelerometer is a shake; the monitor
        // polls only while the window has focus.
        let monitor = AccelerometerShakeMonitor(window: window, root: accelerometerRoot)
        if monitor.start(), let device = monitor.accelerometer {
            appLog.info("accelerometer \(device.name) at \(device.path): shaking the device is a shake")
        } else if let failure = monitor.lastFailure {
            appLog.info("no accelerometer (\(failure)): shake with Ctrl+S")
        }
        liveReplay?.start(after: 0.3)
        var failure: ExitError?
        do {
            try app.run(window: window)
        } catch {
            failure = ExitError.runtime(error.description)
            log?.record(.error(time: clock.now, message: error.description))
        }
        withExtendedLifetime(taps) { recorder?.finish() }
        if let recorder, let recordPath, recorder.commandCount > ScriptDefaults.maximumCommands {
            printError("gesture-demo: warning: the recording \(recordPath) holds \(recorder.commandCount) commands, "
                       + "more than a script may (\(ScriptDefaults.maximumCommands)): split it to replay it")
        }
        log?.end(checks: liveReplay?.checks ?? 0, failed: liveReplay?.failures.count ?? 0,
                 completed: failure == nil && liveReplay.map(\.completed) ?? true)
        // A recording or log with lines missing must not pass for whole.
        recordFile?.close()
        logFile?.close()
        var unwritten = [recordFile?.failure, logFile?.failure].compactMap { $0 }
        var outcome = failure
        if outcome == nil, let liveReplay, let replay {
            for result in liveReplay.failures { printError(result.message) }
            if let error = liveReplay.error {
                outcome = .runtime("\(error)")
            } else if !liveReplay.failures.isEmpty {
                outcome = .runtime("\(liveReplay.failures.count) of \(liveReplay.checks) checks failed in \(replay.name)")
            }
        }
        if outcome == nil, !unwritten.isEmpty { outcome = .runtime(unwritten.removeFirst()) }
        for message in unwritten { printError("gesture-demo: \(message)") }
        if let outcome { throw outcome }
    }
}

extension LiveRun {
    /// The replay's snapshot writer: into `--out`, golden paths from the
    /// script's folder.
    private func snapshotWriter(for replay: Replay) -> SnapshotWriter {
        let goldens = ScriptFiles.folder(of: replay.name)
        return SnapshotWriter(outputDirectory: replay.outputDirectory, goldenDirectory: goldens.isEmpty ? "." : goldens,
                              updateGoldens: false)
    }

    /// Wires a player of `script` to the live window and clock.
    private func makeReplay(_ replay: Replay, script: Script, window: Window, clock: TimeSource,
                            log: EventLog?) throws -> LiveReplay {
        try ScriptFiles.createFolder(replay.outputDirectory)
        let player = ScriptPlayer(window: window, timeSource: clock)
        player.timeLimit = replay.timeLimit
        ScriptSetup.configure(player, window: window, snapshots: snapshotWriter(for: replay),
                              log: log ?? EventLog(timeSource: clock) { _ in }, snapshotTaken: {})
        return LiveReplay(script: script, player: player, window: window)
    }
}
