import Testing
@testable import GestureKit

@Suite("Keyboard shortcuts, emulated touches, environment")
struct PlatformInputTests {
    @Test("a shortcut matches its keysym and exact modifiers, and runs once per press")
    func keyCommands() {
        let h = ViewInWindow()
        var quit = 0, page = 0
        h.window.keyCommands = [
            KeyCommand(keysym: Keysym.q, modifiers: .control, title: "Quit") { quit += 1 },
            KeyCommand(keysym: Keysym.digit(2), title: "Page 2") { page += 1 },
        ]
        #expect(!h.window.handleKey(KeyEvent(keysym: Keysym.q)))
        #expect(h.window.handleKey(KeyEvent(keysym: Keysym.q, modifiers: .control)))
        #expect(h.window.handleKey(KeyEvent(keysym: Keysym.q, modifiers: .control, isRepeat: true)))
        #expect(!h.window.handleKey(KeyEvent(keysym: Keysym.digit(2), modifiers: [.control, .alt])))
        h.window.handleKey(KeyEvent(keysym: Keysym.digit(2)))
        #expect(quit == 1 && page == 1)
        #expect(h.window.keyCommands[0].keyDescription == "Ctrl+Q")
        #expect(KeyCommand(keysym: Keysym.f11, title: "Fullscreen") {}.keyDescription == "F11")
    }

    @Test("a symbol that takes Shift on the layout matches a command that does not name Shift")
    func shiftedSymbols() {
        let h = ViewInWindow()
        var help = 0, redo = 0
        h.window.keyCommands = [
            KeyCommand(keysym: Keysym.question, title: "Help") { help += 1 },
            KeyCommand(keysym: Keysym.z, modifiers: [.control, .shift], title: "Redo") { redo += 1 },
        ]
        // US layout: Shift+/ gives "?", Ctrl+Shift+z gives keysym Z.
        h.window.handleKey(KeyEvent(keysym: Keysym.question, baseKeysym: Keysym.slash, modifiers: .shift))
        h.window.handleKey(KeyEvent(keysym: 0x5a, baseKeysym: Keysym.z, modifiers: [.control, .shift]))
        #expect(help == 1 && redo == 1)
    }

    @Test("on a layout typing no Latin on the key, the keymap's Latin letter there matches, with the same modifiers")
    func nonLatinLayout() {
        let h = ViewInWindow()
        var quit = 0, redo = 0
        h.window.keyCommands = [
            KeyCommand(keysym: Keysym.q, modifiers: .control, title: "Quit") { quit += 1 },
            KeyCommand(keysym: Keysym.z, modifiers: [.control, .shift], title: "Redo") { redo += 1 },
        ]
        // "ru,us" with Russian in effect: the Q key types "й", the Z key "я".
        let shorti: UInt32 = 0x6ca, ya: UInt32 = 0x6d1, capitalYa: UInt32 = 0x6f1
        #expect(!h.window.handleKey(KeyEvent(keysym: shorti, latinKeysym: Keysym.q)), "no Ctrl, no quit")
        #expect(!h.window.handleKey(KeyEvent(keysym: shorti, modifiers: .control)), "a layout with no Latin on the key")
        #expect(h.window.handleKey(KeyEvent(keysym: shorti, latinKeysym: Keysym.q, modifiers: .control)))
        #expect(!h.window.handleKey(KeyEvent(keysym: shorti, latinKeysym: Keysym.q, modifiers: [.control, .alt])))
        h.window.handleKey(KeyEvent(keysym: capitalYa, baseKeysym: ya, latinKeysym: Keysym.z, modifiers: [.control, .shift]))
        #expect(quit == 1 && redo == 1)
    }

