/// How an output is rotated or flipped, as `wl_output.transform`: the
/// compositor turns the content counter-clockwise by the angle.
public enum OutputTransform: Int, Sendable, CaseIterable {
    /// The content as the panel shows it natively (`normal`), or turned by 90,
    /// 180 or 270 degrees counter-clockwise; raw values are `wl_output.transform`'s.
    case normal = 0, rotated90, rotated180, rotated270
    /// Mirrored around the vertical axis, then turned like the unflipped cases.
    case flipped, flipped90, flipped180, flipped270

    /// Degrees of counter-clockwise rotation.
    public var degrees: Int { (rawValue % 4) * 90 }
    /// Whether the content is mirrored as well as turned.
    public var isFlipped: Bool { rawValue >= 4 }
}

/// The device orientation, as UIKit's interface orientations.
public enum InterfaceOrientation: String, Sendable, CaseIterable {
    /// `portrait` is the panel's native orientation (output transform
    /// `normal`); ``init(transform:)`` maps the other transforms to the rest.
    case portrait, portraitUpsideDown, landscapeLeft, landscapeRight

    /// The orientation a rotating tablet's compositor reports through its
    /// output transform: the panel's native orientation is "normal". A
    /// transform turns the picture counter-clockwise (`wl_output`), to
    /// stay upright on a panel turned clockwise by as much: 90 is the
    /// device turned right, UIKit's `landscapeLeft` (home button on the
    /// left), as mutter maps a tablet's "left side up" to 90.
    public init(transform: OutputTransform) {
        self.init(clockwiseDegrees: transform.degrees)
    }

    /// The orientation of a device turned `degrees` clockwise from
    /// portrait (any multiple of 90, negative too).
    private init(clockwiseDegrees degrees: Int) {
        switch (degrees % 360 + 360) % 360 {
        case 90: self = .landscapeLeft
        case 180: self = .portraitUpsideDown
        case 270: self = .landscapeRight
        default: self = .portrait
        }
    }

    /// The orientation a window of `windowSize` on an output turned by
    /// `transform` is seen in: the window's aspect says portrait or
    /// landscape, the transform which of the two.
    ///
    /// Where the aspect agrees with ``init(transform:)`` (a window taller
    /// than wide under `normal` or 180, wider under 90 or 270), that is
    /// the orientation: the panel is a phone's, portrait when unturned.
    /// Where it disagrees, the panel is landscape when unturned, as most
    /// tablets' and every desktop monitor's are, and reads as a portrait
    /// device turned left (`landscapeRight`, an iPad on its keyboard) plus
    /// the transform: turned right from there it is held in portrait. A
    /// square or empty window goes by the transform alone.
    public init(transform: OutputTransform, windowSize: Size) {
        let wide = windowSize.width > windowSize.height, tall = windowSize.height > windowSize.width
        let sideways = transform.degrees == 90 || transform.degrees == 270
        // Where the aspect disagrees, a quarter turn left of what the
        // transform alone says.
        let landscapePanel = wide && !sideways || tall && sideways
        self.init(clockwiseDegrees: transform.degrees - (landscapePanel ? 90 : 0))
    }

    /// The orientation after the device turns a quarter clockwise (for
    /// simulating a rotation from the keyboard): turned right from
    /// portrait, the Home button ends up on the left, `landscapeLeft`,
    /// as the output transform 90 says.
    public var rotatedClockwise: InterfaceOrientation {
        switch self {
        case .portrait: return .landscapeLeft
        case .landscapeLeft: return .portraitUpsideDown
        case .portraitUpsideDown: return .landscapeRight
        case .landscapeRight: return .portrait
        }
    }
}

