import DemoApp
import GestureKit

/// Window (a): views nested three deep, plus a sibling that sticks out of
/// the surface, each carrying recognizers of every kind, wired in every way
/// the arena arbitrates: explicit and delegate failure requirements,
/// simultaneous recognition, a delegate that declines touches and refuses
/// to begin, `cancelsTouchesInView` off, `delaysTouchesBegan` on,
/// `delaysTouchesEnded` off, a multi-tap long press, a custom recognizer,
/// and an action that disables another recognizer mid-gesture. On top lie
/// views that hit-testing must skip (hidden, transparent, non-interactive).
///
///     window 400x400
///     └ outer (0,0 400x400)      pan, pinch, rotation and swipe ←→ (simultaneous), long press
///       ├ middle (30,30 260x260, single touch)
///       │   tap ⟶ waits for double tap, double tap, two-finger tap (delays began),
///       │   long press (does not cancel touches)
///       │ └ inner (110x110 at 150,150, rotated 0.5 rad)
///       │     tap (delays began, does not delay ended), pan ≤2 (picky delegate),
///       │     two-finger swipe ↑↓ (does not cancel), tap-then-press of two fingers,
///       │     check mark, rotation (simultaneous), pinch (waits for pans, taps wait for it)
///       ├ side (300,250 200x200, half off the surface)
///       │   triple tap, two-finger tap, pinch (does not cancel), two-finger pan,
///       │   long press (delays began) that disables the pan while it is held
///       ├ hidden, ghost (alpha 0.005), inert (interaction off): a tap and a pan each
enum NestedRecognizersFixture {
    static let size = Size(width: 400, height: 400)

    static func make() -> WindowUnderTest {
        let clock = VirtualTimeSource()
        let window = Window(size: size, timeSource: clock)
        let together = SimultaneousDelegate()
        let picky = PickyDelegate()
        let deferring = DeferringDelegate()

        let outer = LedgerView(name: "outer", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        outer.isMultipleTouchEnabled = true
        window.addSubview(outer)
        let outerPinch = PinchGestureRecognizer()
        let outerRotation = RotationGestureRecognizer()
        outerPinch.delegate = together
        outerRotation.delegate = together
        let outerSwipe = SwipeGestureRecognizer()
        outerSwipe.direction = [.left, .right]
        outerSwipe.delegate = together
        add(to: outer, [
            ("pan", PanGestureRecognizer()), ("pinch", outerPinch), ("rotation", outerRotation),
            ("swipe", outerSwipe), ("longPress", LongPressGestureRecognizer()),
        ])

        let middle = LedgerView(name: "middle", frame: Rect(x: 30, y: 30, width: 260, height: 260))
        outer.addSubview(middle)
        let middleTap = TapGestureRecognizer()
        let middleDoubleTap = TapGestureRecognizer()
        middleDoubleTap.numberOfTapsRequired = 2
        middleTap.require(toFail: middleDoubleTap)
        let middleTwoFingerTap = TapGestureRecognizer()
        middleTwoFingerTap.numberOfTouchesRequired = 2
        middleTwoFingerTap.delaysTouchesBegan = true
        let middleLongPress = LongPressGestureRecognizer()
        middleLongPress.cancelsTouchesInView = false
        add(to: middle, [
            ("tap", middleTap), ("doubleTap", middleDoubleTap), ("twoFingerTap", middleTwoFingerTap),
            ("longPress", middleLongPress),
        ])

        let inner = LedgerView(name: "inner", frame: Rect(x: 95, y: 95, width: 110, height: 110))
        inner.transform = AffineTransform(rotationAngle: 0.5)
        inner.isMultipleTouchEnabled = true
        middle.addSubview(inner)
        let innerTap = TapGestureRecognizer()
        innerTap.delaysTouchesBegan = true
        innerTap.delaysTouchesEnded = false
        let innerPan = PanGestureRecognizer()
        innerPan.maximumNumberOfTouches = 2
        innerPan.delegate = picky
        let innerSwipe = SwipeGestureRecognizer()
        innerSwipe.direction = [.up, .down]
        innerSwipe.numberOfTouchesRequired = 2
        innerSwipe.cancelsTouchesInView = false
        let innerTapAndPress = LongPressGestureRecognizer()
        innerTapAndPress.numberOfTouchesRequired = 2
        innerTapAndPress.numberOfTapsRequired = 1
        let innerRotation = RotationGestureRecognizer()
        innerRotation.delegate = together
        let innerPinch = PinchGestureRecognizer()
        innerPinch.delegate = deferring
        add(to: inner, [
            ("tap", innerTap), ("pan", innerPan), ("swipe", innerSwipe), ("tapAndPress", innerTapAndPress),
            ("checkMark", CheckMarkGestureRecognizer()), ("rotation", innerRotation), ("pinch", innerPinch),
        ])

        let side = LedgerView(name: "side", frame: Rect(x: 300, y: 250, width: 200, height: 200))
        side.isMultipleTouchEnabled = true
        outer.addSubview(side)
        let sideTripleTap = TapGestureRecognizer()
        sideTripleTap.numberOfTapsRequired = 3
        let sideTwoFingerTap = TapGestureRecognizer()
        sideTwoFingerTap.numberOfTouchesRequired = 2
        let sidePinch = PinchGestureRecognizer()
        sidePinch.cancelsTouchesInView = false
        let sidePan = PanGestureRecognizer()
        sidePan.minimumNumberOfTouches = 2
        let sideLongPress = LongPressGestureRecognizer()
        sideLongPress.delaysTouchesBegan = true
        sideLongPress.addAction { [weak sidePan] r in
            switch r.state {
            case .began: sidePan?.isEnabled = false
            case .ended, .cancelled: sidePan?.isEnabled = true
            default: break
            }
        }
        add(to: side, [
            ("tripleTap", sideTripleTap), ("twoFingerTap", sideTwoFingerTap), ("pinch", sidePinch),
            ("pan", sidePan), ("longPress", sideLongPress),
        ])

        var untouchable: [LedgerView] = []
        for name in ["hidden", "ghost", "inert"] {
            let v = LedgerView(name: name, frame: Rect(x: 0, y: 0, width: 400, height: 400))
            v.isMultipleTouchEnabled = true
            switch name {
            case "hidden": v.isHidden = true
            case "ghost": v.alpha = 0.005
            default: v.isUserInteractionEnabled = false
            }
            add(to: v, [("tap", TapGestureRecognizer()), ("pan", PanGestureRecognizer())])
            window.addSubview(v)
            untouchable.append(v)
        }

        return WindowUnderTest(window: window, clock: clock, ledgerViews: [outer, middle, inner, side],
                               untouchableViews: untouchable, retaining: [together, picky, deferring])
    }

    private static func add(to view: LedgerView, _ named: [(String, GestureRecognizer)]) {
        for (name, r) in named {
            r.name = "\(view.name ?? "?").\(name)"
            view.addGestureRecognizer(r)
        }
    }
}
