import GestureKit

/// Records the state a recognizer is in at each of its action calls. The
/// recognizer keeps its log alive (the log does not refer to it), so a log
/// a test no longer reads still records.
final class ActionLog {
    var states: [GestureRecognizer.State] = []
    init(_ r: GestureRecognizer) {
        r.addAction { r in self.states.append(r.state) }
    }
}

/// Records a value read from a recognizer at each of its action calls
/// (its velocity, its rotation...), with the state it was in then. Kept
/// alive by the recognizer, as `ActionLog` is.
final class ActionReadings<Recognizer: GestureRecognizer, Value> {
    private(set) var readings: [(state: GestureRecognizer.State, value: Value)] = []

    init(_ recognizer: Recognizer, _ read: @escaping (Recognizer) -> Value) {
        recognizer.addAction { r in
            guard let r = r as? Recognizer else { return }
            self.readings.append((r.state, read(r)))
        }
    }

    var values: [Value] { readings.map(\.value) }
    /// The value read at the last action call.
    var last: Value? { readings.last?.value }
    /// The value read when the gesture ended (recognized).
    var atEnd: Value? { readings.last { $0.state == .ended }?.value }
}
