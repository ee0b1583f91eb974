/// How an output is rotated or flipped, as `wl_output.transform`: the
/// compositor turns the content counter-clockwise by the angle.
public enum OutputTransform: Int, Sendable, CaseIterable {
    case normal = 0, rotated90, rotated180, rotated270
    case flipped, flipped90, flipped180, flipped270

    /// Degrees of counter-clockwise rotation.
    public var degrees: Int { (rawValue % 4) * 90 }
    public var isFlipped: Bool { rawValue >= 4 }
}

/// The device orientation, as UIKit's interface orientations.
public enum InterfaceOrientation: String, Sendable, CaseIterable {
    case portrait, portraitUpsideDown, landscapeLeft, landscapeRight

    /// The orientation a rotating tablet's compositor reports through its
    /// output transform: the panel's native orientation is "normal".
    public init(transform: OutputTransform) {
        switch transform.degrees {
        case 90: self = .landscapeRight
        case 180: self = .portraitUpsideDown
        case 270: self = .landscapeLeft
        default: self = .portrait
        }
    }

    /// The next orientation a quarter turn clockwise (for simulating a
    /// rotation from the keyboard).
    public var rotatedClockwise: InterfaceOrientation {
        switch self {
        case .portrait: return .landscapeRight
        case .landscapeRight: return .portraitUpsideDown
        case .portraitUpsideDown: return .landscapeLeft
        case .landscapeLeft: return .portrait
        }
    }
}

/// What the window knows about where it is shown. The backend keeps it up
/// to date; pages show it (metric labels) and react to orientation.
public struct DisplayEnvironment: Equatable, Sendable {
    /// Buffer pixels per logical pixel (1, 2, or fractional such as 1.5).
    public var scale: Double = 1
    /// The output the window is on: mode size in pixels, refresh in Hz.
    public var outputName: String = ""
    public var outputSize: Size?
    public var outputRefresh: Double?
    public var outputTransform: OutputTransform = .normal
    /// The orientation, from the output transform or a simulation.
    public var orientation: InterfaceOrientation = .portrait
    /// Whether the compositor draws the window's decorations.
    public var serverSideDecorations = false
    /// Whether the window must draw its own title bar (a real window on a
    /// compositor without server-side decorations; never headless).
    public var clientSideDecorations = false
    /// The toplevel's state as the compositor last configured it.
    public var windowState: WindowState = []

    public init() {}
}

/// A toplevel window's state (xdg_toplevel configure states).
public struct WindowState: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let fullscreen = WindowState(rawValue: 1 << 0)
    public static let maximized = WindowState(rawValue: 1 << 1)
    public static let activated = WindowState(rawValue: 1 << 2)
    /// Tiled on any edge.
    public static let tiled = WindowState(rawValue: 1 << 3)
    public static let resizing = WindowState(rawValue: 1 << 4)
}
