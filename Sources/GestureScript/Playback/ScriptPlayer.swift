import Glibc  // atan2
import GestureKit

/// Plays a script into a window. Headless, on a virtual clock: input takes
/// no real time and a wait jumps the clock from timer to timer, so a
/// 3-second timer fires in microseconds and every run of the same script
/// gives the same result.
///
/// Each command expands into `ScriptStep`s (`steps(for:)`), resolved
/// against the window's current layout, and `perform(_:)` carries out one
/// step at the clock's current time. A live replay drives the same two
/// methods from its event loop (`perform(_:of:in:)` names the script line
/// for records), scheduling the step after each `.wait` on the real clock.
///
/// What the toolkit does not know comes from the host through closures:
/// pages, counters, and how snapshots are rendered.
public final class ScriptPlayer {
    public let window: Window
    /// Stamps every event the player sends.
    public let timeSource: TimeSource
    /// The clock `advance(by:)` moves; nil for a live replay, whose waits
    /// are the caller's.
    private let virtualClock: VirtualTimeSource?

    /// Renders a snapshot and compares it with its golden image if it
    /// names one; the player knows nothing of pixels.
    public var onSnapshot: ((SnapshotRequest) throws -> SnapshotOutcome)?
    /// Shows a page; the player knows nothing of the app's pages.
    public var onPage: ((String) throws -> Void)?
    /// Asked before every step: a reason to stop the run there (its
    /// message), or nil to go on. A headless run stops when its log grows
    /// past `ScriptFiles.maximumLogSize`.
    public var interruption: (() -> String?)?
    /// The name of the page shown, for `expect page`.
    public var currentPage: (() -> String?)?
    /// Counters for `expect counter NAME` (e.g. FlatCube's counts).
    public var counters: [String: () -> Int] = [:]
    /// Receives the player's own records for the log, in order (an
    /// `EventLog` adds the input the window receives and what it shows).
    public var onRecord: ((ScriptRecord) -> Void)?

    /// The longest virtual time one script may span, in seconds from the
    /// player's start; a script that would run longer is played up to the
    /// limit (timers due by then fire) and stops there with an error,
    /// instead of running "forever".
    public var timeLimit = ScriptDefaults.timeLimit

    /// Every check made so far, in order.
    public private(set) var results: [AssertionResult] = []
    /// The checks that failed.
    public var failures: [AssertionResult] { results.filter { !$0.ok } }

    private let startTime: Double
    private let tracker = RecognitionTracker()
    /// Touch ids the script holds down, so gesture commands pick others.
    private var heldTouchIDs: Set<Int32> = []
    /// Modifier keys the script holds down.
    private var heldModifiers: KeyModifiers = []
    /// When the shake the script began began (a `shake end MS` ends it MS
    /// after that).
    private var shakeStart: Double?
    /// Repeats the key the script holds, as a keyboard would, once a
    /// `keyboard repeat` line turns repeat on (off until then, so a
    /// script's key input is exactly what it says).
    private let keyRepeat = KeyRepeat(settings: .off)
    /// The line being played, for records and check results.
    private var source: (file: String, line: Script.Line)?
    /// Each pattern checked so far.
    private var patterns: [String: CheckedPattern] = [:]
    private enum CheckedPattern {
        case compiled(Regex<AnyRegexOutput>)
        /// A match of it was given up (`BoundedMatch`).
        case unanswered
    }

    /// A headless player: waits move `clock`.
    public convenience init(window: Window, clock: VirtualTimeSource) {
        self.init(window: window, timeSource: clock, virtualClock: clock)
    }

    /// A live player: events are stamped with `timeSource`, and `.wait`
    /// steps are for the caller to schedule (`advance(by:)` refuses them).
    public convenience init(window: Window, timeSource: TimeSource) {
        self.init(window: window, timeSource: timeSource, virtualClock: timeSource as? VirtualTimeSource)
    }

