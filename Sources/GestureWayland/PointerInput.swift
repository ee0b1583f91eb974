import CWaylandClient
import GestureKit

/// One seat's `wl_pointer`: decodes its events into `InputRouter` calls
/// (the toolkit turns a left-button drag into a touch), shows the cursor
/// over the window, and owns the pointer's touchpad gestures.
final class PointerInput {
    private let connection: WaylandConnection
    private let proxy: OpaquePointer
    private let seat: OpaquePointer
    private let version: UInt32
    private let target: InputTarget

    /// The serial of the `enter` while the pointer is over the window
    /// (between enter and leave): `set_cursor` needs it.
    private var enterSerial: UInt32?
    /// Timestamp of the latest event: enter and leave carry none.
    private var lastTime: Double = 0
    /// Scrolling collected until `wl_pointer.frame` (v5+), so that a
    /// diagonal two-finger scroll reaches the toolkit as one event.
    private var pendingScroll: (vertical: Double, horizontal: Double, time: Double)?
    /// The cursor surface, made on the first enter.
    private var cursor: PointerCursor?
    /// The cursor asked of the window where the pointer last moved
    /// without a button held: the arrow, or a resize strip's double arrow.
    private var shape = CursorShape.arrow
    /// Buttons pressed over the window and not yet released: while one is,
    /// the cursor keeps its shape (a drag from the page over a resize
    /// strip resizes nothing).
    private var buttonsHeld: Set<UInt32> = []
    /// Where the pointer last was over the window, in its coordinates;
    /// nil while it is not over it.
    private var location: Point?
    /// Swipe, pinch and hold, when the compositor has pointer gestures.
    private var touchpad: TouchpadGestures?

    /// Takes the pointer device of `seat` (a `wl_seat` of `version`; the
    /// pointer gets the same version).
    init(seat: OpaquePointer, version: UInt32, target: InputTarget, connection: WaylandConnection) {
        self.connection = connection
        self.seat = seat
        self.version = version
        self.target = target
        proxy = wl_seat_get_pointer(seat)
        wl_pointer_add_listener(proxy, pointerListener.pointer, listenerUserData(self))
        target.register(self)
        pointerGesturesDidChange()
    }

    deinit {
        // The gesture objects hang off the pointer: they go first.
        touchpad = nil
        if version >= UInt32(WL_POINTER_RELEASE_SINCE_VERSION) {
            wl_pointer_release(proxy)
        } else {
            wl_pointer_destroy(proxy)
        }
    }

    private var isOverWindow: Bool { enterSerial != nil }

    /// Treats the pointer as gone from the window: the device is going away,
    /// possibly with a button held or a touchpad gesture in progress (which
    /// the toolkit must end as cancelled).
    func cancel() {
        touchpad?.cancel()
        guard isOverWindow else { return }
        enterSerial = nil
        pendingScroll = nil
        buttonsHeld = []
        location = nil
        target.router?.pointerLeave(time: lastTime)
    }

    // MARK: Changes around the pointer

    /// The gestures global arrived (or went): (re)creates the gesture
    /// objects.
    func pointerGesturesDidChange() {
        touchpad?.cancel()
        touchpad = target.pointerGestures.map {
            TouchpadGestures(gestures: $0, pointer: proxy, target: target, connection: connection)
        }
    }

    /// The window's scale moved to another integer cursor scale.
    func cursorScaleDidChange() {
        showCursor()
    }

    /// The window's views moved under the pointer (a resize, a new window
    /// state): the cursor follows what is under it now.
    func windowLayoutDidChange() {
        guard let location else { return }
        updateShape(at: location)
    }

    /// The window is going off screen; its cursor theme is destroyed.
    func windowDidDetach() {
        enterSerial = nil
        pendingScroll = nil
        buttonsHeld = []
        location = nil
        shape = .arrow
        cursor?.themeWillChange()
    }

    private func showCursor() {
        guard let serial = enterSerial, let themes = target.cursorThemes,
              let image = themes.image(for: shape, scale: target.currentCursorScale) else { return }
        if cursor == nil, let compositor = target.compositor {
            cursor = PointerCursor(compositor: compositor.proxy, version: compositor.version, connection: connection)
        }
        cursor?.show(image, scale: target.currentCursorScale, on: proxy, serial: serial)
    }

    // MARK: Events

