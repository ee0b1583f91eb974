import DemoApp
import GestureKit
@testable import GestureScript
import Testing

/// The player: timing on the virtual clock, what the gesture, key and
/// pointer commands deliver, view references, checks and log records.
@MainActor
@Suite("Script player")
struct ScriptPlayerTests {
    let clock = VirtualTimeSource()

    func demo(_ page: DemoPage) -> (Window, ScriptPlayer) {
        demoPlayer(page, clock: clock)
    }

    func play(_ player: ScriptPlayer, _ text: String) throws {
        try player.run(ScriptParser.parse(text, fileName: "t.gds"))
    }

    @Test("a wait fires timers at their own deadlines on the virtual clock")
    func waitFiresTimers() throws {
        let window = Window(size: Size(width: 100, height: 100), timeSource: clock)
        var firedAt: [Double] = []
        window.scheduler.schedule(after: 3) { _ in firedAt.append(clock.now) }
        window.scheduler.schedule(after: 1) { _ in
            firedAt.append(clock.now)
            window.scheduler.schedule(after: 0.5) { _ in firedAt.append(clock.now) }
        }
        try play(ScriptPlayer(window: window, clock: clock), "wait 5000")
        #expect(firedAt == [1, 1.5, 3])
        #expect(clock.now == 5)
    }

