import GestureKit

/// Writes a live session as a script (docs/scripting.md, "Recording")
/// that replays headless, as is, to the same results: the size of the
/// window's content and the page at the start, then the raw input the
/// window receives (touches with their frames, pointer, touchpad gestures,
/// keys and how they repeat, the device's shakes), in the content's
/// coordinates (below the title bar the window may draw itself, which a
/// headless window has not), its resizes and orientation changes, and
/// the time between them as waits, on a `RecordingClock` (whatever the
/// compositor's clock origin). `finish()` adds the time up to the
/// session's end, so timers that fired live before it fire in the replay
/// too.
///
/// Install it as the window's observer and (through `RawInputTaps` if
/// the log taps too) as its router's tap. Lines go to `write` as they are
/// made (a touch frame's once it closes), so a session that is killed
/// keeps what it recorded.
public final class ScriptRecorder: RawInputTap, WindowObserver {
    private let window: Window
    private let timeSource: TimeSource
    private let start: Double
    /// The header's first line, without its `#`, and the page it names.
    private let comment: String?
    private let page: String
    private let write: (String) -> Void

    private var clock = RecordingClock()
    /// Whole milliseconds written as waits so far; each wait rounds the
    /// event's time, so rounding never adds up.
    private var writtenMilliseconds = 0.0
    private var headerWritten = false
    private var size: Size
    /// The orientation a replay has at this point.
    private var orientation: InterfaceOrientation = .portrait
    /// Modifier keys recorded as held (`key press ctrl`).
    private var heldModifiers: [ModifierKey] = []
    /// Keys held that were written by another key than their base symbol
    /// (see `keyLines`), by the key, with the name written.
    private var retypedKeys: [PressedKey: String] = [:]
    /// A key held: its key code where the keyboard says it, else its base
    /// symbol.
    private enum PressedKey: Hashable {
        case code(UInt32)
        case symbol(UInt32)
    }
    /// When the device's shake under way began, on the window's clock.
    private var shakeStart: Double?
    /// The key repeat a replay has at this point: none until a
    /// `keyboard repeat` line.
    private var keyRepeat = KeyRepeatSettings.off
    /// The touch lines of the frame under way, held until it closes, and
    /// the time of its latest event. A frame's touches may carry different
    /// milliseconds (two fingers read 3 ms apart), and a wait between them
    /// would close the frame in the replay, splitting one event into two.
    private var openFrame: [ScriptCommand] = []
    private var openFrameTime = 0.0
    /// The commands written so far (the comment line is not one): a
    /// recording past `ScriptDefaults.maximumCommands` must be split before
    /// it replays.
    public private(set) var commandCount = 0

    /// - Parameters:
    ///   - timeSource: the clock events arrive by (the window's).
    ///   - page: the page shown at the start.
    ///   - comment: a first line saying what the file is (no `#` needed).
    public init(window: Window, timeSource: TimeSource, page: String, comment: String? = nil,
                write: @escaping (String) -> Void) {
        self.window = window
        self.timeSource = timeSource
        self.write = write
        start = timeSource.now
        size = window.contentFrame.size
        self.comment = comment
        self.page = page
    }

    /// Ends the recording: the time since the last event becomes a wait.
    public func finish() {
        writeOpenFrame()
        emit(at: clock.time(at: timeSource.now - start), [], endsSession: true)
    }

    // MARK: Input

