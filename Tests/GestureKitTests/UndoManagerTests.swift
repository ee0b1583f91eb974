import Testing
@testable import GestureKit

/// The undo stack as UIKit apps use it, with `groupsByEvent`: what one
/// event registers is one step.
@Suite("Undo manager")
struct UndoManagerTests {
    /// A value changed undoably, as the app's counters are.
    final class Counter {
        var value = 0
        let undo: UndoManager
        init(_ undo: UndoManager) { self.undo = undo }
        func set(_ new: Int, name: String = "Count") {
            let old = value
            value = new
            undo.registerUndo(named: name) { [unowned self] in self.set(old, name: name) }
        }
    }

    /// An undo manager whose events a test counts, as a window does.
    final class Events {
        let undo = UndoManager()
        var serial = 0
        init() { undo.eventSource = { [unowned self] in self.serial } }
        func begin() { serial += 1 }
    }

    @Test("two changes registered in one event are one step: undone together, last first, and redone together")
    func oneEventOneStep() {
        let events = Events(), undo = events.undo
        let a = Counter(undo), b = Counter(undo)
        events.begin()
        a.set(1, name: "A")
        b.set(2, name: "B")
        events.begin()
        a.set(5, name: "A")
        #expect(undo.undoActionName == "A")
        undo.undo()
        #expect(a.value == 1 && b.value == 2)
        undo.undo()
        #expect(a.value == 0 && b.value == 0)
        #expect(!undo.canUndo)
        undo.redo()
        #expect(a.value == 1 && b.value == 2, "the redo is one step too")
        undo.redo()
        #expect(a.value == 5)
        #expect(!undo.canRedo)
        undo.undo()
        undo.undo()
        #expect(a.value == 0 && b.value == 0)
    }

    @Test("with groupsByEvent off, or outside any event, each registration is a step")
    func ungrouped() {
        let events = Events(), undo = events.undo
        let a = Counter(undo)
        a.set(1)
        a.set(2)
        undo.undo()
        #expect(a.value == 1, "outside any event")
        undo.groupsByEvent = false
        events.begin()
        a.set(3)
        a.set(4)
        undo.undo()
        #expect(a.value == 3)
    }

    @Test("a new change after an undo starts a new step and clears the redo")
    func newChangeClearsRedo() {
        let events = Events(), undo = events.undo
        let a = Counter(undo)
        events.begin()
        a.set(1)
        events.begin()
        undo.undo()
        #expect(undo.canRedo)
        a.set(7)
        #expect(!undo.canRedo)
        undo.undo()
        #expect(a.value == 0)
    }

    @Test("in a window, a touch frame and a timer firing are events: what each registers is its own step")
    func windowEvents() {
        let h = ViewInWindow()
        let undo = h.window.application.undoManager
        let a = Counter(undo), b = Counter(undo)
        let tap = TapGestureRecognizer { _ in
            a.set(a.value + 1)
            b.set(b.value + 1)
        }
        h.view.addGestureRecognizer(tap)
        h.window.scheduler.schedule(after: 1) { _ in a.set(10) }
        h.tap(50, 50)
        h.wait(2)
        #expect(a.value == 10 && b.value == 1)
        undo.undo()
        #expect(a.value == 1 && b.value == 1, "the timer's step")
        undo.undo()
        #expect(a.value == 0 && b.value == 0, "the tap's two changes, one step")
    }
}
