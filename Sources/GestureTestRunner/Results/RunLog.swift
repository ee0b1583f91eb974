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
    /// (`forgetStory()`): `story(readingAgainFrom:limit:)` tells it again.
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

    /// The story: the one kept, or else told again from the `log.jsonl`
    /// in `folder` (empty when this log had no records, or the file can no
    /// longer be read).
    func story(readingAgainFrom folder: String, limit: Int) -> GestureStory {
        if let story { return story }
        guard !isEmpty else { return GestureStory() }
        return Self.read(in: folder, limit: limit, keepsStory: true).log.story ?? GestureStory()
    }

    /// What the `log.jsonl` in `folder` said, or why it was not read.
    /// No log at all is no problem: a worker that died early wrote none.
    /// Anything but a regular file (a folder, a pipe that would block the
    /// read, a device) is not a worker's log.
    static func read(in folder: String, limit: Int, keepsStory: Bool) -> (log: RunLog, problem: String?) {
        let path = ScriptFiles.path(folder, "log.jsonl")
        // The usual case, a regular log, costs one look at the file.
        guard FileSystem.size(of: path) != nil else {
            return (RunLog(), ScriptFiles.exists(path) ? "not a regular file" : nil)
        }
        var log = RunLog(keepsStory: keepsStory)
        do {
            try LogReader.forEachRecord(atPath: path, atMost: limit) { log.add($0) }
        } catch {
            return (RunLog(), error.reason)
        }
        log.finish()
        return (log, nil)
    }
}
