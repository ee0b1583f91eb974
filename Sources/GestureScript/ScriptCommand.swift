import GestureKit

/// One instruction of an input script, with the line it came from.
public enum ScriptCommand: Equatable, Sendable {
    /// Resize the window (logical pixels).
    case size(Size)
    /// Touch `id` goes down at a window point.
    case down(id: Int32, at: Point)
    /// Touch `id` moves to a window point.
    case move(id: Int32, to: Point)
    /// Touch `id` lifts.
    case up(id: Int32)
    /// Ends the current frame: the touch changes since the last frame are
    /// delivered as one event.
    case frame
    /// The compositor cancels every touch.
    case cancel
    /// Lets `milliseconds` of virtual time pass (timers fire on the way).
    case wait(milliseconds: Double)
    /// Renders the window to `NAME.png` in the output folder.
    case snapshot(name: String)
    /// Shows a page of the app (as its tab would).
    case page(name: String)
    /// Shakes the device for `milliseconds` (shorter than 1 s is a shake,
    /// longer is cancelled).
    case shake(milliseconds: Double)
}

/// A parsed script: commands with their source lines.
public struct Script: Sendable {
    public var fileName: String
    public var commands: [(line: Int, command: ScriptCommand)]

    public init(fileName: String, commands: [(line: Int, command: ScriptCommand)]) {
        self.fileName = fileName
        self.commands = commands
    }

    /// The names of the snapshots, in order.
    public var snapshotNames: [String] {
        commands.compactMap { if case .snapshot(let n) = $0.command { return n } else { return nil } }
    }
}
