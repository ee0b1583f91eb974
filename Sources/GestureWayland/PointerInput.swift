import CWaylandClient
import GestureKit

/// One seat's `wl_pointer`: decodes its events into `InputRouter` calls
/// (the toolkit turns a left-button drag into a touch).
///
/// TODO: set a cursor image on enter (wayland-cursor); until then the
/// compositor keeps showing whatever cursor it showed before.
final class PointerInput {
    private let connection: WaylandConnection
    private let proxy: OpaquePointer
    private let version: UInt32
    private let target: InputTarget

    /// Whether the pointer is over the window (between enter and leave).
    private var isOverWindow = false
    /// Timestamp of the latest event: enter and leave carry none.
    private var lastTime: Double = 0
    /// Scrolling collected until `wl_pointer.frame` (seat v5+), so that a
    /// diagonal two-finger scroll reaches the toolkit as one event.
    private var pendingScroll: (vertical: Double, horizontal: Double, time: Double)?

    /// Takes the pointer device of `seat` (a `wl_seat` of `version`).
    init(seat: OpaquePointer, version: UInt32, target: InputTarget, connection: WaylandConnection) {
        self.connection = connection
        self.version = version
        self.target = target
        proxy = wl_seat_get_pointer(seat)
        wl_pointer_add_listener(proxy, pointerListener.pointer, listenerUserData(self))
    }

    deinit {
        if version >= UInt32(WL_POINTER_RELEASE_SINCE_VERSION) {
            wl_pointer_release(proxy)
        } else {
            wl_pointer_destroy(proxy)
        }
    }

    /// Treats the pointer as gone from the window: the device is going away,
    /// possibly with a button held (a drag the toolkit must end).
    func cancel() {
        guard isOverWindow else { return }
        isOverWindow = false
        pendingScroll = nil
        target.router?.pointerLeave(time: lastTime)
    }

    fileprivate func handleEnter(surface: OpaquePointer?, x: Double, y: Double) {
        guard let router = target.router(for: surface) else { return }
        isOverWindow = true
        router.pointerMotion(to: Point(x: x, y: y), time: lastTime)
    }

    fileprivate func handleLeave() {
        cancel()
    }

    fileprivate func handleMotion(time: UInt32, x: Double, y: Double) {
        guard isOverWindow, let router = target.router else { return }
        lastTime = target.seconds(fromMilliseconds: time)
        router.pointerMotion(to: Point(x: x, y: y), time: lastTime)
    }

    fileprivate func handleButton(time: UInt32, button: UInt32, state: UInt32) {
        guard isOverWindow, let router = target.router else { return }
        lastTime = target.seconds(fromMilliseconds: time)
        router.pointerButton(button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue, time: lastTime)
    }

    fileprivate func handleAxis(time: UInt32, axis: UInt32, value: Double) {
        guard isOverWindow else { return }
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
    enter: { data, _, _, surface, x, y in
        listenerOwner(data, as: PointerInput.self)
            .handleEnter(surface: surface, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    },
    leave: { data, _, _, _ in
        listenerOwner(data, as: PointerInput.self).handleLeave()
    },
    motion: { data, _, time, x, y in
        listenerOwner(data, as: PointerInput.self)
            .handleMotion(time: time, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    },
    button: { data, _, _, time, button, state in
        listenerOwner(data, as: PointerInput.self).handleButton(time: time, button: button, state: state)
    },
    axis: { data, _, time, axis, value in
        listenerOwner(data, as: PointerInput.self).handleAxis(time: time, axis: axis, value: wl_fixed_to_double(value))
    },
    frame: { data, _ in
        listenerOwner(data, as: PointerInput.self).handleFrame()
    },
    // Scroll source, stop and wheel clicks (v5+) refine kinetic scrolling,
    // which the toolkit does not do; the continuous axis values suffice.
    axis_source: { _, _, _ in },
    axis_stop: { _, _, _, _ in },
    axis_discrete: { _, _, _, _ in },
    axis_value120: { _, _, _, _ in }
))