    private init(window: Window, timeSource: TimeSource, virtualClock: VirtualTimeSource?) {
        self.window = window
        self.timeSource = timeSource
        self.virtualClock = virtualClock
        startTime = timeSource.now
        window.addObserver(tracker)
    }

    deinit {
        keyRepeat.stop()
        window.removeObserver(tracker)
    }

    // MARK: Running

    /// Runs every command. Failed checks are recorded in `results` and the
    /// run goes on; an error (a missing view, a snapshot that cannot be
    /// written, the time limit) stops it, naming the script line. The
    /// last record is always an `end` record.
    public func run(_ script: Script) throws {
        var completed = false
        defer {
            onRecord?(.end(time: timeSource.now, checks: results.count, failed: failures.count, completed: completed))
        }
        for line in script.commands {
            do {
                try execute(line, file: script.fileName)
            } catch {
                throw stopped(at: line, in: script.fileName, by: error)
            }
        }
        closeFrame()
        window.scheduler.fireDueTimers()
        completed = true
    }

    /// The error that stops a run at `line`, with where it happened, after
    /// an `error` record of it.
    public func stopped(at line: Script.Line, in file: String, by error: Error) -> ScriptRunError {
        let column = (error as? ScriptStepError)?.column ?? line.column
        let runError = ScriptRunError(file: file, line: line.line, column: column, message: "\(error)")
        onRecord?(.error(time: timeSource.now, line: line.line, message: runError.message))
        return runError
    }

    /// The script line being played, if any (for records of what it does).
    public var currentLine: Int? { source.map(\.line.line) }

    /// Runs one command on the virtual clock.
    public func execute(_ line: Script.Line, file: String) throws {
        source = (file, line)
        defer { source = nil }
        for step in try steps(for: line.command) {
            try perform(step)
        }
    }

    /// Runs one command on the virtual clock, outside any script.
    public func execute(_ command: ScriptCommand) throws {
        try execute(Script.Line(line: 0, command: command), file: "")
    }

    /// Runs one step of `line` (for a live replay, which performs a
    /// command's steps one by one as their time comes).
    public func perform(_ step: ScriptStep, of line: Script.Line, in file: String) throws {
        source = (file, line)
        defer { source = nil }
        try perform(step)
    }

    // MARK: Expanding commands

    /// The steps of `command`, with view references resolved against the
    /// window's current layout.
    public func steps(for command: ScriptCommand) throws(ScriptStepError) -> [ScriptStep] {
        switch command {
        case .size(let size): return [.resize(size)]
        case .down(let id, let p): return [.touchDown(id: id, at: try resolve(p))]
        case .move(let id, let p): return [.touchMove(id: id, to: try resolve(p))]
        case .up(let id): return [.touchUp(id: id)]
        case .frame: return [.touchFrame]
        case .cancel: return [.touchCancel]
        case .wait(let ms): return [.wait(seconds: ms / 1000)]
        case .snapshot(let name, let golden): return [.snapshot(name: name, golden: golden)]
        case .page(let name): return [.page(name)]
        case .shake(let ms): return [.shakeBegan, .wait(seconds: ms / 1000), .shakeEnded(lasted: nil)]
        case .shakeBegin: return [.shakeBegan]
        case .shakeEnd(let ms): return [.shakeEnded(lasted: ms.map { $0 / 1000 })]
        case .orientation(let o): return [.orientation(o)]
        case .thresholds(let name): return [.thresholds(name)]
        case .expect(let e): return [.expect(e)]
        case .key(let action, let chord): return GestureSynthesizer.keySteps(action, chord)
        case .keyboardRepeat(let settings): return [.keyRepeat(settings)]
        case .pointer(let action):
            switch action {
            case .move(let p): return [.pointerMove(to: try resolve(p))]
            case .down(let b): return [.pointerButton(b, pressed: true)]
            case .up(let b): return [.pointerButton(b, pressed: false)]
            case .scroll(let dx, let dy): return [.pointerScroll(dx: dx, dy: dy)]
            case .leave: return [.pointerLeave]
            }
        case .touchpad(let event): return [.touchpad(event)]
        case .gesture(let gesture): return try steps(for: gesture)
        }
    }

