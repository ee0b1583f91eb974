import CWaylandClient
import CWaylandProtocols
import GestureKit

/// The `zwp_pointer_gestures_v1` global: where each pointer gets its
/// touchpad swipe, pinch and (v3) hold gesture objects.
final class PointerGestures {
    /// Version 3 adds hold gestures; every event up to it has a handler.
    static let implementedVersion: UInt32 = 3

    let proxy: OpaquePointer
    let version: UInt32
    private let connection: WaylandConnection

    /// Adopts a bound global of `version`.
    init(proxy: OpaquePointer, version: UInt32, connection: WaylandConnection) {
        self.proxy = proxy
        self.version = version
        self.connection = connection
    }

    deinit {
        if version >= UInt32(ZWP_POINTER_GESTURES_V1_RELEASE_SINCE_VERSION) {
            zwp_pointer_gestures_v1_release(proxy)
        } else {
            zwp_pointer_gestures_v1_destroy(proxy)
        }
    }
}

/// One pointer's touchpad gestures, decoded into the router's
/// `TouchpadEvent`s (which it turns into the touches the recognizers know).
///
/// A gesture belongs to the surface under the pointer when it begins; one
/// that began elsewhere is ignored to its end, and one in progress is
/// cancelled if the pointer or the window goes away.
final class TouchpadGestures {
    private let connection: WaylandConnection
    private let target: InputTarget
    private let swipe: OpaquePointer
    private let pinch: OpaquePointer
    private let hold: OpaquePointer?
    /// The gesture in progress on the window, if any.
    private var active: TouchpadEvent.Gesture?
    private var lastTime: Double = 0

    /// Creates the gesture objects of `pointer` (a `wl_pointer`).
    init(gestures: PointerGestures, pointer: OpaquePointer, target: InputTarget, connection: WaylandConnection) {
        self.connection = connection
        self.target = target
        swipe = zwp_pointer_gestures_v1_get_swipe_gesture(gestures.proxy, pointer)
        pinch = zwp_pointer_gestures_v1_get_pinch_gesture(gestures.proxy, pointer)
        if gestures.version >= UInt32(ZWP_POINTER_GESTURES_V1_GET_HOLD_GESTURE_SINCE_VERSION) {
            hold = zwp_pointer_gestures_v1_get_hold_gesture(gestures.proxy, pointer)
        } else {
            hold = nil
        }
        let data = listenerUserData(self)
        zwp_pointer_gesture_swipe_v1_add_listener(swipe, swipeListener.pointer, data)
        zwp_pointer_gesture_pinch_v1_add_listener(pinch, pinchListener.pointer, data)
        if let hold {
            zwp_pointer_gesture_hold_v1_add_listener(hold, holdListener.pointer, data)
        }
    }

    deinit {
        zwp_pointer_gesture_swipe_v1_destroy(swipe)
        zwp_pointer_gesture_pinch_v1_destroy(pinch)
        if let hold { zwp_pointer_gesture_hold_v1_destroy(hold) }
    }

    /// Ends a gesture in progress as cancelled: its end will not come.
    func cancel() {
        guard let kind = active else { return }
        end(kind, cancelled: true, time: lastTime)
    }

    fileprivate func handleBegin(_ kind: TouchpadEvent.Gesture, surface: OpaquePointer?, time: UInt32, fingers: UInt32) {
        // A new begin without an end means the old one was lost.
        cancel()
        guard let router = target.router(for: surface) else { return }
        active = kind
        lastTime = target.seconds(fromMilliseconds: time)
        router.touchpad(.begin(kind, fingers: Int(fingers)), time: lastTime)
    }

    private func end(_ kind: TouchpadEvent.Gesture, cancelled: Bool, time: Double) {
        guard active == kind else { return }
        active = nil
        guard let router = target.router else { return }
        router.touchpad(.end(kind, cancelled: cancelled), time: time)
    }

    fileprivate func handleSwipeUpdate(time: UInt32, dx: Double, dy: Double) {
        guard active == .swipe, let router = target.router else { return }
        lastTime = target.seconds(fromMilliseconds: time)
        router.touchpad(.swipeUpdate(dx: dx, dy: dy), time: lastTime)
    }

    fileprivate func handlePinchUpdate(time: UInt32, dx: Double, dy: Double, scale: Double, rotation: Double) {
        guard active == .pinch, let router = target.router else { return }
        lastTime = target.seconds(fromMilliseconds: time)
        router.touchpad(.pinchUpdate(dx: dx, dy: dy, scale: scale, rotation: rotation), time: lastTime)
    }

    fileprivate func handleEnd(_ kind: TouchpadEvent.Gesture, time: UInt32, cancelled: Int32) {
        guard active == kind else { return }
        lastTime = target.seconds(fromMilliseconds: time)
        end(kind, cancelled: cancelled != 0, time: lastTime)
    }
}

private func owner(_ data: UnsafeMutableRawPointer?) -> TouchpadGestures {
    listenerOwner(data, as: TouchpadGestures.self)
}

private let swipeListener = ListenerTable(zwp_pointer_gesture_swipe_v1_listener(
    begin: { data, _, _, time, surface, fingers in
        owner(data).handleBegin(.swipe, surface: surface, time: time, fingers: fingers)
    },
    update: { data, _, time, dx, dy in
        owner(data).handleSwipeUpdate(time: time, dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy))
    },
    end: { data, _, _, time, cancelled in
        owner(data).handleEnd(.swipe, time: time, cancelled: cancelled)
    }
))

private let pinchListener = ListenerTable(zwp_pointer_gesture_pinch_v1_listener(
    begin: { data, _, _, time, surface, fingers in
        owner(data).handleBegin(.pinch, surface: surface, time: time, fingers: fingers)
    },
    update: { data, _, time, dx, dy, scale, rotation in
        owner(data).handlePinchUpdate(time: time, dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy),
                                      scale: wl_fixed_to_double(scale), rotation: wl_fixed_to_double(rotation))
    },
    end: { data, _, _, time, cancelled in
        owner(data).handleEnd(.pinch, time: time, cancelled: cancelled)
    }
))

private let holdListener = ListenerTable(zwp_pointer_gesture_hold_v1_listener(
    begin: { data, _, _, time, surface, fingers in
        owner(data).handleBegin(.hold, surface: surface, time: time, fingers: fingers)
    },
    end: { data, _, _, time, cancelled in
        owner(data).handleEnd(.hold, time: time, cancelled: cancelled)
    }
))
