import CWaylandClient
import CWaylandProtocols

/// What a `Toplevel` tells its owner.
protocol ToplevelDelegate: AnyObject {
    /// The compositor settled the window's state and it was acknowledged;
    /// the next commit applies it. `size` is in surface coordinates.
    func toplevel(_ toplevel: Toplevel, didConfigure size: PixelSize)
    /// The user asked to close the window (e.g. its close button).
    func toplevelDidRequestClose(_ toplevel: Toplevel)
}

/// The application's window as the compositor sees it: a `wl_surface` with
/// the `xdg_toplevel` role.
///
/// Nothing may be attached to the surface before the first configure has
/// been acknowledged (a protocol error), which is why all drawing waits for
/// `toplevel(_:didConfigure:)`.
final class Toplevel {
    private let connection: WaylandConnection
    /// The window's surface: buffers, damage and frame callbacks go here.
    let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let xdgToplevel: OpaquePointer

    weak var delegate: ToplevelDelegate?

    /// The size to use when the compositor leaves it to us (0x0).
    private let defaultSize: PixelSize
    /// The size asked for by the latest xdg_toplevel.configure; zero sides
    /// mean "your choice". Applied on the xdg_surface.configure that ends
    /// the sequence.
    private var requestedSize = PixelSize(width: 0, height: 0)
    /// The size last acknowledged, nil before the first configure.
    private(set) var size: PixelSize?

    /// Creates the surface and its roles, and asks for the first configure.
    init(compositor: OpaquePointer, wmBase: XdgWmBase, title: String, appID: String,
         defaultSize: PixelSize, connection: WaylandConnection) {
        self.connection = connection
        self.defaultSize = defaultSize
        surface = wl_compositor_create_surface(compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase.proxy, surface)
        xdgToplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener.pointer, listenerUserData(self))
        xdg_toplevel_add_listener(xdgToplevel, xdgToplevelListener.pointer, listenerUserData(self))
        xdg_toplevel_set_title(xdgToplevel, title)
        xdg_toplevel_set_app_id(xdgToplevel, appID)
        // A commit without a buffer is how a client asks to be configured.
        wl_surface_commit(surface)
    }

    deinit {
        xdg_toplevel_destroy(xdgToplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
    }

    fileprivate func handleToplevelConfigure(width: Int32, height: Int32) {
        // TODO: states (maximized, fullscreen, activated, tiled) once the
        // window draws decorations that depend on them.
        requestedSize = PixelSize(width: max(0, width), height: max(0, height))
    }

    fileprivate func handleSurfaceConfigure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        let current = size ?? defaultSize
        let settled = PixelSize(width: requestedSize.width > 0 ? requestedSize.width : current.width,
                                height: requestedSize.height > 0 ? requestedSize.height : current.height)
        size = settled
        delegate?.toplevel(self, didConfigure: settled)
    }

    fileprivate func handleClose() {
        delegate?.toplevelDidRequestClose(self)
    }
}

private let xdgSurfaceListener = ListenerTable(xdg_surface_listener(
    configure: { data, _, serial in
        listenerOwner(data, as: Toplevel.self).handleSurfaceConfigure(serial: serial)
    }
))

private let xdgToplevelListener = ListenerTable(xdg_toplevel_listener(
    configure: { data, _, width, height, _ in
        listenerOwner(data, as: Toplevel.self).handleToplevelConfigure(width: width, height: height)
    },
    close: { data, _ in
        listenerOwner(data, as: Toplevel.self).handleClose()
    },
    // Bounds (v4) would cap the initial size; the default fits any screen.
    configure_bounds: { _, _, _, _ in },
    // Capabilities (v5) say which window menu entries work; there is no menu.
    wm_capabilities: { _, _, _ in }
))
