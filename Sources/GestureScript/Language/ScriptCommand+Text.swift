import GestureKit

// The canonical script text of each command: what `ScriptParser` reads
// back to an equal command (tested for every form), so that a recorder or
// a tool can write scripts by building commands.

extension ScriptCommand: CustomStringConvertible {
    public var description: String {
        let n = formatScriptNumber
        switch self {
        case .size(let s): return "size \(n(s.width)) \(n(s.height))"
        case .down(let id, let p): return "down \(id) \(p)"
        case .move(let id, let p): return "move \(id) \(p)"
        case .up(let id): return "up \(id)"
        case .frame: return "frame"
        case .cancel: return "cancel"
        case .gesture(let g): return g.description
        case .pointer(let a): return a.description
        case .touchpad(let event):
            switch event {
            case .begin(let gesture, let fingers): return "touchpad \(gesture.rawValue) begin \(fingers)"
            case .swipeUpdate(let dx, let dy): return "touchpad swipe update \(n(dx)) \(n(dy))"
            case .pinchUpdate(let dx, let dy, let scale, let rotation):
                return "touchpad pinch update \(n(dx)) \(n(dy)) \(n(scale)) \(n(rotation))"
            case .end(let gesture, let cancelled): return "touchpad \(gesture.rawValue) end" + (cancelled ? " cancelled" : "")
            }
        case .key(let action, let chord):
            switch action {
            case .type: return "key \(chord)"
            case .press: return "key press \(chord)"
            case .release: return "key release \(chord)"
            case .hold(let ms): return "key hold \(chord) \(n(ms))"
            }
        case .keyboardRepeat(let s): return "keyboard repeat \(s.rate) \(s.delay)"
        case .wait(let ms): return "wait \(n(ms))"
        case .snapshot(let name, let golden):
            guard let golden else { return "snapshot \(name)" }
            let path = ScriptLexer.isBareWord(golden.path) ? golden.path : ScriptLexer.quote(golden.path)
            return "snapshot \(name) vs \(path)" + (golden.tolerance == 0 ? "" : " tolerance \(golden.tolerance)")
        case .page(let name): return "page \(name)"
        case .shake(let ms): return "shake \(n(ms))"
        case .shakeBegin: return "shake begin"
        case .shakeEnd(let ms): return "shake end" + (ms.map { " \(n($0))" } ?? "")
        case .orientation(let o): return "orientation \(o.scriptName)"
        case .thresholds(let name): return "thresholds \(name)"
        case .expect(let e): return "expect \(e)"
        }
    }
}

extension SyntheticGesture: CustomStringConvertible {
    public var description: String {
        let n = formatScriptNumber
        func timing(_ ms: Double, _ steps: Int?) -> String {
            " \(n(ms))" + (steps.map { " \($0)" } ?? "")
        }
        switch self {
        case .tap(let points, let taps):
            return (taps == 2 ? "doubletap " : "tap ") + points.map(\.description).joined(separator: " ")
        case .longPress(let p, let ms): return "longpress \(p) \(n(ms))"
        case .swipe(let p, let d, let ms, let steps): return "swipe \(p) \(n(d.x)) \(n(d.y))" + timing(ms, steps)
        case .drag(let p, let q, let ms, let steps): return "drag \(p) \(q)" + timing(ms, steps)
        case .pinch(let p, let from, let to, let ms, let steps):
            return "pinch \(p) \(n(from)) \(n(to))" + timing(ms, steps)
        case .rotate(let p, let span, let radians, let ms, let steps):
            return "rotate \(p) \(n(span)) \(n(radians))" + timing(ms, steps)
        }
    }
}

extension PointerAction: CustomStringConvertible {
    public var description: String {
        switch self {
        case .move(let p): return "pointer move \(p)"
        case .down(let b): return "pointer down \(b.rawValue)"
        case .up(let b): return "pointer up \(b.rawValue)"
        case .scroll(let dx, let dy): return "pointer scroll \(formatScriptNumber(dx)) \(formatScriptNumber(dy))"
        case .leave: return "pointer leave"
        }
    }
}

extension ScriptAssertion: CustomStringConvertible {
    public var description: String {
        let n = formatScriptNumber
        func name(_ s: String) -> String { ScriptLexer.isBareWord(s) ? s : ScriptLexer.quote(s) }
        func within(_ t: Double?) -> String { t.map { " within \(n($0))" } ?? "" }
        switch self {
        case .label(let label, let check):
            return "label \(name(label)) \(check.op) \(ScriptLexer.quote(check.operand))"
        case .view(let view, let check):
            switch check {
            case .exists(let exists): return "view \(name(view)) \(exists ? "exists" : "absent")"
            case .number(let property, let op, let value, let t):
                return "view \(name(view)) \(property.rawValue) \(op.rawValue) \(n(value))" + within(t)
            case .frame(let r, let t):
                return "view \(name(view)) frame == \(n(r.minX)) \(n(r.minY)) \(n(r.width)) \(n(r.height))" + within(t)
            case .center(let p, let t): return "view \(name(view)) center == \(n(p.x)) \(n(p.y))" + within(t)
            case .flag(let flag, let value): return "view \(name(view)) \(flag.rawValue) == \(value)"
            }
        case .switchIsOn(let s, let on): return "switch \(name(s)) == \(on ? "on" : "off")"
        case .recognizerState(let r, let equal, let state):
            return "recognizer \(name(r)) state \(equal ? "==" : "!=") \(state.rawValue)"
        case .recognizedCount(let r, let op, let count): return "recognizer \(name(r)) recognized \(op.rawValue) \(count)"
        case .lastGesture(let r):
            // A recognizer really named "none" is quoted, as bare `none` means no gesture.
            return "last-gesture == \(r.map { $0 == "none" ? ScriptLexer.quote($0) : name($0) } ?? "none")"
        case .counter(let c, let op, let value): return "counter \(name(c)) \(op.rawValue) \(value)"
        case .page(let p): return "page == \(p)"
        case .orientation(let o): return "orientation == \(o.scriptName)"
        }
    }
}
