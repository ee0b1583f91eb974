/// Where raw input enters the toolkit: compositor touch points, the
/// pointer and the touchpad (which become touches too), from the backend
/// or a script. Each call is shown to `tap` first, as it came, with
/// whether handling it will deliver the touch changes waiting for a frame
/// (which the emulations' state decides), then handed to the part that
/// owns it: `TouchFrames` for the touches and their frames,
/// `PointerTouchEmulation` for the mouse, `TouchpadEmulation` for touchpad
/// gestures. Delivery to recognizers and views is `TouchDelivery`'s.
public final class InputRouter {
    private var link = WindowLink()
    private var window: Window { link.window }
    private let frames: TouchFrames
    private let pointer: PointerTouchEmulation
    private let touchpad: TouchpadEmulation

    /// Modifiers held on the keyboard (the backend or `Window.handleKey`
    /// keeps them current): Alt turns a drag into two touches. Setting
    /// them drops any left to work out (`setKeyboardModifiers(resolving:)`).
    public var keyboardModifiers: KeyModifiers {
        get {
            if let resolve = modifiersToResolve {
                modifiersToResolve = nil
                heldModifiers = resolve()
            }
            return heldModifiers
        }
        set {
            modifiersToResolve = nil
            heldModifiers = newValue
        }
    }

    private var heldModifiers: KeyModifiers = []
    private var modifiersToResolve: (() -> KeyModifiers)?

    /// Leaves the modifiers held to `resolve`, called when they are first
    /// read (a press that may start an Alt drag), if they are not set
    /// again before. For a backend whose modifiers cost work to decode, as
    /// a keyboard's do until its keymap is compiled: a window given focus
    /// with a lock on (Num Lock, usually) need not compile its keymap
    /// before its first frame.
    public func setKeyboardModifiers(resolving resolve: @escaping () -> KeyModifiers) {
        modifiersToResolve = resolve
    }

    init() {
        frames = TouchFrames()
        pointer = PointerTouchEmulation(frames: frames)
        touchpad = TouchpadEmulation(frames: frames)
        frames.onMadeUpFrame = { [unowned self] in
            // A recording must deliver the same events: it gets the frame
            // the compositor did not send.
            tap?.raw(.touchFrame, time: self.window.scheduler.now, deliversFrame: true)
        }
    }

    /// Called by the window once it exists (see `WindowLink`).
    func connect(to window: Window) {
        link.connect(to: window)
        frames.connect(to: window)
        pointer.connect(to: window)
    }

    /// Sees every raw input call as it arrives, before any interpretation
    /// (for recording a live session as a script).
    public var tap: RawInputTap? {
        get { hasTap ? tapStorage : nil }
        set {
            tapStorage = newValue
            hasTap = newValue != nil
        }
    }
    /// Read for every raw event; private storage is checked for exclusive
    /// access at compile time, a public stored property at run time.
    private weak var tapStorage: RawInputTap?
    /// Whether a tap was set: reading a weak reference takes an atomic
    /// load and count even when it is nil, and usually none is set.
    private var hasTap = false

    /// Touches currently on the surface.
    public var activeTouches: [Touch] { frames.activeTouches }

    /// Whether any touch is on the surface.
    public var hasActiveTouches: Bool { frames.hasActiveTouch { _ in true } }

    /// Whether changes are waiting for a frame.
    public var hasPendingFrame: Bool { frames.hasPendingFrame }

    // MARK: Touch input

    /// The most touches down at once, 64: a touch screen tracks ten or so.
    /// A touch point going down past them is ignored, with its moves and
    /// lift, as a digitizer out of slots drops it: every event carries all
    /// the touches down (`Event.allTouches`), so a flood of them (a faulty
    /// device, a runaway script) would make each frame dearer than the last.
    public static var maximumTouchesDown: Int { TouchFrames.maximumDown }

    /// A compositor touch point went down. `seat` keeps the ids of
    /// several seats apart (each seat numbers its touches from 0).
    public func touchDown(id: Int32, seat: Int = 0, at location: Point, time: Double) {
        tap?.raw(.touchDown(id: id, seat: seat, at: location), time: time, deliversFrame: false)
        frames.begin(.compositor(id: id, seat: seat), at: location, time: time)
    }

