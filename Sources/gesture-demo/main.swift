import ArgumentParser
import DemoApp
import GestureKit
import GestureRender
import GestureScript
import Glibc
import Logging

extension DemoPage: ExpressibleByArgument {}

struct GestureDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesture-demo",
        abstract: "iOS-style touch and gesture demos in a native Wayland window.",
        discussion: """
            Without --headless it opens a window on the Wayland desktop. When there is \
            no compositor at all (WAYLAND_DISPLAY unset and no wayland-0 socket), it plays \
            a built-in tour headless and writes its snapshots instead. Exit codes: 0 success \
            (every check passed), 1 a failed check or a runtime failure (e.g. lost \
            compositor, the time limit), 2 bad flags or a malformed script, \
            128 + N a headless run stopped by signal N (130 for Ctrl+C).
            """,
        version: DemoApp.version,
        subcommands: [Compare.self, TestCommand.self])

    @OptionGroup var runOptions: RunOptions

    @OptionGroup var timeLimit: TimeLimitOption

    @OptionGroup var goldens: GoldensOption

    // Where a headless run that fails writes the window's last frame (the
    // test runner's report draws the touch trails over it).
    @Option(name: .customLong("final-frame-on-failure"), help: .hidden)
    var finalFrame: String?

    @OptionGroup var windowOptions: WindowOptions

    @OptionGroup var thresholds: ThresholdOptions

    @OptionGroup var dpi: DensityOptions

    private var headless: Bool { runOptions.headless }
    private var live: Bool { runOptions.live }
    private var script: String? { runOptions.script }
    private var out: String { runOptions.out }
    private var log: String? { runOptions.log }
    private var record: String? { runOptions.record }
    private var accelerometerRoot: String { runOptions.accelerometerRoot }
    private var dumpTree: Bool { runOptions.dumpTree }

    func run() throws {
        // Here, not in validate(): see SharedOptions.
        try checkSharedOptions(timeLimit, windowOptions, thresholds, dpi)
        if dumpTree {
            // The window a headless run starts with, so the tree printed is
            // the one a script played with the same flags acts on.
            let window = HeadlessRun.makeWindow(size: try windowOptions.headlessSize(), page: windowOptions.page,
                                                clock: VirtualTimeSource(), thresholds: try thresholds.preset(),
                                                density: try dpi.headlessDensity())
            print(ViewTreeDump.json(window))
            return
        }
        if live && headless {
            throw ValidationError("--live and --headless exclude each other")
        }
        if live && script == nil {
            throw ValidationError("--live replays a script: give it with --script FILE")
        }
        let runsHeadless = headless || (script != nil && !live)
        if runsHeadless, record != nil {
            throw ValidationError("--record records a live session's input; a headless run has none "
                                  + "(drop --headless, or add --live to record a replay)")
        }
        if runsHeadless, log != nil {
            throw ValidationError("--log is a live session's log; a headless run writes its log to log.jsonl in --out")
        }
        if runsHeadless {
            try runHeadless()
            return
        }
        try LiveOutputs(record: record, log: log).check(against: script)
        guard LiveRun.compositorMayBeRunning() else {
            if record != nil || log != nil {
                throw ExitError.runtime("no Wayland compositor (WAYLAND_DISPLAY is unset): "
                                        + "--record and --log need a live session")
            }
            if live {
                throw ExitError.runtime("no Wayland compositor (WAYLAND_DISPLAY is unset): --live replays "
                                        + "into a window (drop --live to play the script headless)")
            }
            printError("gesture-demo: no Wayland compositor (WAYLAND_DISPLAY is unset); playing the built-in tour headless")
            try runHeadless()
            return
        }
        var replay: LiveRun.Replay?
        if let script {
            replay = LiveRun.Replay(text: try Self.readScript(script), name: script, outputDirectory: out,
                                    timeLimit: timeLimit.seconds)
        }
        try LiveRun(size: windowOptions.parsedSize(), page: windowOptions.page, logPath: log,
                    accelerometerRoot: accelerometerRoot, recordPath: record, replay: replay,
                    thresholds: thresholds.preset(), density: dpi.density()).run()
    }

    /// The script file's text; unreadable files are usage errors. A FIFO
    /// no writer has opened yet is waited for, as a script may be piped in
    /// through one, but said first, so that a run left waiting is
    /// explained.
    static func readScript(_ path: String) throws -> String {
        do {
            return try ScriptFiles.readText(path) {
                printError("gesture-demo: waiting for a writer on FIFO \(path)")
            }
        } catch {
            let reason = switch error.code {
            case nil: error.reason
            case ENOENT: "no such file"
            case EISDIR: "a folder, not a script file"
            default: "not readable"
            }
            throw ExitError.usage("cannot read script \(path): \(reason)")
        }
    }

    func runHeadless() throws {
        let text: String, name: String
        if let script {
            text = try Self.readScript(script)
            name = script
            // The run removes an earlier log.jsonl as it starts, and writes
            // its own there.
            if ScriptFiles.isSameFile(script, ScriptFiles.path(out, "log.jsonl")) {
                throw ExitError.usage("--script \(script) is where the run writes its log (log.jsonl in --out): "
                                      + "give --out another folder")
            }
        } else {
            text = builtInTour
            name = "built-in tour"
        }
        let goldenFolder = script.map(ScriptFiles.folder(of:)) ?? ""
        let summary = try HeadlessRun(scriptText: text, scriptName: name, outputDirectory: out,
                                      size: windowOptions.headlessSize(), page: windowOptions.page,
                                      timeLimit: timeLimit.seconds,
                                      goldenDirectory: goldenFolder.isEmpty ? "." : goldenFolder,
                                      updateGoldens: goldens.update, thresholds: thresholds.preset(),
                                      density: dpi.headlessDensity(), finalFrame: finalFrame).run()
        print(summary)
    }
}

func printError(_ message: String) {
    ScriptFiles.write(message + "\n", to: STDERR_FILENO)
}

// The faces the first frame's text needs are found and opened beside the
// parsing of the arguments and the connection to the compositor. Not by
// the test runner, which sets no text: each of its workers prepares its
// own.
if !TestCommand.startsRunner(CommandLine.arguments) { FontPreparation.start() }
LoggingSystem.bootstrap(AppLogHandler.init)

exit(exitCode { var command = try GestureDemo.parseAsRoot(); try command.run() })
