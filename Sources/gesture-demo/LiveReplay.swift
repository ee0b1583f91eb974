import GestureKit
import GestureScript

/// Replays a script into a live window in real time: each command's steps
/// are performed as their time comes, and every wait is a timer on the
/// window's scheduler (the event loop's timer fd), so the window keeps
/// drawing and the compositor keeps sending its own input meanwhile. When
/// the script ends the window closes; failed checks make the exit code 1.
final class LiveReplay {
    private let player: ScriptPlayer
    private let script: Script
    private let window: Window
    private var next = 0
    private var line: Script.Line?
    private var pending: [ScriptStep] = []
    private(set) var error: Error?
    private(set) var finished = false

    init(script: Script, player: ScriptPlayer, window: Window) {
        self.script = script
        self.player = player
        self.window = window
    }

    /// Starts after `delay` seconds, so the window is on screen first, and
    /// stops the replay once it has run for `player.timeLimit` seconds of
    /// real time (what was due before then has played).
    func start(after delay: Double) {
        window.scheduler.schedule(after: delay) { [self] _ in proceed() }
        let limit = player.timeLimit
        window.scheduler.schedule(after: delay + limit) { [self] _ in
            guard !finished, let line = line ?? script.commands.first else { return }
            stop(line, ScriptTimeLimitError(limit: limit, isVirtual: false))
        }
    }

    private func proceed() {
        while !finished {
            if pending.isEmpty {
                guard next < script.commands.count else { return finish() }
                let current = script.commands[next]
                next += 1
                line = current
                do {
                    pending = try player.steps(for: current.command)
                } catch {
                    return stop(current, error)
                }
                continue
            }
            let step = pending.removeFirst()
            if case .wait(let seconds) = step {
                player.closeFrame()
                window.scheduler.schedule(after: seconds) { [self] _ in proceed() }
                return
            }
            guard let line else { continue }
            do {
                try player.perform(step, of: line, in: script.fileName)
            } catch {
                return stop(line, error)
            }
        }
    }

    private func stop(_ line: Script.Line, _ error: Error) {
        self.error = player.stopped(at: line, in: script.fileName, by: error)
        finish()
    }

    private func finish() {
        finished = true
        player.closeFrame()
        window.request(.close)
    }

    /// The failed checks, reported as they were.
    var failures: [AssertionResult] { player.failures }
    var checks: Int { player.results.count }
    /// Whether the script played to its end.
    var completed: Bool { finished && error == nil }
}
