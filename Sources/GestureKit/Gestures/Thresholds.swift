/// Every distance and time the toolkit's touch handling depends on, in one
/// place. Distances are in logical pixels (surface coordinates), times in
/// seconds. Each value says what it bounds and why it was chosen.
public enum Thresholds {
    /// How far a touch may wander from where it went down and still count as
    /// a tap (its `tapCount` drops to 0 beyond it, and tap recognizers
    /// fail). 10 px matches UIKit's default `allowableMovement` for long
    /// press, so a tap and a long press tolerate the same jitter; a finger
    /// pad on a 96-dpi panel rolls about 1-2 mm (4-8 px) when pressing.
    public static let tapSlop = 10.0

    /// The longest pause between one tap's touch-up and the next tap's
    /// touch-down for them to count as one multi-tap (and how long a
    /// multi-tap recognizer waits for the next tap before failing). 0.35 s
    /// is close to UIKit's observed double-tap window and to the 300-400 ms
    /// that desktop double-click defaults use.
    public static let multiTapInterval = 0.35

    /// How far the next tap of a multi-tap may land from the previous one.
    /// 45 px: about one fingertip width (44 px is the minimum touch target),
    /// so a slightly offset second tap still counts.
    public static let multiTapDistance = 45.0

    /// How long the fingers of a multi-finger tap may take to all come down:
    /// after this, a tap recognizer still waiting for more fingers fails, so
    /// a slow second finger starts a new gesture instead.
    public static let multiFingerTapWindow = 0.25
}
