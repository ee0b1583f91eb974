/// What the app asks of the window system; the backend carries it out
/// (headless runs record it).
public enum PlatformRequest: Equatable, Sendable {
    /// Close the window and end the app.
    case close
    case setFullscreen(Bool)
    case setMaximized(Bool)
    case minimize
    /// Start an interactive move (client-side title bar drag).
    case beginMove
    /// Start an interactive resize from the given edges.
    case beginResize(WindowEdges)
}

/// Window edges for interactive resizing.
public struct WindowEdges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let top = WindowEdges(rawValue: 1 << 0)
    public static let bottom = WindowEdges(rawValue: 1 << 1)
    public static let left = WindowEdges(rawValue: 1 << 2)
    public static let right = WindowEdges(rawValue: 1 << 3)
}
