import GestureKit
import GestureScript

/// What happened in one run, read from its `log.jsonl` for the report's
/// pictures: each finger's trail, each recognizer's transitions with
/// their reasons, label changes, checks and snapshots, on the virtual
/// time axis.
struct GestureStory {
    /// One finger from down to up (or cancel), or a left-button pointer
    /// drag (which the app turns into a touch).
    struct Trail {
        var id: String
        var points: [(t: Double, x: Double, y: Double)]
        /// How it ended: `up`, `cancel`, or nil while still down at the end.
        var end: String?
        var start: Double { points[0].t }
        var finish: Double { points.last!.t }
    }

    struct Transition {
        var time: Double
        /// `began`, `ended` (recognized), `cancelled` or `failed`.
        var state: String
        var reason: String?
    }

    struct Recognizer {
        var name: String
        var transitions: [Transition]
    }

    struct Note {
        var time: Double
        var text: String
        var line: Int?
    }

    /// Notes of one kind, in the order added, their texts kept one after
    /// the other in one buffer rather than as a string each: a long run
    /// changes a label on every frame, and half a million changes held as
    /// strings took twice the memory.
    struct Notes: Sequence {
        private var times: [Double] = []
        /// Where each note's text ends in `utf8`.
        private var ends: [Int] = []
        private var utf8: [UInt8] = []

        var count: Int { times.count }

        mutating func append(time: Double, text: String) {
            times.append(time)
            utf8.append(contentsOf: text.utf8)
            ends.append(utf8.count)
        }

        func makeIterator() -> Iterator { Iterator(notes: self) }

        struct Iterator: IteratorProtocol {
            fileprivate let notes: Notes
            private var index = 0

            fileprivate init(notes: Notes) { self.notes = notes }

            mutating func next() -> Note? {
                guard index < notes.times.count else { return nil }
                defer { index += 1 }
                let start = index == 0 ? 0 : notes.ends[index - 1]
                return Note(time: notes.times[index],
                            text: String(decoding: notes.utf8[start..<notes.ends[index]], as: UTF8.self))
            }
        }
    }

    var trails: [Trail] = []
    var recognizers: [Recognizer] = []
    /// Label and control changes.
    var labels = Notes()
    var passedChecks: [Note] = []
    var failedChecks: [Note] = []
    var snapshots: [Note] = []
    /// Why the run stopped early, if it did.
    var stop: Note?
    var endTime = 0.0
    /// The window size at the end, if a `size` input said.
    var windowSize: (width: Double, height: Double)?
    /// The gesture that led to the failure: from the start of the last
    /// touch sequence that began before it (the fingers down together,
    /// from the first down after all were up) to the failure. Nil when the
    /// run did not fail or no finger touched before it. Worked out once,
    /// in `finish()`: a report's pictures ask for it several times.
    private(set) var focus: ClosedRange<Double>?

    /// While records are added: the trail of each finger that is down (by
    /// id, and `pointer` for a left-button drag), and where the pointer is.
    private var open: [String: Int] = [:]
    private var pointer: (x: Double, y: Double)?

    /// The story of `records`, in the order written.
    init(records: [ScriptRecord]) {
        for record in records { add(record) }
        finish()
    }

    /// An empty story, told by `add(_:)` record by record (a long run's
    /// log is read a line at a time, never held whole) and `finish()`.
    init() {}

    /// Takes the log's next record into the story.
    mutating func add(_ record: ScriptRecord) {
        let t = record.time
        endTime = max(endTime, t)
        let line = record["line"]?.whole
        switch record.type {
        case "input":
            let x = record["x"]?.number ?? 0, y = record["y"]?.number ?? 0
            let id = record["id"]?.whole.map { String($0) } ?? ""
            switch record["event"]?.string {
            case "down":
                if let index = open[id] { trails[index].end = "cancel" }
                open[id] = trails.count
                trails.append(Trail(id: id, points: [(t, x, y)], end: nil))
            case "move":
                if let index = open[id] { trails[index].points.append((t, x, y)) }
            case "up":
                if let index = open.removeValue(forKey: id) { close(index, "up", at: t) }
            case "cancel":
                for index in open.values { close(index, "cancel", at: t) }
                open.removeAll()
            case "pointer-move":
                pointer = (x, y)
                if let index = open["pointer"] { trails[index].points.append((t, x, y)) }
            case "pointer-down" where record["button"]?.string == "left":
                let p = pointer ?? (0, 0)
                open["pointer"] = trails.count
                trails.append(Trail(id: "pointer", points: [(t, p.x, p.y)], end: nil))
            case "pointer-up" where record["button"]?.string == "left", "pointer-leave":
                if let index = open.removeValue(forKey: "pointer") { close(index, "up", at: t) }
            case "size":
                windowSize = (record["width"]?.number ?? 0, record["height"]?.number ?? 0)
            default: break
            }
        case "gesture":
            let name = record["name"]?.string ?? "?"
            let transition = Transition(time: t, state: record["state"]?.string ?? "?",
                                        reason: record["reason"]?.string)
            if let index = recognizers.firstIndex(where: { $0.name == name }) {
                recognizers[index].transitions.append(transition)
            } else {
                recognizers.append(Recognizer(name: name, transitions: [transition]))
            }
        case "label":
            labels.append(time: t, text: "\(record["name"]?.string ?? ""): \(record["text"]?.string ?? "")")
        case "control":
            labels.append(time: t, text: "\(record["name"]?.string ?? ""): \(record["value"]?.string ?? "")")
        case "assert":
            let op = record["op"]?.string ?? "=="
            let text = "line \(line ?? 0): \(record["subject"]?.string ?? "") \(op) "
                + "\(jsonString(record["expected"]?.string ?? "")), actual \(jsonString(record["actual"]?.string ?? ""))"
            if record["ok"] == .bool(true) {
                passedChecks.append(Note(time: t, text: text, line: line))
            } else {
                failedChecks.append(Note(time: t, text: text, line: line))
            }
        case "snapshot":
            snapshots.append(Note(time: t, text: record["name"]?.string ?? "", line: line))
        case "error":
            stop = Note(time: t, text: record["message"]?.string ?? "", line: line)
        default: break
        }
    }

    /// Ends the story once the last record is in.
    mutating func finish() {
        open.removeAll()
        focus = gestureBeforeFailure()
    }

    private mutating func close(_ index: Int, _ how: String, at t: Double) {
        trails[index].end = how
        if trails[index].points.last!.t < t { trails[index].points.append((t, trails[index].points.last!.x, trails[index].points.last!.y)) }
    }

    /// When the run first went wrong: its first failed check, or the stop.
    var failureTime: Double? {
        [failedChecks.first?.time, stop?.time].compactMap { $0 }.min()
    }

    /// `focus`, from the trails and the failure.
    private func gestureBeforeFailure() -> ClosedRange<Double>? {
        guard let failure = failureTime else { return nil }
        let before = trails.filter { $0.start <= failure }
        guard let last = GestureSpan.groups(before.map { ($0.start, $0.finish) }).last else { return nil }
        return before[last[0]].start...failure
    }
}
