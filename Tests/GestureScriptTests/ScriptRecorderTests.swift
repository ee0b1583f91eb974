import DemoApp
import Foundation
import GestureKit
@testable import GestureScript
import Testing

/// A live session without a compositor: the app's window on its own clock
/// (virtual here; the monotonic clock live), and input stamped as a
/// compositor stamps it, on a clock of another origin (the machine's
/// uptime, here 1915.867 s) and read `latency` after it happened; the
/// window lays itself out for a frame whenever time passes, as the live
/// loop does after every batch of events. A recorder and a log watch the
/// window as in `gesture-demo --record FILE --log FILE`.
@MainActor
final class SimulatedSession {
    let clock = VirtualTimeSource()
    let window: Window
    let compositorOrigin: Double
    var latency = 0.004
    private let recording = Lines(), log = Lines()
    private let recorder: ScriptRecorder
    private let eventLog: EventLog
    private let taps: RawInputTaps

    final class Lines {
        var all: [String] = []
    }

    /// - Parameter clientSideDecorations: the window draws its own title
    ///   bar, as on a compositor without server-side decorations.
    init(page: DemoPage = .touches, compositorOrigin: Double = 1915.867, clientSideDecorations: Bool = false) {
        self.compositorOrigin = compositorOrigin
        window = DemoApp.makeWindow(timeSource: clock, page: page)
        if clientSideDecorations { window.drawsItsOwnTitleBar() }
        recorder = ScriptRecorder(window: window, timeSource: clock, page: page.rawValue, comment: "simulated") {
            [recording] in recording.all.append($0)
        }
        eventLog = EventLog(timeSource: clock) { [log] in log.all.append($0) }
        taps = RawInputTaps([eventLog, recorder])
        window.addObserver(eventLog)
        window.addObserver(recorder)
        window.input.tap = taps
    }

    /// The compositor's time stamp of an event that happens now: whole
    /// milliseconds, cut short, as the protocol carries them.
    var stamp: Double { ((clock.now + compositorOrigin - latency) * 1000).rounded(.down) / 1000 }

    /// Lets time pass on the app's clock, its timers firing on the way.
    func pass(_ seconds: Double) {
        window.layoutIfNeeded()
        let target = clock.now + seconds
        while let deadline = window.scheduler.nextDeadline, deadline <= target {
            clock.advance(to: deadline)
            window.scheduler.fireDueTimers()
            window.layoutIfNeeded()
        }
        clock.advance(to: target)
    }

    func center(of name: String) throws -> Point {
        try #require(ViewReference(name: name).resolve(in: window), "no view \(name)")
    }

    /// A one-finger tap: down, frame, 50 ms, up (no frame, as weston 10).
    func touchTap(_ p: Point, id: Int32 = 0) {
        window.input.touchDown(id: id, at: p, time: stamp)
        window.input.touchFrame()
        window.input.endOfInputBatch()
        pass(0.05)
        window.input.touchUp(id: id, time: stamp)
        window.input.endOfInputBatch()
    }

    /// The pointer moved to `p`, then 0.1 s later a left click held
    /// `seconds`.
    func click(at p: Point, holding seconds: Double) {
        window.input.pointerMotion(to: p, time: stamp)
        pass(0.1)
        window.input.pointerButton(MouseButton.left.code, pressed: true, time: stamp)
        pass(seconds)
        window.input.pointerButton(MouseButton.left.code, pressed: false, time: stamp)
    }

    /// At 1024x768, multiple touch turned on by a tap on its switch
    /// (the Touches page), then `settle` seconds.
    func turnOnMultipleTouch(settle: Double) throws {
        window.resize(to: Size(width: 1024, height: 768))
        pass(0.3)
        touchTap(try center(of: "multipleTouch"))
        pass(settle)
    }

    /// The keyboard's repeat, run as the backend's `KeyboardInput` runs it.
    let keyRepeat = KeyRepeat(settings: .fallback)

    /// The compositor announces repeat settings (`wl_keyboard.repeat_info`).
    func repeatInfo(rate: Int, delay: Int) {
        keyRepeat.update(KeyRepeatSettings(rate: rate, delay: delay))
        window.keyRepeatSettingsDidChange(keyRepeat.settings)
    }

    /// A key held for `seconds` with `modifiers`, repeating meanwhile as a
    /// compositor's keyboard repeats in the backend.
    func hold(_ keysym: UInt32, modifiers: KeyModifiers, for seconds: Double) {
        window.handleKey(KeyEvent(keysym: keysym, modifiers: modifiers, isPressed: true, time: stamp))
        keyRepeat.start(key: keysym, time: stamp, scheduler: window.scheduler) { [window] key, time in
            window.handleKey(KeyEvent(keysym: key, modifiers: modifiers, isPressed: true, isRepeat: true, time: time))
        }
        pass(seconds)
        keyRepeat.stop(key: keysym)
        window.handleKey(KeyEvent(keysym: keysym, modifiers: modifiers, isPressed: false, time: stamp))
    }

