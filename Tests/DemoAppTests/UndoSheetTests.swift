import DemoApp
import Foundation
import GestureKit
import GestureScript
import Testing

/// Shake-to-edit's Undo/Redo sheet is a sheet of the page that presented
/// it: a tap outside dismisses it, a page switch (keys 1, 2, 3 or a tab)
/// dismisses it, and the debug overlay's panel never covers it.
@MainActor
@Suite("Undo sheet")
struct UndoSheetTests: DemoWindowSuite {
    let app: DemoWindow<FlatCubeViewController>

    init() throws {
        try self.init(size: DemoApp.defaultSize)
    }

    /// FlatCube with shake-to-edit on, one counted tap, and the sheet open.
    init(size: Size) throws {
        app = DemoWindow(.flatcube, size: size)
        window.application.applicationSupportsShakeToEdit = true
        try play("tap @single\nwait 400\nshake 500")
    }

    var sheet: ActionSheet? { window.subtree.lazy.compactMap { $0 as? ActionSheet }.first }

    /// The centre of a tab, in window coordinates.
    func tab(_ index: Int) -> Point {
        let bar = (window.rootViewController as! TabBarController).tabBar
        return bar.convert(bar.tabFrame(index).center, to: nil)
    }

    @Test("the sheet is the presenting page's: it covers the page, not the tab bar")
    func belongsToPage() throws {
        let sheet = try #require(self.sheet)
        #expect(vc.presentedSheet === sheet)
        let tabBar = (window.rootViewController as! TabBarController).tabBar
        #expect(window.hitTest(tab(0)) === tabBar, "the tab bar still takes touches")
    }

    @Test("a tap outside the sheet dismisses it and changes nothing on the page")
    func tapOutside() throws {
        try play("tap 400 120\nwait 400")
        #expect(sheet == nil)
        #expect(vc.singleCount == 1, "the tap that dismissed the sheet did not count")
        try play("tap @single\nwait 400")
        #expect(vc.singleCount == 2, "the page takes touches again")
    }

    @Test("keys 1, 2 and 3 switch page and dismiss the sheet", arguments: [1, 3])
    func keysDismiss(digit: Int) throws {
        try play("key \(digit)")
        #expect(sheet == nil)
        try play("key 2")
        #expect(sheet == nil, "the sheet does not come back with its page")
        #expect(vc.singleCount == 1)
    }

    @Test("a tab tap switches page and dismisses the sheet")
    func tabTapDismisses() throws {
        let p = tab(2)
        try play("tap \(p.x) \(p.y)\nwait 400")
        #expect(sheet == nil)
        #expect(DemoApp.currentPage(of: window) is GesturesViewController)
        try play("tap @tapArea\nwait 400")
        #expect((DemoApp.currentPage(of: window) as! GesturesViewController).outputLabel.text == "Tapped (uikit)",
                "the new page takes touches")
    }

    @Test("Esc dismisses the sheet; its Undo button still undoes")
    func escapeAndUndo() throws {
        try play("key escape")
        #expect(sheet == nil)
        try play("shake 500\ntap @\"Undo Count\"\nwait 400")
        #expect(sheet == nil && vc.singleCount == 0)
    }

    @Test("the debug overlay's panel sits clear of the sheet's panel, whichever comes first",
          arguments: [Size(width: 800, height: 600), Size(width: 360, height: 480), Size(width: 480, height: 800)])
    func debugPanelClear(size: Size) throws {
        let test = try UndoSheetTests(size: size)
        func panels() throws -> (debug: Rect, sheet: Rect) {
            test.window.layoutIfNeeded()
            let sheet = try #require(test.sheet)
            let debug = try #require(test.window.view(named: "debugPanel"))
            return (debug.frameInWindow, sheet.convert(sheet.panelFrame, to: nil))
        }
        try test.play("key ctrl+d")
        var (debug, sheetPanel) = try panels()
        #expect(debug.intersection(sheetPanel).isEmpty, "debug \(debug) over the sheet \(sheetPanel)")
        #expect(debug.minY >= 0 && debug.maxY <= size.height)
        // Opened under the overlay, dismissed, opened again.
        try test.play("key escape\nshake 500")
        (debug, sheetPanel) = try panels()
        #expect(debug.intersection(sheetPanel).isEmpty, "debug \(debug) over the sheet \(sheetPanel)")
        try test.play("key escape")
        test.window.layoutIfNeeded()
        let alone = try #require(test.window.view(named: "debugPanel")).frameInWindow
        // Back down: at the bottom, or just above the page's switch where
        // the bottom would cover it.
        let toggle = try #require(test.window.view(named: "recognizeAny")).frameInWindow
        let bottom = alone.intersection(toggle).isEmpty && abs(alone.maxY - (size.height - 8)) < 0.01
        #expect(bottom || abs(alone.maxY - (toggle.minY - 8)) < 0.01, "the panel at \(alone), the switch at \(toggle)")
        #expect(alone.intersection(toggle).isEmpty)
    }
}

