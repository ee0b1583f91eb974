import CWaylandClient

/// A `wl_seat`: a group of input devices (touchscreen, pointer) used by
/// one person. Takes and releases the devices as the compositor reports
/// them coming and going.
final class Seat {
    private let connection: WaylandConnection
    private let proxy: OpaquePointer
    private let version: UInt32
    private let target: InputTarget

    private var touch: TouchInput?
    private var pointer: PointerInput?

    /// Adopts a bound `wl_seat` proxy of `version`.
    init(proxy: OpaquePointer, version: UInt32, target: InputTarget, connection: WaylandConnection) {
        self.connection = connection
        self.proxy = proxy
        self.version = version
        self.target = target
        wl_seat_add_listener(proxy, seatListener.pointer, listenerUserData(self))
    }

    deinit {
        touch = nil
        pointer = nil
        if version >= UInt32(WL_SEAT_RELEASE_SINCE_VERSION) {
            wl_seat_release(proxy)
        } else {
            wl_seat_destroy(proxy)
        }
    }

    /// Ends input in flight: the seat is being removed.
    func cancelInput() {
        touch?.cancelActiveTouches()
        pointer?.cancel()
    }

    fileprivate func handleCapabilities(_ capabilities: UInt32) {
        let hasTouch = capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if hasTouch, touch == nil {
            touch = TouchInput(seat: proxy, version: version, target: target, connection: connection)
        } else if !hasTouch, let touch {
            touch.cancelActiveTouches()
            self.touch = nil
        }

        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        if hasPointer, pointer == nil {
            pointer = PointerInput(seat: proxy, version: version, target: target, connection: connection)
        } else if !hasPointer, let pointer {
            pointer.cancel()
            self.pointer = nil
        }
        // TODO: wl_keyboard (xkbcommon) for the keyboard shortcuts.
    }
}

private let seatListener = ListenerTable(wl_seat_listener(
    capabilities: { data, _, capabilities in
        listenerOwner(data, as: Seat.self).handleCapabilities(capabilities)
    },
    // Seat names only tell seats apart in diagnostics; there are none yet.
    name: { _, _, _ in }
))