    @Test("a held shortcut's release is matched by its key, though the layout switched while it was held")
    func heldAcrossLayoutSwitch() {
        let h = ViewInWindow()
        var events: [String] = []
        h.window.keyCommands = [KeyCommand(keysym: Keysym.s, modifiers: .control, title: "Shake",
                                           action: { events.append("down") }, onRelease: { events.append("up") })]
        let keyS: UInt32 = 31, yeru: UInt32 = 0x6d9  // the S key types "ы" on the Russian layout
        // Pressed with Russian in effect, released with US...
        h.window.handleKey(KeyEvent(keysym: yeru, latinKeysym: Keysym.s, keyCode: keyS, modifiers: .control))
        h.window.handleKey(KeyEvent(keysym: Keysym.s, keyCode: keyS, modifiers: .control, isPressed: false))
        // ...and the other way round.
        h.window.handleKey(KeyEvent(keysym: Keysym.s, keyCode: keyS, modifiers: .control))
        h.window.handleKey(KeyEvent(keysym: yeru, latinKeysym: Keysym.s, keyCode: keyS, isPressed: false))
        #expect(events == ["down", "up", "down", "up"])
    }

    @Test("a held shortcut hears its release, even after focus is lost")
    func heldShortcut() {
        let h = ViewInWindow()
        var events: [String] = []
        h.window.keyCommands = [KeyCommand(keysym: Keysym.s, modifiers: .control, title: "Shake",
                                           action: { events.append("down") }, onRelease: { events.append("up") })]
        h.window.handleKey(KeyEvent(keysym: Keysym.s, modifiers: .control))
        h.window.handleKey(KeyEvent(keysym: Keysym.s, isPressed: false))
        h.window.handleKey(KeyEvent(keysym: Keysym.s, modifiers: .control))
        h.window.keyboardFocusLost()
        #expect(events == ["down", "up", "down", "up"])
    }

    @Test("Alt + drag makes two touches mirrored around the window centre")
    func altDragMirrors() {
        let h = ViewInWindow(multipleTouch: true)   // 400x400: centre (200, 200)
        let pinch = PinchGestureRecognizer()
        h.view.addGestureRecognizer(pinch)
        h.window.input.keyboardModifiers = .alt
        h.window.input.pointerMotion(to: Point(x: 150, y: 200), time: 0)
        h.window.input.pointerButton(272, pressed: true, time: 0)
        #expect(h.view.began == 2)
        #expect(Set(h.view.lastBegan.map { $0.location(in: nil) }) == [Point(x: 150, y: 200), Point(x: 250, y: 200)])
        h.window.input.pointerMotion(to: Point(x: 100, y: 200), time: 0.02)
        #expect(abs(pinch.scale - 2) < 1e-9)
        h.window.input.pointerButton(272, pressed: false, time: 0.04)
        // The pinch recognized, so (cancelsTouchesInView) the view's two
        // touches were cancelled rather than ended.
        #expect(h.view.cancelled == 2 && h.view.ended == 0)
        #expect(pinch.state == .possible && h.window.input.activeTouches.isEmpty)
    }

    @Test("modifiers left to work out are worked out once, when a press first needs them, and setting them drops them")
    func modifiersResolvedOnFirstRead() {
        let h = ViewInWindow(multipleTouch: true)   // 400x400: centre (200, 200)
        var resolved = 0
        h.window.input.setKeyboardModifiers { resolved += 1; return .alt }
        // Moving the pointer and touching need no modifiers.
        h.window.input.pointerMotion(to: Point(x: 150, y: 200), time: 0)
        h.window.input.touchDown(id: 7, at: Point(x: 20, y: 20), time: 0)
        h.window.input.touchUp(id: 7, time: 0.01)
        h.window.input.touchFrame()
        #expect(resolved == 0)
        // A press reads them: Alt held, so the drag is mirrored.
        h.window.input.pointerButton(272, pressed: true, time: 0.02)
        #expect(resolved == 1)
        #expect(Set(h.view.lastBegan.map { $0.location(in: nil) }) == [Point(x: 150, y: 200), Point(x: 250, y: 200)])
        #expect(h.window.input.keyboardModifiers == .alt && resolved == 1)
        h.window.input.pointerButton(272, pressed: false, time: 0.04)
        // Set again before they are read: the ones left to work out are gone.
        h.window.input.setKeyboardModifiers { resolved += 1; return .alt }
        h.window.input.keyboardModifiers = []
        h.window.input.pointerButton(272, pressed: true, time: 0.06)
        #expect(resolved == 1 && h.view.lastBegan.count == 1)
    }

