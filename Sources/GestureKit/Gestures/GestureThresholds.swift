/// A distance a threshold is given in: logical pixels (surface
/// coordinates, the toolkit's unit), or millimetres on the output, which
/// the window turns into logical pixels with the output's density.
public enum Length: Hashable, Sendable, CustomStringConvertible {
    /// A distance in logical pixels, the same on every output.
    case logicalPixels(Double)
    /// A physical distance on the output, converted with its density (see
    /// ``OutputDensity``).
    case millimetres(Double)

    /// The length in logical pixels, at `pixelsPerMillimetre` logical
    /// pixels per millimetre of the output.
    public func inLogicalPixels(pixelsPerMillimetre: Double) -> Double {
        switch self {
        case .logicalPixels(let px): return px
        case .millimetres(let mm): return mm * pixelsPerMillimetre
        }
    }

    /// The length as given, e.g. `10 px` or `4.76 mm`; see
    /// ``GestureThresholds/describe(_:)`` for the converted figure as well.
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

    /// The longest pause between one tap's touch-up (or touch-down, see
    /// `multiTapIntervalStart`) and the next tap's touch-down for them to
    /// count as one multi-tap (and how long a multi-tap recognizer waits
    /// for the next tap before failing).
    public var multiTapInterval: Double

    /// Where `multiTapInterval` is counted from: the previous tap's
    /// touch-up (Android, Flutter) or its touch-down (GTK's double-click
    /// time), so that a slow press leaves less time for the next one.
    public var multiTapIntervalStart: MultiTapIntervalStart

    /// The moment of a tap `multiTapInterval` is counted from.
    public enum MultiTapIntervalStart: Hashable, Sendable {
        /// When the previous tap's last finger lifted.
        case lift
        /// When the previous tap's first finger came down.
        case press
    }

    /// The seconds left at `time` for the next tap of a multi-tap to come
    /// down, for a tap pressed at `pressTime` and lifted at `liftTime`:
    /// zero or less when it is too late.
    public func multiTapTimeLeft(at time: Double, pressTime: Double, liftTime: Double) -> Double {
        let start = multiTapIntervalStart == .press ? pressTime : liftTime
        return start + multiTapInterval - time
    }

    /// The shortest pause between one tap's touch-up and the next tap's
    /// touch-down for them to count as one multi-tap: a quicker touch-down
    /// starts a new tap instead (touchscreens that lose contact for a frame
    /// report one press as two). 0 where the platform has no such limit.
    public var multiTapMinimumInterval: Double

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

    // MARK: Presentation

    /// The platform's own unit of length, when its distances are given in
    /// one that is not the toolkit's logical pixel (Android's dp), so that
    /// they can be shown as the platform states them: `8 dp = 1.27 mm`.
    public var platformUnit: PlatformUnit?

    /// A threshold set; each argument is the property of the same name, in
    /// seconds, radians or ``Length``s. The density starts at
    /// ``defaultPixelsPerMillimetre`` until a window sets its own.
    public init(name: String, tapSlop: Length, multiTapInterval: Double,
                multiTapIntervalStart: MultiTapIntervalStart = .lift, multiTapMinimumInterval: Double = 0,
                multiTapDistance: Length, multiFingerTapWindow: Double, longPressDuration: Double,
                longPressAllowableMovement: Length, panSlop: Length, swipeMinimumDistance: Length,
                swipeMaximumDuration: Double, swipeMaximumAngle: Double, pinchSlop: Length,
                rotationStartAngle: Double, platformUnit: PlatformUnit? = nil) {
        self.name = name
        self.tapSlop = tapSlop
        self.multiTapInterval = multiTapInterval
        self.multiTapIntervalStart = multiTapIntervalStart
        self.multiTapMinimumInterval = multiTapMinimumInterval
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
        self.platformUnit = platformUnit
    }
}

/// A platform's unit of length and its size in millimetres, e.g. Android's
/// dp, 1/160 inch.
public struct PlatformUnit: Hashable, Sendable {
    /// The unit's symbol as the platform writes it (`dp`).
    public var symbol: String
    /// The size of one unit in millimetres (Android's dp: 25.4 / 160).
    public var millimetres: Double

    /// A unit written `symbol`, `millimetres` long.
    public init(symbol: String, millimetres: Double) {
        self.symbol = symbol
        self.millimetres = millimetres
    }

    /// `value` of this unit as a `Length` in millimetres.
    public func callAsFunction(_ value: Double) -> Length {
        .millimetres(value * millimetres)
    }
}

extension GestureThresholds {
    /// A distance of this set as the platform states it and as the window
    /// applies it, for people: `8 dp = 1.27 mm = 4.8 px` (Android),
    /// `4.76 mm = 18 px`, `10 px`.
    public func describe(_ length: Length) -> String {
        let pixels = "\(formatCoordinate(logicalPixels(length))) px"
        guard case .millimetres(let mm) = length else { return pixels }
        var parts = ["\(formatFixed(mm)) mm", pixels]
        if let unit = platformUnit {
            parts.insert("\(formatCoordinate(mm / unit.millimetres)) \(unit.symbol)", at: 0)
        }
        return parts.joined(separator: " = ")
    }
}

/// A set of thresholds held by reference, as a window holds the set it
/// judges by, with the slops read for every touch event in logical pixels.
/// Per-event code reads one threshold from it in place; reading
/// `Window.gestureThresholds` copies the whole set, with two strings whose
/// references are counted, for every touch event.
final class JudgingThresholds: Sendable {
    let thresholds: GestureThresholds
    /// `thresholds.tapSlop`, `panSlop` and `pinchSlop` in logical pixels.
    let tapSlop: Double, panSlop: Double, pinchSlop: Double

    init(_ thresholds: GestureThresholds) {
        self.thresholds = thresholds
        tapSlop = thresholds.logicalPixels(thresholds.tapSlop)
        panSlop = thresholds.logicalPixels(thresholds.panSlop)
        pinchSlop = thresholds.logicalPixels(thresholds.pinchSlop)
    }

    /// Outside a window: UIKit's.
    static let uikit = JudgingThresholds(.uikit)
}