    private func steps(for gesture: SyntheticGesture) throws(ScriptStepError) -> [ScriptStep] {
        typealias G = GestureSynthesizer
        func count(_ steps: Int?, _ ms: Double) -> Int { steps ?? G.defaultSteps(milliseconds: ms) }
        switch gesture {
        case .tap(let points, let taps):
            var resolved: [Point] = []
            for p in points { resolved.append(try resolve(p)) }
            return G.tap(resolved, taps: taps, ids: freeTouchIDs(points.count))
        case .longPress(let p, let ms):
            return G.longPress(try resolve(p), seconds: ms / 1000, id: freeTouchIDs(1)[0])
        case .swipe(let p, let d, let ms, let steps):
            let start = try resolve(p)
            return G.stroke(from: start, to: start + d, seconds: ms / 1000, steps: count(steps, ms),
                            id: freeTouchIDs(1)[0])
        case .drag(let p, let q, let ms, let steps):
            return G.stroke(from: try resolve(p), to: try resolve(q), seconds: ms / 1000, steps: count(steps, ms),
                            id: freeTouchIDs(1)[0])
        case .pinch(let p, let from, let to, let ms, let steps):
            let ids = freeTouchIDs(2)
            return G.twoFingers(seconds: ms / 1000, steps: count(steps, ms), ids: (ids[0], ids[1]),
                                positions: G.pinchPositions(center: try resolve(p), from: from, to: to))
        case .rotate(let p, let span, let radians, let ms, let steps):
            let ids = freeTouchIDs(2)
            return G.twoFingers(seconds: ms / 1000, steps: count(steps, ms), ids: (ids[0], ids[1]),
                                positions: G.rotationPositions(center: try resolve(p), span: span, radians: radians))
        }
    }

    /// A script point in window coordinates; a view reference is resolved
    /// now, after layout. A script's numbers are the page's coordinates
    /// (`Window.contentFrame`): below the window's own title bar, when it
    /// draws one.
    public func resolve(_ point: ScriptPoint) throws(ScriptStepError) -> Point {
        switch point {
        case .absolute(let p): return p + window.contentFrame.origin
        case .view(let reference):
            if let p = reference.resolve(in: window) { return p }
            throw ScriptStepError(column: reference.column, "no view named '\(reference.name)' on screen"
                                  + Self.listing(window.namedViews(), as: "named views"))
        }
    }

    /// `count` touch ids from `ScriptDefaults.gestureTouchID` up that the
    /// script does not hold down.
    private func freeTouchIDs(_ count: Int) -> [Int32] {
        var ids: [Int32] = []
        var next = ScriptDefaults.gestureTouchID
        while ids.count < count {
            if !heldTouchIDs.contains(next) { ids.append(next) }
            next += 1
        }
        return ids
    }

    static func listing(_ names: [String], as kind: String) -> String {
        guard !names.isEmpty else { return "" }
        let shown = names.prefix(30).map { ViewReference.isPlainName($0) ? $0 : ScriptLexer.quote($0) }
        return " (\(kind): \(shown.joined(separator: ", "))\(names.count > 30 ? ", ..." : ""))"
    }

    // MARK: Performing steps

