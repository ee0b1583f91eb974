/// What the app asks of the window system; the backend carries it out
/// (headless runs record it).
public enum PlatformRequest: Equatable, Sendable {
    /// Close the window and end the app.
    case close
    /// Enter (true) or leave (false) fullscreen; the compositor may refuse.
    case setFullscreen(Bool)
    /// Maximize (true) or restore (false) the window; the compositor may refuse.
    case setMaximized(Bool)
    /// Ask the compositor to hide the window; there is no request to undo it,
    /// and the app is not told whether it happened.
    case minimize
    /// Start an interactive move (client-side title bar drag).
    case beginMove
    /// Start an interactive resize from the given edges.
    case beginResize(WindowEdges)
}

/// Window edges for interactive resizing.
public struct WindowEdges: OptionSet, Hashable, Sendable {
    /// The edges as bits, one per static member.
    public let rawValue: UInt8
    /// The edges whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The top edge; with ``left`` or ``right``, a corner.
    public static let top = WindowEdges(rawValue: 1 << 0)
    /// The bottom edge; with ``left`` or ``right``, a corner.
    public static let bottom = WindowEdges(rawValue: 1 << 1)
    /// The left edge.
    public static let left = WindowEdges(rawValue: 1 << 2)
    /// The right edge.
    public static let right = WindowEdges(rawValue: 1 << 3)
}

/// The pointer's cursor over a view: the theme's arrow, or the double
/// arrow of the window edges a press there would resize.
public enum CursorShape: Hashable, Sendable {
    /// The arrow: everywhere but the resize strips.
    case arrow
    /// Resizing from these edges (one edge, or a corner's two).
    case resize(WindowEdges)
}