    fileprivate func handleEnter(serial: UInt32, surface: OpaquePointer?, x: Double, y: Double) {
        guard let window = target.window(for: surface) else { return }
        enterSerial = serial
        // Buttons pressed elsewhere are not held here (an interactive
        // resize ends with the pointer entering again).
        buttonsHeld = []
        let location = Point(x: x, y: y)
        self.location = location
        shape = window.cursorShape(at: location)
        showCursor()
        window.input.pointerMotion(to: location, time: lastTime)
    }

    /// Shows the cursor of the view under `location`, if it differs from
    /// the one shown and no button is held.
    private func updateShape(at location: Point) {
        guard buttonsHeld.isEmpty, let window = target.window else { return }
        let new = window.cursorShape(at: location)
        guard new != shape else { return }
        shape = new
        showCursor()
    }

    fileprivate func handleLeave() {
        // A gesture goes on when the pointer leaves: the compositor keeps
        // sending its updates to the surface where it began.
        guard isOverWindow else { return }
        enterSerial = nil
        pendingScroll = nil
        buttonsHeld = []
        location = nil
        target.router?.pointerLeave(time: lastTime)
    }

    fileprivate func handleMotion(time: UInt32, x: Double, y: Double) {
        guard isOverWindow, let router = target.router else { return }
        lastTime = target.seconds(fromMilliseconds: time)
        let location = Point(x: x, y: y)
        self.location = location
        router.pointerMotion(to: location, time: lastTime)
        updateShape(at: location)
    }

    fileprivate func handleButton(serial: UInt32, time: UInt32, button: UInt32, state: UInt32) {
        guard isOverWindow, let router = target.router else { return }
        lastTime = target.seconds(fromMilliseconds: time)
        let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
        if pressed {
            target.recordGrabSerial(serial, seat: seat)
            buttonsHeld.insert(button)
        } else {
            buttonsHeld.remove(button)
        }
        router.pointerButton(button, pressed: pressed, time: lastTime)
        // A drag that ended over something else shows its cursor now.
        if !pressed, let location { updateShape(at: location) }
    }

    fileprivate func handleAxis(time: UInt32, axis: UInt32, value: Double) {
        guard isOverWindow, value.isFinite else { return }
        lastTime = target.seconds(fromMilliseconds: time)
        var scroll = pendingScroll ?? (vertical: 0, horizontal: 0, time: lastTime)
        if axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue {
            scroll.vertical += value
        } else if axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue {
            scroll.horizontal += value
        }
        scroll.time = lastTime
        pendingScroll = scroll
        // Before v5 there is no frame event to wait for.
        if version < UInt32(WL_POINTER_FRAME_SINCE_VERSION) {
            handleFrame()
        }
    }

    fileprivate func handleFrame() {
        guard let scroll = pendingScroll else { return }
        pendingScroll = nil
        target.router?.pointerAxis(vertical: scroll.vertical, horizontal: scroll.horizontal, time: scroll.time)
    }
}

private let pointerListener = ListenerTable(wl_pointer_listener(
    enter: { data, _, serial, surface, x, y in
        listenerOwner(data, as: PointerInput.self)
            .handleEnter(serial: serial, surface: surface, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    },
    leave: { data, _, _, _ in
        listenerOwner(data, as: PointerInput.self).handleLeave()
    },
    motion: { data, _, time, x, y in
        listenerOwner(data, as: PointerInput.self)
            .handleMotion(time: time, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    },
    button: { data, _, serial, time, button, state in
        listenerOwner(data, as: PointerInput.self)
            .handleButton(serial: serial, time: time, button: button, state: state)
    },
    axis: { data, _, time, axis, value in
        listenerOwner(data, as: PointerInput.self).handleAxis(time: time, axis: axis, value: wl_fixed_to_double(value))
    },
    frame: { data, _ in
        listenerOwner(data, as: PointerInput.self).handleFrame()
    },
    // Source (wheel or finger), stop (fingers lifted) and wheel clicks
    // (discrete, v5-7; value120, v8) refine kinetic scrolling, which the
    // toolkit does not do: the continuous axis values carry the distance.
    axis_source: { _, _, _ in },
    axis_stop: { _, _, _, _ in },
    axis_discrete: { _, _, _, _ in },
    axis_value120: { _, _, _, _ in }
))
