/// A distance a threshold is given in: logical pixels (surface
/// coordinates, the toolkit's unit), or millimetres on the output, which
/// the window turns into logical pixels with the output's density.
public enum Length: Hashable, Sendable, CustomStringConvertible {
    case logicalPixels(Double)
    case millimetres(Double)

    /// The length in logical pixels, at `pixelsPerMillimetre` logical
    /// pixels per millimetre of the output.
    public func inLogicalPixels(pixelsPerMillimetre: Double) -> Double {
        switch self {
        case .logicalPixels(let px): return px
        case .millimetres(let mm): return mm * pixelsPerMillimetre
        }
    }

    public var description: String {
        switch self {
        case .logicalPixels(let px): return "\(formatCoordinate(px)) px"
        case .millimetres(let mm): return "\(formatFixed(mm)) mm"
        }
    }
}

/// The distances and times that decide what a touch is: a tap or a pan, a
/// double tap or two taps, a swipe or a drag. Each platform picks its own;
/// a window judges touches by one set (`Window.gestureThresholds`), UIKit's
/// by default. Times are in seconds, angles in radians; each value's
/// documentation says what it bounds and why.
///
/// Distances are `Length`s: read them through `logicalPixels(_:)`, which
/// converts millimetres with `pixelsPerMillimetre` (the window keeps that
/// current with the output it is on).
public struct GestureThresholds: Hashable, Sendable {
    /// A short name for choosers, logs and `--thresholds` (e.g. "uikit").
    public var name: String

    /// Logical pixels per millimetre of the output the window is on, for
    /// distances given in millimetres. The window sets it; until it knows
    /// better it is `defaultPixelsPerMillimetre`.
    public var pixelsPerMillimetre = GestureThresholds.defaultPixelsPerMillimetre

    /// 96 logical pixels to the inch (the CSS reference pixel, and what
    /// most desktop outputs at scale 1 come close to): used when the
    /// compositor reports no physical size.
    public static let defaultPixelsPerMillimetre = 96 / 25.4

    /// A distance of this set in logical pixels.
    public func logicalPixels(_ length: Length) -> Double {
        length.inLogicalPixels(pixelsPerMillimetre: pixelsPerMillimetre)
    }

    // MARK: Taps

    /// How far a touch may wander from where it went down and still count
    /// as a tap (its `tapCount` drops to 0 beyond it, and tap recognizers
    /// fail).
    public var tapSlop: Length

    /// The longest pause between one tap's touch-up and the next tap's
    /// touch-down for them to count as one multi-tap (and how long a
    /// multi-tap recognizer waits for the next tap before failing).
    public var multiTapInterval: Double

    /// How far the next tap of a multi-tap may land from the previous one.
    public var multiTapDistance: Length

    /// How long the fingers of a multi-finger tap may take to all come
    /// down: after this, a tap recognizer still waiting for more fingers
    /// fails, so a slow second finger starts a new gesture instead.
    public var multiFingerTapWindow: Double

    // MARK: Long press

    /// How long a finger must rest before a long press begins (a long press
    /// recognizer's default `minimumPressDuration`).
    public var longPressDuration: Double

    /// How far a finger may move before a long press has begun and still
    /// count (a long press recognizer's default `allowableMovement`).
    public var longPressAllowableMovement: Length

    // MARK: Pan

    /// How far the touches' centroid must travel before a pan begins.
    public var panSlop: Length

    // MARK: Swipe

    /// How far a swipe must travel along its axis to be recognized.
    public var swipeMinimumDistance: Length

    /// The time a swipe may take to cover `swipeMinimumDistance` from
    /// touch-down.
    public var swipeMaximumDuration: Double

    /// The largest angle between a swipe's travel and its axis.
    public var swipeMaximumAngle: Double

    // MARK: Pinch and rotation

    /// How much the span between the fingers must change before a pinch
    /// begins, so that resting two fingers does not start one.
    public var pinchSlop: Length

    /// How far the fingers must turn before a rotation begins.
    public var rotationStartAngle: Double

    public init(name: String, tapSlop: Length, multiTapInterval: Double, multiTapDistance: Length,
                multiFingerTapWindow: Double, longPressDuration: Double, longPressAllowableMovement: Length,
                panSlop: Length, swipeMinimumDistance: Length, swipeMaximumDuration: Double,
                swipeMaximumAngle: Double, pinchSlop: Length, rotationStartAngle: Double) {
        self.name = name
        self.tapSlop = tapSlop
        self.multiTapInterval = multiTapInterval
        self.multiTapDistance = multiTapDistance
        self.multiFingerTapWindow = multiFingerTapWindow
        self.longPressDuration = longPressDuration
        self.longPressAllowableMovement = longPressAllowableMovement
        self.panSlop = panSlop
        self.swipeMinimumDistance = swipeMinimumDistance
        self.swipeMaximumDuration = swipeMaximumDuration
        self.swipeMaximumAngle = swipeMaximumAngle
        self.pinchSlop = pinchSlop
        self.rotationStartAngle = rotationStartAngle
    }
}

extension GestureThresholds {
    /// UIKit's behaviour, the toolkit's default. UIKit documents only the
    /// long press's 0.5 s and 10 pt; the rest are chosen to feel the same,
    /// each for the reason given.
    public static let uikit = GestureThresholds(
        name: "uikit",
        // 10 px, the long press's documented allowableMovement, so a tap and
        // a long press tolerate the same jitter; a finger pad on a 96-dpi
        // panel rolls about 1-2 mm (4-8 px) when pressing.
        tapSlop: .logicalPixels(10),
        // Close to UIKit's observed double-tap window and to the 300-400 ms
        // desktop double-click defaults use.
        multiTapInterval: 0.35,
        // About one fingertip width (44 px is the minimum touch target), so
        // a slightly offset second tap still counts.
        multiTapDistance: .logicalPixels(45),
        multiFingerTapWindow: 0.25,
        // UILongPressGestureRecognizer's documented defaults.
        longPressDuration: 0.5,
        longPressAllowableMovement: .logicalPixels(10),
        // The tap slop: a movement that is no longer a tap is a pan, with no
        // dead zone between the two.
        panSlop: .logicalPixels(10),
        // About a third of a phone-width thumb stroke: short enough to be
        // quick, long enough that a sloppy tap or a pan's start never
        // qualifies.
        swipeMinimumDistance: .logicalPixels(50),
        // 50 px in 0.3 s is about 170 px/s: a deliberate flick covers 50 px
        // in well under 0.15 s; a stroke at a reading-drag pace (about
        // 100-150 px/s) takes longer and stays a drag.
        swipeMaximumDuration: 0.3,
        // 30 degrees: a diagonal stroke is neither horizontal nor vertical.
        swipeMaximumAngle: Double.pi / 6,
        // Well above the jitter of two resting fingers (a few px) and small
        // next to a deliberate pinch.
        pinchSlop: .logicalPixels(8),
        // About 6 degrees, beyond the wobble of a pinch not meant to turn.
        rotationStartAngle: 0.1)
}