/// What the window knows about where it is shown. The backend keeps it up
/// to date; pages show it (metric labels) and react to orientation.
public struct DisplayEnvironment: Equatable, Sendable {
    /// Buffer pixels per logical pixel (1, 2, or fractional such as 1.5).
    public var scale: Double = 1
    /// The name of the output the window is on as the compositor gives it
    /// (e.g. "DP-1"); empty until an output is known.
    public var outputName: String = ""
    /// The output's current mode in hardware pixels, before its transform (a
    /// 1920x1080 panel turned to portrait still reads 1920x1080); nil until the
    /// output announces a mode.
    public var outputSize: Size?
    /// The current mode's refresh rate in Hz; nil when the output does not say.
    public var outputRefresh: Double?
    /// How the output turns the content; `normal` until an output is known.
    public var outputTransform: OutputTransform = .normal
    /// The orientation: the window sets it from the output transform and
    /// its own aspect (``InterfaceOrientation/init(transform:windowSize:)``)
    /// whenever either changes what they imply; in between, a simulation
    /// (a key, a script) may set another.
    public var orientation: InterfaceOrientation = .portrait
    /// Whether the compositor draws the window's decorations.
    public var serverSideDecorations = false
    /// Whether the window must draw its own title bar (a real window on a
    /// compositor without server-side decorations; never headless).
    public var clientSideDecorations = false
    /// The toplevel's state as the compositor last configured it.
    public var windowState: WindowState = []
    /// Logical pixels per millimetre of the output, and where the figure
    /// comes from; the window's gesture thresholds convert millimetres with
    /// it.
    public var density = OutputDensity.default

    /// The environment before anything is known: scale 1, no output, portrait,
    /// no decorations, the default density.
    public init() {}
}

/// How many logical pixels make a millimetre on the output the window is
/// on, and why the window believes so: measured from what the compositor
/// reports, given by the user (`--dpi`), or the documented default because
/// the compositor reported nothing usable.
public struct OutputDensity: Equatable, Sendable, CustomStringConvertible {
    /// Where a density figure comes from; ``OutputDensity/description`` says it
    /// in words.
    public enum Source: Equatable, Sendable {
        /// From the output's physical size (millimetres) and mode.
        case measured(widthMillimetres: Int, heightMillimetres: Int)
        /// Given by the user, overriding whatever the output reports.
        case configured
        /// `defaultPixelsPerMillimetre`, for the reason given (e.g. "the
        /// output reports no physical size").
        case fallback(reason: String)
    }

    /// Logical pixels per millimetre; 96 dpi (about 3.78) by default.
    public var pixelsPerMillimetre: Double
    /// Why the window believes ``pixelsPerMillimetre``.
    public var source: Source

    /// A density as given, without any plausibility check (see
    /// ``measure(widthMillimetres:heightMillimetres:modeWidth:modeHeight:scale:)``
    /// for one made from what an output reports).
    public init(pixelsPerMillimetre: Double, source: Source) {
        self.pixelsPerMillimetre = pixelsPerMillimetre
        self.source = source
    }

    /// 96 logical pixels to the inch, before anything is known (headless,
    /// or before the first output is announced).
    public static let `default` = fallback(reason: "no output known")

    /// The default 96 logical pixels to the inch, for `reason` (why no
    /// measured or configured density applies).
    public static func fallback(reason: String) -> OutputDensity {
        OutputDensity(pixelsPerMillimetre: GestureThresholds.defaultPixelsPerMillimetre, source: .fallback(reason: reason))
    }

    /// A density given in logical pixels per inch (`--dpi`).
    public static func configured(dotsPerInch: Double) -> OutputDensity {
        OutputDensity(pixelsPerMillimetre: dotsPerInch / millimetresPerInch, source: .configured)
    }

    /// Millimetres in an inch, for converting between dots per inch and pixels
    /// per millimetre.
    public static let millimetresPerInch = 25.4

    /// Logical pixels per inch.
    public var dotsPerInch: Double { pixelsPerMillimetre * Self.millimetresPerInch }

    /// Physical sizes whose diagonal is outside this range (millimetres)
    /// are not believed: below 20 mm is an EDID that gave its aspect ratio
    /// (16x9 "mm") or nothing real, above 3 m is no panel a touch reaches
    /// (and what projectors make up).
    public static let plausibleDiagonal = 20.0...3000.0
    /// Hardware pixels per millimetre outside this range (30 to 1000 dpi)
    /// are not believed either: the sparsest panels in use (a 65-inch
    /// 1080p television) have about 34 dpi, the densest phones about 600.
    /// A compositor that reports one millimetre per pixel (weston's
    /// headless backend does, at 25.4 dpi) lands below it.
    public static let plausibleHardwareDensity = (30.0 / 25.4)...(1000.0 / 25.4)

