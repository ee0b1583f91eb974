import DemoApp
import Foundation
import GestureKit
import GestureScript
import Testing

/// The Gestures page's rules, played through the real input pipeline on a
/// virtual clock at 800x600. Area centres: tap (138,207), long press
/// (400,207), pan (662,207), swipe (138,464), check mark (400,464), pinch
/// and rotate (662,464).
@MainActor
@Suite("Gestures page")
struct GesturesPageTests: DemoWindowSuite {
    let app = DemoWindow<GesturesViewController>(.gestures)
    let recorder = TextRecorder()

    init() {
        app.window.addObserver(recorder)
    }

    /// Frames that move touch `id` in a straight line.
    func strokeScript(_ id: Int, from: Point, to: Point, steps: Int, ms: Int) -> String {
        (1...steps).map { i -> String in
            let f = Double(i) / Double(steps)
            return "wait \(ms)\nmove \(id) \(from.x + (to.x - from.x) * f) \(from.y + (to.y - from.y) * f)\nframe"
        }.joined(separator: "\n")
    }

    /// Two fingers about (662,464): span and angle per step.
    func twoFingerScript(steps: [(span: Double, angle: Double)]) -> String {
        let c = Point(x: 662, y: 464)
        return steps.enumerated().map { i, s in
            let dx = cos(s.angle) * s.span / 2, dy = sin(s.angle) * s.span / 2
            let verb = i == 0 ? "down" : "move"
            return (i == 0 ? "" : "wait 16\n") + "\(verb) 1 \(c.x - dx) \(c.y - dy)\n\(verb) 2 \(c.x + dx) \(c.y + dy)\nframe"
        }.joined(separator: "\n")
    }

    @Test("a single tap reads Tapped once the double-tap interval has passed")
    func singleTap() throws {
        try play("down 1 138 207\nup 1")
        #expect(vc.outputLabel.text != "Tapped (uikit)")
        try play("wait 400")
        #expect(vc.outputLabel.text == "Tapped (uikit)")
    }

    @Test("a double tap reads Double tapped and never Tapped")
    func doubleTap() throws {
        try play("down 1 138 207\nup 1\nwait 100\ndown 1 140 207\nup 1\nwait 1000")
        #expect(vc.outputLabel.text == "Double tapped (uikit)")
        #expect(!recorder.texts.contains("Tapped (uikit)"))
    }

    @Test("a press held 0.4 s is no long press, 0.6 s is")
    func longPress() throws {
        try play("down 1 400 207\nwait 400\nup 1\nwait 100")
        #expect(!recorder.texts.contains("Long pressed (uikit)"))
        try play("down 1 400 207\nwait 600")
        #expect(vc.outputLabel.text == "Long pressed (uikit)")
        try play("up 1")
    }

    @Test("a pan reports its translation in the pan area")
    func pan() throws {
        try play("down 1 662 207\nframe\n" + strokeScript(1, from: Point(x: 662, y: 207), to: Point(x: 702, y: 177), steps: 4, ms: 16) + "\nup 1")
        #expect(vc.outputLabel.text == "Panned, Translation:(40,-30) (uikit)")
    }

    @Test("a fast left swipe reads Swiped left, a right one Swiped right, an upward one nothing")
    func swipes() throws {
        try play("down 1 138 464\nframe\n" + strokeScript(1, from: Point(x: 138, y: 464), to: Point(x: 58, y: 466), steps: 4, ms: 16) + "\nup 1\nwait 500")
        #expect(vc.outputLabel.text == "Swiped left (uikit)")
        try play("down 1 138 464\nframe\n" + strokeScript(1, from: Point(x: 138, y: 464), to: Point(x: 218, y: 460), steps: 4, ms: 16) + "\nup 1\nwait 500")
        #expect(vc.outputLabel.text == "Swiped right (uikit)")
        let before = recorder.texts.count
        try play("down 1 138 464\nframe\n" + strokeScript(1, from: Point(x: 138, y: 464), to: Point(x: 140, y: 380), steps: 4, ms: 16) + "\nup 1\nwait 500")
        #expect(recorder.texts.count == before)
    }

    @Test("pinching from 100 px to 150 px reads Scale:1.50 and grows the image by 1.5 from its fixed origin")
    func pinch() throws {
        let origin = vc.imageView.frame.origin
        let size = vc.imageView.frame.size
        try play(twoFingerScript(steps: stride(from: 100.0, through: 150, by: 10).map { ($0, 0) }))
        #expect(vc.outputLabel.text.hasPrefix("Pinched, Scale:1.50, Velocity:"))
        #expect(vc.imageView.frame.origin == origin)
        #expect(abs(vc.imageView.frame.width - size.width * 1.5) < 1e-9)
        #expect(abs(vc.imageView.frame.height - size.height * 1.5) < 1e-9)
        try play("up 1\nup 2")
    }

    @Test("turning two fingers by 0.5 rad reads Radians:0.50 and rotates the image")
    func rotation() throws {
        try play(twoFingerScript(steps: (0...10).map { (100, Double($0) * 0.05) }))
        #expect(vc.outputLabel.text.hasPrefix("Rotated, Radians:0.50, Velocity:"))
        let t = vc.imageView.transform
        #expect(abs(atan2(t.b, t.a) - 0.5) < 1e-9)
        try play("up 1\nup 2")
    }

