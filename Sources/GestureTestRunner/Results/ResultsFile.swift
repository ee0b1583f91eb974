import GestureScript

/// `results.jsonl` in a report folder: one line per script, in the log's
/// JSON-lines shape, so a later run can balance its shards by these
/// durations (`--durations`) and reports of several shards can be merged
/// (`--merge`) without running anything again:
///
///     {"t":0,"type":"result","script":"Tests/Scenarios/gestures.gds","status":"failed","seconds":0.052,"folder":"scripts/Tests--Scenarios--gestures.gds","exit":"exited","code":1,"size":2210}
///
/// `folder` is relative to the report; it holds the worker's `log.jsonl`
/// and snapshots. What the worker printed, when it printed anything, is
/// the line's `output` (in the line rather than a file a script: a report
/// of many scripts then writes one file, not one more per script).
enum ResultsFile {
    static let name = "results.jsonl"

    static func line(for result: ScriptResult, folder: String) -> String {
        var fields: [(String, ScriptRecord.Value)] = [
            ("script", .string(result.script.path)), ("status", .string(result.status.rawValue)),
            ("seconds", .number((result.seconds * 1000).rounded() / 1000)), ("folder", .string(folder)),
        ]
        switch result.exit {
        case .exited(let code): fields += [("exit", .string("exited")), ("code", .number(Double(code)))]
        case .signaled(let signal): fields += [("exit", .string("signaled")), ("code", .number(Double(signal)))]
        case .vanished(let code): fields += [("exit", .string("vanished")), ("code", .number(Double(code)))]
        case .hung(let seconds): fields += [("exit", .string("hung")), ("code", .number(seconds))]
        case .notStarted(let why): fields += [("exit", .string("not-started")), ("message", .string(why))]
        }
        fields.append(("size", .number(Double(result.script.size))))
        if !result.output.isEmpty { fields.append(("output", .string(result.output))) }
        return ScriptRecord(time: 0, type: "result", fields).jsonLine
    }

    /// The results a report folder holds, judged again from their logs and
    /// output, with their folders as paths from the current directory.
    /// The file must be whole: a line cut short, one that is not a
    /// script's result, or a result missing a field or holding a value no
    /// run gives stops the merge, naming the line, rather than leave the
    /// script out or make up its result.
    static func results(inReport report: String) throws(RunnerError) -> [ScriptResult] {
        let path = ScriptFiles.path(report, name)
        guard ScriptFiles.exists(path) else { throw .usage("\(report) holds no \(name): not a gesture-demo test report") }
        var results: [ScriptResult] = []
        var lineOf: [String: Int] = [:]
        for line in try lines(in: path, called: "report file") where !(line.isEmpty && line.isEnded) {
            let entry = try Entry(line, in: path, report: report)
            if let first = lineOf.updateValue(line.number, forKey: entry.script) {
                throw .usage("\(path):\(line.number): a second result of \(entry.script) (the first is on line \(first)): the file is damaged")
            }
            // Many reports' stories would be held at once: each section
            // reads its log again when it is drawn.
            results.append(ScriptResult(script: ScriptFile(path: entry.script, size: entry.size), exit: entry.exit,
                                        output: entry.output, seconds: entry.seconds, folder: entry.folder, keepsStory: false))
        }
        return results
    }

    /// One line of a report's results file, checked: every field `line(for:folder:)`
    /// writes is there, of its type, and within what a run can give.
    private struct Entry {
        var script: String
        /// The script's folder, inside the report, as a path from the
        /// current directory.
        var folder: String
        var seconds: Double
        var size: Int
        var exit: WorkerExit
        var output: String

