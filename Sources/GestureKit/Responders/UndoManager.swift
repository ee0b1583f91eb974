/// A stack of undoable changes, as Foundation's `UndoManager` is used by
/// UIKit apps: register how to undo a change when making it; undoing runs
/// that, and whatever the undo registers in turn becomes the redo.
public final class UndoManager {
    private struct Entry {
        var name: String
        var action: () -> Void
    }

    private var undoStack: [Entry] = []
    private var redoStack: [Entry] = []
    private var undoing = false
    private var redoing = false
    /// Most changes kept; older ones are dropped.
    public var levelsOfUndo = 100

    /// An empty undo manager keeping at most ``levelsOfUndo`` changes.
    public init() {}

    /// Records how to undo a change just made. Registering while undoing
    /// records the redo; a new change otherwise clears the redo stack.
    public func registerUndo(named name: String, _ action: @escaping () -> Void) {
        let entry = Entry(name: name, action: action)
        if undoing {
            redoStack.append(entry)
        } else {
            undoStack.append(entry)
            if undoStack.count > levelsOfUndo { undoStack.removeFirst() }
            if !redoing { redoStack.removeAll() }
        }
    }

    /// Whether there is a change to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an undone change to redo; a new change clears it.
    public var canRedo: Bool { !redoStack.isEmpty }
    /// The name the next ``undo()`` would undo (as registered, e.g. "Move");
    /// empty when there is none.
    public var undoActionName: String { undoStack.last?.name ?? "" }
    /// The name the next ``redo()`` would redo; empty when there is none.
    public var redoActionName: String { redoStack.last?.name ?? "" }

    /// Undoes the last change; nothing happens when there is none.
    public func undo() {
        guard let entry = undoStack.popLast() else { return }
        undoing = true
        entry.action()
        undoing = false
    }

    /// Redoes the last undone change; nothing happens when there is none.
    public func redo() {
        guard let entry = redoStack.popLast() else { return }
        redoing = true
        entry.action()
        redoing = false
    }

    /// Forgets every change, undone or not.
    public func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
    }
}
