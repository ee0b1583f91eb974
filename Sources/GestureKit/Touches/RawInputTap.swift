/// One raw input call as the backend made it.
public enum RawInput: Equatable, Sendable {
    case touchDown(id: Int32, seat: Int, at: Point)
    case touchMotion(id: Int32, seat: Int, to: Point)
    case touchUp(id: Int32, seat: Int)
    case touchFrame
    case touchCancel
    case pointerMotion(to: Point)
    case pointerButton(UInt32, pressed: Bool)
    case pointerAxis(vertical: Double, horizontal: Double)
    case key(KeyEvent)
}

/// Watches raw input before the toolkit interprets it (a recorder turns
/// a live session into a script).
public protocol RawInputTap: AnyObject {
    func raw(_ input: RawInput, time: Double)
}
