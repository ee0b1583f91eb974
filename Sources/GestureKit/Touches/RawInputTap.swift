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
    /// The device reports a shake beginning or ending (an accelerometer);
    /// its time is the motion's own, on the window's clock.
    case shakeBegan
    case shakeEnded
}

/// Watches raw input before the toolkit interprets it (a recorder turns
/// a live session into a script).
public protocol RawInputTap: AnyObject {
    /// `time` is the event's own timestamp where the protocol gives one
    /// (touch points, pointer motion, buttons and axes, keys, touchpad
    /// gestures; a shake's is the window clock's). Frames,
    /// cancels and leaves have none: theirs is the scheduler's clock or the
    /// device's previous event time, and a pointer's enter reaches the tap
    /// as a motion stamped with that previous time.
    func raw(_ input: RawInput, time: Double)
}
