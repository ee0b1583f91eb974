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
    case pointerLeave
    case touchpad(TouchpadEvent)
    case key(KeyEvent)
    /// How the keyboard repeats held keys from now on.
    case keyRepeat(KeyRepeatSettings)
}

/// Watches raw input before the toolkit interprets it (a recorder turns
/// a live session into a script).
public protocol RawInputTap: AnyObject {
    /// `time` is the event's own timestamp where the protocol gives one
    /// (touch points, pointer motion, buttons and axes, keys). Frames,
    /// cancels and leaves have none: theirs is the scheduler's clock or the
    /// device's previous event time, and a pointer's enter reaches the tap
    /// as a motion stamped with that previous time.
    func raw(_ input: RawInput, time: Double)
}