    @Test("a wait that passes the time limit plays up to the limit, timers due by then included, and stops there")
    func timeLimit() throws {
        let window = Window(size: Size(width: 100, height: 100), timeSource: clock)
        let player = ScriptPlayer(window: window, clock: clock)
        player.timeLimit = 10
        var fired: [Double] = []
        window.scheduler.schedule(after: 8) { _ in fired.append(clock.now) }
        window.scheduler.schedule(after: 10) { _ in fired.append(clock.now) }
        window.scheduler.schedule(after: 10.5) { _ in fired.append(clock.now) }
        #expect {
            try play(player, "wait 5000\nwait 6000")
        } throws: { error in
            (error as? ScriptRunError)?.description
                == "t.gds:2:1: stopped: the script runs past the time limit of 10 s of virtual time (--time-limit)"
        }
        #expect(clock.now == 10, "the clock stops at the limit")
        #expect(fired == [8, 10], "timers due up to the limit fire; later ones do not")
    }

    @Test("under the window's own title bar a script's size, points and view checks are the page's, as headless")
    func clientSideTitleBar() throws {
        let (window, player) = demo(.gestures)
        window.drawsItsOwnTitleBar()
        try play(player, """
            size 800 600
            expect view image frame == 618 440 89 83
            expect view image center == 662.5 481.5
            pinch @pinchArea 100 150
            expect view image x == 618
            expect view image y == 440
            expect view image width == 133.5
            """)
        #expect(player.failures.map(\.message) == [])
        #expect(window.bounds.size == Size(width: 800, height: 644), "the window is taller by its title bar")
        #expect(window.contentFrame == Rect(x: 0, y: 44, width: 800, height: 600))
        let steps = try player.steps(for: .down(id: 1, at: .absolute(Point(x: 400, y: 120))))
        #expect(steps == [.touchDown(id: 1, at: Point(x: 400, y: 164))], "a page point lands below the title bar")
    }

    @Test("tap is a 50 ms touch: down, frame, wait, up, frame, with a gesture touch id")
    func tapSteps() throws {
        let (_, player) = demo(.flatcube)
        let steps = try player.steps(for: .gesture(.tap(at: [.absolute(Point(x: 400, y: 120))], taps: 1)))
        #expect(steps == [.touchDown(id: 1000, at: Point(x: 400, y: 120)), .touchFrame, .wait(seconds: 0.05),
                          .touchUp(id: 1000), .touchFrame])
    }

    @Test("gesture commands take touch ids the script does not hold down")
    func gestureTouchIDs() throws {
        let (_, player) = demo(.touches)
        try play(player, "down 1000 600 420\nframe")
        let steps = try player.steps(for: .gesture(.tap(at: [.absolute(Point(x: 650, y: 420))], taps: 1)))
        #expect(steps.first == .touchDown(id: 1001, at: Point(x: 650, y: 420)))
    }

    @Test("a finger past the most that can be down at once stops the script at its line; one lifted makes room")
    func tooManyFingers() throws {
        let limit = InputRouter.maximumTouchesDown
        let (window, player) = demo(.touches)
        let downs = (0..<limit).map { "down \($0) \(100 + $0 * 5) 300" }.joined(separator: "\n")
        try play(player, downs + "\nframe\ndown 3 400 400\nframe\nup 0\nframe\ndown \(limit) 500 300\nframe")
        #expect(window.input.activeTouches.count == limit, "a held finger may go down again, and a lifted one makes room")
        #expect {
            try play(player, "down \(limit + 1) 600 300\nframe")
        } throws: { error in
            (error as? ScriptRunError)?.description
                == "t.gds:1:1: at most \(limit) fingers can be down at once; lift one first"
        }
        #expect(window.input.activeTouches.count == limit)
    }

    @Test("an interruption stops the run before the step it names a reason for, at that step's line, with an end record")
    func interruption() throws {
        let (window, player) = demo(.touches)
        var asked = 0
        var records: [ScriptRecord] = []
        player.onRecord = { records.append($0) }
        player.interruption = {
            asked += 1
            return asked > 3 ? "stopped: enough" : nil
        }
        #expect {
            try play(player, "down 1 600 420\nframe\nmove 1 610 420\nframe\nup 1\nframe")
        } throws: { error in
            (error as? ScriptRunError)?.description == "t.gds:4:1: stopped: enough"
        }
        #expect(asked == 4, "asked before each step, and no step after the one it stopped")
        #expect(window.input.activeTouches.count == 1, "the finger never lifted")
        #expect(records.last?.jsonLine.contains("\"completed\":false") == true)
    }

    @Test("a swipe moves once per 16 ms by default and ends exactly at its target")
    func swipeSteps() throws {
        let (_, player) = demo(.gestures)
        let steps = try player.steps(for: .gesture(.swipe(from: .absolute(Point(x: 138, y: 464)), by: Point(x: -80, y: 0),
                                                          milliseconds: 100, steps: nil)))
        let moves = steps.compactMap { if case .touchMove(_, let p) = $0 { return p } else { return nil } }
        #expect(moves.count == 6)
        #expect(moves.last == Point(x: 58, y: 464))
        let waited = steps.reduce(0.0) { if case .wait(let s) = $1 { return $0 + s } else { return $0 } }
        #expect(abs(waited - 0.1) < 1e-12)
    }

    @Test("a gesture far longer than any run takes the most moves there are, and the time limit stops it", arguments: [
        "drag 10 10 20 20 1e300", "swipe 10 10 100 0 1e300", "pinch 100 100 10 20 1e300", "rotate 100 100 50 1 1e300",
    ])
    func endlessGesture(_ line: String) throws {
        let (_, player) = demo(.gestures)
        let script = try ScriptParser.parse(line, fileName: "t.gds")
        let steps = try player.steps(for: script.commands[0].command)
        let moves = steps.filter { if case .touchMove = $0 { true } else { false } }
        #expect(moves.count == ScriptDefaults.maximumSteps * (line.hasPrefix("pinch") || line.hasPrefix("rotate") ? 2 : 1))
        player.timeLimit = 60
        #expect {
            try play(player, line)
        } throws: { error in
            (error as? ScriptRunError)?.description
                == "t.gds:1:1: stopped: the script runs past the time limit of 60 s of virtual time (--time-limit)"
        }
    }

    @Test("the FlatCube rules hold when played with gesture commands and view references")
    func flatCubeWithReferences() throws {
        let (window, player) = demo(.flatcube)
        let flatcube = try #require(DemoApp.currentPage(of: window) as? FlatCubeViewController)
        try play(player, "tap @single\nwait 400\ntap @doubleLeft.left+20,0 @doubleRight.right-20,0\nwait 400")
        #expect(flatcube.singleCount == 1 && flatcube.doubleCount == 1)
    }

    @Test("a view reference is resolved after layout, in window coordinates, through transforms")
    func referencesResolveThroughTransforms() throws {
        let (window, player) = demo(.gestures)
        let image = try #require(window.view(named: "image"))
        #expect(try player.resolve(.view(ViewReference(name: "image", anchor: .topleft)))
                == image.convert(Point(x: 0, y: 0), to: nil))
        image.transform = AffineTransform(rotationAngle: .pi / 2)
        let corner = try player.resolve(.view(ViewReference(name: "image", anchor: .topleft, offset: Point(x: 1, y: 2))))
        let expected = image.convert(Point(x: 0, y: 0), to: nil) + Point(x: 1, y: 2)
        #expect(abs(corner.x - expected.x) < 1e-9 && abs(corner.y - expected.y) < 1e-9)
    }

    @Test("an unknown view name stops the run at its column and lists the named views")
    func unknownView() throws {
        let (_, player) = demo(.flatcube)
        #expect {
            try play(player, "wait 10\n  tap 1 2 @singel")
        } throws: { error in
            let text = (error as? ScriptRunError)?.description ?? ""
            return text.hasPrefix("t.gds:2:11: no view named 'singel' on screen (named views: tabs, flatcube, single,")
        }
    }

    @Test("key chords reach the app's shortcuts: page keys, Ctrl+Z and Ctrl+Shift+Z, ? for help, Esc")
    func keys() throws {
        let (window, player) = demo(.flatcube)
        let flatcube = try #require(DemoApp.currentPage(of: window) as? FlatCubeViewController)
        try play(player, "tap @single\nwait 400\nkey ctrl+z")
        #expect(flatcube.singleCount == 0)
        try play(player, "key ctrl+shift+z")
        #expect(flatcube.singleCount == 1)
        try play(player, "key ?")
        #expect(window.view(named: "help") != nil)
        try play(player, "key escape\nkey 3")
        #expect(window.view(named: "help") == nil)
        #expect(DemoApp.currentPage(of: window) is GesturesViewController)
        try play(player, "key F11")
        #expect(window.platformRequests.last == .setFullscreen(true))
    }

    @Test("holding Ctrl+S shakes: under a second it is a shake, longer it is cancelled")
    func keyHoldShakes() throws {
        let (window, player) = demo(.touches)
        let touches = try #require(DemoApp.currentPage(of: window) as? TouchesViewController)
        try play(player, "key hold ctrl+s 1500")
        #expect(touches.interactionLabel.text == "None")
        try play(player, "key hold ctrl+s 600")
        #expect(touches.interactionLabel.text == "Device was shaken")
    }

    /// FlatCube with its red counter at `count`, one tap at a time.
    func flatCube(counting count: Int) throws -> (Window, ScriptPlayer, FlatCubeViewController) {
        let (window, player) = demo(.flatcube)
        let flatcube = try #require(DemoApp.currentPage(of: window) as? FlatCubeViewController)
        try play(player, Array(repeating: "tap @single\nwait 400", count: count).joined(separator: "\n"))
        try #require(flatcube.singleCount == count)
        return (window, player, flatcube)
    }

    /// The player's key records in `lines` of a log: `key-press z` or
    /// `key-press z repeat`, and so on.
    func keyRecords(_ lines: [String]) -> [String] {
        lines.compactMap { line -> String? in
            guard let event = line.firstMatch(of: /"event":"(key-[a-z]+)","key":"([^"]+)"/) else { return nil }
            return "\(event.1) \(event.2)" + (line.contains(#""repeat":true"#) ? " repeat" : "")
        }
    }

    @Test("with keyboard repeat 10 per second after 200 ms, Ctrl+Z held 450 ms undoes four times: the press and repeats at 200, 300 and 400 ms")
    func heldKeyRepeats() throws {
        let (_, player, flatcube) = try flatCube(counting: 6)
        try play(player, "keyboard repeat 10 200\nkey hold ctrl+z 450")
        #expect(flatcube.singleCount == 2)
        try play(player, "key hold ctrl+shift+z 250")
        #expect(flatcube.singleCount == 4, "redo repeats as undo does")
    }

    @Test("without a keyboard repeat line a held key acts once, so scripts written before repeat keep their results")
    func noRepeatByDefault() throws {
        let (_, player, flatcube) = try flatCube(counting: 3)
        try play(player, "key hold ctrl+z 2000")
        #expect(flatcube.singleCount == 2)
        try play(player, "keyboard repeat 25 100\nkeyboard repeat 0 100\nkey hold ctrl+z 2000")
        #expect(flatcube.singleCount == 1, "a rate of 0 turns repeat off again")
    }

    @Test("modifiers never repeat; the newest key takes over the repeat, and Shift pressed meanwhile turns undo's repeats into redo")
    func whichKeysRepeat() throws {
        let (window, player, flatcube) = try flatCube(counting: 3)
        var lines: [String] = []
        let log = EventLog(timeSource: clock) { lines.append($0) }
        window.input.tap = log
        try play(player, "keyboard repeat 10 200\nkey hold alt 1000")
        #expect(keyRecords(lines) == ["key-press alt", "key-release alt"])
        lines = []
        // Undo at the press and at 200 ms; Shift at 250 ms; redo at 300 and 400 ms.
        try play(player, "key press ctrl\nkey press z\nwait 250\nkey press shift\nwait 200\nkey release z\nkey release shift\nkey release ctrl")
        #expect(flatcube.singleCount == 3)
        #expect(keyRecords(lines) == ["key-press ctrl", "key-press z", "key-press z repeat", "key-press shift",
                                      "key-press Z repeat", "key-press Z repeat", "key-release Z", "key-release shift",
                                      "key-release ctrl"])
        lines = []
        try play(player, "key press a\nwait 150\nkey press b\nwait 250\nkey release a\nwait 100\nkey release b")
        #expect(keyRecords(lines).filter { $0.hasSuffix("repeat") } == ["key-press b repeat", "key-press b repeat"],
                "a's repeat ended when b was pressed; b repeats from 200 ms after its press until released")
    }

    @Test("shake begin and shake end shake for the time between; shake end MS says how long the shake lasted, reported late")
    func shakeBeginAndEnd() throws {
        let (window, player) = demo(.touches)
        let touches = try #require(DemoApp.currentPage(of: window) as? TouchesViewController)
        try play(player, "shake begin\nwait 700\nshake end")
        #expect(touches.interactionLabel.text == "Device was shaken")
        try play(player, "wait 3000\nshake begin\nwait 1200\nshake end")
        #expect(touches.interactionLabel.text == "None", "over a second: cancelled")
        try play(player, "shake begin\nwait 1200\nshake end 800")
        #expect(touches.interactionLabel.text == "Device was shaken", "it lasted 800 ms")
        try play(player, "wait 3000\nshake begin\nwait 900\nshake end 1050")
        #expect(touches.interactionLabel.text == "None", "it lasted 1050 ms")
    }

    @Test("a key pressed with a chord's modifiers stays held alone, as a recording writes it")
    func pressAndReleaseAsRecorded() throws {
        let (window, player) = demo(.touches)
        let touches = try #require(DemoApp.currentPage(of: window) as? TouchesViewController)
        try play(player, "key press ctrl+s\nwait 500\nkey release s\nkey 1")
        #expect(touches.interactionLabel.text == "Device was shaken")
        #expect(window.input.keyboardModifiers.isEmpty)
    }

    @Test("Alt held while the pointer drags adds a mirrored second touch")
    func altDrag() throws {
        let (window, player) = demo(.touches)
        let touches = try #require(DemoApp.currentPage(of: window) as? TouchesViewController)
        try play(player, "tap @multipleTouch\nwait 400\nkey press alt\npointer move 600 420\npointer down")
        #expect(touches.fingersLabel.text == "Number of fingers: 2")
        try play(player, "pointer up\nkey release alt")
        #expect(touches.fingersLabel.text == "Number of fingers: 0")
    }

    @Test("orientation goes through the window's environment, as a rotating device does")
    func orientation() throws {
        let (window, player) = demo(.touches)
        let touches = try #require(DemoApp.currentPage(of: window) as? TouchesViewController)
        // An 800x600 window is seen in landscape, turned left.
        #expect(window.environment.orientation == .landscapeRight)
        try play(player, "orientation landscape-left")
        #expect(window.environment.orientation == .landscapeLeft)
        #expect(touches.interactionLabel.text == "Device has been rotated right")
        // Taller than wide: the window's aspect turns it upright.
        try play(player, "wait 3100\nsize 600 800")
        #expect(window.environment.orientation == .portrait)
        #expect(touches.interactionLabel.text == "Device is oriented normally")
        // A size of the same aspect keeps a simulated orientation.
        try play(player, "orientation upside-down\nsize 500 800")
        #expect(window.environment.orientation == .portraitUpsideDown)
    }

    @Test("checks record what was expected and found, and a failed one does not stop the run")
    func checks() throws {
        let (_, player) = demo(.flatcube)
        var records: [ScriptRecord] = []
        player.onRecord = { records.append($0) }
        try play(player, """
            tap @single
            wait 400
            expect label singleCounter == "2"
            expect label singleCounter ~ "\\d"
            expect view single alpha == 0.6
            expect view single frame == 263.75 64 272.5 272.5
            expect view single rotation == 0
            expect view caption hidden == false
            expect switch recognizeAny == off
            expect recognizer oneFingerTap state == possible
            expect recognizer oneFingerTap recognized == 1
            expect last-gesture == oneFingerTap
            expect view nothing absent
            expect label nothing == "x"
            """)
        #expect(player.results.count == 12)
        #expect(player.failures.map(\.line) == [3, 14])
        #expect(player.failures[0].message
                == "t.gds:3:1: assertion failed: expect label singleCounter == \"2\": expected \"2\", actual \"1\"")
        #expect(player.failures[1].outcome.actual == "no label named 'nothing' on screen")
        // The expected text is quoted as when the label is there; the
        // actual says why there was nothing to compare.
        #expect(player.failures[1].message
                == "t.gds:14:1: assertion failed: expect label nothing == \"x\": expected \"x\", actual no label named 'nothing' on screen")
        let asserts = records.filter { $0.type == "assert" }
        #expect(asserts.first?.jsonLine
                == #"{"t":0.45,"type":"assert","line":3,"ok":false,"subject":"label singleCounter","op":"==","expected":"2","actual":"1"}"#)
        #expect(records.last?.jsonLine == #"{"t":0.45,"type":"end","checks":12,"failed":2,"completed":true}"#)
    }

    @Test("a pattern that backtracks without end fails its check after the time limit, saying so, and the checks after it run")
    func endlessPattern() throws {
        let (_, player) = demo(.gestures)
        // Against the 24 characters of "Try a gesture in an area" this
        // pattern runs for minutes: each way of splitting the text is tried.
        try play(player, """
            expect label output ~ "(.*.*)*x"
            expect label output !~ "(.*.*)*x"
            expect label output ~ "Try a .*"
            expect label output !~ "Pinched.*"
            """)
        #expect(player.results.map(\.ok) == [false, false, true, true])
        let answer = "no answer against \"Try a gesture in an area\": the pattern was still matching after 2 s"
            + " (a repeated group that itself repeats, like (.*.*)*, can backtrack without end)"
        #expect(player.failures.map(\.outcome.actual) == [answer, answer])
        #expect(player.failures.first?.message
                == "t.gds:1:1: assertion failed: expect label output ~ \"(.*.*)*x\": expected ~ \"(.*.*)*x\", actual \(answer)")
    }

    @Test("input is logged as delivered: touches with their frames, keys with their modifiers")
    func inputRecords() throws {
        let (window, player) = demo(.touches)
        var lines: [String] = []
        let log = EventLog(timeSource: clock) { lines.append($0) }
        window.input.tap = log
        log.player = player
        player.onRecord = { log.record($0) }
        try play(player, "down 1 600 420\nwait 10\nup 1\nkey ctrl+z")
        #expect(lines == [
            #"{"t":0,"type":"input","line":1,"event":"down","id":1,"x":600,"y":420}"#,
            #"{"t":0,"type":"input","line":2,"event":"frame"}"#,
            #"{"t":0.01,"type":"input","line":3,"event":"up","id":1}"#,
            #"{"t":0.01,"type":"input","line":4,"event":"frame"}"#,
            #"{"t":0.01,"type":"input","line":4,"event":"key-press","key":"ctrl"}"#,
            #"{"t":0.01,"type":"input","line":4,"event":"key-press","key":"z","modifiers":"ctrl"}"#,
            #"{"t":0.01,"type":"input","line":4,"event":"key-release","key":"z","modifiers":"ctrl"}"#,
            #"{"t":0.01,"type":"input","line":4,"event":"key-release","key":"ctrl","modifiers":"ctrl"}"#,
            #"{"t":0.01,"type":"end","checks":0,"failed":0,"completed":true}"#,
        ])
    }

    @Test("'page NAME' shows that tab of the app, and 'expect page' reads the tab shown")
    func pageSwitch() throws {
        let (window, player) = demo(.touches)
        try play(player, """
            expect page == touches
            page gestures
            expect page == gestures
            page flatcube
            expect page == gestures
            """)
        #expect(DemoApp.currentPage(of: window) is FlatCubeViewController)
        #expect(player.results.map(\.ok) == [true, true, false])
        #expect(player.failures.map(\.message)
                    == ["t.gds:5:1: assertion failed: expect page == gestures: expected gestures, actual flatcube"])
    }

    @Test("counters and the page come from the host")
    func hostValues() throws {
        let (window, player) = demo(.flatcube)
        let flatcube = try #require(DemoApp.currentPage(of: window) as? FlatCubeViewController)
        player.counters = ["single": { flatcube.singleCount }]
        try play(player, "tap @single\nwait 400\nexpect counter single >= 1\nexpect counter single < 1\nexpect page == flatcube")
        #expect(player.failures.map(\.line) == [4])
    }

    @Test("a live player performs steps but leaves waits to its caller")
    func livePlayer() throws {
        let window = DemoApp.makeWindow(timeSource: clock, page: .flatcube)
        let live = ScriptPlayer(window: window, timeSource: LiveClock(clock))
        let line = Script.Line(line: 1, command: .gesture(.tap(at: [.view(ViewReference(name: "single"))], taps: 1)))
        var waits: [Double] = []
        for step in try live.steps(for: line.command) {
            if case .wait(let s) = step { waits.append(s); clock.advance(to: clock.now + s); continue }
            try live.perform(step, of: line, in: "live")
        }
        #expect(waits == [0.05])
        #expect((DemoApp.currentPage(of: window) as? FlatCubeViewController)?.singleCount == 1)
        #expect(throws: ScriptStepError.self) { try live.perform(.wait(seconds: 1), of: line, in: "live") }
    }
}

/// A clock the player cannot move (a live session's).
final class LiveClock: TimeSource {
    let base: TimeSource
    init(_ base: TimeSource) { self.base = base }
    var now: Double { base.now }
}