        /// The entry of `line` of the results file at `path` in `report`;
        /// a usage error naming the file and the line when it is damaged.
        init(_ line: LogReader.Line, in path: String, report: String) throws(RunnerError) {
            func damaged(_ what: String) -> RunnerError {
                .usage("\(path):\(line.number): \(what): the file is damaged")
            }
            guard let record = line.record else { throw damaged("not a JSON object of flat fields (a line cut short?)") }
            guard line.isEnded else { throw damaged("the last line has no end (the file was cut short)") }
            guard record.type == "result" else { throw damaged(#"not a script's result ("type":"result")"#) }
            guard let script = record["script"]?.string, !script.isEmpty else { throw damaged(#"a result without its "script""#) }
            let of = "the result of \(script)"
            func text(_ name: String) throws(RunnerError) -> String {
                guard let value = record[name]?.string else { throw damaged("\(of) has no \"\(name)\" text") }
                return value
            }
            func number(_ name: String) throws(RunnerError) -> Double {
                guard let value = record[name]?.number else { throw damaged("\(of) has no \"\(name)\" number") }
                return value
            }
            self.script = script
            // The folder's files are copied into the merged report: one
            // outside the report (/etc, ../.., a link out) would copy
            // whatever it names from this machine.
            let relative = try text("folder")
            if relative.isEmpty || relative.hasPrefix("/") || relative.split(separator: "/").contains("..") {
                throw damaged("\(of) has folder '\(relative)', which is not inside the report")
            }
            folder = ScriptFiles.path(report, relative)
            if let inside = FileSystem.resolved(folder), let base = FileSystem.resolved(report),
               !inside.hasPrefix(base == "/" ? base : base + "/") {
                throw damaged("\(of) has folder '\(relative)', a link to \(inside), which is not inside the report")
            }
            let status = try text("status")
            guard ScriptStatus(rawValue: status) != nil else { throw damaged("\(of) has status '\(status)', which no run has") }
            seconds = try number("seconds")
            guard seconds >= 0, seconds.isFinite else {
                throw damaged("\(of) took \(formatScriptNumber(seconds)) s, which no run takes")
            }
            let bytes = try number("size")
            guard let size = Int(exactly: bytes), size >= 0 else {
                throw damaged("\(of) has a script of \(formatScriptNumber(bytes)) bytes, which no file has")
            }
            self.size = size
            if let printed = record["output"] {
                guard let printed = printed.string else { throw damaged("\(of) has an \"output\" that is not text") }
                output = printed
            } else {
                output = ""
            }
            // An exit status or signal that no process could have ends the
            // merge: judging the script from it would make up a result.
            func exitStatus() throws(RunnerError) -> Int32 {
                let code = try number("code")
                guard let status = Int32(exactly: code) else {
                    throw damaged("\(of) has exit code \(formatScriptNumber(code)), not a whole 32-bit number")
                }
                guard (0...255).contains(status) else {
                    throw damaged("\(of) has exit code \(status), which no process exits with (0 to 255)")
                }
                return status
            }
            switch try text("exit") {
            case "exited": exit = .exited(try exitStatus())
            case "vanished": exit = .vanished(try exitStatus())
            case "signaled":
                let code = try number("code")
                guard let signal = Int32(exactly: code), (1...64).contains(signal) else {
                    throw damaged("\(of) was killed by signal \(formatScriptNumber(code)), which is no signal (1 to 64)")
                }
                exit = .signaled(signal)
            case "hung":
                let limit = try number("code")
                guard limit > 0, limit.isFinite else {
                    throw damaged("\(of) hung past a watchdog of \(formatScriptNumber(limit)) s, which no run has")
                }
                exit = .hung(seconds: limit)
            case "not-started": exit = .notStarted(try text("message"))
            case let other: throw damaged("\(of) has exit '\(other)', which no run has")
            }
        }
    }

    /// Each script's duration in the earlier results file at `path`, for
    /// `--durations` (the runner merges those of several files).
    static func durations(in path: String) throws(RunnerError) -> [String: Double] {
        var durations: [String: Double] = [:]
        for record in try records(in: path, called: "durations file") where record.type == "result" {
            if let script = record["script"]?.string, let seconds = record["seconds"]?.number {
                durations[script] = seconds
            }
        }
        return durations
    }

    /// The records of the results file at `path`, which errors call
    /// `called`; lines that are no record are skipped.
    static func records(in path: String, called: String) throws(RunnerError) -> [ScriptRecord] {
        try lines(in: path, called: called).compactMap(\.record)
    }

    /// Every line of the results file at `path`, which errors call
    /// `called`. A results file holds a line per script, so the script size
    /// limit is ample for it. Only a regular file is read: a named pipe
    /// would hold the run until something wrote to it, and a device is no
    /// earlier run's results.
    static func lines(in path: String, called: String) throws(RunnerError) -> [LogReader.Line] {
        if let kind = ScriptFiles.type(of: path), kind != .regular {
            throw .usage("cannot read \(called) \(path): \(kind.description), not a regular file")
        }
        var lines: [LogReader.Line] = []
        do {
            try LogReader.forEachLine(atPath: path, atMost: ScriptFiles.maximumTextSize) { lines.append($0) }
        } catch {
            switch error {
            case .tooLarge: throw .usage("\(called) \(path) is \(error.reason): not a results file")
            case .unreadable: throw .usage("cannot read \(called) \(path)")
            }
        }
        return lines
    }
}