    /// A compositor touch point moved to `location` (window coordinates). The
    /// change is held until ``touchFrame()``; an unknown `id` is ignored.
    public func touchMotion(id: Int32, seat: Int = 0, to location: Point, time: Double) {
        tap?.raw(.touchMotion(id: id, seat: seat, to: location), time: time, deliversFrame: false)
        frames.move(.compositor(id: id, seat: seat), to: location, time: time)
    }

    /// A compositor touch point lifted. The touch ends with the next
    /// ``touchFrame()``; an unknown `id` is ignored.
    public func touchUp(id: Int32, seat: Int = 0, time: Double) {
        tap?.raw(.touchUp(id: id, seat: seat), time: time, deliversFrame: false)
        frames.end(.compositor(id: id, seat: seat), time: time, cancelled: false)
    }

    /// The contact ellipse of a touch point (`wl_touch.shape`), in logical
    /// pixels (diameters, as the protocol sends them).
    public func touchShape(id: Int32, seat: Int = 0, major: Double, minor: Double) {
        guard let t = frames.touch(for: .compositor(id: id, seat: seat)), major.isFinite, minor.isFinite else { return }
        t.majorRadius = max(0, major / 2)
        t.minorRadius = max(0, minor / 2)
    }

    /// The angle of a touch point's major axis (`wl_touch.orientation`).
    public func touchOrientation(id: Int32, seat: Int = 0, degrees: Double) {
        guard let t = frames.touch(for: .compositor(id: id, seat: seat)), degrees.isFinite else { return }
        t.orientationAngle = degrees
    }

    /// Cancels the touches of one seat (its touch capability went away,
    /// the compositor sent `wl_touch.cancel`, the window is going away).
    /// A recording gets a `cancel`, which cancels every touch: with one
    /// seat and no mouse drag under way at once, the same ones.
    public func cancelTouches(seat: Int) {
        if frames.hasDown(where: { $0.seat == seat }) {
            tap?.raw(.touchCancel, time: window.scheduler.now, deliversFrame: true)
        }
        frames.cancel { $0.seat == seat }
    }

    /// Delivers everything since the previous frame as one event.
    public func touchFrame() {
        tap?.raw(.touchFrame, time: window.scheduler.now, deliversFrame: true)
        frames.flush()
    }

    /// The compositor took the touches away (e.g. for a system gesture):
    /// every active touch is cancelled.
    public func touchCancel() {
        tap?.raw(.touchCancel, time: window.scheduler.now, deliversFrame: true)
        cancelEveryTouch()
    }

    /// Called by the backend after each batch of dispatched protocol events:
    /// the latest point to close a frame the compositor left open (see
    /// `TouchFrames.endOfInputBatch()`).
    public func endOfInputBatch() {
        frames.endOfInputBatch()
    }

    /// Cancels every touch, compositor and pointer alike (a compositor's
    /// grab took the press that started one). A recording gets a `cancel`.
    public func cancelAll() {
        if frames.hasDown(where: { _ in true }) {
            tap?.raw(.touchCancel, time: window.scheduler.now, deliversFrame: true)
        }
        cancelEveryTouch()
    }

    private func cancelEveryTouch() {
        pointer.touchesCancelled()
        touchpad.touchesCancelled()
        frames.cancel { _ in true }
    }

    // MARK: Pointer input (left-button drag = one touch)

    /// The pointer moved to `location`, in the window's coordinates (also how
    /// it enters the surface). While the left button is held, the emulated
    /// touch follows it, delivered at once (a pointer has no frames).
    public func pointerMotion(to location: Point, time: Double) {
        tap?.raw(.pointerMotion(to: location), time: time, deliversFrame: pointer.dragging)
        pointer.motion(to: location, time: time)
    }

    /// Left button: pressed starts a touch, released ends it; with Alt held
    /// at the press a second, mirrored touch joins it (see
    /// `PointerTouchEmulation`). A press of any button during a touchpad
    /// hold cancels the hold's touch: a touchpad reports the fingers resting
    /// on it before a click (on a clickpad, or a tap to click) as a hold,
    /// and those fingers are the click's: a left click's one touch, and no
    /// touch at all for a right or middle click.
    public func pointerButton(_ button: UInt32, pressed: Bool, time: Double) {
        let endsHold = pressed && touchpad.kind == .hold
        tap?.raw(.pointerButton(button, pressed: pressed), time: time,
                 deliversFrame: endsHold || pointer.buttonDeliversFrame(button))
        if endsHold {
            touchpad.end(.hold, cancelled: true, time: time)
        }
        pointer.button(button, pressed: pressed, mirroring: keyboardModifiers.contains(.alt), time: time)
    }

