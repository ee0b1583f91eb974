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

    /// How long the app waits for a compositor's `wl_touch.frame` while
    /// fingers are down before delivering the touch changes without it.
    /// A compositor sends a frame's events in one burst, so a real frame is
    /// never split; 50 ms (3 frames at 60 Hz) keeps input going if a
    /// compositor never sends frames at all.
    public static let missingFrameTimeout = 0.05

    // MARK: Long press

    /// How long a finger must rest before a long press begins. 0.5 s is
    /// UIKit's default `minimumPressDuration`.
    public static let longPressDuration = 0.5

    /// How far a finger may move before a long press has begun and still
    /// count. 10 px is UIKit's default `allowableMovement`.
    public static let longPressAllowableMovement = 10.0

    // MARK: Pan

    /// How far the touches' centroid must travel before a pan begins. 10 px,
    /// the tap slop: a movement that is no longer a tap is a pan, with no
    /// dead zone between the two.
    public static let panSlop = 10.0

    // MARK: Swipe

    /// How far a swipe must travel along its axis to be recognized. 50 px is
    /// about a third of a phone-width thumb stroke: short enough to be quick,
    /// long enough that a sloppy tap or a pan's start never qualifies.
    public static let swipeMinimumDistance = 50.0

    /// The time a swipe may take to cover `swipeMinimumDistance` from
    /// touch-down, so its average speed is at least about 170 px/s. A
    /// deliberate flick covers 50 px in well under 0.15 s; a stroke at a
    /// reading-drag pace (about 100-150 px/s) takes longer and stays a drag.
    public static let swipeMaximumDuration = 0.3

    /// The largest angle, in radians, between a swipe's travel and its axis
    /// (30 degrees): a diagonal stroke is neither horizontal nor vertical.
    public static let swipeMaximumAngle = Double.pi / 6

    // MARK: Pinch and rotation

    /// How much the span between the fingers must change (px) before a pinch
    /// begins, so that resting two fingers does not start one. 8 px is well
    /// above the jitter of two resting fingers (a few px) and small next to
    /// a deliberate pinch.
    public static let pinchSlop = 8.0

    /// How far (radians) the fingers must turn before a rotation begins:
    /// 0.1 rad (about 6 degrees), beyond the wobble of a pinch that is not
    /// meant to rotate.
    public static let rotationStartAngle = 0.1

    /// The span between the two touches a touchpad pinch is turned into,
    /// at scale 1. 100 px: about the span of two fingers pinching on a
    /// screen, so the pinch's scale and rotation read the same as a
    /// touchscreen's.
    public static let touchpadPinchSpan = 100.0

    // MARK: Motion

    /// A shake shorter than this ends as a shake (`motionEnded`); a longer
    /// one is cancelled (`motionCancelled`). UIKit's limit is "about a
    /// second" (seed 001).
    public static let shakeMaximumDuration = 1.0

    // MARK: Velocity

    /// The recent window of samples that velocity is estimated from. 100 ms
    /// holds 6 samples at a 60 Hz touch rate and reacts to a change of
    /// direction within a tenth of a second.
    public static let velocityWindow = 0.1

    /// If the fingers did not move in this long before lifting, they rested
    /// and the velocity is zero (no fling after a pause). 40 ms is over two
    /// frames at 60 Hz, so a missed sample is not taken for a rest.
    public static let velocityRestTime = 0.04
}

