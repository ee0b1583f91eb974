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

    /// Nil when not kept (`keepsStory`), or once the report has drawn it
    /// (`forgetStory()`): `story(readFrom:)` tells it again.
    private(set) var story: GestureStory?
    private(set) var snapshots: [Snapshot] = []
    /// The failed checks' `assert` records, in order.
    private(set) var failedAsserts: [ScriptRecord] = []
    /// The first `error` record: why the run stopped early.
    private(set) var stop: ScriptRecord?
    /// Checks made, from the last `end` record.
    private(set) var checks: Int?
    private(set) var recordCount = 0

    var isEmpty: Bool { recordCount == 0 }

    /// An empty log, told by `add(_:)` and `finish()`; `keepsStory`: whether
    /// it tells the story too.
    init(keepsStory: Bool = true) {
        story = keepsStory ? GestureStory() : nil
    }

    /// The log of `records`, in the order written.
    init(records: [ScriptRecord]) {
        self.init()
        for record in records { add(record) }
        finish()
    }

    mutating func add(_ record: ScriptRecord) {
        recordCount += 1
        story?.add(record)
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
        story?.finish()
    }

    /// Lets the story go (the report has drawn the run's pictures): what
    /// else the log said stays.
    mutating func forgetStory() {
        story = nil
    }

    /// The story of the `log.jsonl` in `folder`, read again; empty when it
    /// cannot be read (the result says why).
    static func story(readFrom folder: String, limit: Int) -> GestureStory {
        var story = GestureStory()
        do {
            try LogReader.forEachRecord(atPath: ScriptFiles.path(folder, "log.jsonl"), atMost: limit) { story.add($0) }
        } catch {
            return GestureStory()
        }
        story.finish()
        return story
    }
}