    @Test("a touchpad pinch drives the pinch and rotation recognizers like two fingers")
    func touchpadPinch() {
        let h = ViewInWindow()
        let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
        let d = SimultaneousDelegate()
        pinch.delegate = d
        h.view.addGestureRecognizer(pinch)
        h.view.addGestureRecognizer(rotation)
        h.window.input.pointerMotion(to: Point(x: 200, y: 200), time: 0)
        h.window.input.touchpad(.begin(.pinch, fingers: 2), time: 0)
        for i in 1...10 {
            h.window.input.touchpad(.pinchUpdate(dx: 0, dy: 0, scale: 1 + 0.05 * Double(i), rotation: 3), time: 0.016 * Double(i))
        }
        #expect(abs(pinch.scale - 1.5) < 1e-9)
        #expect(abs(rotation.rotation - 30 * .pi / 180) < 1e-9)
        h.window.input.touchpad(.end(.pinch, cancelled: false), time: 0.2)
        #expect(h.window.input.activeTouches.isEmpty)
    }

    @Test("a three-finger touchpad swipe is one stroke for the swipe recognizer")
    func touchpadSwipe() {
        let h = ViewInWindow()
        let swipe = SwipeGestureRecognizer()
        swipe.direction = .left
        let log = h.attach(swipe)
        h.window.input.pointerMotion(to: Point(x: 300, y: 200), time: 0)
        h.window.input.touchpad(.begin(.swipe, fingers: 3), time: 0)
        for i in 1...4 { h.window.input.touchpad(.swipeUpdate(dx: -20, dy: 0), time: 0.016 * Double(i)) }
        h.window.input.touchpad(.end(.swipe, cancelled: false), time: 0.1)
        #expect(log.states == [.ended])
    }

    /// Runs `body` with a view taking several touches, a one-finger and a
    /// two-finger tap recognizer on it that may both recognize, and their
    /// logs (the recognizers' delegate, held weakly, lives as long).
    func withOneAndTwoFingerTaps(_ body: (ViewInWindow, _ oneFinger: ActionLog, _ twoFingers: ActionLog) -> Void) {
        let h = ViewInWindow(multipleTouch: true)
        let oneFinger = TapGestureRecognizer(), twoFingers = TapGestureRecognizer()
        twoFingers.numberOfTouchesRequired = 2
        let d = SimultaneousDelegate()
        oneFinger.delegate = d
        twoFingers.delegate = d
        withExtendedLifetime(d) { body(h, h.attach(oneFinger), h.attach(twoFingers)) }
    }

    /// libinput reports a finger resting on a touchpad for 40 ms as a hold
    /// (to stop kinetic scrolling), so a click on a clickpad, or a tap to
    /// click, arrives as a hold of the finger that clicks, then the button.
    @Test("a left click during a one-finger touchpad hold is one touch: a one-finger tap, not a two-finger one")
    func clickDuringTouchpadHold() {
        withOneAndTwoFingerTaps { h, oneLog, twoLog in
            h.window.input.pointerMotion(to: Point(x: 100, y: 100), time: 0)
            h.window.input.touchpad(.begin(.hold, fingers: 1), time: 0.04)
            h.window.input.pointerButton(272, pressed: true, time: 0.08)
            h.window.input.pointerButton(272, pressed: false, time: 0.14)
            h.window.input.touchpad(.end(.hold, cancelled: false), time: 0.15)
            #expect(oneLog.states == [.ended], "one-finger tap: \(oneLog.states)")
            #expect(twoLog.states.isEmpty, "two-finger tap: \(twoLog.states)")
            #expect(h.window.input.activeTouches.isEmpty)
        }
    }