    /// A key typed: press, 60 ms, release.
    func type(_ keysym: UInt32, modifiers: KeyModifiers = []) {
        window.handleKey(KeyEvent(keysym: keysym, modifiers: modifiers, isPressed: true, time: stamp))
        pass(0.06)
        window.handleKey(KeyEvent(keysym: keysym, modifiers: modifiers, isPressed: false, time: stamp))
    }

    /// The commands the recorder says it wrote.
    var recordedCommands: Int { recorder.commandCount }

    /// Ends the session: the recording's last wait, and the log's end.
    func finish() -> (recording: String, log: [String]) {
        recorder.finish()
        eventLog.end(checks: 0, failed: 0, completed: true)
        return (recording.all.joined(separator: "\n"), log.all)
    }
}

/// Replays `script` headless with the real binary, as
/// `gesture-demo --headless --script`, and returns its log.
func replayHeadless(_ script: String) throws -> [[String: Any]] {
    let run = try Scenarios.run(text: script, name: "recorded.gds")
    defer { run.remove() }
    #expect(run.exitCode == 0, "\(run.stderr)")
    return run.records
}

/// Log lines (JSON objects), parsed; lines that are not are left out.
func records(_ lines: [String]) -> [[String: Any]] {
    lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
}

/// What the app showed, from a log: label changes and recognizer
/// transitions, each with its time, in order.
func shown(_ log: [[String: Any]]) -> [String] {
    log.compactMap { r in
        guard let type = r["type"] as? String, type == "label" || type == "gesture",
              let t = (r["t"] as? NSNumber)?.doubleValue, let name = r["name"] as? String else { return nil }
        return "\(t) \(name) \(r["text"] as? String ?? r["state"] as? String ?? "")"
    }
}

@MainActor
@Suite("Script recorder")
struct ScriptRecorderTests {
    enum FirstEvent: String, CaseIterable {
        case pointer, key, touch
    }

    /// A session at 1024x768 (the compositor's configure comes after the
    /// recorder starts): its first event, then a mouse click on Touches,
    /// page 2 by key, FlatCube taps by touch, the pointer leaving, a
    /// resize, and a pause past the 3-second reset before the user quits.
    func session(first: FirstEvent) throws -> SimulatedSession {
        let s = SimulatedSession()
        s.window.resize(to: Size(width: 1024, height: 768))
        s.pass(0.32)
        switch first {
        // The pointer is under the new window: weston sends enter, which
        // has no time (the backend passes 0, the pointer's last).
        case .pointer: s.window.input.pointerMotion(to: Point(x: 100, y: 100), time: 0)
        case .key: s.type(Keysym.digit(1))
        case .touch: s.touchTap(Point(x: 700, y: 500))
        }
        s.pass(0.7)
        s.click(at: Point(x: 600, y: 420), holding: 0.05)
        s.pass(0.5)
        s.type(Keysym.digit(2))
        s.pass(0.3)
        s.touchTap(try s.center(of: "single"))
        s.pass(0.4)
        s.touchTap(try s.center(of: "single"))
        s.pass(0.2)
        s.window.input.pointerLeave(time: s.stamp)
        s.pass(0.6)
        s.window.resize(to: Size(width: 900, height: 700))
        s.pass(0.3)
        s.touchTap(try s.center(of: "single"))
        s.pass(3.5)
        return s
    }

    @Test("a recording replays headless to the same labels and gestures at the same times, whatever the first event",
          arguments: FirstEvent.allCases)
    func replaysLikeTheSession(first: FirstEvent) throws {
        let (script, live) = try session(first: first).finish()
        let replay = try replayHeadless(script)
        #expect(shown(replay) == shown(records(live)), "recording:\n\(script)")
        let texts = shown(records(live)).joined(separator: "\n")
        for text in ["singleCounter 3", "windowSize Window: 1024x768"] {
            #expect(texts.contains(text), "the session shows \(text)")
        }
    }

    @Test("the first event's time is when it arrived, not the compositor's clock (no uptime-long wait)",
          arguments: FirstEvent.allCases)
    func noUptimeWait(first: FirstEvent) throws {
        let s = try session(first: first)
        let length = (s.clock.now * 1000).rounded()
        let (script, _) = s.finish()
        let waits = script.split(separator: "\n").filter { $0.hasPrefix("wait ") }.compactMap { Double($0.dropFirst(5)) }
        #expect(waits.first == 320, "\(script)")
        #expect(waits.allSatisfy { $0 <= 3500 }, "\(script)")
        #expect(waits.reduce(0, +) == length, "the waits add up to the session's length: \(script)")
    }