    /// Carries out one step at the clock's current time (a `.wait` moves
    /// the virtual clock).
    public func perform(_ step: ScriptStep) throws {
        if let interruption, let reason = interruption() { throw ScriptStepError(reason) }
        let input = window.input
        let now = timeSource.now
        if !step.isTouchPoint { closeFrame() }
        // A live window lays itself out for the frame it draws after each
        // event; so does the player after each step, so that what a page
        // updates in `layoutSubviews` (the window size it shows) changes
        // when it would live.
        defer { window.layoutIfNeeded() }
        // Input the window's router or key handling receives is logged by
        // the window's `EventLog` (its raw input tap), as a compositor's is;
        // the player records only what no router sees.
        switch step {
        case .touchDown(let id, let p):
            guard heldTouchIDs.contains(id) || heldTouchIDs.count < InputRouter.maximumTouchesDown else {
                throw ScriptStepError("at most \(InputRouter.maximumTouchesDown) fingers can be down at once; lift one first")
            }
            input.touchDown(id: id, at: p, time: now)
            heldTouchIDs.insert(id)
        case .touchMove(let id, let p):
            input.touchMotion(id: id, to: p, time: now)
        case .touchUp(let id):
            input.touchUp(id: id, time: now)
            heldTouchIDs.remove(id)
        case .touchFrame:
            closeFrame()
        case .touchCancel:
            input.touchCancel()
            heldTouchIDs.removeAll()
        case .wait(let seconds):
            try advance(by: seconds)
        case .resize(let size):
            window.resize(toContentSize: size)
        case .pointerMove(let p):
            input.pointerMotion(to: p, time: now)
        case .pointerButton(let button, let pressed):
            input.pointerButton(button.code, pressed: pressed, time: now)
        case .pointerScroll(let dx, let dy):
            input.pointerAxis(vertical: dy, horizontal: dx, time: now)
        case .pointerLeave:
            input.pointerLeave(time: now)
        case .touchpad(let event):
            input.touchpad(event, time: now)
        case .key(let keysym, let pressed):
            performKey(keysym, pressed: pressed, time: now)
        case .keyRepeat(let settings):
            keyRepeat.update(settings)
            window.keyRepeatSettingsDidChange(settings)
        case .shakeBegan:
            if !window.isShaking { shakeStart = now }
            window.deviceShakeBegan(time: now)
        case .shakeEnded(let lasted):
            let start = shakeStart ?? now
            shakeStart = nil
            window.deviceShakeEnded(time: lasted.map { start + $0 } ?? now)
        case .orientation(let orientation):
            recordInput("orientation", [("value", .string(orientation.scriptName))])
            var environment = window.environment
            environment.orientation = orientation
            window.updateEnvironment(environment)
        case .thresholds(let name):
            recordInput("thresholds", [("name", .string(name))])
            // The parser admits only preset names.
            if let preset = GestureThresholds.preset(named: name) { window.gestureThresholds = preset }
        case .page(let name):
            recordInput("page", [("name", .string(name))])
            try onPage?(name)
        case .snapshot(let name, let golden):
            // Timers due now (zero delays) belong to the state being shown.
            window.scheduler.fireDueTimers()
            guard let onSnapshot else { return }
            let outcome = try onSnapshot(SnapshotRequest(name: name, golden: golden, window: window))
            record("snapshot", [("name", .string(name)), ("file", .string(outcome.file))])
            if let comparison = outcome.comparison { report(comparison) }
        case .expect(let assertion):
            window.scheduler.fireDueTimers()
            report(evaluate(assertion))
        }
    }

    /// Delivers the touch changes waiting for a frame, if any: every step
    /// but a touch point ends the frame, a wait included, so a live
    /// replay, which waits on its own timers, calls this before waiting.
    public func closeFrame() {
        guard window.input.hasPendingFrame else { return }
        window.input.touchFrame()
    }

    /// A key event as a keyboard with the US layout gives it: Shift held
    /// turns the key's keysym into its shifted one (the base keysym stays,
    /// for shortcuts), and a modifier key changes the held modifiers after
    /// its own event, as `wl_keyboard.modifiers` follows the key. A key
    /// that repeats (`ScriptKeys.repeats`) repeats while held, as the
    /// Wayland backend repeats a compositor's: the newest such key takes
    /// over the repeat, and a modifier pressed meanwhile does not stop it.
    private func performKey(_ keysym: UInt32, pressed: Bool, time: Double) {
        let takesOverRepeat = pressed && ScriptKeys.repeats(keysym)
        if takesOverRepeat {
            keyRepeat.stop()
        } else if !pressed {
            keyRepeat.stop(key: keysym)
        }
        window.handleKey(keyEvent(keysym, pressed: pressed, isRepeat: false, time: time))
        if let modifier = ModifierKey(keysym: keysym) {
            if pressed { heldModifiers.insert(modifier.modifier) } else { heldModifiers.remove(modifier.modifier) }
            window.input.keyboardModifiers = heldModifiers
        }
        if takesOverRepeat {
            keyRepeat.start(key: keysym, time: time, scheduler: window.scheduler) { [weak self] key, time in
                guard let self else { return }
                window.handleKey(keyEvent(key, pressed: true, isRepeat: true, time: time))
            }
        }
    }

