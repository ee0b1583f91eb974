import CWaylandClient
import CWaylandProtocols
import Logging

/// The compositor's globals that this backend uses, bound from
/// `wl_registry` as they are announced (and dropped when withdrawn).
final class Registry {
    /// A bound singleton global: its proxy and the version agreed on.
    struct Bound {
        let proxy: OpaquePointer
        let version: UInt32
    }

    private let connection: WaylandConnection
    private let proxy: OpaquePointer

    /// Where the seats deliver input.
    let inputTarget = InputTarget()

    private(set) var compositor: Bound?
    private(set) var shm: Bound?
    private(set) var wmBase: XdgWmBase?
    private(set) var seats: [UInt32: Seat] = [:]
    private(set) var outputs: [UInt32: Output] = [:]
    /// The optional globals for HiDPI, presentation timing and decorations.
    let display: DisplayGlobals

    /// Starts listening; the globals arrive with the next roundtrip.
    init(connection: WaylandConnection) {
        self.connection = connection
        display = DisplayGlobals(connection: connection)
        proxy = wl_display_get_registry(connection.display)
        wl_registry_add_listener(proxy, registryListener.pointer, listenerUserData(self))
    }

    deinit {
        seats.removeAll()
        outputs.removeAll()
        wmBase = nil
        if let shm { wl_shm_destroy(shm.proxy) }
        if let compositor { wl_compositor_destroy(compositor.proxy) }
        wl_registry_destroy(proxy)
    }

    /// The globals without which no window can be shown.
    struct Required {
        let compositor: Bound
        let shm: Bound
        let wmBase: XdgWmBase
    }

    /// The required globals, or an error naming the first one missing.
    func required() throws(WaylandError) -> Required {
        guard let compositor else { throw .missingGlobal(interface: "wl_compositor") }
        guard let shm else { throw .missingGlobal(interface: "wl_shm") }
        guard let wmBase else { throw .missingGlobal(interface: "xdg_wm_base") }
        return Required(compositor: compositor, shm: shm, wmBase: wmBase)
    }

    /// Says, once, which optional globals are absent and what that costs.
    func reportMissingOptionalGlobals() {
        if seats.isEmpty { logger.info("no wl_seat: input disabled") }
        if inputTarget.pointerGestures == nil {
            logger.info("no zwp_pointer_gestures_v1: touchpad pinch, swipe and hold unavailable")
        }
        if outputs.isEmpty { logger.info("no wl_output: assuming scale 1") }
        display.reportMissing()
    }

    /// Ends input in flight on every seat (touches cancelled, pointer gone).
    func cancelInput() {
        for seat in seats.values {
            seat.cancelInput()
        }
    }

    fileprivate func handleGlobal(name: UInt32, interface: String, version: UInt32) {
        guard let binding = Self.bindings[interface] else { return }
        let agreed = min(version, binding.version)
        guard let bound = wl_registry_bind(proxy, name, binding.interface(), agreed) else { return }
        binding.adopt(self, OpaquePointer(bound), name, agreed)
    }

    fileprivate func handleGlobalRemove(name: UInt32) {
        // Only seats and outputs come and go in practice; losing the
        // compositor or xdg_wm_base would end the session anyway.
        seats.removeValue(forKey: name)?.cancelInput()
        if outputs.removeValue(forKey: name) != nil { display.outputsDidChange() }
    }

    /// How to bind one interface: its table, the highest version this
    /// backend implements (every event of that version has a handler), and
    /// where the proxy goes.
    private struct Binding: Sendable {
        let interface: @Sendable () -> UnsafePointer<wl_interface>
        let version: UInt32
        let adopt: @Sendable (_ registry: Registry, _ proxy: OpaquePointer, _ name: UInt32, _ version: UInt32) -> Void
    }

    private static let bindings: [String: Binding] = [
        // v4: wl_surface.damage_buffer.
        "wl_compositor": Binding(interface: { cwp_wl_compositor_interface() }, version: 4) { registry, proxy, _, version in
            registry.compositor = Bound(proxy: proxy, version: version)
        },
        "wl_shm": Binding(interface: { cwp_wl_shm_interface() }, version: 1) { registry, proxy, _, version in
            registry.shm = Bound(proxy: proxy, version: version)
        },
        // v5: the newest in the XML we generate from; its additions over v1
        // are events we may ignore (bounds, capabilities).
        "xdg_wm_base": Binding(interface: { cwp_xdg_wm_base_interface() }, version: 5) { registry, proxy, _, _ in
            registry.wmBase = XdgWmBase(proxy: proxy, connection: registry.connection)
        },
        // v8 (see Seat.implementedVersion): keyboard repeat info (v4),
        // pointer frames (v5), touch shape/orientation (v6), private keymap
        // mappings (v7), axis_value120 instead of axis_discrete (v8).
        "wl_seat": Binding(interface: { cwp_wl_seat_interface() }, version: Seat.implementedVersion) { registry, proxy, name, version in
            registry.seats[name] = Seat(proxy: proxy, version: version, target: registry.inputTarget,
                                        connection: registry.connection)
        },
        // v3: hold gestures (see PointerGestures.implementedVersion).
        "zwp_pointer_gestures_v1": Binding(interface: { cwp_zwp_pointer_gestures_v1_interface() },
                                           version: PointerGestures.implementedVersion) { registry, proxy, _, version in
            registry.inputTarget.pointerGestures = PointerGestures(proxy: proxy, version: version,
                                                                   connection: registry.connection)
        },
        // v2 groups changes with done, v3 can be released, v4 adds name and
        // description (the output's label in the display environment).
        "wl_output": Binding(interface: { cwp_wl_output_interface() }, version: 4) { registry, proxy, name, version in
            let output = Output(proxy: proxy, version: version, connection: registry.connection)
            output.onChange = registry.display.outputsDidChange
            registry.outputs[name] = output
        },
        // The display extensions are all at v1, the newest in the XML we
        // generate from.
        "wp_viewporter": Binding(interface: { cwp_wp_viewporter_interface() }, version: 1) { registry, proxy, _, _ in
            registry.display.viewporter = proxy
        },
        "wp_fractional_scale_manager_v1": Binding(interface: { cwp_wp_fractional_scale_manager_v1_interface() },
                                                  version: 1) { registry, proxy, _, _ in
            registry.display.fractionalScaleManager = proxy
        },
        "wp_presentation": Binding(interface: { cwp_wp_presentation_interface() }, version: 1) { registry, proxy, _, _ in
            registry.display.presentation = Presentation(proxy: proxy, connection: registry.connection)
        },
        "zxdg_decoration_manager_v1": Binding(interface: { cwp_zxdg_decoration_manager_v1_interface() },
                                              version: 1) { registry, proxy, _, _ in
            registry.display.decorationManager = proxy
        },
    ]
}

private let registryListener = ListenerTable(wl_registry_listener(
    global: { data, _, name, interface, version in
        guard let interface else { return }
        listenerOwner(data, as: Registry.self)
            .handleGlobal(name: name, interface: String(cString: interface), version: version)
    },
    global_remove: { data, _, name in
        listenerOwner(data, as: Registry.self).handleGlobalRemove(name: name)
    }
))
