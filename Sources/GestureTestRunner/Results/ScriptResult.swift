import CPosix
import GestureKit
import GestureScript

/// What became of one script.
public enum ScriptStatus: String, Sendable, CaseIterable {
    /// Every check passed (exit 0).
    case passed
    /// A check failed; the script still played to its end (exit 1).
    case failed
    /// The run stopped early: a view not on screen, the time limit, a
    /// snapshot that could not be written (exit 1 with an `error` record).
    case stopped
    /// The script is malformed; nothing ran (exit 2).
    case malformed
    /// The worker died: a signal, or an exit status no run gives.
    case crashed
    /// The worker ran past the real-time watchdog and was killed.
    case hung

    public var isPassed: Bool { self == .passed }
}

/// A failed check: where, what, expected and actual, as the log has it,
/// with the message the worker printed for it.
public struct FailedCheck: Sendable, Equatable {
    public var line: Int
    /// Virtual seconds into the script.
    public var time: Double
    public var subject: String
    public var op: String
    public var expected: String
    public var actual: String
    /// The compiler-style message (`file:line:column: assertion failed: ...`).
    public var message: String
    /// The diff image written for a failed golden comparison (file name
    /// in the script's output folder).
    public var diffFile: String?
    /// The golden image a snapshot was compared with, as the script names
    /// it (relative to the script's folder, or absolute).
    public var golden: String?
}

/// One script's result, with everything the reports show.
public struct ScriptResult: Sendable {
    public var script: ScriptFile
    public var status: ScriptStatus
    /// Real seconds the worker took.
    public var seconds: Double
    /// One line saying why it did not pass (empty when it passed).
    public var reason: String
    public var failedChecks: [FailedCheck]
    /// Checks made, from the log's `end` record.
    public var checks: Int
    /// What the worker printed (standard output and error).
    public var output: String
    /// The worker's `--out` folder: `log.jsonl`, snapshots, diffs.
    public var folder: String
    /// How the worker ended, as results.jsonl keeps it.
    public var exit: WorkerExit
    /// What the run's log said (empty for malformed scripts).
    var log: RunLog
    /// Why the run's `log.jsonl` was there but not read ("larger than 256
    /// MiB", "not a regular file", the C library's reason); its records
    /// are then missing, and the result rests on the worker's exit and
    /// output alone.
    public var logProblem: String?

    /// The largest `log.jsonl` read back, in bytes: four times the script
    /// size limit. A log is a few times its script's size; one larger than
    /// this (or without end, such as a link to /dev/zero in a report given
    /// to `--merge`) would hold the runner's memory for a report nobody
    /// could read, and is left unread instead.
    public static let logLimit = ScriptFiles.maximumLogSize

    /// Judges a finished worker from its exit, its output and its log.
    /// A passing script's log is read only when `readsPassingLog` (for the
    /// HTML report); its exit says all the rest.
    /// `keepsStory`: whether the result keeps the story of its log for the
    /// report's pictures (false: they read the log again when drawn).
    init(script: ScriptFile, exit: WorkerExit, output: String, seconds: Double, folder: String,
         readsPassingLog: Bool = true, keepsStory: Bool = true, logLimit: Int = ScriptResult.logLimit) {
        self.script = script
        self.exit = exit
        self.output = output
        self.seconds = seconds
        self.folder = folder
        if exit == .exited(0) && !readsPassingLog {
            log = RunLog()
        } else {
            (log, logProblem) = RunLog.read(in: folder, limit: logLimit, keepsStory: keepsStory)
        }
        checks = log.checks ?? 0
        let printed = output.split(separator: "\n").map(String.init)
        let path = script.path
        failedChecks = log.failedAsserts.map { record in
            let line = record["line"]?.whole ?? 0
            let subject = record["subject"]?.string ?? "", op = record["op"]?.string ?? "=="
            let expected = record["expected"]?.string ?? "", actual = record["actual"]?.string ?? ""
            let message = printed.first { $0.hasPrefix("\(path):\(line):") && $0.contains("assertion failed") }
                ?? "\(path):\(line): \(subject) \(op) \(expected): actual \(actual)"
            var golden: String?
            if subject.hasPrefix("snapshot "), expected.hasPrefix("matches ") {
                let named = expected.dropFirst("matches ".count)
                golden = String(named.firstRange(of: " within ").map { named[..<$0.lowerBound] } ?? named)
            }
            return FailedCheck(line: line, time: record.time, subject: subject, op: op, expected: expected,
                               actual: actual, message: message, diffFile: record["diff"]?.string, golden: golden)
        }
        let stop = log.stop?["message"]?.string
        switch exit {
        case .exited(0):
            status = .passed
            reason = ""
        case .exited(2):
            status = .malformed
            let errors = Self.malformedLines(printed, path: path)
            // The parser's note that it stopped reading is no malformed line.
            let more = errors.dropFirst().filter { !$0.hasSuffix(": " + ScriptParser.stoppedReadingMessage) }.count
            reason = (errors.first ?? printed.last ?? "malformed script")
                + (more > 0 ? " (and \(more) more malformed line\(more == 1 ? "" : "s"))" : "")
        case .exited(1) where stop != nil:
            // The worker prints the stop with its file:line:column.
            status = .stopped
            reason = Self.stopLine(printed, path: path) ?? "stopped: " + (stop ?? "")
        case .exited(1) where !failedChecks.isEmpty:
            status = .failed
            let count = failedChecks.count
            reason = count == 1 ? failedChecks[0].message
                                : "\(count) of \(checks) checks failed, first: \(failedChecks[0].message)"
        case .exited(1):
            // The log tells neither a failed check nor a stop: it was not
            // read, or there is none. What the worker printed does; with
            // neither printed, it could not run the script (an output
            // folder it cannot create, ...).
            let failures = Self.printedFailures(printed, path: path)
            if let line = Self.stopLine(printed, path: path) {
                status = .stopped
                reason = line
            } else if let first = failures.first {
                status = .failed
                reason = failures.count == 1 ? first : "\(failures.count) checks failed, first: \(first)"
            } else {
                status = .stopped
                reason = printed.last ?? "exit status 1 without a failed check"
            }
        case .exited(let code):
            status = .crashed
            reason = "crashed: exit status \(code)" + Self.lastWords(printed)
        case .vanished(let code):
            status = .crashed
            reason = "crashed: the worker exited (status \(code)) before the script ended" + Self.lastWords(printed)
        case .signaled(let signal):
            status = .crashed
            reason = "crashed: killed by \(Self.signalName(signal))" + Self.lastWords(printed)
        case .hung(let limit):
            status = .hung
            reason = "hung: still running after \(formatScriptNumber(limit)) s of real time (--watchdog); killed"
        case .notStarted(let why):
            status = .crashed
            reason = "could not start: \(why)"
        }
        if let logProblem, status != .passed {
            reason += " " + Self.unreadLog(logProblem)
        }
    }

