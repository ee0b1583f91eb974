import DemoApp
import Foundation
import GestureKit
import GestureScript
import Testing

/// The Touches page and the app's motion handling, through the real
/// pipeline on a virtual clock (800x600; free page area right of the
/// switches, e.g. (600,420)).
@MainActor
@Suite("Touches page and motion")
struct TouchesPageTests: DemoWindowSuite {
    let app = DemoWindow<TouchesViewController>(.touches)
    let recorder = LabelRecorder()

    init() {
        app.window.addObserver(recorder)
    }

    @Test("a tap reads 'Single tap started' then 'Single tap ended (x,y)->(x,y)'")
    func singleTap() throws {
        try play("down 1 600 420\nframe")
        #expect(vc.interactionLabel.text == "Single tap started (600,420)")
        try play("up 1")
        #expect(vc.interactionLabel.text == "Single tap ended (600,420)->(600,420)")
    }

    @Test("the window's size reads the page's, less the title bar the window draws itself, as a script sizes it")
    func windowSizeLabel() throws {
        #expect(vc.windowSizeLabel.text == "Window: 800x600 logical px")
        var environment = app.window.environment
        environment.clientSideDecorations = true
        app.window.updateEnvironment(environment)
        app.window.layoutIfNeeded()
        #expect(vc.windowSizeLabel.text == "Window: 800x556 logical px")
        try play("size 800 600")
        app.window.layoutIfNeeded()
        #expect(app.window.bounds.size == Size(width: 800, height: 644))
        #expect(vc.windowSizeLabel.text == "Window: 800x600 logical px")
    }

    @Test("a second quick tap is a double tap ending from the first tap's point")
    func doubleTap() throws {
        try play("down 1 600 420\nup 1\nwait 100\ndown 1 603 421\nup 1")
        #expect(vc.interactionLabel.text == "Double tap ended (600,420)->(603,421)")
    }

    @Test("a finger that moves beyond the slop is a swipe")
    func swipe() throws {
        try play("down 1 560 500\nframe\nwait 16\nmove 1 600 480\nframe")
        #expect(vc.interactionLabel.text == "Swipe moved (600,480)")
        try play("up 1")
        #expect(vc.interactionLabel.text == "Swipe ended (560,500)->(600,480)")
    }

    @Test("the label reads None 3 s after the last interaction, and every interaction re-arms the timer")
    func resetTimer() throws {
        try play("down 1 600 420\nup 1\nwait 2000")
        #expect(vc.interactionLabel.text != "None")
        try play("down 1 650 420\nup 1\nwait 2000")
        #expect(vc.interactionLabel.text == "Single tap ended (650,420)->(650,420)")
        try play("wait 999")
        #expect(vc.interactionLabel.text != "None")
        try play("wait 2")
        #expect(vc.interactionLabel.text == "None")
        #expect(recorder.texts(of: "interaction").filter { $0 == "None" }.count == 1)
    }

    @Test("a finger put down or dragged re-arms the reset: its text stays while it is newer than 3 s")
    func resetRearmedByEveryInteraction() throws {
        try play("down 1 650 420\nup 1\nwait 1000")
        // Down 1 s after the tap ended, and held 2.5 s: the tap's timer
        // would have fired 0.5 s ago.
        try play("down 1 600 420\nframe\nwait 2500")
        #expect(vc.interactionLabel.text == "Single tap started (600,420)")
        // Moved at 2.5 s, held 2.5 s more: 5 s after it went down.
        try play("move 1 620 420\nframe\nwait 2500")
        #expect(vc.interactionLabel.text == "Swipe moved (620,420)")
        // Held still past 3 s since its last move: the label resets.
        try play("wait 501")
        #expect(vc.interactionLabel.text == "None")
        try play("up 1")
    }

    @Test("with multiple touch off only the first finger counts; on, both do")
    func multipleTouch() throws {
        try play("down 1 600 420\ndown 2 650 480\nframe")
        #expect(vc.fingersLabel.text == "Number of fingers: 1")
        try play("up 1\nup 2\nframe\nwait 500")
        vc.multipleTouchSwitch.isOn = true
        vc.multipleTouchSwitch.onValueChanged?(vc.multipleTouchSwitch)
        try play("down 1 600 420\ndown 2 650 480\nframe")
        #expect(vc.fingersLabel.text == "Number of fingers: 2")
        try play("up 1\nup 2")
        #expect(vc.fingersLabel.text == "Number of fingers: 0")
    }

