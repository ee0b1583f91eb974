/// One raw input call as the backend made it.
public enum RawInput: Equatable, Sendable {
    /// ``InputRouter/touchDown(id:seat:at:time:)``.
    case touchDown(id: Int32, seat: Int, at: Point)
    /// ``InputRouter/touchMotion(id:seat:to:time:)``.
    case touchMotion(id: Int32, seat: Int, to: Point)
    /// ``InputRouter/touchUp(id:seat:time:)``.
    case touchUp(id: Int32, seat: Int)
    /// ``InputRouter/touchFrame()``, or a frame the compositor left open and the
    /// router closed itself.
    case touchFrame
    /// ``InputRouter/touchCancel()``.
    case touchCancel
    /// ``InputRouter/pointerMotion(to:time:)``.
    case pointerMotion(to: Point)
    /// ``InputRouter/pointerButton(_:pressed:time:)``: the Linux input code of the
    /// button and whether it went down.
    case pointerButton(UInt32, pressed: Bool)
    /// ``InputRouter/pointerAxis(vertical:horizontal:time:)``.
    case pointerAxis(vertical: Double, horizontal: Double)
    /// ``InputRouter/pointerLeave(time:)``.
    case pointerLeave
    /// A touchpad gesture event, one of the router's `touchpad…` calls.
    case touchpad(TouchpadEvent)
    /// ``Window/handleKey(_:)``: a key press, repeat or release.
    case key(KeyEvent)
    /// How the keyboard repeats held keys from now on.
    case keyRepeat(KeyRepeatSettings)
    /// The device reports a shake beginning or ending (an accelerometer);
    /// its time is the motion's own, on the window's clock.
    case shakeBegan
    /// The device reports that its shake stopped (see ``shakeBegan``).
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
    ///
    /// `deliversFrame`: whether handling the call delivers the touch
    /// changes waiting for a frame, with its own if it has any: a frame or
    /// a cancel; the pointer's calls while it drags (and a left button's
    /// on the surface); a touchpad gesture's that make, move or end its
    /// touches; a button press that ends a touchpad hold. The router says
    /// so from the state that decides it, ahead of handling the call. A
    /// touch point's own calls say false (their frame delivers them), as
    /// do keys, scrolls and shakes.
    func raw(_ input: RawInput, time: Double, deliversFrame: Bool)
}