    /// The density of an output from what the compositor says about it:
    /// its physical size in millimetres (`wl_output.geometry`), its current
    /// mode in hardware pixels, and the scale from logical to hardware
    /// pixels (the integer `wl_output.scale`, or the fractional scale the
    /// compositor prefers). Both sizes are the panel's own, before any
    /// transform. A size that is missing (0 mm), absurd, or implausible
    /// for the mode gives the default density, with the reason, never a
    /// wrong unit.
    public static func measure(widthMillimetres: Int32, heightMillimetres: Int32, modeWidth: Int32?,
                               modeHeight: Int32?, scale: Double) -> OutputDensity {
        let mm = "\(widthMillimetres)x\(heightMillimetres) mm"
        guard widthMillimetres > 0, heightMillimetres > 0 else {
            return fallback(reason: "the output reports no physical size (\(mm))")
        }
        guard let modeWidth, let modeHeight, modeWidth > 0, modeHeight > 0 else {
            return fallback(reason: "the output has no current mode")
        }
        guard scale.isFinite, scale > 0 else { return fallback(reason: "the output's scale \(scale) is not positive") }
        let w = Double(widthMillimetres), h = Double(heightMillimetres)
        let diagonal = (w * w + h * h).squareRoot()
        guard plausibleDiagonal.contains(diagonal) else {
            return fallback(reason: "the output's physical size \(mm) is implausible (diagonal \(formatFixed(diagonal, digits: 0)) mm)")
        }
        let horizontal = Double(modeWidth) / w, vertical = Double(modeHeight) / h
        let hardware = (Double(modeWidth) * Double(modeWidth) + Double(modeHeight) * Double(modeHeight)).squareRoot() / diagonal
        guard plausibleHardwareDensity.contains(hardware) else {
            return fallback(reason: "\(mm) for \(modeWidth)x\(modeHeight) px is \(formatFixed(hardware * millimetresPerInch, digits: 0)) dpi, implausible")
        }
        // An aspect ratio unlike the mode's means one of the two sizes is
        // made up (a square panel reported for a 16:9 mode).
        guard max(horizontal, vertical) / min(horizontal, vertical) <= 1.5 else {
            return fallback(reason: "\(mm) does not have the shape of \(modeWidth)x\(modeHeight) px")
        }
        return OutputDensity(pixelsPerMillimetre: hardware / scale,
                             source: .measured(widthMillimetres: Int(widthMillimetres), heightMillimetres: Int(heightMillimetres)))
    }

    /// E.g. `3.78 px/mm (96 dpi), measured from 527x296 mm`, or `3.78
    /// px/mm (96 dpi), default: the output reports no physical size (0x0 mm)`.
    public var description: String {
        let figure = "\(formatFixed(pixelsPerMillimetre)) px/mm (\(formatFixed(dotsPerInch, digits: 0)) dpi)"
        switch source {
        case .measured(let w, let h): return "\(figure), measured from \(w)x\(h) mm"
        case .configured: return "\(figure), given by --dpi"
        case .fallback(let reason): return "\(figure), default: \(reason)"
        }
    }
}

/// A toplevel window's state (xdg_toplevel configure states).
public struct WindowState: OptionSet, Hashable, Sendable {
    /// The states as bits, one per static member.
    public let rawValue: UInt8
    /// The states whose bits are set in `rawValue`; unknown bits are kept.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The window covers an output, without decorations.
    public static let fullscreen = WindowState(rawValue: 1 << 0)
    /// The window fills the output's work area; the compositor decides its size.
    public static let maximized = WindowState(rawValue: 1 << 1)
    /// The window has keyboard focus and is drawn as the active one.
    public static let activated = WindowState(rawValue: 1 << 2)
    /// Tiled on any edge.
    public static let tiled = WindowState(rawValue: 1 << 3)
    /// The user is resizing the window interactively.
    public static let resizing = WindowState(rawValue: 1 << 4)
}