    @Test("the image reports touches inside it; with its interaction off they fall through to the page")
    func imageInteraction() throws {
        let p = vc.imageView.frame.center
        try play("down 1 \(p.x) \(p.y)\nup 1")
        #expect(vc.imageLabel.text.hasPrefix("Image touched at ("))
        #expect(!recorder.texts(of: "interaction").contains { $0.hasPrefix("Single tap") })
        // A finger sliding off the image keeps coming to it (it began
        // there), but only the points inside are reported.
        let frame = vc.imageView.frame
        try play("wait 500\ndown 1 \(p.x) \(p.y)\nframe\nmove 1 \(frame.maxX - 1) \(p.y)\nframe")
        let inside = vc.imageLabel.text
        #expect(inside == "Image touched at \(Point(x: frame.width - 1, y: p.y - frame.minY))")
        try play("move 1 \(frame.maxX + 40) \(p.y)\nframe\nmove 1 \(p.x) \(frame.minY - 30)\nframe\nup 1")
        #expect(vc.imageLabel.text == inside)
        try play("wait 500")
        let toggle = vc.imageSwitch.frame.center
        try play("down 1 \(toggle.x) \(toggle.y)\nup 1\nwait 500")
        #expect(!vc.imageView.isUserInteractionEnabled)
        try play("down 1 \(p.x) \(p.y)\nframe")
        #expect(vc.interactionLabel.text.hasPrefix("Single tap started"))
        try play("up 1")
    }

    @Test("a shake under 1 s reads 'Device was shaken'; a 1.5 s one is cancelled and changes nothing")
    func shake() throws {
        try play("shake 1500")
        #expect(vc.interactionLabel.text == "None")
        try play("shake 600")
        #expect(vc.interactionLabel.text == "Device was shaken")
        try play("wait 3000")
        #expect(vc.interactionLabel.text == "None")
    }

    @Test("each rotation reads its seed 000 text and refreshes the metrics")
    func orientation() throws {
        var texts: [String] = []
        for _ in 0..<4 {
            window.handleKey(KeyEvent(keysym: Keysym.r, modifiers: .control))
            texts.append(vc.interactionLabel.text)
        }
        // From the wide window's landscape-right, a quarter right each.
        #expect(texts == ["Device is oriented normally", "Device has been rotated right",
                          "Device is upside down", "Device has been rotated left"])
    }

    @Test("an unhandled shake on FlatCube reaches the application: with shake-to-edit on, the sheet undoes a count")
    func shakeToEdit() throws {
        try play("page flatcube\ndown 1 400 120\nup 1\nwait 400")
        let flatcube = DemoApp.currentPage(of: window) as! FlatCubeViewController
        #expect(flatcube.singleCount == 1)
        try play("shake 500")
        #expect(window.view(named: "actionSheet") == nil, "shake-to-edit is off by default")
        window.application.applicationSupportsShakeToEdit = true
        try play("shake 500")
        let sheet = try #require(window.view(named: "actionSheet"))
        try play("shake 500")
        #expect(window.subtree.filter { $0.name == "actionSheet" }.count == 1, "a shake while open changes nothing")
        window.layoutIfNeeded()
        let undo = try #require(sheet.view(named: "Undo Count"))
        let p = undo.convert(undo.bounds.center, to: nil)
        try play("down 1 \(p.x) \(p.y)\nup 1")
        #expect(flatcube.singleCount == 0 && flatcube.singleCounterLabel.text == "0")
        #expect(window.view(named: "actionSheet") == nil)
        window.application.undoManager.redo()
        #expect(flatcube.singleCount == 1)
        window.application.undoManager.removeAllActions()
        window.application.undoManager.undo()  // empty: nothing happens
        #expect(flatcube.singleCount == 1)
    }

    @Test("the view-tree dump names every view with its window frame and recognizers")
    func treeDump() {
        DemoApp.show(.flatcube, in: window)
        let json = ViewTreeDump.json(window)
        #expect(json.contains("\"name\": \"single\""))
        #expect(json.contains("\"frame\": [263.8, 64, 272.5, 272.5]"))
        #expect(json.contains("{\"type\": \"TapGestureRecognizer\", \"name\": \"oneFingerTap\", \"state\": \"possible\"}"))
    }
}

/// Every text each named label showed, in order.
final class LabelRecorder: WindowObserver {
    private var log: [(String, String)] = []
    func labelTextDidChange(_ label: Label, from oldText: String) { log.append((label.name ?? "", label.text)) }
    func texts(of name: String) -> [String] { log.filter { $0.0 == name }.map(\.1) }
}

@Suite("Documentation")
struct DocumentationTests {
    @Test("the README lists every shortcut of the app's table")
    func readmeListsShortcuts() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let window = DemoApp.makeWindow(timeSource: VirtualTimeSource())
        for command in window.keyCommands {
            #expect(readme.contains(command.title), "README lacks '\(command.title)'")
            #expect(readme.contains(command.keyDescription), "README lacks the key \(command.keyDescription)")
        }
    }
}
