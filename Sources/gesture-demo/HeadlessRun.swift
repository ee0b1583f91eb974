import DemoApp
import Foundation
import GestureKit
import GestureRender
import GestureScript

/// Plays a script without a compositor on a virtual clock, writing PNG
/// snapshots and `log.jsonl` into the output folder, and reports its
/// checks: exit 0 when all pass, 1 when one fails or the run stops on an
/// error (the log is written either way), 2 for a malformed script.
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
    /// Where failed checks are reported as they happen.
    var report: (String) -> Void = printError

    /// The counters `expect counter NAME` reads: FlatCube's counts, which
    /// its labels show.
    static let counterNames = ["single", "double"]

    /// Returns a summary line for the user.
    func run() throws -> String {
        let script: Script
        do {
            script = try ScriptParser.parse(scriptText, fileName: scriptName, pages: DemoPage.allCases.map(\.rawValue),
                                            counters: Self.counterNames)
        } catch {
            // One error stands on its own line; several are listed compiler
            // style, one per malformed line, before the summary.
            guard error.errors.count > 1 else { throw ExitError.usage(error.description) }
            for line in error.errors { report(line.description) }
            throw ExitError.usage("\(error.errors.count) malformed lines in \(scriptName); nothing was run")
        }
        // Only a well-formed script creates the output folder.
        do {
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw ExitError.runtime("cannot create output folder \(outputDirectory): \(error.localizedDescription)")
        }
        let clock = VirtualTimeSource()
        let window = DemoApp.makeWindow(size: size, timeSource: clock, page: page)
        var lines: [String] = []
        let log = EventLog(timeSource: clock) { lines.append($0) }
        window.addObserver(log)
        let player = ScriptPlayer(window: window, clock: clock)
        player.timeLimit = timeLimit
        player.onRecord = { lines.append($0.jsonLine) }
        let snapshots = SnapshotWriter(outputDirectory: outputDirectory, goldenDirectory: goldenDirectory,
                                       updateGoldens: updateGoldens)
        var snapshotCount = 0
        player.onSnapshot = { request in
            snapshotCount += 1
            return try snapshots.write(request)
        }
        player.onPage = { name in
            if let page = DemoPage(rawValue: name) { DemoApp.show(page, in: window) }
        }
        let tabs = window.rootViewController as? TabBarController
        player.currentPage = {
            tabs.flatMap { DemoPage.allCases.indices.contains($0.selectedIndex) ? DemoPage.allCases[$0.selectedIndex].rawValue : nil }
        }
        let flatcube = tabs?.viewControllers.lazy.compactMap { $0 as? FlatCubeViewController }.first
        player.counters = [
            "single": { flatcube?.singleCount ?? 0 },
            "double": { flatcube?.doubleCount ?? 0 },
        ]
        var failure: Error?
        do {
            try player.run(script)
        } catch {
            failure = error
        }
        // The log is written even when the run fails, so the failure can be
        // traced.
        let logPath = (outputDirectory as NSString).appendingPathComponent("log.jsonl")
        let logText = lines.map { $0 + "\n" }.joined()
        do {
            try logText.write(toFile: logPath, atomically: true, encoding: .utf8)
        } catch {
            throw ExitError.runtime("cannot write \(logPath): \(error.localizedDescription)")
        }
        for result in player.failures { report(result.message) }
        let checks = player.results.count, failed = player.failures.count
        if let failure {
            let checked = failed == 0 ? "" : " (and \(failed) of \(checks) checks failed before it)"
            throw ExitError.runtime("\(failure)\(checked)")
        }
        if failed > 0 {
            throw ExitError.runtime("\(failed) of \(checks) checks failed in \(scriptName); log in \(logPath)")
        }
        let passed = checks == 0 ? "" : ", \(checks) check(s) passed"
        return "played \(scriptName)\(passed): \(snapshotCount) snapshot(s) and log.jsonl in \(outputDirectory)"
    }
}