    /// What a reason adds when the log was there but not read.
    private static func unreadLog(_ problem: String) -> String { "(its log.jsonl was not read: \(problem))" }

    /// The worker's line for a stopped run (`gesture-demo: FILE:LINE:COL:
    /// stopped: ...`), without its prefix and its count of failed checks.
    private static func stopLine(_ printed: [String], path: String) -> String? {
        let prefix = "gesture-demo: "
        guard let line = printed.last(where: { $0.hasPrefix(prefix + path + ":") }) else { return nil }
        let said = line.dropFirst(prefix.count)
        return String(said.firstRange(of: " (and ").map { said[..<$0.lowerBound] } ?? said)
    }

    /// The lines a worker printed for its failed checks
    /// (`FILE:LINE:COL: assertion failed: ...`).
    private static func printedFailures(_ printed: [String], path: String) -> [String] {
        printed.filter { $0.hasPrefix(path + ":") && $0.contains(": assertion failed: ") }
    }

    /// The lines a worker printed about a malformed script: each starts
    /// with the script's path and the line's position.
    private static func malformedLines(_ printed: [String], path: String) -> [String] {
        printed.filter { $0.hasPrefix(path + ":") }
    }

    /// A crash's last printed line (a Swift runtime's "Fatal error: ...").
    private static func lastWords(_ printed: [String]) -> String {
        printed.last(where: { !$0.isEmpty }).map { ": \($0)" } ?? ""
    }

    /// "SIGSEGV (signal 11)", from the C library's names.
    static func signalName(_ signal: Int32) -> String {
        cposix_signal_abbreviation(signal).map { "SIG\(String(cString: $0)) (signal \(signal))" } ?? "signal \(signal)"
    }

    /// Everything that went wrong, a line each: every failed check, then
    /// why the run stopped; every malformed line; or why the worker died.
    public var details: [String] {
        let printed = output.split(separator: "\n").map(String.init)
        switch status {
        case .passed: return []
        case .failed:
            guard failedChecks.isEmpty else { return failedChecks.map(\.message) }
            // Without the log's records, the lines the worker printed, and
            // why the log was not read.
            return Self.printedFailures(printed, path: script.path) + (logProblem.map { [Self.unreadLog($0)] } ?? [])
        case .stopped: return failedChecks.map(\.message) + [reason]
        case .malformed:
            let errors = Self.malformedLines(printed, path: script.path)
            return errors.isEmpty ? [reason] : errors
        case .crashed, .hung: return [reason]
        }
    }

    /// The first thing that went wrong, for a report's headline: the first
    /// failed check, else the reason.
    public var headline: String { failedChecks.first?.message ?? reason }
}

extension ScriptRecord.Value {
    var string: String? { if case .string(let s) = self { s } else { nil } }
    var number: Double? { if case .number(let v) = self { v } else { nil } }
    /// The number if it is whole and fits an `Int`; nil for a fraction,
    /// infinity or a number beyond `Int` (a damaged or hand-edited record).
    var whole: Int? { number.flatMap { Int(exactly: $0) } }
}