    public func raw(_ input: RawInput, time: Double, deliversFrame: Bool) {
        let arrival = timeSource.now - start
        switch input {
        case .touchDown(let id, let seat, let p):
            holdInFrame(.down(id: RawInput.scriptTouchID(id, seat: seat), at: onPage(p)), stamp: time, arrival)
        case .touchMotion(let id, let seat, let p):
            holdInFrame(.move(id: RawInput.scriptTouchID(id, seat: seat), to: onPage(p)), stamp: time, arrival)
        case .touchUp(let id, let seat):
            holdInFrame(.up(id: RawInput.scriptTouchID(id, seat: seat)), stamp: time, arrival)
        case .touchFrame: closeFrame(with: .frame, arrival)
        case .touchCancel: closeFrame(with: .cancel, arrival)
        case .pointerMotion(let p):
            record(.pointer(.move(to: onPage(p))), stamp: time, arrival, deliversFrame: deliversFrame)
        case .pointerButton(let code, let pressed):
            guard let button = RawInput.buttonName(code) else { return }
            // Alt at a press makes a drag two touches, also Alt held with
            // no key event seen (pressed before the window had focus: the
            // compositor says so in `wl_keyboard.modifiers`).
            record(.pointer(pressed ? .down(button) : .up(button)), stamp: time, arrival, deliversFrame: deliversFrame,
                   setUp: pressed ? holdModifiers(window.input.keyboardModifiers) : [])
        case .pointerAxis(let vertical, let horizontal):
            record(.pointer(.scroll(dx: horizontal, dy: vertical)), stamp: time, arrival, deliversFrame: deliversFrame)
        case .pointerLeave: record(.pointer(.leave), stamp: nil, arrival, deliversFrame: deliversFrame)
        case .touchpad(let event): record(.touchpad(event), stamp: time, arrival, deliversFrame: deliversFrame)
        case .key(let event):
            // The replay repeats a held key itself, under the recorded
            // `keyboard repeat` settings; a line per repeat would double it.
            guard !event.isRepeat else { return }
            emit(at: clock.time(ofEventStamped: time, arrivedAt: arrival), keyCommands(for: event))
        case .keyRepeat(let settings):
            record(.keyboardRepeat(settings), stamp: nil, arrival, deliversFrame: deliversFrame)
        // A device's shake is known late (an accelerometer's ends once the
        // device has been still for a while), so the line comes when the
        // app heard of it, and `shake end` says how long the shake was.
        case .shakeBegan:
            shakeStart = time
            record(.shakeBegin, stamp: nil, arrival, deliversFrame: deliversFrame)
        case .shakeEnded:
            let lasted = shakeStart.map { ((time - $0) * 1_000_000).rounded() / 1000 }
            shakeStart = nil
            record(.shakeEnd(milliseconds: lasted.map { max(0, $0) }), stamp: nil, arrival,
                   deliversFrame: deliversFrame)
        }
    }

    /// Anything but a touch, arriving while a frame's touches wait for
    /// its end or not. The replay closes an open frame before any other
    /// line, so the line goes where the live window delivered the frame's
    /// touches: after them when the event delivered them with its own (a
    /// mouse drag's, a touchpad gesture's touches; the router says which
    /// do, `deliversFrame`), else ahead of them, and
    /// they follow when their frame closes (a key or the pointer moving
    /// between two fingers' downs and their frame: they still land
    /// together, after it). `setUp`: lines the replay must play first
    /// for the command to act as it did (modifier keys held).
    private func record(_ command: ScriptCommand, stamp: Double?, _ arrival: Double, deliversFrame: Bool,
                        setUp: [ScriptCommand] = []) {
        if deliversFrame { writeOpenFrame() }
        emit(at: clock.time(ofEventStamped: stamp, arrivedAt: arrival), setUp + [command])
    }

    /// The lines that make the modifier keys recorded as held those of
    /// `modifiers`: releases of the others, presses of the missing.
    private func holdModifiers(_ modifiers: KeyModifiers) -> [ScriptCommand] {
        var commands: [ScriptCommand] = []
        for modifier in heldModifiers where !modifiers.contains(modifier.modifier) {
            commands.append(.key(.release, KeyChord(key: modifier.rawValue)))
        }
        heldModifiers.removeAll { !modifiers.contains($0.modifier) }
        for modifier in ModifierKey.allCases where modifiers.contains(modifier.modifier) && !heldModifiers.contains(modifier) {
            commands.append(.key(.press, KeyChord(key: modifier.rawValue)))
            heldModifiers.append(modifier)
        }
        return commands
    }