    @Test("the recorder counts the commands it wrote, as the parser reads them back (the comment is not one)",
          arguments: FirstEvent.allCases)
    func countsCommands(first: FirstEvent) throws {
        let s = try session(first: first)
        let (script, _) = s.finish()
        let parsed = try ScriptParser.parse(script, fileName: "r.gds")
        #expect(s.recordedCommands == parsed.commands.count)
        #expect(s.recordedCommands == script.split(separator: "\n").count - 1)
    }

    @Test("the header has the size the compositor configured and the first page; a later resize is a size line")
    func sizes() throws {
        let s = SimulatedSession()
        s.pass(0.02)
        s.window.resize(to: Size(width: 1024, height: 768))
        s.pass(0.3)
        s.window.input.pointerMotion(to: Point(x: 100, y: 100), time: 0)
        s.pass(0.5)
        s.window.resize(to: Size(width: 900, height: 700))
        s.window.input.pointerLeave(time: 0)
        let lines = s.finish().recording.split(separator: "\n").map(String.init)
        #expect(lines == ["# simulated", "page touches", "size 1024 768", "wait 320", "pointer move 100 100", "wait 500",
                          "size 900 700", "pointer leave"])
    }

    @Test("under the window's own title bar the recording has the page's size and points, and replays headless alike")
    func clientSideTitleBar() throws {
        let s = SimulatedSession(page: .gestures, clientSideDecorations: true)
        s.window.resize(to: Size(width: 800, height: 644))
        s.pass(0.3)
        let area = try s.center(of: "tapArea")
        #expect(s.window.contentFrame.minY == 44, "the page lies below the title bar")
        s.touchTap(area)
        s.pass(0.5)
        s.touchTap(area)
        s.pass(0.1)
        s.touchTap(area)
        s.pass(1)
        let (script, live) = s.finish()
        let lines = script.split(separator: "\n").map(String.init)
        #expect(lines.contains("size 800 600"), "the page's size, not the window's: \(script)")
        #expect(lines.contains("down 0 \(formatScriptNumber(area.x)) \(formatScriptNumber(area.y - 44))"),
                "the tap where it is on the page: \(script)")
        let replay = try replayHeadless(script)
        let labels = shown(records(live)).filter { $0.contains(" output ") }
        #expect(labels.count == 2, "a tap and a double tap: \(labels)")
        #expect(shown(replay) == shown(records(live)), "recording:\n\(script)")
    }

    @Test("the page's size is written again when the window stops drawing its title bar without resizing (fullscreen)")
    func titleBarGoes() throws {
        let s = SimulatedSession(clientSideDecorations: true)
        s.window.resize(to: Size(width: 1024, height: 768))
        s.pass(0.3)
        var environment = s.window.environment
        environment.windowState.insert(.fullscreen)
        s.window.updateEnvironment(environment)
        s.pass(0.2)
        s.window.input.pointerMotion(to: Point(x: 100, y: 100), time: s.stamp)
        let lines = s.finish().recording.split(separator: "\n").map(String.init)
        #expect(lines == ["# simulated", "page touches", "size 1024 724", "wait 300", "size 1024 768", "wait 200",
                          "pointer move 100 100"])
    }

    @Test("modifiers are held on their own lines, also those held before the window had focus, so Alt + drag replays as two touches")
    func modifiers() throws {
        let s = SimulatedSession()
        s.touchTap(try s.center(of: "multipleTouch"))
        s.pass(0.4)
        let alt = ModifierKey.alt.keysym, ctrlRight: UInt32 = 0xffe4
        s.window.handleKey(KeyEvent(keysym: alt, isPressed: true, time: s.stamp))
        s.window.input.keyboardModifiers = .alt
        s.pass(0.1)
        s.window.input.pointerMotion(to: Point(x: 300, y: 200), time: s.stamp)
        s.window.input.pointerButton(MouseButton.left.code, pressed: true, time: s.stamp)
        s.pass(0.1)
        s.window.handleKey(KeyEvent(keysym: alt, modifiers: .alt, isPressed: false, time: s.stamp))
        s.window.input.pointerButton(MouseButton.left.code, pressed: false, time: s.stamp)
        // Ctrl held before the window had focus: no press of it was seen.
        s.type(Keysym.z, modifiers: .control)
        s.window.handleKey(KeyEvent(keysym: ctrlRight, isPressed: true, time: s.stamp))
        s.type(Keysym.z, modifiers: [.control, .shift])
        s.window.handleKey(KeyEvent(keysym: ctrlRight, modifiers: .control, isPressed: false, time: s.stamp))
        let (script, live) = s.finish()
        let keys = script.split(separator: "\n").filter { $0.hasPrefix("key ") }
        #expect(keys == ["key press alt", "key release alt", "key press ctrl", "key press z", "key release z",
                         "key press shift", "key press z", "key release z", "key release shift", "key release ctrl"])
        #expect(live.contains { $0.contains(#""text":"Number of fingers: 2""#) })
        #expect(shown(try replayHeadless(script)) == shown(records(live)))
    }

    @Test("Alt held since before the window had focus, and no key event since: an Alt + drag still replays as two touches")
    func altFromModifiersOnly() throws {
        let s = SimulatedSession()
        try s.turnOnMultipleTouch(settle: 0.4)
        // What the backend does with `wl_keyboard.modifiers` on focus.
        s.window.input.keyboardModifiers = .alt
        s.click(at: Point(x: 300, y: 650), holding: 0.1)
        s.pass(0.2)
        // Let go, again with no key event: the next drag is one touch.
        s.window.input.keyboardModifiers = []
        s.window.input.pointerButton(MouseButton.left.code, pressed: true, time: s.stamp)
        s.pass(0.1)
        s.window.input.pointerButton(MouseButton.left.code, pressed: false, time: s.stamp)
        s.pass(0.2)
        let (script, live) = s.finish()
        let fingers = shown(records(live)).filter { $0.contains("Number of fingers") }
        #expect(fingers.count == 4 && fingers[0].hasSuffix(": 2") && fingers[2].hasSuffix(": 1"), "\(fingers)")
        #expect(shown(try replayHeadless(script)) == shown(records(live)), "recording:\n\(script)")
    }

    @Test("a keyboard's repeats are not recorded (the replay repeats); keys of other layouts keep their keysym")
    func keyNames() throws {
        let s = SimulatedSession()
        s.window.handleKey(KeyEvent(keysym: Keysym.z, isPressed: true, time: s.stamp))
        s.window.handleKey(KeyEvent(keysym: Keysym.z, isPressed: true, isRepeat: true, time: s.stamp))
        s.window.handleKey(KeyEvent(keysym: Keysym.z, isPressed: false, time: s.stamp))
        s.window.handleKey(KeyEvent(keysym: 0x26, isPressed: true, time: s.stamp))  // "&", a French 1 key
        s.window.handleKey(KeyEvent(keysym: 0xe9, isPressed: true, time: s.stamp))  // "é"
        let keys = s.finish().recording.split(separator: "\n").filter { $0.hasPrefix("key ") }
        #expect(keys == ["key press z", "key release z", "key press 0x26", "key press 0xe9"])
    }

    @Test("a key of a non-Latin layout is recorded as the Latin letter shortcuts match it by, and replays to the same undo")
    func nonLatinKeys() throws {
        let s = SimulatedSession(page: .flatcube)
        s.touchTap(try s.center(of: "single"))
        s.pass(0.6)
        let ctrl = ModifierKey.ctrl.keysym, cyrillicYa: UInt32 = 0x6d1
        // Ctrl+Z from the key that types "я" on a "ru,us" keymap.
        s.window.handleKey(KeyEvent(keysym: ctrl, isPressed: true, time: s.stamp))
        s.window.input.keyboardModifiers = .control
        s.window.handleKey(KeyEvent(keysym: cyrillicYa, latinKeysym: Keysym.z, modifiers: .control, isPressed: true,
                                    time: s.stamp))
        s.pass(0.05)
        s.window.handleKey(KeyEvent(keysym: cyrillicYa, latinKeysym: Keysym.z, modifiers: .control, isPressed: false,
                                    time: s.stamp))
        s.window.handleKey(KeyEvent(keysym: ctrl, modifiers: .control, isPressed: false, time: s.stamp))
        s.pass(0.1)
        let (script, live) = s.finish()
        let keys = script.split(separator: "\n").filter { $0.hasPrefix("key ") }
        #expect(keys == ["key press ctrl", "key press z", "key release z", "key release ctrl"])
        let counts = records(live).filter { $0["name"] as? String == "singleCounter" }.compactMap { $0["text"] as? String }
        #expect(counts.suffix(2) == ["1", "0"], "the live run counted a tap and undid it: \(counts)")
        #expect(shown(try replayHeadless(script)) == shown(records(live)))
    }

    @Test("Shift + a key whose layout shifts it to what the US layout would not (a French 1, a German ?) replays to the same shortcut")
    func shiftedSymbolsOfOtherLayouts() throws {
        let s = SimulatedSession(page: .gestures)
        s.window.resize(to: Size(width: 1024, height: 768))
        s.pass(0.3)
        let shift = ModifierKey.shift.keysym
        /// Shift held around a key (an XKB key code) that types `typed` on
        /// a layout whose unshifted symbol there is `base`.
        func shifted(code: UInt32, base: UInt32, typed: UInt32) {
            s.window.handleKey(KeyEvent(keysym: shift, keyCode: 50, isPressed: true, time: s.stamp))
            s.window.input.keyboardModifiers = .shift
            s.window.handleKey(KeyEvent(keysym: typed, baseKeysym: base, keyCode: code, modifiers: .shift,
                                        isPressed: true, time: s.stamp))
            s.pass(0.06)
            s.window.handleKey(KeyEvent(keysym: typed, baseKeysym: base, keyCode: code, modifiers: .shift,
                                        isPressed: false, time: s.stamp))
            s.window.handleKey(KeyEvent(keysym: shift, keyCode: 50, modifiers: .shift, isPressed: false, time: s.stamp))
            s.window.input.keyboardModifiers = []
            s.pass(0.3)
        }
        // French: Shift + the "&" key types 1, which shows the first page.
        shifted(code: 10, base: 0x26, typed: 0x31)
        // German: Shift + the "ß" key types ?, which opens the help.
        shifted(code: 20, base: 0xdf, typed: 0x3f)
        let help = ViewReference(name: "help")
        #expect(help.resolve(in: s.window) != nil, "the live run opened the help")
        let (script, live) = s.finish()
        #expect(records(live).contains { $0["name"] as? String == "windowSize" }, "the live run showed Touches")
        let replayed = try replayHeadless(script + "\nexpect view help exists\n")
        #expect(shown(replayed) == shown(records(live)), "recording:\n\(script)")
    }

    @Test("a held Ctrl+Z replays with its repeats: the keyboard's settings are recorded once, the repeats not at all")
    func heldKeyRepeats() throws {
        let s = SimulatedSession(page: .flatcube)
        s.pass(0.3)
        s.repeatInfo(rate: 20, delay: 150)
        for _ in 0..<6 {
            s.touchTap(try s.center(of: "single"))
            s.pass(0.4)
        }
        // Announced again on a new focus: nothing new to record.
        s.repeatInfo(rate: 20, delay: 150)
        // The press and repeats at 150, 200 and 250 ms: four undos.
        let ctrl = ModifierKey.ctrl.keysym
        s.window.handleKey(KeyEvent(keysym: ctrl, isPressed: true, time: s.stamp))
        s.pass(0.1)
        s.hold(Keysym.z, modifiers: .control, for: 0.275)
        s.window.handleKey(KeyEvent(keysym: ctrl, modifiers: .control, isPressed: false, time: s.stamp))
        s.pass(0.5)
        let (script, live) = s.finish()
        #expect(live.filter { $0.contains(#""repeat":true"#) }.count == 3, "the session repeated: \(live)")
        #expect(shown(records(live)).last?.hasSuffix("singleCounter 2") == true, "\(shown(records(live)))")
        let lines = script.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("keyboard ") } == ["keyboard repeat 20 150"], "\(script)")
        #expect(lines.filter { $0.hasPrefix("key ") } == ["key press ctrl", "key press z", "key release z", "key release ctrl"],
                "\(script)")
        #expect(shown(try replayHeadless(script)) == shown(records(live)), "recording:\n\(script)")
    }

    @Test("settings that repeat nothing are not recorded: a replay's keyboard repeats nothing to begin with")
    func repeatOffIsNotRecorded() throws {
        let s = SimulatedSession()
        s.repeatInfo(rate: 0, delay: 600)
        s.pass(0.1)
        s.repeatInfo(rate: 40, delay: 400)
        s.pass(0.1)
        s.repeatInfo(rate: 0, delay: 400)
        let lines = s.finish().recording.split(separator: "\n").filter { $0.hasPrefix("keyboard ") }
        #expect(lines == ["keyboard repeat 40 400", "keyboard repeat 0 400"])
    }

    @Test("a touchpad pinch at the pointer replays to the same scale and velocity, read a little late or not")
    func touchpadPinch() throws {
        let s = SimulatedSession(page: .gestures)
        s.pass(0.3)
        let c = try s.center(of: "pinchArea")
        s.window.input.pointerMotion(to: c, time: s.stamp)
        s.pass(0.5)
        s.window.input.touchpad(.begin(.pinch, fingers: 2), time: s.stamp)
        // Each update is read between 3.2 and 4.6 ms after it happened.
        for (scale, latency) in zip([1.1, 1.2, 1.3, 1.4, 1.5], [0.0046, 0.0032, 0.0041, 0.0035, 0.0044]) {
            s.pass(0.033)
            s.latency = latency
            s.window.input.touchpad(.pinchUpdate(dx: 0.5, dy: 0, scale: scale, rotation: 2), time: s.stamp)
        }
        s.pass(0.012)
        s.window.input.touchpad(.end(.pinch, cancelled: false), time: s.stamp)
        s.pass(0.4)
        let (script, live) = s.finish()
        let touchpad = script.split(separator: "\n").filter { $0.hasPrefix("touchpad ") }
        #expect(touchpad.first == "touchpad pinch begin 2" && touchpad.last == "touchpad pinch end", "\(script)")
        #expect(touchpad.contains("touchpad pinch update 0.5 0 1.3 2"), "\(script)")
        let pinched = shown(records(live)).filter { $0.contains("Pinched") }
        #expect(pinched.last?.contains("Pinched, Scale:1.50, Velocity:") == true, "\(pinched)")
        // The same texts; times as the compositor stamped them, which
        // live (arrival) times differ from by their jitter.
        let replayed = shown(try replayHeadless(script)), original = shown(records(live))
        func text(_ line: String) -> Substring { line.drop { $0 != " " } }
        func time(_ line: String) -> Double { Double(line.prefix { $0 != " " }) ?? -1 }
        #expect(replayed.map(text) == original.map(text), "recording:\n\(script)")
        #expect(zip(replayed, original).allSatisfy { abs(time($0) - time($1)) <= 0.003 }, "\(replayed)\n\(original)")
    }

    /// Two fingers down on the pinch area, 60 px apart.
    func twoFingersOnThePinchArea(_ s: SimulatedSession) throws -> Point {
        s.pass(0.3)
        let c = try s.center(of: "pinchArea")
        s.window.input.touchDown(id: 1, at: c - Point(x: 30, y: 0), time: s.stamp)
        s.window.input.touchDown(id: 2, at: c + Point(x: 30, y: 0), time: s.stamp)
        s.window.input.touchFrame()
        return c
    }

    @Test("a frame whose touches were read milliseconds apart is recorded whole: no wait inside it, the same pinch replayed")
    func frameKeptWhole() throws {
        let s = SimulatedSession(page: .gestures)
        let c = try twoFingersOnThePinchArea(s)
        for step in 1...3 {
            s.pass(0.020)
            let spread = 30 + 10 * Double(step)
            s.window.input.touchMotion(id: 1, to: c - Point(x: spread, y: 0), time: s.stamp)
            s.pass(0.003)
            s.window.input.touchMotion(id: 2, to: c + Point(x: spread, y: 0), time: s.stamp)
            s.window.input.touchFrame()
        }
        s.pass(0.02)
        Self.lift(s, 1, 2)
        let (script, live) = s.finish()
        let lines = script.split(separator: "\n")
        // Between a touch line and the frame that closes it, no wait.
        var inFrame = false
        for line in lines {
            if line.hasPrefix("down ") || line.hasPrefix("move ") || line.hasPrefix("up ") { inFrame = true }
            if line == "frame" { inFrame = false }
            #expect(!(inFrame && line.hasPrefix("wait ")), "a wait inside a frame:\n\(script)")
        }
        let pinched = shown(records(live)).filter { $0.contains("Pinched") }
        #expect(pinched.count == 3, "\(pinched)")
        #expect(shown(try replayHeadless(script)) == shown(records(live)), "recording:\n\(script)")
    }

    /// Two fingers down on the Touches page in one frame, `between` run
    /// between their downs, then both lifted in the next frame.
    static func twoFingersInOneFrame(_ s: SimulatedSession, between: () -> Void) {
        s.window.input.touchDown(id: 0, at: Point(x: 300, y: 700), time: s.stamp)
        between()
        s.window.input.touchDown(id: 1, at: Point(x: 700, y: 700), time: s.stamp)
        s.window.input.touchFrame()
        s.pass(0.1)
        lift(s, 0, 1)
    }

    /// A session with the Touches page's multiple touch on and the pointer
    /// resting at `point`.
    static func multipleTouchSession(pointerAt point: Point) throws -> SimulatedSession {
        let s = SimulatedSession()
        try s.turnOnMultipleTouch(settle: 0.5)
        s.window.input.pointerMotion(to: point, time: s.stamp)
        s.pass(0.3)
        return s
    }

    /// Lifts the fingers `ids` in one frame, then lets the page settle.
    static func lift(_ s: SimulatedSession, _ ids: Int32...) {
        for id in ids { s.window.input.touchUp(id: id, time: s.stamp) }
        s.window.input.touchFrame()
        s.pass(0.5)
    }

    @Test("the pointer moving or a key between a frame's touches and its end: the frame's touches reach the page together, after it, as live")
    func eventsInsideAFrame() throws {
        let s = SimulatedSession()
        try s.turnOnMultipleTouch(settle: 0.5)
        s.window.input.pointerMotion(to: Point(x: 100, y: 100), time: 0)
        s.pass(0.3)
        // Two fingers in one frame, the pointer moving (no button held)
        // between them: live, "Number of fingers: 2" at once.
        Self.twoFingersInOneFrame(s) { s.window.input.pointerMotion(to: Point(x: 110, y: 100), time: s.stamp) }
        // The key showing FlatCube between a touch and its frame: live, the
        // touch lands on FlatCube's red square.
        s.window.input.touchDown(id: 0, at: Point(x: 512, y: 150), time: s.stamp)
        s.type(Keysym.digit(2))
        s.window.input.touchFrame()
        s.pass(0.05)
        Self.lift(s, 0)
        let (script, live) = s.finish()
        let livelyShown = shown(records(live))
        #expect(livelyShown.contains { $0.hasSuffix("fingers Number of fingers: 2") }
                    && !livelyShown.contains { $0.hasSuffix("fingers Number of fingers: 1") },
                "\(livelyShown)")
        #expect(livelyShown.contains { $0.hasSuffix("singleCounter 1") }, "\(livelyShown)")
        #expect(shown(try replayHeadless(script)) == livelyShown, "recording:\n\(script)")
    }

    @Test("a mouse drag between a frame's touches and its end: live, the drag delivers the touch before it; the replay does the same")
    func mouseDragInsideAFrame() throws {
        let s = try Self.multipleTouchSession(pointerAt: Point(x: 100, y: 400))
        // A finger down, then a mouse drag across the page's image, then
        // a second finger and the frame of both.
        Self.twoFingersInOneFrame(s) {
            s.window.input.pointerButton(MouseButton.left.code, pressed: true, time: s.stamp)
            for x in [160.0, 220.0] {
                s.pass(0.05)
                s.window.input.pointerMotion(to: Point(x: x, y: 400), time: s.stamp)
            }
            s.pass(0.05)
            s.window.input.pointerButton(MouseButton.left.code, pressed: false, time: s.stamp)
        }
        let (script, live) = s.finish()
        let livelyShown = shown(records(live))
        // Live, the press delivered the first finger with it; the drag
        // moved across the image; the second finger came with the frame.
        let order = ["fingers Number of fingers: 1", "imageStatus Image touched at (196,192)", "fingers Number of fingers: 2"]
            .map { label in livelyShown.firstIndex { $0.hasSuffix(label) } }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { ($0 ?? 0) < ($1 ?? 0) }, "\(livelyShown)")
        #expect(shown(try replayHeadless(script)) == livelyShown, "recording:\n\(script)")
    }

    @Test("a touchpad event that changes no touch between a frame's touches and its end (a hold's end after its click) delivers nothing: the frame stays whole")
    func touchpadEventInsideAFrame() throws {
        let s = try Self.multipleTouchSession(pointerAt: Point(x: 100, y: 100))
        // Fingers rest on a clickpad and click: the click takes the hold's
        // touch, so the hold's end changes no touch.
        s.window.input.touchpad(.begin(.hold, fingers: 2), time: s.stamp)
        s.pass(0.1)
        s.window.input.pointerButton(MouseButton.right.code, pressed: true, time: s.stamp)
        s.pass(0.05)
        s.window.input.pointerButton(MouseButton.right.code, pressed: false, time: s.stamp)
        s.pass(0.5)
        // Two fingers on the screen in one frame, the hold's end read
        // between them: live, "Number of fingers: 2" at once.
        Self.twoFingersInOneFrame(s) { s.window.input.touchpad(.end(.hold, cancelled: false), time: s.stamp) }
        let (script, live) = s.finish()
        let livelyShown = shown(records(live))
        #expect(livelyShown.contains { $0.hasSuffix("fingers Number of fingers: 2") }, "\(livelyShown)")
        #expect(shown(try replayHeadless(script)) == livelyShown, "recording:\n\(script)")
    }

    @Test("touches still down when the window goes are cancelled live; the recording cancels them too")
    func touchesDownAtTheEnd() throws {
        let s = SimulatedSession(page: .gestures)
        let c = try twoFingersOnThePinchArea(s)
        s.pass(0.02)
        s.window.input.touchMotion(id: 1, to: c - Point(x: 50, y: 0), time: s.stamp)
        s.window.input.touchMotion(id: 2, to: c + Point(x: 50, y: 0), time: s.stamp)
        s.window.input.touchFrame()
        s.pass(0.1)
        // The window is going away (Ctrl+Q, a lost compositor): the
        // backend cancels its seat's touches.
        s.window.input.cancelTouches(seat: 0)
        // Nothing more to cancel: no second line.
        s.window.input.cancelTouches(seat: 0)
        s.pass(0.05)
        let (script, live) = s.finish()
        #expect(script.split(separator: "\n").filter { $0 == "cancel" }.count == 1, "\(script)")
        let ends = shown(records(live)).filter { $0.hasSuffix(" cancelled") || $0.hasSuffix(" failed") }
        #expect(!ends.isEmpty, "live, the pinch ends: \(shown(records(live)))")
        #expect(shown(try replayHeadless(script)) == shown(records(live)), "recording:\n\(script)")
    }

    @Test("what the recorder writes parses back, and a session's end is its last wait")
    func finishWaits() throws {
        let s = SimulatedSession()
        s.touchTap(Point(x: 10, y: 10))
        s.pass(2)
        let (script, _) = s.finish()
        #expect(script.hasSuffix("up 0\nframe\nwait 2000"), "\(script)")
        #expect(throws: Never.self) { try ScriptParser.parse(script, fileName: "r.gds") }
    }
}

