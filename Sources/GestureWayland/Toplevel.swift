import CWaylandClient
import CWaylandProtocols
import GestureKit

/// What a `Toplevel` tells its owner.
protocol ToplevelDelegate: AnyObject {
    /// The compositor settled the window's size and state and it was
    /// acknowledged; the next commit applies it. `size` is in surface
    /// coordinates (logical pixels).
    func toplevel(_ toplevel: Toplevel, didConfigure size: PixelSize, state: ToplevelState)
    /// The user asked to close the window (e.g. its close button).
    func toplevelDidRequestClose(_ toplevel: Toplevel)
}

/// The application's window as the compositor sees it: a `wl_surface` with
/// the `xdg_toplevel` role.
///
/// Nothing may be attached to the surface before the first configure has
/// been acknowledged (a protocol error), which is why all drawing waits for
/// `toplevel(_:didConfigure:state:)`. Objects that must exist before the
/// first commit (a decoration, a viewport) are created between `init` and
/// `map()`.
final class Toplevel {
    private let connection: WaylandConnection
    /// The window's surface: buffers, damage and frame callbacks go here.
    let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    /// The `xdg_toplevel`, for extensions that attach to it (decorations).
    let xdgToplevel: OpaquePointer

    weak var delegate: ToplevelDelegate?

    /// The size to use when the compositor leaves it to us (0x0).
    private let defaultSize: PixelSize
    /// The size asked for by the latest xdg_toplevel.configure; zero sides
    /// mean "your choice". Applied on the xdg_surface.configure that ends
    /// the sequence, as are the states.
    private var requestedSize = PixelSize(width: 0, height: 0)
    private var requestedState: ToplevelState = []
    /// The largest size that fits the work area (v4 configure_bounds), if
    /// the compositor said; a size we choose ourselves stays within it.
    private var bounds: PixelSize?
    /// The size last acknowledged, nil before the first configure.
    private(set) var size: PixelSize?
    /// The size the window last had while floating (not fullscreen,
    /// maximized or tiled): what it returns to when the compositor leaves
    /// the size to us on leaving such a state.
    private var floatingSize: PixelSize?
    /// The states last acknowledged.
    private(set) var state: ToplevelState = []

