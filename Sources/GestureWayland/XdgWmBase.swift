import CWaylandProtocols

/// The `xdg_wm_base` global: the factory for xdg surfaces, and the
/// compositor's liveness check (a client that does not answer its pings
/// is shown as unresponsive).
final class XdgWmBase {
    private let connection: WaylandConnection
    /// The bound `xdg_wm_base`.
    let proxy: OpaquePointer

    /// Adopts a bound `xdg_wm_base` proxy.
    init(proxy: OpaquePointer, connection: WaylandConnection) {
        self.connection = connection
        self.proxy = proxy
        xdg_wm_base_add_listener(proxy, wmBaseListener.pointer, listenerUserData(self))
    }

    deinit {
        xdg_wm_base_destroy(proxy)
    }

    fileprivate func handlePing(serial: UInt32) {
        xdg_wm_base_pong(proxy, serial)
    }
}

private let wmBaseListener = ListenerTable(xdg_wm_base_listener(
    ping: { data, _, serial in
        listenerOwner(data, as: XdgWmBase.self).handlePing(serial: serial)
    }
))
