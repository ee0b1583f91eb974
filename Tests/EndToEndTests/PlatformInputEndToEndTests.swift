import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The Wayland backend's input beyond plain touches, in real weston:
/// keys translated by the compositor's keymap (shortcuts by keysym, so by
/// layout), touch cancel and devices unplugged mid-gesture, Alt + mouse,
/// the cursor, and touchpad gestures (`zwp_pointer_gestures_v1`, which the
/// weston-inject module serves since weston 10 has none).
///
/// Linux key codes used: 16 KEY_Q, 29 KEY_LEFTCTRL, 30 KEY_A, 56
/// KEY_LEFTALT; 272 is BTN_LEFT.
@Suite("Platform input end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct PlatformInputEndToEndTests {
    static let keyQ = 16, keyLeftCtrl = 29, keyA = 30, keyLeftAlt = 56
    static let leftButton = 272

    // MARK: Keyboard

    @Test("Ctrl+Q quits the app cleanly: exit status 0, no error printed")
    func ctrlQQuits() throws {
        let run = try FlatCubeEndToEndTests.start()
        let output = try run.quitWithCtrlQ()
        #expect(run.app.terminationReason == .exit && run.app.terminationStatus == 0,
                "status \(run.app.terminationStatus); output: \(output)")
        #expect(!output.lowercased().contains("error"), "output: \(output)")
    }

    /// A keymap switched to while the app runs (it must take the new
    /// `wl_keyboard.keymap`), with Ctrl + the key that is no shortcut on it
    /// and Ctrl + the key that quits.
    struct LayoutCase: CustomTestStringConvertible, Sendable {
        let layout: String
        let inert: Int, quits: Int
        let testDescription: String
    }

    @Test("Ctrl + the key typing q quits, whatever key that is on the layout; on a non-Latin one, the key the Latin layout has q on",
          arguments: [
              // AZERTY types "a" where US keyboards have Q, "q" where they have A.
              LayoutCase(layout: "fr", inert: keyQ, quits: keyA, testDescription: "fr: the key typing q is US A"),
              // Russian types "ф" on US A and "й" on US Q, where the us layout has q (as GTK and Qt match).
              LayoutCase(layout: "ru,us", inert: keyA, quits: keyQ, testDescription: "ru,us: the key typing й is US Q"),
          ])
    func shortcutsFollowTheLayout(_ layout: LayoutCase) throws {
        let run = try FlatCubeEndToEndTests.start()
        try run.session.send("keymap \(layout.layout)")
        try run.session.send(["key \(Self.keyLeftCtrl) pressed", "key \(layout.inert) pressed",
                              "key \(layout.inert) released"])
        Thread.sleep(forTimeInterval: 0.4)
        #expect(run.app.isRunning, "Ctrl + key \(layout.inert) quit the app")
        try run.session.send(["key \(layout.quits) pressed"])
        #expect(run.session.waitFor { !run.app.isRunning }, "Ctrl + key \(layout.quits) did not quit")
        guard !run.app.isRunning else { return }
        #expect(run.app.terminationReason == .exit && run.app.terminationStatus == 0,
                "status \(run.app.terminationStatus); output: \(run.session.output(of: run.app))")
    }

    // MARK: Touch cancel and devices going away

    @Test("a wl_touch.cancel in the middle of a pinch cancels it (never ended), and a tap afterwards still works")
    func touchCancelMidPinch() throws {
        let run = try GesturesEndToEndTests.start()
        let input = GesturesEndToEndTests.RecordedTouches(session: run.session)
        try GesturesEndToEndTests.spreadFingers(input, frames: 4, by: 8, pause: GesturesEndToEndTests.frameInterval,
                                                lift: false)
        #expect(run.session.waitFor { run.log.gestureStates("pinch") == ["began"] }, "log: \(run.log.lines)")
        // The compositor takes the fingers over: no up will follow.
        try run.session.send("touch-cancel")
        #expect(run.session.waitFor { run.log.gestureStates("pinch") == ["began", "cancelled"] }, "log: \(run.log.lines)")

        let tap = GesturesEndToEndTests.tapCentre
        try input.tap(tap.x, tap.y)
        #expect(run.session.waitFor { run.log.texts(of: "output").last == "Tapped (uikit)" }, "labels: \(run.log.texts(of: "output"))")
        #expect(run.log.gestureStates("pinch") == ["began", "cancelled"], "the pinch never ends: \(run.log.lines)")
        #expect(run.log.gestureStates("tap") == ["ended"], "log: \(run.log.lines)")
    }

    @Test("removing the touch capability while a finger is down in red counts no tap; with touch back a tap counts 1")
    func touchUnpluggedMidTouch() throws {
        let run = try FlatCubeEndToEndTests.start()
        try run.session.send(["touch-down 0 400 120", "touch-frame"])
        Thread.sleep(forTimeInterval: 0.05)
        try run.session.send("capabilities pointer,keyboard")
        // Long enough for a tap the lost finger might still produce.
        Thread.sleep(forTimeInterval: 0.4)
        #expect(run.log.texts(of: "singleCounter").isEmpty, "log: \(run.log.lines)")
        #expect(run.log.gestureStates("oneFingerTap").isEmpty, "log: \(run.log.lines)")

        // A touch left stuck would make this a second finger, or its tap a
        // double tap: it counts exactly once.
        try Self.setCapabilities("touch,pointer,keyboard", of: run)
        try run.tap(400, 120)
        #expect(run.session.waitFor { run.log.hasLabel("singleCounter", "1") }, "log: \(run.log.lines)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(run.log.texts(of: "singleCounter") == ["1"], "log: \(run.log.lines)")
        #expect(run.log.gestureStates("oneFingerTap") == ["ended"], "log: \(run.log.lines)")
    }

    @Test("removing the pointer in the middle of a left-button press in red counts no tap; a click afterwards counts 1")
    func pointerUnpluggedMidDrag() throws {
        let run = try FlatCubeEndToEndTests.start(capabilities: "touch,pointer,keyboard")
        try run.session.send(["pointer-motion 400 120", "pointer-frame", "button \(Self.leftButton) pressed", "pointer-frame"])
        Thread.sleep(forTimeInterval: 0.05)
        try run.session.send("capabilities touch,keyboard")
        Thread.sleep(forTimeInterval: 0.4)
        #expect(run.log.texts(of: "singleCounter").isEmpty, "log: \(run.log.lines)")

        try Self.setCapabilities("touch,pointer,keyboard", of: run)
        try run.session.send(["pointer-motion 400 121", "pointer-frame", "button \(Self.leftButton) pressed", "pointer-frame",
                              "button \(Self.leftButton) released", "pointer-frame"])
        #expect(run.session.waitFor { run.log.hasLabel("singleCounter", "1") }, "log: \(run.log.lines)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(run.log.texts(of: "singleCounter") == ["1"], "log: \(run.log.lines)")
    }

    // MARK: Alt + mouse

    /// At 800x600 the window centre is (400, 300): a click at (200, 300),
    /// in the left yellow square only, mirrors to (600, 300), in the right
    /// yellow square only.
    @Test("Alt + click in the left yellow adds a mirrored touch in the right yellow: a two-finger tap counts yellow")
    func altClickMirrors() throws {
        let run = try FlatCubeEndToEndTests.start(capabilities: "touch,pointer,keyboard")
        let click = ["button \(Self.leftButton) pressed", "pointer-frame", "button \(Self.leftButton) released", "pointer-frame"]
        // Without Alt: one finger in yellow counts nothing.
        try run.session.send(["pointer-motion 200 300", "pointer-frame"] + click)
        #expect(run.session.waitFor { run.log.gestureStates("oneFingerTap") == ["ended"] }, "log: \(run.log.lines)")
        Thread.sleep(forTimeInterval: 0.4)
        #expect(run.log.texts(of: "doubleCounterLeft").isEmpty, "log: \(run.log.lines)")

        try run.session.send(["key \(Self.keyLeftAlt) pressed"] + click + ["key \(Self.keyLeftAlt) released"])
        #expect(run.session.waitFor { run.log.hasLabel("doubleCounterLeft", "1") && run.log.hasLabel("doubleCounterRight", "1") },
                "log: \(run.log.lines)")
        #expect(run.log.texts(of: "singleCounter").isEmpty, "log: \(run.log.lines)")
    }

    /// libinput reports the finger resting before a click as a one-finger
    /// hold: the click must not add a second finger to it.
    @Test("a click inside a one-finger touchpad hold is one touch: a one-finger tap, no two-finger tap")
    func clickInsideTouchpadHold() throws {
        let run = try FlatCubeEndToEndTests.start(capabilities: "touch,pointer,keyboard")
        try run.session.send(["pointer-motion 200 300", "pointer-frame", "hold-begin 1",
                              "button \(Self.leftButton) pressed", "pointer-frame",
                              "button \(Self.leftButton) released", "pointer-frame", "hold-end"])
        #expect(run.session.waitFor { run.log.gestureStates("oneFingerTap") == ["ended"] }, "log: \(run.log.lines)")
        #expect(!run.log.gestureStates("twoFingerTap").contains("ended"), "log: \(run.log.lines)")
    }

    @Test("losing the keyboard while Alt is held ends Alt: a click is one touch again")
    func keyboardUnpluggedEndsModifiers() throws {
        let run = try FlatCubeEndToEndTests.start(capabilities: "touch,pointer,keyboard")
        try run.session.send(["pointer-motion 200 300", "pointer-frame", "key \(Self.keyLeftAlt) pressed"])
        try Self.setCapabilities("touch,pointer", of: run)
        try run.session.send(["button \(Self.leftButton) pressed", "pointer-frame", "button \(Self.leftButton) released", "pointer-frame"])
        #expect(run.session.waitFor { run.log.gestureStates("oneFingerTap") == ["ended"] }, "log: \(run.log.lines)")
        Thread.sleep(forTimeInterval: 0.4)
        #expect(run.log.texts(of: "doubleCounterLeft").isEmpty, "Alt outlived its keyboard: \(run.log.lines)")
    }

    // MARK: Cursor

    @Test("over the window the pointer shows the theme's arrow, its tip at the pointer")
    func cursorIsShown() throws {
        let run = try FlatCubeEndToEndTests.start(capabilities: "touch,pointer,keyboard")
        // White page background, away from every square and label.
        try run.session.send(["pointer-motion 60 520", "pointer-frame"])
        let shot = try run.settledScreenshot()
        var dark = 0, darkNearTip = false
        for y in 515...545 {
            for x in 55...85 where shot.pixel(x: x, y: y).distance(to: .black) < 80 {
                dark += 1
                if abs(x - 60) <= 3 && abs(y - 520) <= 3 { darkNearTip = true }
            }
        }
        #expect(dark >= 10, "no cursor drawn around (60, 520)")
        #expect(darkNearTip, "the arrow's tip (hotspot) is not at the pointer")
        #expect(run.session.output(of: run.app).contains("no cursor theme") == false)
    }

    @Test("at output scale 2 the cursor keeps its size on screen, drawn from the theme's double-size images")
    func cursorFollowsScale() throws {
        /// The bounding box of the cursor's dark pixels around the pointer
        /// at (60, 520), in buffer pixels.
        func arrowBox(scale: Int) throws -> (width: Int, height: Int, tipX: Int, tipY: Int) {
            let run = try RunningApp(page: "flatcube", capabilities: "touch,pointer,keyboard", scale: scale) {
                $0.pixel(x: 400 * scale, y: 120 * scale) == .init(r: 255, g: 102, b: 102)
            }
            try run.session.send(["pointer-motion 60 520", "pointer-frame"])
            let shot = try run.settledScreenshot()
            var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
            for y in (510 * scale)...(550 * scale) {
                for x in (50 * scale)...(90 * scale) where shot.pixel(x: x, y: y).distance(to: .black) < 80 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            try #require(minX <= maxX, "no cursor at scale \(scale)")
            return (maxX - minX + 1, maxY - minY + 1, minX, minY)
        }
        let single = try arrowBox(scale: 1)
        let double = try arrowBox(scale: 2)
        let ratio = Double(double.height) / Double(single.height)
        #expect(ratio > 1.7 && ratio < 2.3, "arrow \(single) at scale 1, \(double) at scale 2")
        // The tip stays at the pointer: (120, 1040) in buffer pixels.
        #expect(abs(double.tipX - 120) <= 6 && abs(double.tipY - 1040) <= 6, "arrow at scale 2: \(double)")
    }

    @Test("on a floating window with its own title bar the pointer shows the resize double arrows over the edges, the arrow over the page",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/icons/Adwaita/cursors/se-resize"),
                   "no Adwaita cursor theme (package adwaita-icon-theme)"))
    func resizeCursors() throws {
        // desktop-shell floats the window (at a random place) and weston
        // has no server-side decorations: the app draws its title bar and
        // resize strips.
        let session = try WestonSession(width: 1024, height: 768, shell: "desktop-shell.so")
        defer { session.stop() }
        try session.send("capabilities pointer,keyboard")
        try session.launchClient(executable: gestureDemoBinary(), arguments: ["--size", "500x350"],
                                 extraEnv: ["XCURSOR_THEME": "Adwaita", "XCURSOR_SIZE": "24"])
        // The page's white: the window's right and bottom edges are its.
        // Rows count where most of the window's width is white (the
        // compositor's own cursor and the panel's clock are white too).
        var page: (maxX: Int, maxY: Int, minX: Int)?
        var seen = ""
        let shown = try session.waitFor(timeout: 10, pollInterval: 0.2) {
            let shot = try session.screenshot()
            var minX = Int.max, maxX = -1, maxY = -1
            for y in 0..<shot.height {
                let white = (0..<shot.width).filter { shot.pixel(x: $0, y: y) == .init(r: 255, g: 255, b: 255) }
                guard white.count >= 400, let first = white.first, let last = white.last else { continue }
                minX = min(minX, first); maxX = max(maxX, last); maxY = y
            }
            seen = "white rows from x \(minX) to \(maxX), down to y \(maxY)"
            page = maxX - minX == 499 ? (maxX, maxY, minX) : nil
            return page != nil
        }
        let window = try #require(page, "no 500 px wide window shown (\(shown)): \(seen)")
        /// Near-black pixels of the cursor in the box `dx`, `dy` (offsets
        /// from the pointer), once the pointer is at (`x`, `y`).
        func dark(at x: Int, _ y: Int, dx: ClosedRange<Int>, dy: ClosedRange<Int>) throws -> Int {
            try session.send(["pointer-motion \(x) \(y)", "pointer-frame"])
            Thread.sleep(forTimeInterval: 0.15)
            let shot = try session.screenshot()
            var count = 0
            for oy in dy {
                for ox in dx where shot.pixel(x: x + ox, y: y + oy).distance(to: .black) < 80 { count += 1 }
            }
            return count
        }
        // The arrow's tip is at the pointer: nothing of it is above or up
        // and left of it. A corner's double arrow points up and left too,
        // the bottom edge's up (both over the page's white).
        let upLeft = (dx: -12 ... -3, dy: -12 ... -3), up = (dx: -2 ... 2, dy: -12 ... -4)
        let corner = (x: window.maxX - 3, y: window.maxY - 3), edge = (x: window.minX + 250, y: window.maxY - 2)
        let inside = (x: window.minX + 250, y: window.maxY - 60)
        #expect(try dark(at: inside.x, inside.y, dx: upLeft.dx, dy: upLeft.dy) == 0, "the arrow over the page")
        #expect(try dark(at: corner.x, corner.y, dx: upLeft.dx, dy: upLeft.dy) >= 4, "no diagonal double arrow at the corner")
        #expect(try dark(at: edge.x, edge.y, dx: up.dx, dy: up.dy) >= 4, "no vertical double arrow at the bottom edge")
        #expect(try dark(at: inside.x, inside.y, dx: upLeft.dx, dy: upLeft.dy) == 0, "the arrow again over the page")
        // A drag from the page keeps the arrow over the corner until the
        // button is let go there.
        try session.send(["button \(Self.leftButton) pressed", "pointer-frame"])
        #expect(try dark(at: corner.x, corner.y, dx: upLeft.dx, dy: upLeft.dy) == 0, "the cursor changed during a drag")
        try session.send(["button \(Self.leftButton) released", "pointer-frame"])
        Thread.sleep(forTimeInterval: 0.15)
        let released = try session.screenshot()
        var dark = 0
        for oy in upLeft.dy {
            for ox in upLeft.dx where released.pixel(x: corner.x + ox, y: corner.y + oy).distance(to: .black) < 80 { dark += 1 }
        }
        #expect(dark >= 4, "no double arrow once the drag ended over the corner")
    }

    // MARK: Touchpad gestures

    @Test("a touchpad pinch to scale 1.5 over the image reads Scale:1.50 and grows the image by 1.5")
    func touchpadPinch() throws {
        let run = try Self.startGesturesWithPointer()
        let before = try run.settledScreenshot()
        let boxBefore = try #require(GesturesEndToEndTests.ImageBox(in: before, caption: before))
        let c = GesturesEndToEndTests.pinchCentre
        try run.session.send(["pointer-motion \(c.x) \(c.y)", "pointer-frame", "pinch-begin 2"])
        for scale in [1.1, 1.2, 1.3, 1.4, 1.5] {
            Thread.sleep(forTimeInterval: GesturesEndToEndTests.frameInterval)
            try run.session.send("pinch-update 0 0 \(scale) 0")
        }
        try run.session.send("pinch-end")
        #expect(run.session.waitFor { run.log.gestureStates("pinch") == ["began", "ended"] }, "log: \(run.log.lines)")
        let scales = run.log.texts(of: "output").compactMap { GesturesEndToEndTests.figure("Scale", in: $0) }
        #expect(abs((scales.last ?? 0) - 1.5) <= 0.02, "labels: \(run.log.texts(of: "output"))")
        #expect(run.log.gestureStates("rotation").isEmpty, "a pinch without turning is no rotation")

        // Move the cursor off the image before judging its size.
        try run.session.send(["pointer-motion 400 200", "pointer-frame"])
        let after = try run.settledScreenshot()
        let boxAfter = try #require(GesturesEndToEndTests.ImageBox(in: after, caption: before))
        let ratio = Double(boxAfter.width) / Double(boxBefore.width)
        #expect(abs(ratio - 1.5) <= 0.03, "image \(boxBefore) -> \(boxAfter)")
    }

    @Test("a touchpad pinch turning 10 degrees clockwise three times reads Radians:0.52")
    func touchpadRotation() throws {
        let run = try Self.startGesturesWithPointer()
        let c = GesturesEndToEndTests.pinchCentre
        try run.session.send(["pointer-motion \(c.x) \(c.y)", "pointer-frame", "pinch-begin 2"])
        for _ in 1...3 {
            Thread.sleep(forTimeInterval: GesturesEndToEndTests.frameInterval)
            // The protocol's rotation is since the previous update.
            try run.session.send("pinch-update 0 0 1 10")
        }
        try run.session.send("pinch-end")
        #expect(run.session.waitFor { run.log.gestureStates("rotation") == ["began", "ended"] }, "log: \(run.log.lines)")
        let radians = run.log.texts(of: "output").compactMap { GesturesEndToEndTests.figure("Radians", in: $0) }
        #expect(abs((radians.last ?? 0) - 30 * .pi / 180) <= 0.02, "clockwise is positive; labels: \(run.log.texts(of: "output"))")
    }

    @Test("a cancelled touchpad pinch is cancelled, not ended")
    func touchpadPinchCancelled() throws {
        let run = try Self.startGesturesWithPointer()
        let c = GesturesEndToEndTests.pinchCentre
        try run.session.send(["pointer-motion \(c.x) \(c.y)", "pointer-frame", "pinch-begin 2"])
        for scale in [1.2, 1.4] {
            Thread.sleep(forTimeInterval: GesturesEndToEndTests.frameInterval)
            try run.session.send("pinch-update 0 0 \(scale) 0")
        }
        try run.session.send("pinch-end cancelled")
        #expect(run.session.waitFor { run.log.gestureStates("pinch") == ["began", "cancelled"] }, "log: \(run.log.lines)")
    }

    @Test("a fast three-finger touchpad swipe to the left in the swipe area reads Swiped left")
    func touchpadSwipe() throws {
        let run = try Self.startGesturesWithPointer()
        let c = GesturesEndToEndTests.swipeCentre
        try run.session.send(["pointer-motion \(c.x + 60) \(c.y)", "pointer-frame", "swipe-begin 3"])
        for _ in 1...6 {
            Thread.sleep(forTimeInterval: GesturesEndToEndTests.frameInterval)
            try run.session.send("swipe-update -20 0")
        }
        try run.session.send("swipe-end")
        #expect(run.session.waitFor { run.log.texts(of: "output").last == "Swiped left (uikit)" }, "labels: \(run.log.texts(of: "output"))")
    }

    @Test("fingers resting on the touchpad for 0.6 s over the long press area read Long pressed")
    func touchpadHold() throws {
        let run = try Self.startGesturesWithPointer()
        let c = GesturesEndToEndTests.longPressCentre
        try run.session.send(["pointer-motion \(c.x) \(c.y)", "pointer-frame", "hold-begin 2"])
        Thread.sleep(forTimeInterval: 0.6)
        try run.session.send("hold-end")
        #expect(run.session.waitFor { run.log.gestureStates("longPress") == ["began", "ended"] }, "log: \(run.log.lines)")
        #expect(run.log.texts(of: "output").last == "Long pressed (uikit)", "labels: \(run.log.texts(of: "output"))")
    }

    // MARK: Helpers

    /// Changes the seat's devices and gives the app a repaint's time to
    /// take the new ones: events injected at once could reach weston
    /// before the app's `get_touch` or `get_pointer`, and be lost.
    static func setCapabilities(_ list: String, of run: RunningApp) throws {
        try run.session.send("capabilities \(list)")
        _ = try run.session.screenshot()
    }

    /// The Gestures page with a pointer from the start: a capability added
    /// later races the app, whose gesture objects may not exist yet when
    /// the first touchpad event is injected. The pointer enters at (100,
    /// 100), in the tap area, away from the image.
    static func startGesturesWithPointer() throws -> RunningApp {
        try RunningApp(page: "gestures", capabilities: "touch,pointer,keyboard") { shot in
            shot.pixel(x: 700, y: 570) == .init(r: 0xec, g: 0xef, b: 0xf1)
                && shot.pixel(x: 630, y: 445) == .init(r: 0x8e, g: 0xca, b: 0xe6)
        }
    }
}