    /// The pointer left the surface: a drag in progress is cancelled, since
    /// its end will never be seen.
    public func pointerLeave(time: Double) {
        tap?.raw(.pointerLeave, time: time, deliversFrame: pointer.dragging)
        pointer.leave(time: time)
    }

    /// A scroll (wheel or two-finger scroll) by the amounts `wl_pointer.axis`
    /// reports, in logical pixels (positive: down and right). It reaches only
    /// the raw input ``tap``, for recordings: scrolling makes no touches.
    public func pointerAxis(vertical: Double, horizontal: Double, time: Double) {
        tap?.raw(.pointerAxis(vertical: vertical, horizontal: horizontal), time: time, deliversFrame: false)
    }

    // MARK: Touchpad gestures (zwp_pointer_gestures_v1)

    /// One touchpad gesture event, as the protocol reports it (a script
    /// writes the same). It is shown to the ``tap`` whole, then becomes
    /// touches, so the recognizers see ordinary fingers:
    /// - A pinch is two touches around the pointer that spread and turn
    ///   with it, so the pinch and rotation recognizers see a two-finger
    ///   gesture. Its update's `dx`/`dy` move the fingers' centre since the
    ///   last update, `scale` is since the begin, `rotation` degrees
    ///   clockwise since the last update.
    /// - A swipe (the fingers move as one) is one touch at the pointer that
    ///   follows their movement.
    /// - A hold (fingers resting) is one touch held at the pointer, so a
    ///   hold long enough is a long press; the compositor reports fingers
    ///   that move as a cancelled hold. A click is the fingers that rested
    ///   before it: a button pressed during a hold cancels the hold's
    ///   touch, and a hold beginning while a button is down makes none.
    ///
    /// At the end the touches lift, or are cancelled when the compositor
    /// cancelled the gesture. An update or end for a gesture not under way
    /// is ignored; a begin cancels any gesture still going.
    public func touchpad(_ event: TouchpadEvent, time: Double) {
        // A hold beside a button held down makes no touch (see below): it
        // delivers a frame only if it ends a gesture under way.
        let holdBesideButton = if case .begin(.hold, _) = event { pointer.hasButtonDown } else { false }
        tap?.raw(.touchpad(event), time: time,
                 deliversFrame: holdBesideButton ? touchpad.kind != nil : touchpad.changesTouches(event))
        switch event {
        case .begin(.hold, _) where holdBesideButton:
            // The fingers resting are beside a button held down (on a
            // clickpad, the finger that pressed it is not counted): the
            // button's touch is the click, the hold adds none.
            touchpad.cancel(time: time)
        case .begin(.pinch, _):
            touchpad.beginPinch(at: pointer.location ?? window.bounds.center, time: time)
        case .begin(let gesture, _):
            touchpad.beginStroke(gesture, at: pointer.location ?? window.bounds.center, time: time)
        case .pinchUpdate(let dx, let dy, let scale, let rotation):
            touchpad.updatePinch(dx: dx, dy: dy, scale: scale, rotationDegrees: rotation, time: time)
        case .swipeUpdate(let dx, let dy):
            touchpad.updateSwipe(dx: dx, dy: dy, time: time)
        case .end(let gesture, let cancelled):
            touchpad.end(gesture, cancelled: cancelled, time: time)
        }
    }

    // MARK: For delivery and tests

    /// Whether a touch on the surface satisfies `condition`.
    func hasActiveTouch(where condition: (Touch) -> Bool) -> Bool {
        frames.hasActiveTouch(where: condition)
    }

    /// See `TouchFrames.downTouchesVersion`.
    var downTouchesVersion: Int { frames.downTouchesVersion }

    /// Calls `body` with every touch on the surface.
    func forEachActiveTouch(_ body: (Touch) -> Void) {
        frames.forEachActiveTouch(body)
    }

    /// See `TouchFrames.reusePoolAudit()`.
    func reusePoolAudit() -> (identifiers: Set<Int>, heldElsewhere: Int) {
        frames.reusePoolAudit()
    }
}
