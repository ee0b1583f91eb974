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
    static func results(inReport report: String) throws(RunnerError) -> [ScriptResult] {
        let path = ScriptFiles.path(report, name)
        guard ScriptFiles.exists(path) else { throw .usage("\(report) holds no \(name): not a gesture-demo test report") }
        var results: [ScriptResult] = []
        for record in try records(in: path, called: "report file") {
            guard record.type == "result", let script = record["script"]?.string,
                  let folder = record["folder"]?.string else { continue }
            let number = record["code"]?.number ?? 0
            // An exit status or signal that no process could have ends the
            // merge: judging the script from it would make up a result.
            func code() throws(RunnerError) -> Int32 {
                guard let code = Int32(exactly: number) else {
                    throw .usage("\(path): the result of \(script) has exit code \(number), not a whole 32-bit number: the file is damaged")
                }
                return code
            }
            let exit: WorkerExit
            switch record["exit"]?.string {
            case "exited": exit = .exited(try code())
            case "signaled": exit = .signaled(try code())
            case "vanished": exit = .vanished(try code())
            case "hung": exit = .hung(seconds: number)
            default: exit = .notStarted(record["message"]?.string ?? "unknown")
            }
            let full = folder.hasPrefix("/") ? folder : ScriptFiles.path(report, folder)
            // Many reports' stories would be held at once: each section
            // reads its log again when it is drawn.
            results.append(ScriptResult(script: ScriptFile(path: script, size: record["size"]?.whole ?? 0), exit: exit,
                                        output: record["output"]?.string ?? "",
                                        seconds: record["seconds"]?.number ?? 0, folder: full, keepsStory: false))
        }
        return results
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
    /// `called`. A results file holds a line per script, so the script size
    /// limit is ample for it. Only a regular file is read: a named pipe
    /// would hold the run until something wrote to it, and a device is no
    /// earlier run's results.
    static func records(in path: String, called: String) throws(RunnerError) -> [ScriptRecord] {
        if let kind = FileSystem.kind(of: path), kind != .regular {
            throw .usage("cannot read \(called) \(path): \(kind.description), not a regular file")
        }
        do {
            return try LogReader.records(atPath: path, atMost: ScriptFiles.maximumTextSize)
        } catch {
            switch error {
            case .tooLarge: throw .usage("\(called) \(path) is \(error.reason): not a results file")
            case .unreadable: throw .usage("cannot read \(called) \(path)")
            }
        }
    }
}