    /// `keysym` as the US layout gives it with the modifiers held now.
    private func keyEvent(_ keysym: UInt32, pressed: Bool, isRepeat: Bool, time: Double) -> KeyEvent {
        let shown = heldModifiers.contains(.shift) ? ScriptKeys.shiftedKeysym(keysym) : keysym
        let typesText = pressed && heldModifiers.isDisjoint(with: [.control, .alt, .logo])
        return KeyEvent(keysym: shown, baseKeysym: keysym, modifiers: heldModifiers, isPressed: pressed,
                        isRepeat: isRepeat, text: typesText ? ScriptKeys.text(of: shown) : "", time: time)
    }

    /// Moves the virtual clock forward, firing each timer at its own
    /// deadline so that timers scheduled by timers run in order. A wait
    /// that would pass the time limit plays up to the limit exactly, then
    /// throws `ScriptTimeLimitError`.
    public func advance(by seconds: Double) throws {
        guard let clock = virtualClock else {
            throw ScriptStepError("a live player cannot wait: schedule the next step after \(formatScriptNumber(seconds)) s")
        }
        let pastLimit = clock.now + seconds - startTime > timeLimit
        let target = pastLimit ? startTime + timeLimit : clock.now + seconds
        while let deadline = window.scheduler.nextDeadline, deadline <= target {
            clock.advance(to: deadline)
            window.scheduler.fireDueTimers()
            window.layoutIfNeeded()
        }
        clock.advance(to: max(clock.now, target))
        if pastLimit { throw ScriptTimeLimitError(limit: timeLimit) }
    }

    // MARK: Records

    private func record(_ type: String, _ fields: [(String, ScriptRecord.Value)]) {
        onRecord?(ScriptRecord(time: timeSource.now, type: type, line: currentLine, fields))
    }

    private func recordInput(_ event: String, _ fields: [(String, ScriptRecord.Value)]) {
        record("input", [("event", .string(event))] + fields)
    }

    private func report(_ outcome: AssertionOutcome) {
        let line = source?.line ?? Script.Line(line: 0, command: .frame, text: "")
        let result = AssertionResult(file: source?.file ?? "", line: line.line, column: line.column,
                                     source: line.text, outcome: outcome)
        results.append(result)
        var fields: [(String, ScriptRecord.Value)] = [
            ("ok", .bool(outcome.ok)), ("subject", .string(outcome.subject)), ("op", .string(outcome.op)),
            ("expected", .string(outcome.expected)), ("actual", .string(outcome.actual)),
        ]
        if let diff = outcome.diffFile { fields.append(("diff", .string(diff))) }
        record("assert", fields)
    }

    // MARK: Checks

