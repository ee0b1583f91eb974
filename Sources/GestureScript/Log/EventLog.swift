import GestureKit

/// The machine-readable log of a run, one JSON line per `ScriptRecord`
/// (docs/scripting.md, "Results"): headless runs write it to `log.jsonl`,
/// live sessions and live replays to `--log`, with the same record kinds.
///
/// It is the one writer of records. As the window's observer it logs label
/// and switch changes, the recognizer transitions that matter (began,
/// ended, cancelled, and failed with its reason) and resizes; as the router's raw input tap it logs
/// every input as delivered, whether a compositor or a script sent it; the
/// player hands it its own records (checks, snapshots, errors, the device
/// commands a router never sees). `end` closes every log.
public final class EventLog: WindowObserver, RawInputTap {
    private let timeSource: TimeSource
    private let write: (String) -> Void

    /// The player whose script line `input` records name; nil for input
    /// from a compositor.
    public weak var player: ScriptPlayer?

    /// - Parameters:
    ///   - timeSource: stamps every record (`t`).
    ///   - write: receives each record as one line of JSON, in order.
    public init(timeSource: TimeSource, write: @escaping (String) -> Void) {
        self.timeSource = timeSource
        self.write = write
    }

    /// Writes a record made elsewhere (the player's).
    public func record(_ record: ScriptRecord) {
        write(record.jsonLine)
    }

    /// The last record: the run's checks and whether it went to its end.
    public func end(checks: Int, failed: Int, completed: Bool) {
        record(.end(time: timeSource.now, checks: checks, failed: failed, completed: completed))
    }

    private func record(_ type: String, line: Int? = nil, _ fields: [(String, ScriptRecord.Value)]) {
        record(ScriptRecord(time: timeSource.now, type: type, line: line, fields))
    }

    private func input(_ event: String, _ fields: [(String, ScriptRecord.Value)]) {
        record("input", line: player?.currentLine, [("event", .string(event))] + fields)
    }

    // MARK: Window

    public func labelTextDidChange(_ label: Label, from oldText: String) {
        record("label", [("name", .string(label.name ?? "")), ("text", .string(label.text))])
    }

    public func controlValueDidChange(_ control: View, value: String) {
        record("control", [("name", .string(control.name ?? "")), ("value", .string(value))])
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, didTransitionFrom old: GestureRecognizer.State,
                                  to new: GestureRecognizer.State, reason: String?) {
        guard new == .began || new == .ended || new == .cancelled || new == .failed else { return }
        var fields: [(String, ScriptRecord.Value)] = [("name", .string(recognizer.debugName)), ("state", .string(new.rawValue))]
        // Why it failed ("moved 12 px > 10 px"): what a report shows of a
        // gesture that was not recognized.
        if new == .failed, let reason { fields.append(("reason", .string(reason))) }
        record("gesture", fields)
    }

    public func windowDidResize(_ window: Window, from oldSize: Size) {
        input("size", [("width", .number(window.bounds.width)), ("height", .number(window.bounds.height))])
    }

    // MARK: Input

    public func raw(_ raw: RawInput, time: Double, deliversFrame: Bool) {
        func point(_ p: Point) -> [(String, ScriptRecord.Value)] { [("x", .number(p.x)), ("y", .number(p.y))] }
        func touch(_ id: Int32, _ seat: Int) -> (String, ScriptRecord.Value) {
            ("id", .number(Double(RawInput.scriptTouchID(id, seat: seat))))
        }
        switch raw {
        case .touchDown(let id, let seat, let p): input("down", [touch(id, seat)] + point(p))
        case .touchMotion(let id, let seat, let p): input("move", [touch(id, seat)] + point(p))
        case .touchUp(let id, let seat): input("up", [touch(id, seat)])
        case .touchFrame: input("frame", [])
        case .touchCancel: input("cancel", [])
        case .pointerMotion(let p): input("pointer-move", point(p))
        case .pointerButton(let code, let pressed):
            let button = RawInput.buttonName(code).map { ScriptRecord.Value.string($0.rawValue) } ?? .number(Double(code))
            input(pressed ? "pointer-down" : "pointer-up", [("button", button)])
        case .pointerAxis(let vertical, let horizontal):
            input("pointer-scroll", [("dx", .number(horizontal)), ("dy", .number(vertical))])
        case .pointerLeave: input("pointer-leave", [])
        case .touchpad(let event):
            func number(_ name: String, _ v: Double) -> (String, ScriptRecord.Value) { (name, .number(v)) }
            switch event {
            case .begin(let gesture, let fingers):
                input("touchpad-\(gesture.rawValue)-begin", [number("fingers", Double(fingers))])
            case .swipeUpdate(let dx, let dy): input("touchpad-swipe-update", [number("dx", dx), number("dy", dy)])
            case .pinchUpdate(let dx, let dy, let scale, let rotation):
                input("touchpad-pinch-update", [number("dx", dx), number("dy", dy), number("scale", scale),
                                                number("rotation", rotation)])
            case .end(let gesture, let cancelled):
                input("touchpad-\(gesture.rawValue)-end", [("cancelled", .bool(cancelled))])
            }
        case .key(let event):
            var fields: [(String, ScriptRecord.Value)] = [("key", .string(ScriptKeys.name(of: event.keysym)))]
            if !event.modifiers.isEmpty {
                let names = ModifierKey.allCases.filter { event.modifiers.contains($0.modifier) }.map(\.rawValue)
                fields.append(("modifiers", .string(names.joined(separator: "+"))))
            }
            // A held key's repeat (the keyboard's, or the player's).
            if event.isRepeat { fields.append(("repeat", .bool(true))) }
            input(event.isPressed ? "key-press" : "key-release", fields)
        case .shakeBegan: input("shake-begin", [])
        case .shakeEnded: input("shake-end", [])
        case .keyRepeat(let settings):
            input("keyboard-repeat", [("rate", .number(Double(settings.rate))), ("delay", .number(Double(settings.delay)))])
        }
    }
}
