// The threshold sets of four platforms, each value with the page or source
// file of that platform it comes from, and its unit. Only facts are taken
// from them: the numbers, and what each one bounds.
//
// Units. UIKit's points and GTK's pixels are given as logical pixels: a GTK
// pixel is the desktop's logical pixel (GTK draws in the compositor's
// logical coordinates), and UIKit's points are the toolkit's default unit
// (its behaviour before presets existed). Android's dp and Flutter's logical
// pixels are units of physical length on their home platforms, not Linux
// logical pixels (a Linux logical pixel is anything from 0.1 to 0.4 mm), so
// those presets give their distances in millimetres, converted with each
// platform's own definition of its unit; the window turns them back into
// logical pixels with the density of the output it is on.
//
// Where a platform has no counterpart for a threshold (Android has no
// rotation detector, none of the three has UIKit's kind of swipe
// recognizer), the preset keeps UIKit's value and says so, so that a
// comparison shows only the differences the platforms document.

extension GestureThresholds {
    /// The sets `--thresholds`, the `thresholds` script command and the
    /// Gestures page's chooser offer, in the chooser's order.
    public static let presets: [GestureThresholds] = [.uikit, .android, .gtk, .flutter]

    /// The preset named `name` (as `--thresholds` takes it), or nil.
    public static func preset(named name: String) -> GestureThresholds? {
        presets.first { $0.name == name }
    }

    /// Where the preset named `name` stands in ``presets``, or nil.
    public static func presetIndex(named name: String) -> Int? {
        presets.firstIndex { $0.name == name }
    }

