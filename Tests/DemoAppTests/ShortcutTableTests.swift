import DemoApp
import Foundation
import GestureKit
import Testing

/// The app's one table of shortcuts and what its keys do when held: the
/// backend turns a held key into repeats, and only undo and redo act on
/// them, as in every editor.
@MainActor
@Suite("Shortcut table")
struct ShortcutTableTests: DemoWindowSuite {
    let app = DemoWindow<FlatCubeViewController>(.flatcube)

    /// Presses the chord, sends `repeats` repeats of it, releases it.
    func hold(_ keysym: UInt32, _ modifiers: KeyModifiers = [], repeats: Int, base: UInt32? = nil) {
        window.handleKey(KeyEvent(keysym: keysym, baseKeysym: base, modifiers: modifiers))
        for _ in 0..<repeats {
            window.handleKey(KeyEvent(keysym: keysym, baseKeysym: base, modifiers: modifiers, isRepeat: true))
        }
        window.handleKey(KeyEvent(keysym: keysym, baseKeysym: base, modifiers: modifiers, isPressed: false))
    }

    @Test("undo and redo are the only shortcuts that repeat while held")
    func onlyUndoAndRedoRepeat() {
        #expect(window.keyCommands.filter(\.repeats).map(\.title) == ["Undo", "Redo"])
    }

    @Test("Ctrl+Z held for 3 repeats undoes four counts on FlatCube; Ctrl+Shift+Z held for 1 repeat redoes two")
    func heldUndoAndRedo() {
        for n in 1...5 { vc.setCounts(single: n, double: 0) }
        hold(Keysym.z, .control, repeats: 3)
        #expect(vc.singleCounterLabel.text == "1")
        // Ctrl+Shift+Z: the keysym is Z, its base z.
        hold(0x5a, [.control, .shift], repeats: 1, base: Keysym.z)
        #expect(vc.singleCounterLabel.text == "3")
    }

    @Test("held 2 shows FlatCube once: after a switch to Touches by other means, its repeats do not switch back")
    func heldPageKeyDoesNotRepeat() {
        window.handleKey(KeyEvent(keysym: Keysym.digit(2)))
        DemoApp.show(.touches, in: window)
        for _ in 0..<5 { window.handleKey(KeyEvent(keysym: Keysym.digit(2), isRepeat: true)) }
        #expect(DemoApp.currentPage(of: window) is TouchesViewController)
    }

    @Test("the keypad's digits switch pages as the main block's do; with Num Lock off (End, Down) they do not")
    func keypadDigits() {
        hold(Keysym.keypadDigit(1), repeats: 0)
        #expect(DemoApp.currentPage(of: window) is TouchesViewController)
        hold(Keysym.keypadDigit(3), repeats: 0)
        #expect(DemoApp.currentPage(of: window) is GesturesViewController)
        // KP_End and KP_Down: the same keys without Num Lock.
        hold(0xff9c, repeats: 0)
        hold(0xff99, repeats: 0)
        #expect(DemoApp.currentPage(of: window) is GesturesViewController)
        #expect(Keysym.mainBlock(Keysym.keypadEnter) == Keysym.return)
        #expect(Keysym.mainBlock(Keysym.q) == Keysym.q)
    }

    @Test("held Ctrl+R rotates once; held Ctrl+Q asks to close once; held Ctrl+D toggles the overlay once")
    func heldActionsActOnce() {
        DemoApp.show(.touches, in: window)
        let touches = DemoApp.currentPage(of: window) as? TouchesViewController
        hold(Keysym.r, .control, repeats: 6)
        // The wide window is held turned left: a quarter right sets it upright.
        #expect(touches?.interactionLabel.text == "Device is oriented normally")
        hold(Keysym.d, .control, repeats: 5)
        #expect(window.view(named: "debugOverlay") != nil, "an odd number of toggles would have hidden it")
        hold(Keysym.q, .control, repeats: 4)
        #expect(window.platformRequests.filter { $0 == .close }.count == 1)
    }

    @Test("the README says exactly which shortcuts repeat while held")
    func readmeMarksRepeatingShortcuts() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| ") }
        for command in window.keyCommands {
            let mine = rows.filter { $0.contains(command.title) && $0.contains(command.keyDescription) }
            #expect(!mine.isEmpty, "README has no row for \(command.keyDescription) \(command.title)")
            for row in mine {
                #expect(row.contains("repeats while held") == command.repeats, "\(row)")
            }
        }
    }
}
