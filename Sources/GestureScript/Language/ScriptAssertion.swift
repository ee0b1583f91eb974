import GestureKit

/// An assertion a script makes about the window (`expect ...`). Checked
/// when its line runs; a failure is reported and the script goes on.
public enum ScriptAssertion: Equatable, Sendable {
    /// A label's text: `expect label NAME == "text"`, `~ "regex"`.
    case label(name: String, TextCheck)
    /// A named view: whether it exists, or one of its properties.
    case view(name: String, ViewCheck)
    /// A switch: `expect switch NAME == on`.
    case switchIsOn(name: String, Bool)
    /// A recognizer's current state: `expect recognizer NAME state == began`.
    case recognizerState(name: String, equal: Bool, GestureRecognizer.State)
    /// How often a recognizer has recognized (reached `.ended`) since the
    /// script started: `expect recognizer NAME recognized == 2`.
    case recognizedCount(name: String, Comparison, Int)
    /// The recognizer that recognized last (nil: none yet):
    /// `expect last-gesture == doubleTap`.
    case lastGesture(String?)
    /// A counter the host provides (FlatCube's `single` and `double`).
    case counter(name: String, Comparison, Int)
    /// The page shown (names from the host).
    case page(String)
    /// The window's interface orientation.
    case orientation(InterfaceOrientation)
}

/// How a text is checked.
public enum TextCheck: Equatable, Sendable {
    case equals(String)
    case notEquals(String)
    /// A regular expression (Swift `Regex` syntax) that must match the
    /// whole text.
    case matches(String)
    case notMatches(String)

    /// The operator as written.
    public var op: String {
        switch self {
        case .equals: return "=="
        case .notEquals: return "!="
        case .matches: return "~"
        case .notMatches: return "!~"
        }
    }

    /// The text or pattern.
    public var operand: String {
        switch self {
        case .equals(let s), .notEquals(let s), .matches(let s), .notMatches(let s): return s
        }
    }
}

/// What is checked of a named view.
public enum ViewCheck: Equatable, Sendable {
    /// `exists` (true) or `absent` (false).
    case exists(Bool)
    /// A number compared within `tolerance` (nil: the default).
    case number(ViewNumber, Comparison, Double, tolerance: Double?)
    /// The frame in window coordinates (x, y, width, height).
    case frame(Rect, tolerance: Double?)
    /// The centre in window coordinates.
    case center(Point, tolerance: Double?)
    /// A flag: `hidden` or `interaction`.
    case flag(ViewFlag, Bool)
}

/// The numeric properties of a view a script can check.
public enum ViewNumber: String, CaseIterable, Sendable {
    /// Of the frame in window coordinates (the bounding box on screen).
    case x, y, width, height
    /// The view's own alpha (not multiplied by its ancestors').
    case alpha
    /// The angle of the view's own transform, in radians
    /// (`atan2(b, a)`; positive turns clockwise on screen).
    case rotation
    /// The x scale of the view's own transform (`sqrt(a² + b²)`).
    case scale
}

/// The boolean properties of a view a script can check.
public enum ViewFlag: String, CaseIterable, Sendable {
    case hidden
    /// `isUserInteractionEnabled`.
    case interaction
}

/// A comparison operator.
public enum Comparison: String, CaseIterable, Sendable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

    /// Whether `actual OP expected` holds, with equality within
    /// `tolerance`.
    public func holds(_ actual: Double, _ expected: Double, tolerance: Double = 0) -> Bool {
        let near = abs(actual - expected) <= tolerance
        switch self {
        case .equal: return near
        case .notEqual: return !near
        case .less: return actual < expected && !near
        case .lessOrEqual: return actual <= expected || near
        case .greater: return actual > expected && !near
        case .greaterOrEqual: return actual >= expected || near
        }
    }
}

extension InterfaceOrientation {
    /// The names scripts use, as the README and docs write them.
    public static let scriptNames: [(name: String, orientation: InterfaceOrientation)] = [
        ("portrait", .portrait), ("landscape-left", .landscapeLeft),
        ("landscape-right", .landscapeRight), ("upside-down", .portraitUpsideDown),
    ]

    /// The script name of the orientation (`landscape-left`).
    public var scriptName: String {
        Self.scriptNames.first { $0.orientation == self }?.name ?? rawValue
    }

    init?(scriptName: String) {
        guard let entry = Self.scriptNames.first(where: { $0.name == scriptName }) else { return nil }
        self = entry.orientation
    }
}

extension GestureRecognizer.State {
    /// The state names a script may write; `recognized` is `ended`.
    static func named(_ name: String) -> GestureRecognizer.State? {
        name == "recognized" ? .ended : GestureRecognizer.State(rawValue: name)
    }

    static let scriptNames = ["possible", "began", "changed", "ended", "recognized", "cancelled", "failed"]
}
