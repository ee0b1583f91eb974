/// The end of the responder chain: motion events no responder handled
/// arrive here. With `applicationSupportsShakeToEdit` on (off by default,
/// as in UIKit) an unhandled shake offers to undo or redo the last change
/// on `undoManager`.
public final class Application: Responder {
    /// Whether an unhandled shake shows the Undo/Redo sheet.
    public var applicationSupportsShakeToEdit = false
    /// The app's undo stack.
    public let undoManager = UndoManager()
    /// Shows the Undo/Redo sheet; set by whoever draws it (the window).
    public var presentShakeToEdit: (() -> Void)?

    /// Creates the application; each ``Window`` makes its own (see
    /// ``Window/application``).
    public override init() {
        super.init()
    }

    public override func motionEnded(_ motion: MotionSubtype, with event: MotionEvent) {
        guard motion == .motionShake, applicationSupportsShakeToEdit,
              undoManager.canUndo || undoManager.canRedo else { return }
        presentShakeToEdit?()
    }

    public override func motionBegan(_ motion: MotionSubtype, with event: MotionEvent) {}
    public override func motionCancelled(_ motion: MotionSubtype, with event: MotionEvent) {}
}
