/// The toolkit's fixed timings and sizes, apart from the thresholds that
/// judge gestures (those are `GestureThresholds`, which a window may
/// switch). Each value says what it bounds and why it was chosen; times in
/// seconds, distances in logical pixels.
public enum Thresholds {
    /// How long the app waits for a compositor's `wl_touch.frame` while
    /// fingers are down before delivering the touch changes without it.
    /// A compositor sends a frame's events in one burst, so a real frame is
    /// never split; 50 ms (3 frames at 60 Hz) keeps input going if a
    /// compositor never sends frames at all.
    public static let missingFrameTimeout = 0.05

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

    // Every platform estimates velocity the same way (Android's and
    // Flutter's trackers use the same 100 ms horizon and 40 ms stop time),
    // so these are not part of a threshold set.

    /// The recent window of samples that velocity is estimated from. 100 ms
    /// holds 6 samples at a 60 Hz touch rate and reacts to a change of
    /// direction within a tenth of a second.
    public static let velocityWindow = 0.1

    /// If the fingers did not move in this long before lifting, they rested
    /// and the velocity is zero (no fling after a pause). 40 ms is over two
    /// frames at 60 Hz, so a missed sample is not taken for a rest.
    public static let velocityRestTime = 0.04
}
