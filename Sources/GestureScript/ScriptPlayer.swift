import GestureKit

/// Plays a script into a window on a virtual clock: input takes no real
/// time and a wait jumps the clock from timer to timer, so a 3-second timer
/// fires in microseconds and every run of the same script gives the same
/// result.
public final class ScriptPlayer {
    public let window: Window
    public let clock: VirtualTimeSource
    /// Renders a snapshot; the player knows nothing of pixels.
    public var onSnapshot: ((String) throws -> Void)?
    /// Shows a page; the player knows nothing of the app's pages.
    public var onPage: ((String) throws -> Void)?
    /// The longest virtual time one script may span; a script that would
    /// run longer stops with an error instead of running "forever".
    public var timeLimit: Double = 3600

    public init(window: Window, clock: VirtualTimeSource) {
        self.window = window
        self.clock = clock
    }

    /// Runs every command; errors from snapshots or the time limit stop the
    /// run and name the script line.
    public func run(_ script: Script) throws {
        for (line, command) in script.commands {
            do {
                try execute(command)
            } catch {
                throw ScriptRunError(file: script.fileName, line: line, message: "\(error)")
            }
        }
        window.input.touchFrame()
        window.scheduler.fireDueTimers()
    }

    public func execute(_ command: ScriptCommand) throws {
        let input = window.input
        switch command {
        case .size(let size):
            input.touchFrame()
            window.resize(to: size)
        case .down(let id, let p):
            input.touchDown(id: id, at: p, time: clock.now)
        case .move(let id, let p):
            input.touchMotion(id: id, to: p, time: clock.now)
        case .up(let id):
            input.touchUp(id: id, time: clock.now)
        case .frame:
            input.touchFrame()
        case .cancel:
            input.touchCancel()
        case .wait(let ms):
            input.touchFrame()
            try advance(by: ms / 1000)
        case .snapshot(let name):
            input.touchFrame()
            window.scheduler.fireDueTimers()
            try onSnapshot?(name)
        case .page(let name):
            input.touchFrame()
            try onPage?(name)
        case .shake(let ms):
            input.touchFrame()
            window.shakeBegan(time: clock.now)
            try advance(by: ms / 1000)
            window.shakeEnded(time: clock.now)
        }
    }

    /// Moves the virtual clock forward, firing each timer at its own
    /// deadline so that timers scheduled by timers run in order.
    public func advance(by seconds: Double) throws {
        let target = clock.now + seconds
        guard target <= timeLimit else {
            throw ScriptTimeLimitError(limit: timeLimit)
        }
        while let deadline = window.scheduler.nextDeadline, deadline <= target {
            clock.advance(to: deadline)
            window.scheduler.fireDueTimers()
        }
        clock.advance(to: target)
    }
}

/// A script that failed while running (not a syntax error).
public struct ScriptRunError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
}

public struct ScriptTimeLimitError: Error, CustomStringConvertible {
    public var limit: Double
    public var description: String { "script exceeds the time limit of \(formatCoordinate(limit)) s of virtual time" }
}