    /// Creates the surface and its roles. Call `map()` once everything that
    /// must precede the first commit is set up.
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
    }

    deinit {
        xdg_toplevel_destroy(xdgToplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
    }

    /// Asks for the first configure: a commit without a buffer.
    func map() {
        wl_surface_commit(surface)
    }

    // MARK: Requests

    /// The smallest size the compositor should give the window, as last
    /// announced (zero sides: no minimum).
    private(set) var minimumSize = PixelSize(width: 0, height: 0)

    /// Announces the smallest size the window's content lays out in (the
    /// toolkit window's `minimumSize`, title bar included when the window
    /// draws one). Like every toplevel state it applies with the next
    /// commit; the same size twice sends nothing.
    func setMinimumSize(_ size: PixelSize) {
        guard size != minimumSize else { return }
        minimumSize = size
        xdg_toplevel_set_min_size(xdgToplevel, size.width, size.height)
    }

    /// Asks to cover the output the window is on, or to leave fullscreen.
    func setFullscreen(_ fullscreen: Bool) {
        if fullscreen {
            // Nil output: the compositor picks, normally the current one.
            xdg_toplevel_set_fullscreen(xdgToplevel, nil)
        } else {
            xdg_toplevel_unset_fullscreen(xdgToplevel)
        }
    }

    /// Asks to fill the work area, or to be restored.
    func setMaximized(_ maximized: Bool) {
        if maximized {
            xdg_toplevel_set_maximized(xdgToplevel)
        } else {
            xdg_toplevel_unset_maximized(xdgToplevel)
        }
    }

    /// Asks to be hidden (there is no event saying it happened).
    func minimize() {
        xdg_toplevel_set_minimized(xdgToplevel)
    }

    /// Starts an interactive move, driven by the press with `serial` on
    /// `seat` (the compositor ignores a serial that is not a live press).
    func beginMove(seat: OpaquePointer, serial: UInt32) {
        xdg_toplevel_move(xdgToplevel, seat, serial)
    }

    /// Starts an interactive resize from `edges`, like `beginMove`.
    func beginResize(seat: OpaquePointer, serial: UInt32, edges: WindowEdges) {
        guard let edge = Self.resizeEdge(edges) else { return }
        xdg_toplevel_resize(xdgToplevel, seat, serial, edge.rawValue)
    }

    private static func resizeEdge(_ edges: WindowEdges) -> xdg_toplevel_resize_edge? {
        switch edges {
        case .top: return XDG_TOPLEVEL_RESIZE_EDGE_TOP
        case .bottom: return XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM
        case .left: return XDG_TOPLEVEL_RESIZE_EDGE_LEFT
        case .right: return XDG_TOPLEVEL_RESIZE_EDGE_RIGHT
        case [.top, .left]: return XDG_TOPLEVEL_RESIZE_EDGE_TOP_LEFT
        case [.top, .right]: return XDG_TOPLEVEL_RESIZE_EDGE_TOP_RIGHT
        case [.bottom, .left]: return XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_LEFT
        case [.bottom, .right]: return XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT
        // No edges, or opposite ones: nothing sensible to drag.
        default: return nil
        }
    }

    // MARK: Events

    fileprivate func handleToplevelConfigure(width: Int32, height: Int32, states: UnsafeMutablePointer<wl_array>?) {
        requestedSize = PixelSize(width: max(0, width), height: max(0, height))
        var state: ToplevelState = []
        if let states, let data = states.pointee.data {
            let count = states.pointee.size / MemoryLayout<UInt32>.size
            let values = UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self), count: count)
            for value in values {
                state.formUnion(ToplevelState(protocolValue: value))
            }
        }
        requestedState = state
    }

    fileprivate func handleConfigureBounds(width: Int32, height: Int32) {
        // 0x0 means the bounds are unknown.
        bounds = width > 0 && height > 0 ? PixelSize(width: width, height: height) : nil
    }

    fileprivate func handleSurfaceConfigure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        let isFloating = requestedState.isDisjoint(with: Self.constrainingStates)
        // A zero side is ours to choose: keep the current size, unless the
        // window just left fullscreen or maximized, when the size it had
        // before is the one to restore (the compositor does not say it).
        let chosen = (isFloating ? floatingSize : nil) ?? size ?? fitted(defaultSize)
        let settled = PixelSize(width: requestedSize.width > 0 ? requestedSize.width : chosen.width,
                                height: requestedSize.height > 0 ? requestedSize.height : chosen.height)
        size = settled
        state = requestedState
        if isFloating {
            floatingSize = settled
        }
        delegate?.toplevel(self, didConfigure: settled, state: state)
    }

    /// Takes `newSize` as the surface's size, if the window is floating
    /// (configured, and the compositor dictates no size); returns whether
    /// it did.
    func adoptFloatingSize(_ newSize: PixelSize) -> Bool {
        guard size != nil, state.isDisjoint(with: Self.constrainingStates) else { return false }
        size = newSize
        floatingSize = newSize
        return true
    }

    /// States in which the compositor dictates the size.
    private static let constrainingStates: ToplevelState = [.fullscreen, .maximized, .tiledLeft, .tiledRight,
                                                            .tiledTop, .tiledBottom]

    /// `size` shrunk to the bounds, never below the minimum size.
    private func fitted(_ size: PixelSize) -> PixelSize {
        guard let bounds else { return size }
        return PixelSize(width: max(min(size.width, bounds.width), minimumSize.width),
                         height: max(min(size.height, bounds.height), minimumSize.height))
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
    configure: { data, _, width, height, states in
        listenerOwner(data, as: Toplevel.self).handleToplevelConfigure(width: width, height: height, states: states)
    },
    close: { data, _ in
        listenerOwner(data, as: Toplevel.self).handleClose()
    },
    configure_bounds: { data, _, width, height in
        listenerOwner(data, as: Toplevel.self).handleConfigureBounds(width: width, height: height)
    },
    // Capabilities (v5) say which window-menu entries work. The toolkit's
    // title bar has no menu, and a maximize or minimize request the
    // compositor does not support is simply ignored by it.
    wm_capabilities: { _, _, _ in }
))
