import GestureKit

/// Writes what happens in a window as JSON lines: label changes, switch
/// changes and gesture recognizer transitions that matter (began, ended,
/// cancelled). Tests, the headless player and end-to-end runs read it.
public final class EventLog: WindowObserver {
    private let timeSource: TimeSource
    private let write: (String) -> Void

    public init(timeSource: TimeSource, write: @escaping (String) -> Void) {
        self.timeSource = timeSource
        self.write = write
    }

    /// Writes one record; `fields` keep their order.
    public func record(_ type: String, _ fields: [(String, String)]) {
        var line = "{\"t\":\(formatTime(timeSource.now)),\"type\":\(jsonString(type))"
        for (key, value) in fields {
            line += ",\(jsonString(key)):\(jsonString(value))"
        }
        line += "}"
        write(line)
    }

    public func labelTextDidChange(_ label: Label, from oldText: String) {
        record("label", [("name", label.name ?? ""), ("text", label.text)])
    }

    public func controlValueDidChange(_ control: View, value: String) {
        record("control", [("name", control.name ?? ""), ("value", value)])
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, didTransitionFrom old: GestureRecognizer.State,
                                  to new: GestureRecognizer.State, reason: String?) {
        guard new == .began || new == .ended || new == .cancelled else { return }
        record("gesture", [("name", recognizer.debugName), ("state", new.rawValue)])
    }

    private func formatTime(_ t: Double) -> String {
        let ms = (t * 1000).rounded() / 1000
        return ms == ms.rounded() ? String(Int(ms)) : String(ms)
    }
}
