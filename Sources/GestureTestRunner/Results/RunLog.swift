import GestureScript

/// What the runner keeps of a run's `log.jsonl`, gathered record by record
/// as the file is read: the story the report's pictures are drawn from,
/// the snapshots taken, the failed checks, the stop and the count of
/// checks. A run of millions of records is never held whole: its log
/// costs the runner what its story costs (a trail point per move, a note
/// per label change), not the records'.
struct RunLog {
    /// A snapshot the run wrote: its name and its file in the run's folder.
    struct Snapshot {
        var name: String
        var file: String
        var time: Double
    }

    /// Gone once the report has drawn it (`forgetStory()`).
    private(set) var story = GestureStory()
    private(set) var snapshots: [Snapshot] = []
    /// The failed checks' `assert` records, in order.
    private(set) var failedAsserts: [ScriptRecord] = []
    /// The first `error` record: why the run stopped early.
    private(set) var stop: ScriptRecord?
    /// Checks made, from the last `end` record.
    private(set) var checks: Int?
    private(set) var recordCount = 0

    var isEmpty: Bool { recordCount == 0 }

    init() {}

    /// The log of `records`, in the order written.
    init(records: [ScriptRecord]) {
        for record in records { add(record) }
        finish()
    }

    mutating func add(_ record: ScriptRecord) {
        recordCount += 1
        story.add(record)
        switch record.type {
        case "snapshot":
            if let file = record["file"]?.string {
                snapshots.append(Snapshot(name: record["name"]?.string ?? file, file: file, time: record.time))
            }
        case "assert" where record["ok"] == .bool(false):
            failedAsserts.append(record)
        case "error" where stop == nil:
            stop = record
        case "end":
            checks = record["checks"]?.whole
        default:
            break
        }
    }

    mutating func finish() {
        story.finish()
    }

    /// Lets the story go (the report has drawn the run's pictures): what
    /// else the log said stays.
    mutating func forgetStory() {
        story = GestureStory()
    }
}
