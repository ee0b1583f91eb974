import CWaylandProtocols

/// The states an `xdg_toplevel.configure` reports: how the compositor
/// shows the window, which decides what client-side decorations look like
/// (no shadow or rounded corners when maximized or tiled, no title bar in
/// fullscreen, a dimmed title when not activated).
struct ToplevelState: OptionSet, Equatable, CustomStringConvertible {
    let rawValue: UInt32

    /// Fills the work area; no border to resize by.
    static let maximized = ToplevelState(rawValue: 1 << 0)
    /// Covers a whole output; no decorations at all.
    static let fullscreen = ToplevelState(rawValue: 1 << 1)
    /// Being resized interactively: configures come in quick succession.
    static let resizing = ToplevelState(rawValue: 1 << 2)
    /// Has the keyboard focus (its title bar looks active).
    static let activated = ToplevelState(rawValue: 1 << 3)
    /// Edges that touch another window or the screen edge (xdg_wm_base v2):
    /// no shadow or resize border there.
    static let tiledLeft = ToplevelState(rawValue: 1 << 4)
    static let tiledRight = ToplevelState(rawValue: 1 << 5)
    static let tiledTop = ToplevelState(rawValue: 1 << 6)
    static let tiledBottom = ToplevelState(rawValue: 1 << 7)

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The state named by one `xdg_toplevel.state` value; unknown values
    /// (from a newer protocol version) mean nothing here.
    init(protocolValue: UInt32) {
        switch protocolValue {
        case XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue: self = .maximized
        case XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue: self = .fullscreen
        case XDG_TOPLEVEL_STATE_RESIZING.rawValue: self = .resizing
        case XDG_TOPLEVEL_STATE_ACTIVATED.rawValue: self = .activated
        case XDG_TOPLEVEL_STATE_TILED_LEFT.rawValue: self = .tiledLeft
        case XDG_TOPLEVEL_STATE_TILED_RIGHT.rawValue: self = .tiledRight
        case XDG_TOPLEVEL_STATE_TILED_TOP.rawValue: self = .tiledTop
        case XDG_TOPLEVEL_STATE_TILED_BOTTOM.rawValue: self = .tiledBottom
        default: self = []
        }
    }

    private static let names: [(ToplevelState, String)] = [
        (.maximized, "maximized"), (.fullscreen, "fullscreen"), (.resizing, "resizing"),
        (.activated, "activated"), (.tiledLeft, "tiled-left"), (.tiledRight, "tiled-right"),
        (.tiledTop, "tiled-top"), (.tiledBottom, "tiled-bottom"),
    ]

    /// The states by name, e.g. "activated, maximized"; "floating" for none.
    var description: String {
        let present = Self.names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "floating" : present.joined(separator: ", ")
    }
}