@Suite("Recording clock")
struct RecordingClockTests {
    /// Times in whole milliseconds, as the waits are written.
    func ms(_ t: Double) -> Double { (t * 1000).rounded() }

    @Test("stamped events keep the compositor's spacing; the first is placed when it arrived")
    func stamps() {
        var clock = RecordingClock()
        #expect(ms(clock.time(ofEventStamped: 1915867.5, arrivedAt: 0.5)) == 500)
        // Read late (the app was busy): the stamp still says when.
        #expect(ms(clock.time(ofEventStamped: 1915867.6, arrivedAt: 0.9)) == 600)
        #expect(ms(clock.time(ofEventStamped: 1915868.0, arrivedAt: 1.0)) == 1000)
    }

    @Test("whole-millisecond stamps read a little more or less promptly keep their exact spacing")
    func stampJitter() {
        var clock = RecordingClock()
        #expect(ms(clock.time(ofEventStamped: 100.000, arrivedAt: 1.0046)) == 1005)
        #expect(ms(clock.time(ofEventStamped: 100.033, arrivedAt: 1.0362)) == 1038, "read 1.4 ms more promptly")
        #expect(ms(clock.time(ofEventStamped: 100.066, arrivedAt: 1.0701)) == 1071)
        // Read 10 ms more promptly than the first: the first was late.
        #expect(ms(clock.time(ofEventStamped: 100.099, arrivedAt: 1.0936)) == 1094)
    }