    /// UIKit's behaviour, the toolkit's default. UIKit documents only the
    /// long press's 0.5 s and 10 pt; the rest are chosen to feel the same,
    /// each for the reason given. Distances in logical pixels (UIKit's
    /// points).
    public static let uikit = GestureThresholds(
        name: "uikit",
        // 10 px, the long press's documented allowableMovement, so a tap and
        // a long press tolerate the same jitter; a finger pad on a 96-dpi
        // panel rolls about 1-2 mm (4-8 px) when pressing.
        tapSlop: .logicalPixels(10),
        // Close to UIKit's observed double-tap window and to the 300-400 ms
        // desktop double-click defaults use.
        multiTapInterval: 0.35,
        // UIKit documents no lower bound: any pause counts.
        multiTapMinimumInterval: 0,
        // About one fingertip width (44 px is the minimum touch target), so
        // a slightly offset second tap still counts.
        multiTapDistance: .logicalPixels(45),
        multiFingerTapWindow: 0.25,
        // UILongPressGestureRecognizer's documented defaults
        // (minimumPressDuration 0.5 s, allowableMovement 10 pt).
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

    /// Android's dp: one physical pixel of a 160-dpi screen, Android's
    /// baseline density (developer.android.com, "Support different pixel
    /// densities"), so 1 dp = 1/160 inch = 0.159 mm. Real
    /// devices round their density to a bucket (a 420-dpi panel is run at
    /// 2.625 dp per pixel), so a device's dp is within about 10% of this.
    public static let dp = PlatformUnit(symbol: "dp", millimetres: 25.4 / 160)

    /// Android's platform behaviour: `android.view.ViewConfiguration`'s
    /// constants (frameworks/base core/java/android/view/ViewConfiguration.java,
    /// distances in dp) as `GestureDetector` and `ScaleGestureDetector`
    /// apply them. Distances in millimetres through `dp`.
    public static let android = GestureThresholds(
        name: "android",
        // ViewConfiguration TOUCH_SLOP = 8 dp (the config_viewConfigurationTouchSlop
        // resource): GestureDetector leaves the "tap region" once a touch has
        // wandered further, and sends no single tap.
        tapSlop: dp(8),
        // ViewConfiguration DOUBLE_TAP_TIMEOUT = 300 ms, measured from the
        // first tap's up to the second tap's down.
        multiTapInterval: 0.3,
        // ViewConfiguration DOUBLE_TAP_MIN_TIME = 40 ms, the minimum between
        // the first tap's up and the second tap's down: a quicker second
        // down is no double tap (GestureDetector.isConsideredDoubleTap).
        multiTapMinimumInterval: 0.04,
        // ViewConfiguration DOUBLE_TAP_SLOP = 100 dp: how far apart the first
        // and the second touch of a double tap may be.
        multiTapDistance: dp(100),
        // Not documented: Android has no multi-finger tap detector. UIKit's
        // value, so that only documented values differ.
        multiFingerTapWindow: 0.25,
        // ViewConfiguration DEFAULT_LONG_PRESS_TIMEOUT = 400 ms (500 ms
        // before Android 12); users may change it in the accessibility
        // settings (Settings.Secure long_press_timeout).
        longPressDuration: 0.4,
        // GestureDetector cancels the pending long press once the touch
        // leaves the touch slop (8 dp).
        longPressAllowableMovement: dp(8),
        // GestureDetector starts scrolling (onScroll) once the touch moved
        // beyond the touch slop: 8 dp, the tap slop, with no gap.
        panSlop: dp(8),
        // Not documented: Android has no swipe recognizer of UIKit's kind
        // (a fling is judged by its speed at lift, ViewConfiguration
        // MINIMUM_FLING_VELOCITY = 50 dp/s, after a scroll began). UIKit's
        // values.
        swipeMinimumDistance: .logicalPixels(50),
        swipeMaximumDuration: 0.3,
        swipeMaximumAngle: Double.pi / 6,
        // ScaleGestureDetector's span slop is twice the touch slop (16 dp):
        // scaling starts once the fingers' span changed by more.
        pinchSlop: dp(16),
        // Not documented: the Android framework has no rotation detector.
        // UIKit's value.
        rotationStartAngle: 0.1,
        platformUnit: dp)

    /// Flutter's logical pixel, which Flutter defines as about 1/96 inch
    /// (about 38 per centimetre; dart:ui, `FlutterView.devicePixelRatio`):
    /// 1 logical px = 0.265 mm. (On an Android phone Flutter
    /// takes the platform's density, making its logical pixel a dp; the
    /// definition above is the one Flutter states for every platform, and
    /// the one its Linux embedder comes closest to at scale 1.)
    public static let flutterPixel = PlatformUnit(symbol: "Flutter px", millimetres: 25.4 / 96)

    /// Flutter's framework defaults: packages/flutter/lib/src/gestures/constants.dart
    /// (distances "// Logical pixels"), as the recognizers in tap.dart,
    /// multitap.dart, long_press.dart, monodrag.dart and scale.dart apply
    /// them to touch pointers. Distances in millimetres through
    /// `flutterPixel`. (An engine may pass the platform's own touch slop
    /// through `DeviceGestureSettings`, which replaces kTouchSlop and
    /// kPanSlop; these are the framework's values.)
    public static let flutter = GestureThresholds(
        name: "flutter",
        // kTouchSlop = 18.0 logical pixels: beyond it a touch is no longer a
        // tap (raised from 8.0, its history notes, because targets were
        // hard to hit); TapGestureRecognizer's preAcceptSlopTolerance.
        tapSlop: flutterPixel(18),
        // kDoubleTapTimeout = 300 ms. Documented from the start of the first
        // tap; DoubleTapGestureRecognizer arms its timer when the first tap
        // lifts, which is what this toolkit measures.
        multiTapInterval: 0.3,
        // kDoubleTapMinTime = 40 ms, the least time from the first tap's end
        // to the second tap's start; a quicker second tap restarts as a
        // first one (multitap.dart).
        multiTapMinimumInterval: 0.04,
        // kDoubleTapSlop = 100.0 logical pixels between the first touch and
        // the start of the second.
        multiTapDistance: flutterPixel(100),
        // Not documented: Flutter has no multi-finger tap recognizer. UIKit's
        // value.
        multiFingerTapWindow: 0.25,
        // kLongPressTimeout = 500 ms.
        longPressDuration: 0.5,
        // LongPressGestureRecognizer's preAcceptSlopTolerance defaults to
        // kTouchSlop (PrimaryPointerGestureRecognizer, recognizer.dart).
        longPressAllowableMovement: flutterPixel(18),
        // kPanSlop = kTouchSlop * 2.0 = 36 logical pixels
        // (computePanSlop in events.dart, for touch pointers): between 18
        // and 36 a touch is neither a tap nor a pan yet.
        panSlop: flutterPixel(36),
        // Not documented: Flutter has no swipe recognizer of UIKit's kind (a
        // fling is a drag that ends faster than kMinFlingVelocity = 50
        // logical px/s). UIKit's values.
        swipeMinimumDistance: .logicalPixels(50),
        swipeMaximumDuration: 0.3,
        swipeMaximumAngle: Double.pi / 6,
        // kScaleSlop = kTouchSlop = 18 logical pixels of span change
        // (computeScaleSlop, ScaleGestureRecognizer). Flutter's span is the
        // fingers' mean distance from their focal point, half of this
        // toolkit's span (for two fingers, the distance between them), so
        // its 18 are 36 here: two fingers must close or spread by more than
        // 36 before a pinch begins.
        pinchSlop: flutterPixel(2 * 18),
        // Not documented: ScaleGestureRecognizer reports rotation but starts
        // on span or focal-point movement only. UIKit's value.
        rotationStartAngle: 0.1,
        platformUnit: flutterPixel)

    /// GTK 4's defaults: the GtkSettings properties the gesture classes
    /// read (gtk/gtksettings.c), as gtk/gtkgestureclick.c,
    /// gtkgesturelongpress.c, gtkgesturezoom.c, gtkgesturerotate.c and
    /// gtkscrolledwindow.c apply them. GTK's pixels are the desktop's
    /// logical pixels, so distances are in logical pixels. A desktop may
    /// change the settings (GNOME's double-click time, for one).
    public static let gtk = GestureThresholds(
        name: "gtk",
        // GtkSettings:gtk-double-click-distance = 5 px: GtkGestureClick
        // stops (emits "stopped", its signal for a time or distance
        // threshold passed) once a press has moved that far from where it
        // went down. GTK measures each axis on its own (a 10x10 px square); this
        // toolkit measures the straight distance (a circle of 5 px).
        tapSlop: .logicalPixels(5),
        // GtkSettings:gtk-double-click-time = 400 ms, counted from one
        // press to the next: GtkGestureClick arms its timer at every press
        // and stops once it runs out, so a slow press leaves less time.
        multiTapInterval: 0.4,
        multiTapIntervalStart: .press,
        // GTK has no lower bound.
        multiTapMinimumInterval: 0,
        // gtk-double-click-distance again: the next press must land within
        // 5 px of the first.
        multiTapDistance: .logicalPixels(5),
        // Not documented: GtkGestureClick counts one touch at a time. UIKit's
        // value.
        multiFingerTapWindow: 0.25,
        // GtkSettings:gtk-long-press-time = 500 ms (times
        // GtkGestureLongPress:delay-factor, 1 by default).
        longPressDuration: 0.5,
        // GtkSettings:gtk-dnd-drag-threshold = 8 px: GtkGestureLongPress
        // cancels once gtk_drag_check_threshold says the touch moved that
        // far (per axis in GTK).
        longPressAllowableMovement: .logicalPixels(8),
        // gtk-dnd-drag-threshold = 8 px: GtkScrolledWindow claims a touch
        // drag once it moved beyond it (scrolled_window_drag_update_cb).
        // Between 5 and 8 px a touch is neither a click nor a drag.
        panSlop: .logicalPixels(8),
        // Not documented: GtkGestureSwipe only reports the velocity at the
        // end, with no threshold. UIKit's values.
        swipeMinimumDistance: .logicalPixels(50),
        swipeMaximumDuration: 0.3,
        swipeMaximumAngle: Double.pi / 6,
        // GtkGestureZoom emits scale-changed from the first movement of its
        // two touches: no slop.
        pinchSlop: .logicalPixels(0),
        // GtkGestureRotate emits angle-changed from the first movement: no
        // threshold.
        rotationStartAngle: 0)
}
