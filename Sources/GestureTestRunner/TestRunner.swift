import CPosix
import GestureKit
import GestureScript
import Glibc

/// `gesture-demo test`: finds the scripts, keeps this machine's shard,
/// has worker processes play each headless (`--headless --script FILE
/// --out DIR`, sent to `program test --serve`), and reports: failures as they come, a progress line
/// on a terminal, `N passed, N failed`, and the JUnit and HTML reports.
public struct TestRunner {
    /// Everything the command line says.
    public struct Options: Sendable {
        public var paths: [String] = []
        public var jobs = TestRunner.defaultJobs
        public var shard: Shard?
        /// Earlier `results.jsonl` files whose durations balance the shards.
        public var durationFiles: [String] = []
        /// Virtual seconds a script may span (each worker's `--time-limit`).
        public var timeLimit = ScriptDefaults.timeLimit
        /// Real seconds a worker may run before it is killed as hung.
        public var watchdog = TestRunner.defaultWatchdog
        public var updateGoldens = false
        public var junit: String?
        public var report: String?
        /// Reports of earlier runs (shards) to merge instead of running.
        public var merge: [String] = []
        /// The program each script runs in (this binary).
        public var worker: String

        public init(worker: String) { self.worker = worker }
    }

    /// The folder scanned when no PATH is given.
    public static let defaultPath = "Tests/Scenarios"
    /// A scenario plays in well under a second; a minute of real time
    /// means it is stuck, yet leaves room for a slow, loaded CI machine.
    public static let defaultWatchdog = 60.0
    /// One worker per core.
    public static var defaultJobs: Int { max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1) }

    /// This program's executable, which workers run by default.
    public static var currentExecutable: String? { FileSystem.currentExecutable() }

    public var options: Options
    private let console = Console()

    public init(options: Options) { self.options = options }

    /// Runs (or merges) and reports; returns the exit code: 0 every script
    /// passed, 1 one failed, crashed or hung, 2 one is malformed.
    public func run() throws(RunnerError) -> Int32 {
        try checkOutputs()
        let start = cposix_monotonic_seconds()
        let results: [ScriptResult]
        var note = ""
        var workers: WorkerUse?
        var rendered: [String: String] = [:]
        if options.merge.isEmpty {
            let selection = try selection()
            if let shard = options.shard {
                note = "shard \(shard.index)/\(shard.count): \(selection.scripts.count) of \(selection.total) scripts"
            }
            (results, workers) = try play(selection.scripts, weights: selection.weights, start: start,
                                          rendered: &rendered)
        } else {
            results = try merged()
            note = "merged \(options.merge.count) reports"
        }
        do {
            try writeReports(results, rendered: rendered)
        } catch {
            // The results still count: say them, then why a report is missing.
            _ = summarize(results, note: note, workers: workers, seconds: cposix_monotonic_seconds() - start)
            throw error
        }
        return summarize(results, note: note, workers: workers, seconds: cposix_monotonic_seconds() - start)
    }

    /// Refuses, before any script runs, what would fail or do harm only
    /// once the suite has run: an empty PATH (which would read as the
    /// current folder), a `--junit` path that is a folder, a named pipe, a
    /// socket or a block device, a `--junit` that an input other than a
    /// script or the report is (`checkJUnitAgainstInputs()`; the scripts
    /// are checked once found), a `--report` where a file is in the
    /// way, or a `--report` that is one of the reports `--merge` reads
    /// (emptied first, it would lose them).
    private func checkOutputs() throws(RunnerError) {
        if options.paths.contains("") {
            throw .usage("an empty PATH ('') names no script or folder")
        }
        if let junit = options.junit {
            if junit.isEmpty { throw .usage("--junit '': an empty path names no file to write") }
            if FileSystem.isDirectory(junit) {
                throw .usage("--junit '\(junit)': a folder, not a file to write")
            }
            // A named pipe would hold the run's end until something read
            // it; a socket cannot be written as a file; a block device is a
            // disk. A character device (/dev/stdout on a terminal,
            // /dev/null) is written as it is.
            if let kind = ScriptFiles.type(of: junit), [.pipe, .socket, .blockDevice].contains(kind) {
                throw .usage("--junit \(junit): \(kind.description), not a file to write")
            }
            try checkJUnitAgainstInputs()
            let folder = ScriptFiles.folder(of: junit)
            if !folder.isEmpty, FileSystem.exists(folder), !FileSystem.isDirectory(folder) {
                throw .usage("--junit \(junit): \(folder) is not a folder")
            }
        }
        guard let report = options.report else { return }
        if report.isEmpty { throw .usage("--report '': give a folder") }
        try reportFolder.check(report)
        if let resolved = FileSystem.resolved(report),
           let input = options.merge.first(where: { FileSystem.resolved($0) == resolved }) {
            throw .usage("--report \(report) is \(input), a report --merge reads: give another folder")
        }
    }

    /// Refuses a `--junit` file that the run reads or the report writes,
    /// which the JUnit XML would replace or be replaced by: a `--durations`
    /// file, a file in a report `--merge` reads, the `--report` folder
    /// itself, or one of the files and folders of the report (its
    /// report.jsonl, results.jsonl, index.html or scripts folder). The
    /// scripts, found later, are `checkJUnit(against:)`'s.
    private func checkJUnitAgainstInputs() throws(RunnerError) {
        guard let junit = options.junit, let target = FileSystem.absolute(junit) else { return }
        if let identity = ScriptFiles.identity(of: junit),
           let durations = options.durationFiles.first(where: { ScriptFiles.identity(of: $0) == identity }) {
            throw .usage("--junit \(junit) is the --durations file \(durations), which the run reads: give another file")
        }
        for input in options.merge {
            guard let folder = FileSystem.absolute(input) else { continue }
            if target == folder || FileSystem.relative(target, inside: folder) != nil {
                throw .usage("--junit \(junit) lies in \(input), a report --merge reads: give a file outside it")
            }
        }
        if let report = options.report, let folder = FileSystem.absolute(report), target == folder {
            throw .usage("--junit \(junit) is the --report folder: give a file in it or elsewhere")
        }
        if let report = options.report, let folder = FileSystem.absolute(report),
           let inside = FileSystem.relative(target, inside: folder),
           let own = Self.reportNames.first(where: { inside == $0 || inside.hasPrefix($0 + "/") }) {
            let what = own == HTMLReport.scriptsFolder ? "\(own) folder" : own
            throw .usage("--junit \(junit) is where the report (--report \(report)) writes its \(what): give another file")
        }
    }

    /// Refuses a `--junit` file that is one of `scripts` (those of every
    /// shard), which the run plays and the JUnit XML would replace.
    private func checkJUnit(against scripts: [ScriptFile]) throws(RunnerError) {
        guard let junit = options.junit, let identity = ScriptFiles.identity(of: junit),
              let script = scripts.first(where: { ScriptFiles.identity(of: $0.path) == identity })
        else { return }
        throw .usage("--junit \(junit) is the script \(script.path), which the run plays: give another file")
    }

    /// The files and folders a report writes at its top.
    private static let reportNames = [ReportMarker.name, ResultsFile.name, HTMLReport.indexName, HTMLReport.scriptsFolder]

    /// The scripts a run plays, in path order: those the paths name (the
    /// default folder without any), and of those this machine's shard.
    /// `gesture-demo test --list` prints them.
    public func scripts() throws(RunnerError) -> [ScriptFile] {
        try selection().scripts
    }

    /// The run's scripts, how many the paths name before sharding, and the
    /// scripts' weights (expected seconds, one each), which balanced the
    /// shards.
    private func selection() throws(RunnerError) -> (scripts: [ScriptFile], total: Int, weights: [Double]) {
        let all = try ScriptDiscovery.scripts(in: options.paths.isEmpty ? [Self.defaultPath] : options.paths)
        guard !all.isEmpty else {
            throw .usage("no scripts (*\(ScriptDiscovery.scriptExtension)) in \(options.paths.joined(separator: " "))")
        }
        try checkJUnit(against: all)
        var durations: [String: Double] = [:]
        for path in options.durationFiles {
            let found = try ResultsFile.durations(in: path)
            if found.isEmpty {
                // A hint, not a must: the shards still split, by size.
                console.warning("durations file \(path) holds no script's duration "
                                + "(a results.jsonl of 'gesture-demo test --report' does): the shards go by size")
            }
            durations.merge(found) { _, later in later }
        }
        // Weighed once, all together: a script's weight by its size
        // depends on the durations known of the others.
        let weights = Shard.weights(all, durations: durations)
        guard let shard = options.shard else { return (all, all.count, weights) }
        let chosen = shard.select(all, weights: weights)
        return (chosen.map { all[$0] }, all.count, chosen.map { weights[$0] })
    }

    // MARK: Running

    /// How many workers ran at once at most, and why no more, if a worker
    /// could not start while others ran.
    private typealias WorkerUse = (most: Int, shortfall: String?)

    /// Plays `scripts` in workers; returns their results and the workers'
    /// use.
    private func play(_ scripts: [ScriptFile], weights: [Double], start: Double,
                      rendered: inout [String: String]) throws(RunnerError) -> ([ScriptResult], WorkerUse) {
        let root: String
        if let report = options.report {
            try prepareReportFolder(report)
            root = ScriptFiles.path(report, HTMLReport.scriptsFolder)
            try FileSystem.createFolder(root)
        } else {
            root = try FileSystem.makeTemporaryDirectory(prefix: "gesture-demo-test-")
        }
        let folders = Self.folderNames(for: scripts)
        let order = Shard.heaviestFirst(scripts, weights: weights)
        let arguments = order.map { i in
            var args = ["--headless", "--script", scripts[i].path, "--out", ScriptFiles.path(root, folders[i]),
                        "--time-limit", formatScriptNumber(options.timeLimit)]
            if options.report != nil { args += ["--final-frame-on-failure", ScriptFiles.path(root, folders[i]) + "/" + HTMLReport.finalFrame] }
            if options.updateGoldens { args.append("--update-goldens") }
            return args
        }
        var results: [ScriptResult?] = Array(repeating: nil, count: scripts.count)
        var passed = 0, failed = 0
        let pool = WorkerPool(program: options.worker, jobs: options.jobs, watchdog: options.watchdog)
        let progress = { [console] in
            console.progress(done: passed + failed, total: scripts.count, passed: passed, failed: failed,
                             elapsed: cposix_monotonic_seconds() - start)
        }
        progress()
        pool.run(arguments, tickInterval: console.isTerminal ? 0.1 : nil, tick: progress) { finish in
            let i = order[finish.job]
            let folder = ScriptFiles.path(root, folders[i])
            let result = ScriptResult(script: scripts[i], exit: finish.exit, output: finish.output,
                                      seconds: finish.seconds, folder: folder, readsPassingLog: options.report != nil)
            if result.status.isPassed {
                passed += 1
            } else {
                failed += 1
                console.line("\(result.status.rawValue.uppercased()) \(result.script.path): \(result.reason)")
            }
            results[i] = result
            if let report = options.report {
                rendered[result.script.path] = HTMLReport(results: [], folder: report, title: "").renderSection(result)
                // Its pictures are drawn: a long suite holds no script's
                // story any longer than that.
                results[i]?.log.forgetStory()
            }
            progress()
        }
        console.clearProgress()
        let done = results.compactMap { $0 }
        if options.report == nil { try FileSystem.remove(root) }
        return (done, (pool.mostWorkers, pool.shortfall))
    }

    /// One folder name per script, from its path (`a/b.gds` -> `a--b.gds`),
    /// unique within the run and the same on every machine, so the reports
    /// of shards merge without clashes.
    static func folderNames(for scripts: [ScriptFile]) -> [String] {
        var used = Set<String>()
        return scripts.map { script in
            let parts = script.path.split(separator: "/").map { part in
                String(part.unicodeScalars.map { scalar -> Character in
                    let c = Character(scalar)
                    return c.isASCII && (c.isLetter || c.isNumber || c == "." || c == "-" || c == "_") ? c : "_"
                })
            }
            let base = parts.joined(separator: "--")
            var name = base.hasPrefix(".") ? "_" + base : base
            var n = 2
            while used.contains(name) {
                name = base + "-\(n)"
                n += 1
            }
            used.insert(name)
            return name
        }
    }

    /// Empties a report folder of an earlier run; refuses a folder that
    /// holds anything else, so `--report .` never deletes someone's files.
    /// Then marks it as this command's report before anything else goes
    /// in (`ReportMarker`), so that a run stopped midway leaves a folder
    /// the next run knows as its own.
    private func prepareReportFolder(_ report: String) throws(RunnerError) {
        let junit = junitInReport
        var folder = reportFolder
        // The `--junit` files in the report's folder (one folder to keep as
        // a CI artifact) are the report's too: this run's, and the one the
        // earlier report's marker names, wherever in the folder they lie.
        if let earlier = ReportMarker.junit(inReport: report) { folder.ownFiles.insert(earlier) }
        if let junit { folder.ownFiles.insert(junit) }
        try folder.prepare(report)
        try FileSystem.write((ReportMarker.line(junit: junit) + "\n").utf8, to: ScriptFiles.path(report, ReportMarker.name))
    }

    /// What a report holds.
    private var reportFolder: ReportFolder {
        var folder = ReportFolder(flag: "--report", markers: [ReportMarker.name, ResultsFile.name],
                                  isOwnName: Set(Self.reportNames).contains)
        // A report of an earlier version holds no marker; its results file
        // then marks it.
        folder.isOwnMarker = { name, bytes in name != ReportMarker.name || ReportMarker.isMarker(bytes) }
        return folder
    }

    /// The `--junit` file's path from the `--report` folder when it lies
    /// in it (`ci/junit.xml`); nil otherwise.
    private var junitInReport: String? {
        guard let junit = options.junit, let report = options.report,
              let target = FileSystem.absolute(junit), let folder = FileSystem.absolute(report)
        else { return nil }
        return FileSystem.relative(target, inside: folder)
    }

    // MARK: Merging

    /// The results of every `--merge` report, their script folders copied
    /// into `--report` (when given) so the merged report stands alone.
    private func merged() throws(RunnerError) -> [ScriptResult] {
        var results: [ScriptResult] = []
        for report in options.merge { results += try ResultsFile.results(inReport: report) }
        results.sort { $0.script.path < $1.script.path }
        var seen = Set<String>()
        for result in results where !seen.insert(result.script.path).inserted {
            throw .usage("\(result.script.path) is in more than one of the merged reports")
        }
        guard let report = options.report else { return results }
        try prepareReportFolder(report)
        let root = ScriptFiles.path(report, HTMLReport.scriptsFolder)
        let folders = Self.folderNames(for: results.map(\.script))
        for (i, folder) in folders.enumerated() {
            let target = ScriptFiles.path(root, folder)
            try FileSystem.createFolder(target)
            if FileSystem.isDirectory(results[i].folder) {
                // A worker writes regular files only; anything else (a
                // folder, a link, which could name any file of this
                // machine) is no part of its run.
                for name in try FileSystem.contents(of: results[i].folder) {
                    let source = ScriptFiles.path(results[i].folder, name)
                    if FileSystem.isLink(source) { continue }
                    try FileSystem.copyRegularFile(source, to: ScriptFiles.path(target, name))
                }
            }
            results[i].folder = target
        }
        return results
    }

    // MARK: Reporting

    private func writeReports(_ results: [ScriptResult], rendered: [String: String]) throws(RunnerError) {
        let sorted = results.sorted { $0.script.path < $1.script.path }
        if let junit = options.junit {
            let folder = ScriptFiles.folder(of: junit)
            if !folder.isEmpty { try FileSystem.createFolder(folder) }
            try FileSystem.write(JUnitReport(results: sorted, name: suiteName).xml.utf8, to: junit)
        }
        if let report = options.report {
            let lines = sorted.map { ResultsFile.line(for: $0, folder: HTMLReport.relativeFolder(of: $0, in: report)) }
            try FileSystem.write(lines.map { $0 + "\n" }.joined().utf8, to: ScriptFiles.path(report, ResultsFile.name))
            var page = HTMLReport(results: sorted, folder: report, title: suiteName, rendered: rendered)
            page.copiesGoldens = options.merge.isEmpty
            try page.write()
        }
    }

    private var suiteName: String {
        options.shard.map { "gesture-demo test (shard \($0.index)/\($0.count))" } ?? "gesture-demo test"
    }

    /// Prints the failures in path order and the closing line; returns the
    /// exit code.
    private func summarize(_ results: [ScriptResult], note: String, workers: WorkerUse?, seconds: Double) -> Int32 {
        let failures = results.filter { !$0.status.isPassed }.sorted { $0.script.path < $1.script.path }
        if !failures.isEmpty {
            console.line("")
            console.line("Failures:")
            for result in failures {
                console.line("  \(result.script.path) [\(result.status.rawValue)]")
                for detail in result.details { console.line("    \(detail)") }
            }
        }
        var tally: [String] = []
        for status in ScriptStatus.allCases where status != .passed {
            let count = failures.filter { $0.status == status }.count
            if count > 0 { tally.append("\(count) \(status.rawValue)") }
        }
        var facts = ["\(results.count) script\(results.count == 1 ? "" : "s") in \(formatFixed(seconds, digits: 2)) s"]
        if !note.isEmpty { facts.insert(note, at: 0) }
        if let workers {
            var fact = "\(workers.most) worker\(workers.most == 1 ? "" : "s")"
            if let shortfall = workers.shortfall { fact += " (no more could start: \(shortfall))" }
            facts.append(fact)
        }
        if !tally.isEmpty { facts.append(tally.joined(separator: ", ")) }
        if let report = options.report { facts.append("report: \(ScriptFiles.path(report, HTMLReport.indexName))") }
        if !failures.isEmpty { console.line("") }
        console.line(facts.joined(separator: "; "))
        console.line("\(results.count - failures.count) passed, \(failures.count) failed")
        if failures.contains(where: { $0.status == .malformed }) { return 2 }
        return failures.isEmpty ? 0 : 1
    }
}