    /// A touch's down, move or up: held until its frame closes.
    private func holdInFrame(_ command: ScriptCommand, stamp: Double, _ arrival: Double) {
        openFrameTime = clock.time(ofEventStamped: stamp, arrivedAt: arrival)
        openFrame.append(command)
    }

    /// The frame's touch lines, then what closes it (`frame`, `cancel`),
    /// at the time of its latest touch: the time the live event was
    /// delivered with.
    private func closeFrame(with end: ScriptCommand, _ arrival: Double) {
        let closedAt = clock.time(ofEventStamped: nil, arrivedAt: arrival)
        if openFrame.isEmpty {
            emit(at: closedAt, [end])
        } else {
            openFrame.append(end)
            writeOpenFrame()
        }
    }

    /// Writes the touch lines of a frame that has not closed, at its latest
    /// event's time.
    private func writeOpenFrame() {
        guard !openFrame.isEmpty else { return }
        let lines = openFrame
        openFrame.removeAll(keepingCapacity: true)
        emit(at: openFrameTime, lines)
    }

    /// Modifier keys are recorded as held on their own lines
    /// (`key press alt`), so they modify pointer presses too (Alt + drag)
    /// and stay held through a key's repeats, as live. Modifiers an event
    /// has that no recorded press accounts for (held before the window had
    /// focus) are pressed first; modifiers recorded as held that it no
    /// longer has (let go outside the window's focus) are released first.
    private func keyCommands(for event: KeyEvent) -> [ScriptCommand] {
        let own = ModifierKey(anyKeysym: event.baseKeysym)
        var commands: [ScriptCommand] = []
        for modifier in heldModifiers where modifier != own && !event.modifiers.contains(modifier.modifier) {
            commands.append(.key(.release, KeyChord(key: modifier.rawValue)))
        }
        heldModifiers.removeAll { $0 != own && !event.modifiers.contains($0.modifier) }
        if event.isPressed {
            for modifier in ModifierKey.allCases
            where modifier != own && event.modifiers.contains(modifier.modifier) && !heldModifiers.contains(modifier) {
                commands.append(.key(.press, KeyChord(key: modifier.rawValue)))
                heldModifiers.append(modifier)
            }
        }
        let action: KeyAction = event.isPressed ? .press : .release
        guard let own else { return commands + keyLines(for: event, action) }
        if event.isPressed {
            // The other Ctrl while one is held: nothing changes.
            guard !heldModifiers.contains(own) else { return commands }
            heldModifiers.append(own)
        } else {
            heldModifiers.removeAll { $0 == own }
        }
        return commands + [.key(action, KeyChord(key: own.rawValue))]
    }

    /// A key that is no modifier, by its base symbol (or, on a layout
    /// typing no Latin letters, by the Latin letter shortcuts match it by,
    /// so the replay acts as the live run did). The replay's keyboard is
    /// the US layout's, though: with Shift held it types what the US
    /// layout shifts the key to, and a layout that shifts it to another
    /// symbol (`1` on the French `&` key, `?` on the German `ß` key) types
    /// a shortcut the replay would miss. Such a key is written as a key the
    /// US layout types that symbol on: with Shift held as it is (`/` for
    /// `?`), or with Shift let go around its press (`1`); its release names
    /// the same key.
    private func keyLines(for event: KeyEvent, _ action: KeyAction) -> [ScriptCommand] {
        let key = event.keyCode.map(PressedKey.code) ?? .symbol(event.baseKeysym)
        if !event.isPressed, let name = retypedKeys.removeValue(forKey: key) {
            return [.key(.release, KeyChord(key: name))]
        }
        let base = event.latinKeysym ?? event.baseKeysym
        let asBase: [ScriptCommand] = [.key(action, KeyChord(key: ScriptKeys.recordedName(of: base)))]
        guard event.isPressed, event.latinKeysym == nil, event.modifiers.contains(.shift),
              event.keysym != base, event.keysym != ScriptKeys.shiftedKeysym(base) else { return asBase }
        let (unshifted, needsShift) = ScriptKeys.unshiftedKey(for: ScriptKeys.name(of: event.keysym))
        if needsShift {
            let name = ScriptKeys.recordedName(of: unshifted)
            retypedKeys[key] = name
            return [.key(.press, KeyChord(key: name))]
        }
        let name = ScriptKeys.recordedName(of: event.keysym)
        retypedKeys[key] = name
        let shift = KeyChord(key: ModifierKey.shift.rawValue)
        return [.key(.release, shift), .key(.press, KeyChord(key: name)), .key(.press, shift)]
    }

