import CWaylandClient
import GestureKit

/// One seat's `wl_touch`: decodes its events into `InputRouter` calls.
///
/// Events are forwarded as they arrive and `wl_touch.frame` becomes
/// `touchFrame()`, so the toolkit sees everything between two frames as one
/// event. Compositors that omit the frame after the last touch-up (weston
/// 10) are covered by the event loop's `endOfInputBatch()`, which never
/// splits a frame the compositor will still close.
///
/// Touch ids are only unique within a seat; the router keeps seats apart
/// by `seatIndex`.
final class TouchInput {
    private let connection: WaylandConnection
    private let proxy: OpaquePointer
    private let seat: OpaquePointer
    private let seatIndex: Int
    private let version: UInt32
    private let target: InputTarget

    /// Takes the touch device of `seat` (a `wl_seat` of `version`; the touch
    /// object gets the same version), whose touches the router knows as
    /// seat `seatIndex`.
    init(seat: OpaquePointer, seatIndex: Int, version: UInt32, target: InputTarget, connection: WaylandConnection) {
        self.connection = connection
        self.seat = seat
        self.seatIndex = seatIndex
        self.version = version
        self.target = target
        proxy = wl_seat_get_touch(seat)
        wl_touch_add_listener(proxy, touchListener.pointer, listenerUserData(self))
    }

    deinit {
        if version >= UInt32(WL_TOUCH_RELEASE_SINCE_VERSION) {
            wl_touch_release(proxy)
        } else {
            wl_touch_destroy(proxy)
        }
    }

    /// Ends every touch in flight as cancelled: the device is going away (or
    /// the compositor took the touches), and each began touch must end
    /// exactly once.
    func cancelActiveTouches() {
        target.router?.cancelTouches(seat: seatIndex)
    }

    fileprivate func handleDown(serial: UInt32, surface: OpaquePointer?, time: UInt32, id: Int32, x: Double, y: Double) {
        guard let router = target.router(for: surface) else { return }
        target.recordGrabSerial(serial, seat: seat)
        router.touchDown(id: id, seat: seatIndex, at: Point(x: x, y: y), time: target.seconds(fromMilliseconds: time))
    }

    // The router knows which touches went down on the window: it ignores
    // motion, up, shape and orientation for any other id.

    fileprivate func handleUp(time: UInt32, id: Int32) {
        guard let router = target.router else { return }
        router.touchUp(id: id, seat: seatIndex, time: target.seconds(fromMilliseconds: time))
    }

    fileprivate func handleMotion(time: UInt32, id: Int32, x: Double, y: Double) {
        guard let router = target.router else { return }
        router.touchMotion(id: id, seat: seatIndex, to: Point(x: x, y: y), time: target.seconds(fromMilliseconds: time))
    }

    fileprivate func handleFrame() {
        target.router?.touchFrame()
    }

    fileprivate func handleCancel() {
        // The compositor took the touches over (e.g. for a global gesture);
        // no up will follow for them.
        cancelActiveTouches()
    }

    fileprivate func handleShape(id: Int32, major: Double, minor: Double) {
        target.router?.touchShape(id: id, seat: seatIndex, major: major, minor: minor)
    }

    fileprivate func handleOrientation(id: Int32, degrees: Double) {
        target.router?.touchOrientation(id: id, seat: seatIndex, degrees: degrees)
    }
}

private let touchListener = ListenerTable(wl_touch_listener(
    down: { data, _, serial, time, surface, id, x, y in
        listenerOwner(data, as: TouchInput.self)
            .handleDown(serial: serial, surface: surface, time: time, id: id,
                        x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    },
    up: { data, _, _, time, id in
        listenerOwner(data, as: TouchInput.self).handleUp(time: time, id: id)
    },
    motion: { data, _, time, id, x, y in
        listenerOwner(data, as: TouchInput.self)
            .handleMotion(time: time, id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    },
    frame: { data, _ in
        listenerOwner(data, as: TouchInput.self).handleFrame()
    },
    cancel: { data, _ in
        listenerOwner(data, as: TouchInput.self).handleCancel()
    },
    // v6: the contact ellipse (diameters) and its angle, per touch point.
    shape: { data, _, id, major, minor in
        listenerOwner(data, as: TouchInput.self)
            .handleShape(id: id, major: wl_fixed_to_double(major), minor: wl_fixed_to_double(minor))
    },
    orientation: { data, _, id, orientation in
        listenerOwner(data, as: TouchInput.self).handleOrientation(id: id, degrees: wl_fixed_to_double(orientation))
    }
))
