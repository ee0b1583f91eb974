import GestureKit

/// A recognizer's decision: it began, recognized (ended), was cancelled or
/// failed, when, where its touches were, and why (the transition's reason,
/// as the debug overlay shows it).
public struct Verdict: Equatable, Sendable {
    /// The recognizer's `debugName` (`tap`, `lab.pan`).
    public var recognizer: String
    /// The name of the view it is attached to (its type without one).
    public var view: String
    public var state: GestureRecognizer.State
    /// Seconds of virtual time since the script started.
    public var time: Double
    public var reason: String?
    /// The centroid of its touches, in window coordinates.
    public var location: Point

    public init(recognizer: String, view: String, state: GestureRecognizer.State, time: Double, reason: String?,
                location: Point) {
        self.recognizer = recognizer
        self.view = view
        self.state = state
        self.time = time
        self.reason = reason
        self.location = location
    }

    /// How the table names the state: `recognized` for a discrete
    /// recognizer's `ended`, else the state's name.
    public var outcome: String { state == .ended ? "recognized" : state.rawValue }
}

/// One touch's path: where it went down and every place it was delivered,
/// with the time.
public struct TouchTrail: Equatable, Sendable {
    public struct Sample: Equatable, Sendable {
        public var time: Double
        public var location: Point
    }

    public var identifier: Int
    public var samples: [Sample]

    public var start: Sample { samples[0] }
    public var end: Sample { samples[samples.count - 1] }
}

/// What one preset made of the script's input.
public struct PresetRun: Sendable {
    public var thresholds: GestureThresholds
    public var verdicts: [Verdict]
    public var trails: [TouchTrail]
    /// Why the run stopped before the script's end (a view not on screen,
    /// the time limit), if it did.
    public var stopped: String?
}

/// Plays one script once per threshold preset, each time in a fresh
/// window on a fresh virtual clock, and records what every recognizer
/// decided and where the touches went. The window is the host's (the app),
/// with `LabRecognizers` added, so the same touches are also judged as
/// every kind of gesture.
///
/// `thresholds` lines in the script are left out: the comparison chooses
/// the preset. Checks run but do not matter, and snapshots are not taken.
public struct ThresholdComparison {
    public var script: Script
    public var presets: [GestureThresholds]
    /// A new window judging by the given preset, on the given clock.
    public var makeWindow: (GestureThresholds, VirtualTimeSource) -> Window
    /// Connects a player to the host's window (pages, counters).
    public var configure: (ScriptPlayer, Window) -> Void
    /// The most virtual time the script may span.
    public var timeLimit = ScriptDefaults.timeLimit

    public init(script: Script, presets: [GestureThresholds] = GestureThresholds.presets,
                makeWindow: @escaping (GestureThresholds, VirtualTimeSource) -> Window,
                configure: @escaping (ScriptPlayer, Window) -> Void = { _, _ in }) {
        self.script = script
        self.presets = presets
        self.makeWindow = makeWindow
        self.configure = configure
    }

    /// The script's lines that choose a preset, which the comparison skips.
    public var ignoredLines: [Script.Line] {
        script.commands.filter { if case .thresholds = $0.command { return true } else { return false } }
    }

    public func run() -> [PresetRun] {
        var played = script
        played.commands.removeAll { if case .thresholds = $0.command { return true } else { return false } }
        return presets.map { preset in
            let clock = VirtualTimeSource()
            let window = makeWindow(preset, clock)
            let lab = LabRecognizers(window: window)
            let recorder = VerdictRecorder(clock: clock)
            window.addObserver(recorder)
            let player = ScriptPlayer(window: window, clock: clock)
            player.timeLimit = timeLimit
            configure(player, window)
            player.onSnapshot = nil
            var stopped: String?
            do {
                try player.run(played)
            } catch {
                stopped = "\(error)"
            }
            window.removeObserver(recorder)
            lab.detach()
            return PresetRun(thresholds: window.gestureThresholds, verdicts: recorder.verdicts,
                             trails: recorder.trails, stopped: stopped)
        }
    }
}

/// Writes down recognizers' decisions and touch paths as they happen.
final class VerdictRecorder: WindowObserver {
    private let clock: TimeSource
    private(set) var verdicts: [Verdict] = []
    private var trailsByIdentifier: [Int: TouchTrail] = [:]

    init(clock: TimeSource) {
        self.clock = clock
    }

    /// Every touch's trail, in the order the touches went down (touch
    /// identifiers grow).
    var trails: [TouchTrail] { trailsByIdentifier.keys.sorted().compactMap { trailsByIdentifier[$0] } }

    func gestureRecognizer(_ recognizer: GestureRecognizer, didTransitionFrom old: GestureRecognizer.State,
                           to new: GestureRecognizer.State, reason: String?) {
        guard new != .changed, new != .possible else { return }
        let view = recognizer.view.map { $0.name ?? $0.typeName } ?? ""
        verdicts.append(Verdict(recognizer: recognizer.debugName, view: view, state: new, time: clock.now,
                                reason: reason, location: recognizer.location(in: nil)))
    }

    func touchesDidChange(_ touches: [Touch], in window: Window) {
        for t in touches where t.phase != .stationary {
            let sample = TouchTrail.Sample(time: t.timestamp, location: t.location(in: nil))
            trailsByIdentifier[t.identifier, default: TouchTrail(identifier: t.identifier, samples: [])]
                .samples.append(sample)
        }
    }
}