    /// A point of the window as the script's, on the page: the page lies
    /// below the title bar the window draws itself, and a headless replay
    /// has none.
    private func onPage(_ p: Point) -> ScriptPoint {
        .absolute(p - window.contentFrame.origin)
    }

    // MARK: Window

    // The first of these (the compositor's first configure, an output's
    // transform) writes the header, which says the new size and
    // orientation; later ones are lines at their time.

    public func windowDidResize(_ window: Window, from oldSize: Size) {
        record(.size(window.contentFrame.size), stamp: nil, timeSource.now - start, deliversFrame: false)
    }

    public func environmentDidChange(_ environment: DisplayEnvironment) {
        // The content's size changes without a resize when the window
        // starts or stops drawing its own title bar.
        if headerWritten && window.contentFrame.size != size {
            record(.size(window.contentFrame.size), stamp: nil, timeSource.now - start, deliversFrame: false)
        }
        // Most changes (scale, output) are not the script's. Before the
        // first configure (which writes the header) the window's size and
        // orientation are not settled: the header says where they end up.
        guard headerWritten, environment.orientation != orientation else { return }
        record(.orientation(environment.orientation), stamp: nil, timeSource.now - start, deliversFrame: false)
    }

    // MARK: Writing

    /// Writes `commands` at recording time `time`, after the wait that
    /// leads there (none if nothing is left to write, such as a size that
    /// did not change, unless the session ends there). The header goes
    /// first, with the window's size and orientation of that moment.
    private func emit(at time: Double, _ commands: [ScriptCommand], endsSession: Bool = false) {
        if !headerWritten {
            headerWritten = true
            if let comment { write("# " + comment) }
            put(.page(name: page))
            size = window.contentFrame.size
            put(.size(size))
            // The replay's window takes the orientation its size implies;
            // a line only where the live one differs (a turned output).
            orientation = window.environment.orientation
            if orientation != Self.implied(by: size) { put(.orientation(orientation)) }
        }
        let changes = commands.filter { command in
            switch command {
            case .size(let new):
                defer {
                    // Resized across square, the replay turns as the live
                    // window did: no line of its own for that.
                    if Self.implied(by: new) != Self.implied(by: size) { orientation = Self.implied(by: new) }
                    size = new
                }
                return new != size
            case .orientation(let new):
                defer { orientation = new }
                return new != orientation
            case .keyboardRepeat(let new):
                // Any settings without repeat are as good as "off".
                defer { keyRepeat = new }
                return new != keyRepeat && (new.repeats || keyRepeat.repeats)
            default: return true
            }
        }
        guard !changes.isEmpty || endsSession else { return }
        let milliseconds = (time * 1000).rounded()
        if milliseconds > writtenMilliseconds {
            put(.wait(milliseconds: milliseconds - writtenMilliseconds))
            writtenMilliseconds = milliseconds
        }
        changes.forEach(put)
    }

    /// The orientation a replay's window (headless: no output transform,
    /// no title bar) of the page's `size` takes.
    private static func implied(by size: Size) -> InterfaceOrientation {
        InterfaceOrientation(transform: .normal, windowSize: size)
    }

    private func put(_ command: ScriptCommand) {
        write(command.description)
        commandCount += 1
    }
}
