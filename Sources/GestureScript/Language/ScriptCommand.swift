import GestureKit

/// One instruction of an input script (docs/scripting.md). Its
/// `description` is the canonical script text, which parses back to an
/// equal command, so a recorder can write what it builds.
public enum ScriptCommand: Equatable, Sendable {
    /// Resize the window (logical pixels).
    case size(Size)
    /// Touch `id` goes down.
    case down(id: Int32, at: ScriptPoint)
    /// Touch `id` moves.
    case move(id: Int32, to: ScriptPoint)
    /// Touch `id` lifts.
    case up(id: Int32)
    /// Ends the current frame: the touch changes since the last frame are
    /// delivered as one event.
    case frame
    /// The compositor cancels every touch.
    case cancel
    /// A whole gesture made of touches and waits (`tap`, `swipe`, ...).
    indirect case gesture(SyntheticGesture)
    /// Pointer input (a left-button drag is a touch).
    case pointer(PointerAction)
    /// A touchpad gesture event, at the pointer (`touchpad pinch begin 2`).
    indirect case touchpad(TouchpadEvent)
    /// Key input, by name.
    case key(KeyAction, KeyChord)
    /// How held keys repeat from now on (`keyboard repeat RATE DELAY`); a
    /// script's keyboard does not repeat until it says so.
    case keyboardRepeat(KeyRepeatSettings)
    /// Lets `milliseconds` of virtual time pass (timers fire on the way).
    case wait(milliseconds: Double)
    /// Renders the window to `NAME.png` in the output folder, optionally
    /// comparing it with a golden image.
    indirect case snapshot(name: String, golden: GoldenComparison? = nil)
    /// Shows a page of the app (as its tab would).
    case page(name: String)
    /// Shakes the device for `milliseconds` (shorter than 1 s is a shake,
    /// longer is cancelled).
    case shake(milliseconds: Double)
    /// The device starts shaking (`shake begin`).
    case shakeBegin
    /// The device stops shaking (`shake end [MS]`). With `milliseconds`,
    /// the shake lasted that long from its begin, though it ends only now:
    /// an accelerometer knows a shake has ended only once it has been
    /// still for a moment, and a recording keeps how long it really was.
    case shakeEnd(milliseconds: Double?)
    /// Sets the interface orientation, as a rotating device would.
    case orientation(InterfaceOrientation)
    /// Judges gestures from now on by the named threshold preset
    /// (`GestureThresholds.presets`), as `--thresholds` does at launch.
    case thresholds(name: String)
    /// Checks the window's state.
    indirect case expect(ScriptAssertion)
}

/// Gestures written as one command. Each expands into touch downs, moves,
/// ups, frames and waits (see `GestureSynthesizer`); durations are in
/// milliseconds, and `steps` (nil: one per 16 ms) is the number of moves.
public enum SyntheticGesture: Equatable, Sendable {
    /// One finger per point, all down in one frame, lifted together; `taps`
    /// times (1 for `tap`, 2 for `doubletap`).
    case tap(at: [ScriptPoint], taps: Int)
    /// One finger held still for `milliseconds`.
    case longPress(at: ScriptPoint, milliseconds: Double)
    /// One finger moved by `by` and lifted without resting.
    case swipe(from: ScriptPoint, by: Point, milliseconds: Double, steps: Int?)
    /// One finger moved to another point and lifted.
    case drag(from: ScriptPoint, to: ScriptPoint, milliseconds: Double, steps: Int?)
    /// Two fingers on a horizontal line through the point, their span
    /// going from `fromSpan` to `toSpan` px.
    case pinch(at: ScriptPoint, fromSpan: Double, toSpan: Double, milliseconds: Double, steps: Int?)
    /// Two fingers `span` px apart about the point, starting horizontal and
    /// turning by `radians` (positive turns clockwise on screen).
    case rotate(at: ScriptPoint, span: Double, radians: Double, milliseconds: Double, steps: Int?)
}

/// What the pointer does.
public enum PointerAction: Equatable, Sendable {
    case move(to: ScriptPoint)
    case down(MouseButton)
    case up(MouseButton)
    /// Scroll by `dx`, `dy` (`wl_pointer.axis` values, px).
    case scroll(dx: Double, dy: Double)
    /// The pointer leaves the window (a drag in progress is cancelled).
    case leave
}

/// A mouse button, with its Linux evdev code (what `wl_pointer.button`
/// carries).
public enum MouseButton: String, CaseIterable, Sendable {
    case left, right, middle

    public var code: UInt32 {
        switch self {
        case .left: return 0x110
        case .right: return 0x111
        case .middle: return 0x112
        }
    }
}

/// How a key chord is played.
public enum KeyAction: Equatable, Sendable {
    /// Pressed and released (`key ctrl+z`).
    case type
    /// Pressed and left held (`key press alt`).
    case press
    /// Released (`key release alt`).
    case release
    /// Pressed, held for `milliseconds`, released (`key hold ctrl+s 600`).
    case hold(milliseconds: Double)
}

/// `vs GOLDEN [tolerance N]` of a snapshot.
public struct GoldenComparison: Equatable, Sendable {
    /// The golden PNG, relative to the script's folder unless absolute.
    public var path: String
    /// The largest difference (0-255) a colour channel of a pixel may have
    /// and still match.
    public var tolerance: Int

    public init(path: String, tolerance: Int = 0) {
        self.path = path
        self.tolerance = tolerance
    }
}

/// A parsed script: commands with where they came from.
public struct Script: Sendable {
    /// One command and its source.
    public struct Line: Sendable {
        public var line: Int
        /// Column of the command's first word.
        public var column: Int
        public var command: ScriptCommand
        /// The line as written, without its comment (for messages).
        public var text: String

        public init(line: Int, column: Int = 1, command: ScriptCommand, text: String = "") {
            self.line = line
            self.column = column
            self.command = command
            self.text = text.isEmpty ? command.description : text
        }
    }

    public var fileName: String
    public var commands: [Line]

    public init(fileName: String, commands: [Line]) {
        self.fileName = fileName
        self.commands = commands
    }

    /// The names of the snapshots, in order.
    public var snapshotNames: [String] {
        commands.compactMap { if case .snapshot(let n, _) = $0.command { return n } else { return nil } }
    }

}