    /// A two-finger tap to click (or a clickpad's right corner) is a right
    /// click, arriving inside a hold of the fingers that clicked.
    @Test("a right click during a touchpad hold taps nothing: the hold's touch is cancelled")
    func rightClickDuringTouchpadHold() {
        let h = ViewInWindow(multipleTouch: true)
        let tap = TapGestureRecognizer()
        let log = h.attach(tap)
        h.window.input.pointerMotion(to: Point(x: 100, y: 100), time: 0)
        h.window.input.touchpad(.begin(.hold, fingers: 2), time: 0.04)
        h.window.input.pointerButton(273, pressed: true, time: 0.08)
        h.window.input.pointerButton(273, pressed: false, time: 0.14)
        h.window.input.touchpad(.end(.hold, cancelled: false), time: 0.15)
        #expect(log.states.isEmpty, "tap: \(log.states)")
        #expect(h.view.began == 1 && h.view.cancelled == 1 && h.view.ended == 0)
        #expect(h.window.input.activeTouches.isEmpty)
    }

    /// On a clickpad the finger that pressed it is left out of gestures, so
    /// a second finger resting while the button is down is reported as a
    /// one-finger hold; lifted with the button, it was a two-finger tap.
    @Test("a touchpad hold beginning while the left button is down adds no touch: a one-finger tap, not a two-finger one")
    func touchpadHoldDuringPress() {
        withOneAndTwoFingerTaps { h, oneLog, twoLog in
            h.window.input.pointerMotion(to: Point(x: 100, y: 100), time: 0)
            h.window.input.pointerButton(272, pressed: true, time: 0)
            h.window.input.touchpad(.begin(.hold, fingers: 1), time: 0.05)
            #expect(h.window.input.activeTouches.count == 1)
            h.window.input.pointerButton(272, pressed: false, time: 0.1)
            h.window.input.touchpad(.end(.hold, cancelled: false), time: 0.11)
            #expect(oneLog.states == [.ended], "one-finger tap: \(oneLog.states)")
            #expect(twoLog.states.isEmpty, "two-finger tap: \(twoLog.states)")
            #expect(h.view.began == 1 && h.window.input.activeTouches.isEmpty)
        }
    }

    @Test("touch ids of two seats do not collide")
    func seats() {
        let h = ViewInWindow(multipleTouch: true)
        h.window.input.touchDown(id: 0, seat: 0, at: Point(x: 10, y: 10), time: 0)
        h.window.input.touchDown(id: 0, seat: 1, at: Point(x: 50, y: 50), time: 0)
        h.frame()
        #expect(h.view.began == 2 && h.view.cancelled == 0)
        h.window.input.cancelTouches(seat: 1)
        #expect(h.view.cancelled == 1 && h.window.input.activeTouches.count == 1)
    }

    @Test("a new orientation reaches the root controller; the same one again does not")
    func orientation() {
        final class Controller: ViewController {
            var seen: [InterfaceOrientation] = []
            override func orientationDidChange(to o: InterfaceOrientation) { seen.append(o) }
        }
        let h = ViewInWindow()
        let vc = Controller()
        h.window.rootViewController = vc
        var env = h.window.environment
        env.outputTransform = .rotated90
        env.orientation = InterfaceOrientation(transform: .rotated90)
        h.window.updateEnvironment(env)
        h.window.updateEnvironment(env)
        #expect(vc.seen == [.landscapeLeft])
        #expect(InterfaceOrientation(transform: .rotated270) == .landscapeRight)
        #expect(InterfaceOrientation(transform: .rotated180) == .portraitUpsideDown)
    }
}