/// Undo and redo across pages and gestures: every undo can be redone, and
/// the other way round, whichever page is shown when it runs.
@MainActor
@Suite("Undo across pages")
struct UndoAcrossPagesTests: DemoWindowSuite {
    let app = DemoWindow<FlatCubeViewController>(.flatcube, size: DemoApp.defaultSize)

    var sheetTitles: [String] {
        window.subtree.compactMap { ($0 as? Button)?.titleLabel.text }.filter { $0.hasPrefix("Undo ") || $0.hasPrefix("Redo ") }
    }

    @Test("a count undone from another page is redone from it too, and undone again")
    func countFromAnotherPage() throws {
        try play("tap @single\nwait 400\npage gestures\nkey ctrl+z")
        #expect(vc.singleCount == 0)
        try play("key ctrl+shift+z")
        #expect(vc.singleCount == 1)
        try play("key ctrl+z")
        #expect(vc.singleCount == 0)
    }

    @Test("a pinch undone from another page is redone from it")
    func pinchFromAnotherPage() throws {
        try play("page gestures\npinch @pinchArea 100 150 300 10\nwait 100")
        let gestures = try #require(DemoApp.currentPage(of: window) as? GesturesViewController)
        let pinched = gestures.imageScale
        #expect(pinched > 1.4)
        try play("page flatcube\nkey ctrl+z")
        #expect(gestures.imageScale == 1)
        try play("key ctrl+shift+z")
        #expect(gestures.imageScale == pinched)
    }

    @Test("a pinch that goes on after Ctrl+Z is a step of its own: the next Ctrl+Z undoes it")
    func undoMidPinch() throws {
        try play("""
            page gestures
            down 1 @pinchArea-50,0
            down 2 @pinchArea+50,0
            frame
            wait 16
            move 1 @pinchArea-70,0
            move 2 @pinchArea+70,0
            frame
            key ctrl+z
            wait 16
            move 1 @pinchArea-75,0
            move 2 @pinchArea+75,0
            frame
            up 1
            up 2
            frame
            """)
        let gestures = try #require(DemoApp.currentPage(of: window) as? GesturesViewController)
        #expect(gestures.imageScale != 1)
        try play("key ctrl+z")
        #expect(gestures.imageScale == 1)
    }

    @Test("Ctrl+Z while the Undo/Redo sheet is open: the sheet offers what can be undone and redone now")
    func sheetFollowsKeys() throws {
        window.application.applicationSupportsShakeToEdit = true
        try play("tap @single\nwait 400\nshake 500")
        #expect(sheetTitles == ["Undo Count"])
        try play("key ctrl+z")
        #expect(sheetTitles == ["Redo Count"])
        try play("key ctrl+shift+z")
        #expect(sheetTitles == ["Undo Count"])
    }
}

@MainActor
@Suite("Undo steps on FlatCube")
struct FlatCubeUndoStepTests: DemoWindowSuite {
    let app = DemoWindow<FlatCubeViewController>(.flatcube, size: DemoApp.defaultSize)

    @Test("with Recognize any on, a tap where red and both yellows overlap is one undo step")
    func overlapTapIsOneStep() throws {
        try play("tap @recognizeAny\nwait 400\ntap 400 300\nwait 400")
        #expect(vc.singleCount == 1 && vc.doubleCount == 1)
        try play("key ctrl+z")
        #expect(vc.singleCount == 0 && vc.doubleCount == 0)
        try play("key ctrl+shift+z")
        #expect(vc.singleCount == 1 && vc.doubleCount == 1)
    }
}

private extension View {
    /// The view's bounds in window coordinates.
    var frameInWindow: Rect { convert(bounds, to: nil) }
}
