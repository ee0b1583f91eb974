import CWaylandProtocols

/// Who draws the window's title bar and borders, negotiated through
/// `zxdg_toplevel_decoration_v1`: we ask for the compositor to (server
/// side), and the compositor has the last word in each configure.
///
/// Must be created before the toplevel's first commit: a decoration for a
/// toplevel that already committed is a protocol error. It must also be
/// destroyed before the toplevel.
final class ToplevelDecoration {
    private let connection: WaylandConnection
    private let proxy: OpaquePointer

    /// Whether the compositor draws the decorations, as of the latest
    /// configure; false until one says otherwise.
    private(set) var isServerSide = false

    /// Called when `isServerSide` changed.
    var onChange: (() -> Void)?

    /// Asks `manager` to decorate `toplevel` server side.
    init(manager: OpaquePointer, toplevel: OpaquePointer, connection: WaylandConnection) {
        self.connection = connection
        proxy = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
        zxdg_toplevel_decoration_v1_add_listener(proxy, decorationListener.pointer, listenerUserData(self))
        zxdg_toplevel_decoration_v1_set_mode(proxy, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
    }

    deinit {
        zxdg_toplevel_decoration_v1_destroy(proxy)
    }

    fileprivate func handleConfigure(mode: UInt32) {
        // Any mode but server side (including ones a newer protocol may
        // add) leaves the drawing to us.
        let serverSide = mode == ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue
        guard serverSide != isServerSide else { return }
        isServerSide = serverSide
        onChange?()
    }
}

private let decorationListener = ListenerTable(zxdg_toplevel_decoration_v1_listener(
    configure: { data, _, mode in
        listenerOwner(data, as: ToplevelDecoration.self).handleConfigure(mode: mode)
    }
))