    /// Checks `assertion` against the window now.
    public func evaluate(_ assertion: ScriptAssertion) -> AssertionOutcome {
        window.layoutIfNeeded()
        switch assertion {
        case .label(let name, let check):
            let subject = "label \(name)"
            guard let label = window.view(named: name) as? Label else {
                return missing(subject, check.operand, op: check.op, what: "label", name: name, expectedIsText: true)
            }
            let ok: Bool
            switch check {
            case .equals(let text): ok = label.text == text
            case .notEquals(let text): ok = label.text != text
            case .matches(let pattern), .notMatches(let pattern):
                let found = matches(label.text, pattern)
                guard found != .gaveUp else {
                    return AssertionOutcome(ok: false, subject: subject, op: check.op, expected: check.operand,
                                            actual: Self.unanswered(label.text), expectedIsText: true)
                }
                ok = (found == .matched) == (check.op == "~")
            }
            return AssertionOutcome(ok: ok, subject: subject, op: check.op, expected: check.operand,
                                    actual: label.text, isText: true)
        case .view(let name, let check):
            return evaluate(check, ofView: name)
        case .switchIsOn(let name, let on):
            let expected = on ? "on" : "off"
            guard let toggle = window.view(named: name) as? Switch else {
                return missing("switch \(name)", expected, what: "switch", name: name)
            }
            return AssertionOutcome(ok: toggle.isOn == on, subject: "switch \(name)", expected: expected,
                                    actual: toggle.isOn ? "on" : "off")
        case .recognizerState(let name, let equal, let state):
            let subject = "recognizer \(name) state", op = equal ? "==" : "!="
            guard let recognizer = window.gestureRecognizer(named: name) else {
                return missing(subject, state.rawValue, op: op, what: "recognizer", name: name)
            }
            return AssertionOutcome(ok: (recognizer.state == state) == equal, subject: subject, op: op,
                                    expected: state.rawValue, actual: recognizer.state.rawValue)
        case .recognizedCount(let name, let op, let count):
            let actual = tracker.counts[name] ?? 0
            return AssertionOutcome(ok: op.holds(Double(actual), Double(count)), subject: "recognizer \(name) recognized",
                                    op: op.rawValue, expected: String(count), actual: String(actual))
        case .lastGesture(let name):
            return AssertionOutcome(ok: tracker.last == name, subject: "last-gesture", expected: name ?? "none",
                                    actual: tracker.last ?? "none")
        case .counter(let name, let op, let value):
            guard let counter = counters[name] else {
                return AssertionOutcome(ok: false, subject: "counter \(name)", op: op.rawValue, expected: String(value),
                                        actual: "no counter named '\(name)'" + Self.listing(counters.keys.sorted(), as: "counters"))
            }
            let actual = counter()
            return AssertionOutcome(ok: op.holds(Double(actual), Double(value)), subject: "counter \(name)",
                                    op: op.rawValue, expected: String(value), actual: String(actual))
        case .page(let name):
            let actual = currentPage?() ?? "unknown"
            return AssertionOutcome(ok: actual == name, subject: "page", expected: name, actual: actual)
        case .orientation(let orientation):
            let actual = window.environment.orientation
            return AssertionOutcome(ok: actual == orientation, subject: "orientation", expected: orientation.scriptName,
                                    actual: actual.scriptName)
        }
    }

