/// One touchpad gesture event, as `zwp_pointer_gestures_v1` reports it
/// (and a script writes it): the router turns these into touches
/// (`TouchpadEmulation`), so the recognizers see ordinary fingers.
public enum TouchpadEvent: Equatable, Sendable {
    /// The touchpad gestures the protocol knows.
    public enum Gesture: String, CaseIterable, Sendable {
        /// Two or more fingers pinching and turning.
        case pinch
        /// Three or more fingers moving together.
        case swipe
        /// Fingers resting on the touchpad.
        case hold
    }

    /// A gesture begins at the pointer with `fingers` fingers.
    case begin(Gesture, fingers: Int)
    /// The swipe's fingers moved by (`dx`, `dy`) since the last update.
    case swipeUpdate(dx: Double, dy: Double)
    /// The pinch's fingers moved by (`dx`, `dy`) since the last update;
    /// `scale` is since the begin, `rotation` degrees clockwise since the
    /// last update.
    case pinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double)
    /// The gesture ends; `cancelled` when the compositor cancelled it.
    case end(Gesture, cancelled: Bool)
}
