/// Every default the script language uses, in one place: durations of
/// the gesture commands, tolerances and limits. Times in seconds unless
/// the name says milliseconds; distances in logical pixels. Each value is
/// chosen against the toolkit's `Thresholds` so the gesture it drives is
/// recognized as the command's name says.
public enum ScriptDefaults {
    /// How long a finger of `tap` rests: 50 ms, a brisk real tap, far
    /// below the long press's 0.5 s and the multi-finger tap window.
    public static let tapDuration = 0.05

    /// The pause between the taps of `doubletap`: 100 ms, well inside the
    /// 0.35 s multi-tap interval.
    public static let doubleTapPause = 0.1

    /// How long `longpress` holds without MS: 800 ms, comfortably past the
    /// long press's 0.5 s.
    public static let longPressMilliseconds = 800.0

    /// How long `swipe` takes without MS: 100 ms, a flick (a swipe must
    /// cover 50 px within 0.3 s).
    public static let swipeMilliseconds = 100.0

    /// How long `drag` takes without MS: 500 ms, slow enough that a drag
    /// of up to 80 px is never a swipe.
    public static let dragMilliseconds = 500.0

    /// How long `pinch` and `rotate` take without MS.
    public static let twoFingerMilliseconds = 300.0

    /// The time between the moves of a gesture when STEPS is not given:
    /// 16 ms, the report interval of a 60 Hz touchscreen.
    public static let moveIntervalMilliseconds = 16.0

    /// The first touch id gesture commands use; they take the lowest free
    /// ids from here, so they never disturb a touch a script holds down
    /// with `down` (scripts use small ids, as compositors do).
    public static let gestureTouchID: Int32 = 1000

    /// How far a number may be from the expected one and still be equal in
    /// `expect view ...` without `within`: 0.001 px (or radians), above the
    /// rounding noise of layout arithmetic and far below anything visible.
    public static let numberTolerance = 0.001

    /// The longest virtual time a headless run may span before it is
    /// stopped, in seconds (10 minutes: far beyond any real scenario, short
    /// enough that a mistyped `wait 6000000` fails at once).
    public static let timeLimit = 600.0

    /// Most fingers one `tap` may put down (the toolkit handles more, but a
    /// script with more is surely a typo).
    public static let maximumTapFingers = 10

    /// Most commands one script may hold: 2,000,000, over 20 minutes of ten
    /// fingers moving at 120 Hz and more than the default time limit
    /// lets play. Parsed commands take about a hundred bytes each, so a
    /// script of tiny lines (`frame`, `up 0`) up to
    /// `ScriptFiles.maximumTextSize` would otherwise cost a gigabyte or
    /// more before its first line plays.
    public static let maximumCommands = 2_000_000

    /// Most moves one gesture may be split into.
    public static let maximumSteps = 10_000

    /// The largest coordinate, offset or distance a script may give, in
    /// either direction (logical pixels): the largest whole number a
    /// Wayland fixed-point value carries, so that what a script plays is
    /// input a compositor could send. Beyond it, distances squared would
    /// soon overflow to infinity.
    public static let coordinateLimit = 8_388_607.0
    /// What `coordinateLimit` is, as errors that refuse a value beyond it
    /// say.
    static let coordinateLimitMeaning = "the range of a Wayland fixed-point value"

    /// Whether `value` is within `coordinateLimit` either way.
    static func isCoordinate(_ value: Double) -> Bool {
        abs(value) <= coordinateLimit
    }
}