    private func evaluate(_ check: ViewCheck, ofView name: String) -> AssertionOutcome {
        let view = window.view(named: name)
        let n = Self.formatMeasure
        let subject = "view \(name)"
        func within(_ t: Double?) -> Double { t ?? ScriptDefaults.numberTolerance }
        func withinText(_ t: Double?) -> String { t.map { " within \(formatScriptNumber($0))" } ?? "" }
        switch check {
        case .exists(let exists):
            return AssertionOutcome(ok: (view != nil) == exists, subject: subject, expected: exists ? "exists" : "absent",
                                    actual: view != nil ? "exists" : "absent")
        case .frame(let expected, let tolerance):
            let text = "\(n(expected.minX)) \(n(expected.minY)) \(n(expected.width)) \(n(expected.height))"
            guard let view else { return missing("\(subject) frame", text, what: "view", name: name) }
            let f = Self.pageFrame(of: view, in: window)
            let t = within(tolerance)
            let ok = abs(f.minX - expected.minX) <= t && abs(f.minY - expected.minY) <= t
                && abs(f.width - expected.width) <= t && abs(f.height - expected.height) <= t
            return AssertionOutcome(ok: ok, subject: "\(subject) frame", expected: text + withinText(tolerance),
                                    actual: "\(n(f.minX)) \(n(f.minY)) \(n(f.width)) \(n(f.height))")
        case .center(let expected, let tolerance):
            let text = "\(n(expected.x)) \(n(expected.y))"
            guard let view else { return missing("\(subject) center", text, what: "view", name: name) }
            let c = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil) - window.contentFrame.origin
            let t = within(tolerance)
            return AssertionOutcome(ok: abs(c.x - expected.x) <= t && abs(c.y - expected.y) <= t,
                                    subject: "\(subject) center", expected: text + withinText(tolerance),
                                    actual: "\(n(c.x)) \(n(c.y))")
        case .flag(let flag, let value):
            guard let view else { return missing("\(subject) \(flag.rawValue)", String(value), what: "view", name: name) }
            let actual = flag == .hidden ? view.isHidden : view.isUserInteractionEnabled
            return AssertionOutcome(ok: actual == value, subject: "\(subject) \(flag.rawValue)", expected: String(value),
                                    actual: String(actual))
        case .number(let property, let op, let value, let tolerance):
            let s = "\(subject) \(property.rawValue)"
            guard let view else { return missing(s, n(value), op: op.rawValue, what: "view", name: name) }
            let actual = Self.measure(property, of: view, in: window)
            return AssertionOutcome(ok: op.holds(actual, value, tolerance: within(tolerance)), subject: s,
                                    op: op.rawValue, expected: n(value) + withinText(tolerance), actual: n(actual))
        }
    }

    /// The view's bounding box on screen in the page's coordinates.
    static func pageFrame(of view: View, in window: Window) -> Rect {
        let frame = view.convert(view.bounds, to: nil), origin = window.contentFrame.origin
        return Rect(x: frame.minX - origin.x, y: frame.minY - origin.y, width: frame.width, height: frame.height)
    }

    static func measure(_ property: ViewNumber, of view: View, in window: Window) -> Double {
        let frame = pageFrame(of: view, in: window)
        let t = view.transform
        switch property {
        case .x: return frame.minX
        case .y: return frame.minY
        case .width: return frame.width
        case .height: return frame.height
        case .alpha: return view.alpha
        case .rotation: return atan2(t.b, t.a)
        case .scale: return (t.a * t.a + t.b * t.b).squareRoot()
        }
    }

    /// A measured number for messages: at most three decimals.
    static func formatMeasure(_ v: Double) -> String {
        formatScriptNumber((v * 1000).rounded() / 1000)
    }

    /// The outcome of a check whose subject is not on screen.
    private func missing(_ subject: String, _ expected: String, op: String = "==", what: String,
                         name: String, expectedIsText: Bool = false) -> AssertionOutcome {
        var actual = "no \(what) named '\(name)' on screen"
        if let other = window.view(named: name) { actual = "'\(name)' is a \(other.typeName), not a \(what)" }
        return AssertionOutcome(ok: false, subject: subject, op: op, expected: expected, actual: actual,
                                expectedIsText: expectedIsText)
    }

    /// Whole-text match of a regular expression (checked when parsed),
    /// given up after `BoundedMatch.limit` seconds; a pattern given up
    /// once is not tried again.
    private func matches(_ text: String, _ pattern: String) -> BoundedMatch.Outcome {
        let regex: Regex<AnyRegexOutput>
        switch patterns[pattern] {
        case .unanswered: return .gaveUp
        case .compiled(let compiled): regex = compiled
        case nil:
            // Checked when parsed: a pattern that does not compile never gets here.
            guard let compiled = try? Regex(pattern) else { return .notMatched }
            regex = compiled
        }
        let found = BoundedMatch.wholeMatch(text, regex)
        patterns[pattern] = found == .gaveUp ? .unanswered : .compiled(regex)
        return found
    }

    /// What a check whose pattern was given up says it found.
    static func unanswered(_ text: String) -> String {
        "no answer against \(jsonString(text)): the pattern was still matching after "
            + "\(formatScriptNumber(BoundedMatch.limit)) s (a repeated group that itself repeats, "
            + "like (.*.*)*, can backtrack without end)"
    }
}
