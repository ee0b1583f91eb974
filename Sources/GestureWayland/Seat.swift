import CWaylandClient
import Logging

/// A `wl_seat`: a group of input devices (touchscreen, pointer, keyboard)
/// used by one person. Takes and releases the devices as the compositor
/// reports them coming and going; input in flight on a device that goes
/// is cancelled, never left hanging.
final class Seat {
    /// The highest `wl_seat` version implemented: every event of the seat
    /// and of the pointer, keyboard and touch objects it hands out (they
    /// share its version) has a handler up to v8.
    static let implementedVersion: UInt32 = 8

    private let connection: WaylandConnection
    private let proxy: OpaquePointer
    private let version: UInt32
    private let target: InputTarget
    /// Tells this seat's touch ids from those of other seats.
    let index: Int

    /// The seat's name (v2+), for diagnostics: it names the seat in the
    /// line logged when its devices change at run time.
    private var name: String?
    /// The capabilities last announced, nil before the first announcement.
    private var capabilities: UInt32?

    private var touch: TouchInput?
    private var pointer: PointerInput?
    private var keyboard: KeyboardInput?

    /// Adopts a bound `wl_seat` proxy of `version`.
    init(proxy: OpaquePointer, version: UInt32, target: InputTarget, connection: WaylandConnection) {
        self.connection = connection
        self.proxy = proxy
        self.version = version
        self.target = target
        index = target.claimSeatIndex()
        wl_seat_add_listener(proxy, seatListener.pointer, listenerUserData(self))
    }

    deinit {
        touch = nil
        pointer = nil
        keyboard = nil
        target.releaseSeat(index: index, proxy: proxy)
        if version >= UInt32(WL_SEAT_RELEASE_SINCE_VERSION) {
            wl_seat_release(proxy)
        } else {
            wl_seat_destroy(proxy)
        }
    }

    /// Ends input in flight: the seat or the window is going away.
    func cancelInput() {
        touch?.cancelActiveTouches()
        pointer?.cancel()
        keyboard?.cancel()
    }

    private var displayName: String { name.map { "'\($0)'" } ?? "#\(index)" }

    fileprivate func handleCapabilities(_ new: UInt32) {
        // Only changes after start-up are worth a line (a device plugged or
        // unplugged); the initial set is what every run has.
        if let old = capabilities, old != new {
            logger.notice("seat \(displayName) now has \(Self.describe(new))")
        }
        capabilities = new

        if Self.has(WL_SEAT_CAPABILITY_TOUCH, in: new) {
            if touch == nil {
                touch = TouchInput(seat: proxy, seatIndex: index, version: version, target: target,
                                   connection: connection)
            }
        } else if let touch {
            touch.cancelActiveTouches()
            self.touch = nil
        }

        if Self.has(WL_SEAT_CAPABILITY_POINTER, in: new) {
            if pointer == nil {
                pointer = PointerInput(seat: proxy, version: version, target: target, connection: connection)
            }
        } else if let pointer {
            pointer.cancel()
            self.pointer = nil
        }

        if Self.has(WL_SEAT_CAPABILITY_KEYBOARD, in: new) {
            if keyboard == nil {
                keyboard = KeyboardInput(seat: proxy, version: version, target: target, connection: connection)
                if keyboard == nil { logger.warning("seat \(displayName): cannot set up xkbcommon, keyboard ignored") }
            }
        } else if let keyboard {
            keyboard.cancel()
            self.keyboard = nil
        }
    }

    fileprivate func handleName(_ name: String) {
        self.name = name
    }

    private static func has(_ capability: wl_seat_capability, in capabilities: UInt32) -> Bool {
        capabilities & capability.rawValue != 0
    }

    private static func describe(_ capabilities: UInt32) -> String {
        let names = [(WL_SEAT_CAPABILITY_POINTER, "pointer"), (WL_SEAT_CAPABILITY_KEYBOARD, "keyboard"),
                     (WL_SEAT_CAPABILITY_TOUCH, "touch")]
            .filter { has($0.0, in: capabilities) }.map(\.1)
        return names.isEmpty ? "no input devices" : names.joined(separator: ", ")
    }
}

private let seatListener = ListenerTable(wl_seat_listener(
    capabilities: { data, _, capabilities in
        listenerOwner(data, as: Seat.self).handleCapabilities(capabilities)
    },
    name: { data, _, name in
        guard let name else { return }
        listenerOwner(data, as: Seat.self).handleName(String(cString: name))
    }
))