    @Test("an event without a stamp is placed by how long after the previous one it arrived")
    func unstamped() {
        var clock = RecordingClock()
        _ = clock.time(ofEventStamped: 100, arrivedAt: 1)
        _ = clock.time(ofEventStamped: 100.2, arrivedAt: 1.25)  // read 50 ms late
        #expect(ms(clock.time(ofEventStamped: nil, arrivedAt: 1.25)) == 1200, "a frame read with its points")
        #expect(ms(clock.time(at: 4.25)) == 4200)
    }

    @Test("a reused or jumped stamp (an enter's 0, a wrap) is not trusted: no wait runs backwards or for ages")
    func staleStamps() {
        var clock = RecordingClock()
        #expect(ms(clock.time(ofEventStamped: 0, arrivedAt: 0.5)) == 500, "an enter's 0 first: its arrival")
        #expect(ms(clock.time(ofEventStamped: 1915867, arrivedAt: 0.6)) == 600, "then the compositor's clock")
        #expect(ms(clock.time(ofEventStamped: 1915868, arrivedAt: 1.6)) == 1600)
        #expect(ms(clock.time(ofEventStamped: 0, arrivedAt: 2.6)) == 2600, "a later 0 is stale: its arrival")
        #expect(ms(clock.time(ofEventStamped: 1915868.9, arrivedAt: 2.7)) == 2600,
                "a real stamp a little behind the previous event waits for none")
        #expect(ms(clock.time(ofEventStamped: 1915869.5, arrivedAt: 3.1)) == 3100)
        // The 32-bit millisecond counter wrapping with no one unwrapping it.
        var wrap = RecordingClock()
        _ = wrap.time(ofEventStamped: 4294967.29, arrivedAt: 1)
        #expect(ms(wrap.time(ofEventStamped: 0.01, arrivedAt: 1.02)) == 1020)
        #expect(ms(wrap.time(ofEventStamped: 0.05, arrivedAt: 1.06)) == 1060)
    }
}
