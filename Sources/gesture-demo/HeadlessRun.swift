import DemoApp
import GestureKit
import GestureRender
import GestureScript

/// Plays a script without a compositor on a virtual clock, writing PNG
/// snapshots and `log.jsonl` into the output folder, and reports its
/// checks: exit 0 when all pass, 1 when one fails or the run stops on an
/// error (the log is written either way), 2 for a malformed script, and
/// 128 plus the signal's number when a termination signal stops it
/// (`TerminationFlag`; the log is written then too).
struct HeadlessRun {
    var scriptText: String
    var scriptName: String
    var outputDirectory: String
    var size: Size
    var page: DemoPage
    /// The most virtual time the script may span (`--time-limit`).
    var timeLimit = ScriptDefaults.timeLimit
    /// Where golden images named relative to the script are found.
    var goldenDirectory = "."
    /// Whether `snapshot NAME vs GOLDEN` rewrites the golden instead of
    /// comparing (`--update-goldens`).
    var updateGoldens = false
    /// The thresholds gestures are judged by until the script picks others
    /// (`--thresholds`).
    var thresholds = GestureThresholds.uikit
    /// The density their millimetres are converted with (`--dpi`).
    var density = DensityOptions.headlessDefault
    /// Where to write the window's last frame as PNG when the run fails
    /// (a check failed or it stopped), if anywhere.
    var finalFrame: String?
    /// Where failed checks are reported as they happen.
    var report: (String) -> Void = printError

    /// The app's window as a headless run shows it: measured with the
    /// renderer's fonts, at `density`, judging by `thresholds`.
    static func makeWindow(size: Size, page: DemoPage, clock: VirtualTimeSource, thresholds: GestureThresholds,
                           density: OutputDensity) -> Window {
        let window = DemoApp.makeWindow(size: size, timeSource: clock, page: page)
        window.textMeasurer = CairoTextMeasurer()
        var environment = window.environment
        environment.density = density
        window.updateEnvironment(environment)
        window.gestureThresholds = thresholds
        return window
    }

    /// Returns a summary line for the user.
    func run() throws -> String {
        let script = try ScriptSetup.parse(scriptText, name: scriptName, report: report)
        // Only a well-formed script creates the output folder.
        do {
            try ScriptFiles.createFolder(outputDirectory)
        } catch {
            throw ExitError.runtime("cannot create output folder \(outputDirectory): \(error.reason)")
        }
        // The log goes to its file as the run makes it (a long script makes
        // a long log), and is put in place at the end. An earlier run's log
        // goes first: a run that is killed must not leave it beside its own
        // snapshots, as if it told of them.
        let logPath = ScriptFiles.path(outputDirectory, "log.jsonl")
        let logFile: StreamedTextFile
        do {
            try ScriptFiles.removeFile(logPath)
            logFile = try StreamedTextFile(path: logPath)
        } catch {
            throw ExitError.runtime("\(error)")
        }
        let clock = VirtualTimeSource()
        let window = Self.makeWindow(size: size, page: page, clock: clock, thresholds: thresholds, density: density)
        let log = EventLog(timeSource: clock) { logFile.appendLine($0) }
        window.addObserver(log)
        window.input.tap = log
        let player = ScriptPlayer(window: window, clock: clock)
        player.timeLimit = timeLimit
        // Stopped a MiB short of the limit, so that the records of the
        // last step and of the stop itself keep the log within it (a test
        // runner reads back no larger log).
        let logStop = ScriptFiles.maximumLogSize - (1 << 20)
        player.interruption = {
            if let signal = TerminationFlag.received { return "stopped: interrupted by \(TerminationFlag.name(of: signal))" }
            return logFile.size > logStop
                ? "stopped: the run's log reached \(ScriptFiles.maximumLogSize >> 20) MiB (its gestures may never let time pass)"
                : nil
        }
        var snapshotCount = 0
        ScriptSetup.configure(player, window: window,
                              snapshots: SnapshotWriter(outputDirectory: outputDirectory, goldenDirectory: goldenDirectory,
                                                        updateGoldens: updateGoldens),
                              log: log, snapshotTaken: { snapshotCount += 1 })
        var failure: Error?
        TerminationFlag.install()
        defer { TerminationFlag.remove() }
        do {
            try player.run(script)
        } catch {
            failure = error
        }
        // Only a failed run's: that is where a report's reader looks, and a
        // passing suite pays nothing for it.
        if let finalFrame, failure != nil || !player.failures.isEmpty {
            do {
                try RenderedImage(window: window).writePNG(to: finalFrame)
            } catch {
                report("gesture-demo: cannot write the final frame \(finalFrame): \(error)")
            }
        }
        // The log is written even when the run fails, so the failure can be
        // traced.
        do {
            try logFile.finish()
        } catch {
            throw ExitError.runtime("\(error)")
        }
        for result in player.failures { report(result.message) }
        let checks = player.results.count, failed = player.failures.count
        let checked = failed == 0 ? "" : " (and \(failed) of \(checks) checks failed before it)"
        // A signal that came after the last step stops nothing, but the
        // run still ends as the signal asked.
        if let signal = TerminationFlag.received {
            let stop = failure.map { "\($0)" } ?? "interrupted by \(TerminationFlag.name(of: signal)) as \(scriptName) ended"
            throw ExitError(code: TerminationFlag.exitCode(of: signal), message: "\(stop)\(checked)")
        }
        if let failure {
            throw ExitError.runtime("\(failure)\(checked)")
        }
        if failed > 0 {
            throw ExitError.runtime("\(failed) of \(checks) checks failed in \(scriptName); log in \(logPath)")
        }
        let passed = checks == 0 ? "" : ", \(checks) check(s) passed"
        return "played \(scriptName)\(passed): \(snapshotCount) snapshot(s) and log.jsonl in \(outputDirectory)"
    }
}
