import ArgumentParser
import GestureScript
import GestureTestRunner
import Glibc

/// `gesture-demo test [PATH...]`: runs many scripts in parallel worker
/// processes (`gesture-demo test --serve`, each playing scripts as
/// `gesture-demo --headless --script FILE` would), for a suite and for a
/// CI matrix (docs/scripting.md, "Running many scripts").
/// The work is done by the GestureTestRunner target; this file is the
/// command line.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run scripts headless in parallel workers; print and write a report of their results.",
        discussion: """
            Each PATH is a script, or a folder whose .gds files (subfolders included) are run; \
            without PATH, \(TestRunner.defaultPath). Prints each failure as it comes (on a terminal, \
            a progress line too) and ends with 'N passed, N failed'. Exit codes: 0 every script \
            passed, 1 one failed (a check, the time limit, a crash, a hang), 2 one is malformed or \
            a flag is wrong.
            """)

    @Argument(help: "Scripts, or folders of .gds scripts (default: \(TestRunner.defaultPath)).")
    var paths: [String] = []

    @Option(name: [.short, .long], parsing: .unconditional, help: "How many scripts run at once, in as many worker processes (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Run only part INDEX of COUNT of the scripts (e.g. 2/4), for a CI matrix; the parts together are the whole suite.")
    var shard: String?

    @Option(help: "A results.jsonl of an earlier run (from --report): its durations balance the shards (repeatable).")
    var durations: [String] = []

    @OptionGroup var timeLimit: TimeLimitOption

    @Option(parsing: .unconditional,
            help: "Kill a script's worker after this many seconds of real time and report it hung.")
    var watchdog = TestRunner.defaultWatchdog

    @Option(help: "Write the results as JUnit XML to this file, for CI.")
    var junit: String?

    @Option(help: "Write an HTML report with pictures of each gesture into this folder (index.html).")
    var report: String?

    @Option(help: "Merge the reports of earlier runs (e.g. CI shards) instead of running anything (repeatable); with --report and --junit.")
    var merge: [String] = []

    @OptionGroup var goldens: GoldensOption

    // The app's own flags are read wherever they stand on the command line
    // (ArgumentParser), so `test --thresholds X` would reach the app and be
    // ignored here; these hidden groups hold what was given, to refuse it.
    @OptionGroup(visibility: .private) var windowOptions: WindowOptions
    @OptionGroup(visibility: .private) var dpi: DensityOptions
    @OptionGroup(visibility: .private) var thresholds: ThresholdOptions
    @OptionGroup(visibility: .private) var runOptions: RunOptions

    @Flag(help: "Print the scripts the run would play (this --shard of them), one path a line, and play none.")
    var list = false

    // The program started as a worker (`PROGRAM test --serve`): this
    // binary. Tests of the runner point it at a stand-in that crashes.
    @Option(help: .hidden)
    var worker: String?

    // Be a worker: play the scripts the runner sends on standard input
    // (TestWorker).
    @Flag(help: .hidden)
    var serve = false

    /// Whether the program's `arguments` (its own name first) start the
    /// runner (`gesture-demo test ...`) rather than one of its workers
    /// (`test --serve`). Read before the arguments are parsed, so that only
    /// a process that may set text prepares the faces (main.swift); an
    /// unusual command line read wrongly costs that preparation, no more.
    static func startsRunner(_ arguments: [String]) -> Bool {
        arguments.dropFirst().first == configuration.commandName && !arguments.contains("--serve")
    }

    func validate() throws {
        // A bad value is reported as such, before the flag is refused as
        // not applying to test.
        try checkSharedOptions(timeLimit, windowOptions, thresholds, dpi)
        let appFlags = [("--size", windowOptions.size != nil), ("--page", windowOptions.pageName != nil),
                        ("--dpi", dpi.dpi != nil), ("--thresholds", thresholds.presetName != nil)]
            .filter(\.1).map(\.0)
        if !runOptions.given.isEmpty {
            throw ValidationError("test runs scripts headless in its workers, writing into --report: "
                                  + "\(runOptions.given.joined(separator: ", ")) does not apply to it")
        }
        if !appFlags.isEmpty {
            throw ValidationError("test plays each script from the app's defaults and its own 'size', 'page' and "
                                  + "'thresholds' lines: \(appFlags.joined(separator: ", ")) does not apply to it")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs expects a number of workers of at least 1, got \(jobs)") }
        try validateSeconds(watchdog, flag: "--watchdog")
        if !merge.isEmpty && (!paths.isEmpty || shard != nil || goldens.update) {
            throw ValidationError("--merge combines earlier reports: give no PATH, --shard or --update-goldens with it")
        }
        if list && (!merge.isEmpty || report != nil || junit != nil || goldens.update) {
            throw ValidationError("--list plays nothing: give no --merge, --report, --junit or --update-goldens with it")
        }
        if !merge.isEmpty && report == nil && junit == nil {
            throw ValidationError("--merge needs --report DIR or --junit FILE to write the merged results to")
        }
    }

    func run() throws {
        if serve { TestWorker.serve() }
        guard let program = worker ?? TestRunner.currentExecutable else {
            throw ExitError.runtime("cannot find this program's executable (/proc/self/exe) to start workers")
        }
        var options = TestRunner.Options(worker: program)
        options.paths = paths
        options.jobs = jobs ?? TestRunner.defaultJobs
        options.durationFiles = durations
        options.timeLimit = timeLimit.seconds
        options.watchdog = watchdog
        options.updateGoldens = goldens.update
        options.junit = junit
        options.report = report
        options.merge = merge
        do {
            options.shard = try shard.map { (text) throws(RunnerError) in try Shard(parsing: text) }
            let runner = TestRunner(options: options)
            if list {
                for script in try runner.scripts() { print(script.path) }
                return
            }
            Glibc.exit(try runner.run())
        } catch {
            throw ExitError(code: error.exitCode, message: error.message)
        }
    }
}