    @Test("one Ctrl+Z undoes a whole pinch-and-turn, back to the picture before it; a second undoes the one before")
    func pinchUndo() throws {
        try play(twoFingerScript(steps: stride(from: 100.0, through: 150, by: 10).map { ($0, 0) }))
        try play("up 1\nup 2\nwait 100")
        #expect(abs(vc.imageScale - 1.5) < 1e-9 && vc.imageRotation == 0)
        try play(twoFingerScript(steps: (0...10).map { (100 + Double($0) * 5, Double($0) * 0.05) }))
        try play("up 1\nup 2\nwait 100")
        #expect(abs(vc.imageScale - 1.5) < 1e-9, "the second pinch's scale applies alone: \(vc.imageScale)")
        #expect(abs(vc.imageRotation - 0.5) < 1e-9)
        try play("key ctrl+z")
        #expect(abs(vc.imageScale - 1.5) < 1e-9 && vc.imageRotation == 0,
                "after one undo: scale \(vc.imageScale), turn \(vc.imageRotation)")
        try play("key ctrl+z")
        #expect(vc.imageScale == 1 && vc.imageRotation == 0,
                "after two: scale \(vc.imageScale), turn \(vc.imageRotation)")
    }

    @Test("a check-mark stroke reads Check mark; a straight stroke does not")
    func checkMark() throws {
        let down = strokeScript(1, from: Point(x: 360, y: 440), to: Point(x: 385, y: 470), steps: 3, ms: 16)
        let up = strokeScript(1, from: Point(x: 385, y: 470), to: Point(x: 440, y: 410), steps: 4, ms: 16)
        try play("down 1 360 440\nframe\n\(down)\n\(up)\nup 1")
        #expect(vc.outputLabel.text == "Check mark")
        let count = recorder.texts.count
        try play("down 1 360 440\nframe\n" + strokeScript(1, from: Point(x: 360, y: 440), to: Point(x: 440, y: 440), steps: 4, ms: 16) + "\nup 1")
        #expect(recorder.texts.count == count)
    }
}

/// Every text the output label showed, in order.
final class TextRecorder: WindowObserver {
    var texts: [String] = []
    func labelTextDidChange(_ label: Label, from oldText: String) {
        if label.name == "output" { texts.append(label.text) }
    }
}

@MainActor
@Suite("App shortcuts")
struct AppShortcutTests {
    @Test("keys 1, 2 and 3 switch pages and each page keeps its state; Ctrl+Q asks to close; F11 asks for fullscreen")
    func shortcuts() throws {
        let app = DemoWindow<FlatCubeViewController>(.flatcube)
        let window = app.window, flatcube = app.page
        try window.play("down 1 400 120\nup 1", clock: app.clock)
        #expect(flatcube.singleCount == 1)
        window.handleKey(KeyEvent(keysym: Keysym.digit(3)))
        #expect(DemoApp.currentPage(of: window) is GesturesViewController)
        window.handleKey(KeyEvent(keysym: Keysym.digit(1)))
        #expect(DemoApp.currentPage(of: window) is TouchesViewController)
        window.handleKey(KeyEvent(keysym: Keysym.digit(2)))
        #expect(DemoApp.currentPage(of: window) === flatcube && flatcube.singleCount == 1)
        window.handleKey(KeyEvent(keysym: Keysym.q, modifiers: .control))
        window.handleKey(KeyEvent(keysym: Keysym.f11))
        #expect(window.platformRequests == [.close, .setFullscreen(true)])
    }

    @Test("Ctrl+R simulates a rotation: the orientation turns a quarter clockwise")
    func simulatedRotation() {
        // Taller than wide: upright to begin with.
        let window = DemoApp.makeWindow(size: Size(width: 600, height: 800), timeSource: VirtualTimeSource())
        #expect(window.environment.orientation == .portrait)
        window.handleKey(KeyEvent(keysym: Keysym.r, modifiers: .control))
        #expect(window.environment.orientation == .landscapeLeft)
        for expected in [InterfaceOrientation.portraitUpsideDown, .landscapeRight, .portrait] {
            window.handleKey(KeyEvent(keysym: Keysym.r, modifiers: .control, isPressed: false))
            window.handleKey(KeyEvent(keysym: Keysym.r, modifiers: .control))
            #expect(window.environment.orientation == expected)
        }
        // A quarter clockwise from portrait is what the output transform 90 reads.
        #expect(InterfaceOrientation.portrait.rotatedClockwise == InterfaceOrientation(transform: .rotated90))
    }

    @Test("the client-side title bar appears only when the window must draw its own, and the page moves below it")
    func titleBar() {
        let window = DemoApp.makeWindow(timeSource: VirtualTimeSource())
        #expect(window.titleBar == nil)
        var env = window.environment
        env.clientSideDecorations = true
        window.updateEnvironment(env)
        #expect(window.titleBar?.titleLabel.text == "Gesture Demo")
        #expect(window.rootViewController?.view.frame.minY == TitleBarView.height)
        env.windowState = .fullscreen
        window.updateEnvironment(env)
        #expect(window.titleBar == nil && window.rootViewController?.view.frame.minY == 0)
    }
}
