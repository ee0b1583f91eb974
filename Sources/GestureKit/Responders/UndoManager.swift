/// A stack of undoable changes, as Foundation's `UndoManager` is used by
/// UIKit apps: register how to undo a change when making it; undoing runs
/// that, and whatever the undo registers in turn becomes the redo.
///
/// As in UIKit (`groupsByEvent`), the changes registered while one event
/// is handled (a touch frame, a key, a shake, a timer firing) form one
/// step: one undo takes them all back, the last first.
public final class UndoManager {
    /// One step: the undo actions registered in one event, in order.
    private struct Group {
        var name: String
        var actions: [() -> Void]
        /// The event they were registered in; 0 for none (outside any
        /// event the window marked, or while undoing or redoing).
        var event: Int
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    /// What an undo or redo under way registers: the step that takes it
    /// back.
    private var collecting: Group?
    private var undoing = false
    private var redoing = false
    /// Where a window says which event it is handling (a number that
    /// changes with each, 0 before the first); read only when a change is
    /// registered, so that marking an event costs the window nothing more
    /// than a count. Without one every registration is a step.
    var eventSource: (() -> Int)?
    /// The event being handled now.
    private var event: Int { eventSource?() ?? 0 }
    /// Most changes kept; older ones are dropped.
    public var levelsOfUndo = 100
    /// Whether the changes registered in one event make one step (true by
    /// default, as in UIKit); when false, each registration is a step.
    public var groupsByEvent = true

    /// An empty undo manager keeping at most ``levelsOfUndo`` changes.
    public init() {}

    /// Records how to undo a change just made. Registering while undoing
    /// records the redo; a new change otherwise clears the redo stack.
    public func registerUndo(named name: String, _ action: @escaping () -> Void) {
        if undoing || redoing {
            if collecting == nil { collecting = Group(name: name, actions: [], event: 0) }
            collecting?.actions.append(action)
            return
        }
        let now = event
        if groupsByEvent, now != 0, undoStack.last?.event == now {
            undoStack[undoStack.count - 1].actions.append(action)
        } else {
            undoStack.append(Group(name: name, actions: [action], event: now))
            if undoStack.count > levelsOfUndo { undoStack.removeFirst() }
        }
        redoStack.removeAll()
    }

    /// Whether there is a change to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an undone change to redo; a new change clears it.
    public var canRedo: Bool { !redoStack.isEmpty }
    /// The name the next ``undo()`` would undo (as registered, e.g. "Move";
    /// the first registered of a step's); empty when there is none.
    public var undoActionName: String { undoStack.last?.name ?? "" }
    /// The name the next ``redo()`` would redo; empty when there is none.
    public var redoActionName: String { redoStack.last?.name ?? "" }

    /// Undoes the last step, its changes last first; nothing happens when
    /// there is none. What the undo registers becomes one redo step.
    public func undo() {
        guard let group = undoStack.popLast() else { return }
        undoing = true
        for action in group.actions.reversed() { action() }
        undoing = false
        if let redo = collecting.take() { redoStack.append(redo) }
    }

    /// Redoes the last undone step; nothing happens when there is none.
    /// What the redo registers becomes one undo step.
    public func redo() {
        guard let group = redoStack.popLast() else { return }
        redoing = true
        for action in group.actions.reversed() { action() }
        redoing = false
        if let undo = collecting.take() {
            undoStack.append(undo)
            if undoStack.count > levelsOfUndo { undoStack.removeFirst() }
        }
    }

    /// Forgets every change, undone or not.
    public func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
    }
}
