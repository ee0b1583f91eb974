import Glibc  // cos, sin
import GestureKit

/// One thing the player does at one instant, or a wait between two such
/// things. Every command expands into steps (`ScriptPlayer.steps(for:)`)
/// with its view references resolved: a headless run performs them on a
/// virtual clock, and a live replay can perform the instantaneous ones and
/// schedule the rest after each `.wait` on the real clock.
public enum ScriptStep: Equatable, Sendable {
    case touchDown(id: Int32, at: Point)
    case touchMove(id: Int32, to: Point)
    case touchUp(id: Int32)
    /// Delivers the touch changes since the last frame (nothing if none).
    case touchFrame
    case touchCancel
    /// Lets time pass; timers fire on the way.
    case wait(seconds: Double)
    case resize(Size)
    case pointerMove(to: Point)
    case pointerButton(MouseButton, pressed: Bool)
    case pointerScroll(dx: Double, dy: Double)
    case pointerLeave
    /// A touchpad gesture event, at the pointer.
    case touchpad(TouchpadEvent)
    /// A key by the keysym it gives without Shift; the player applies the
    /// modifiers held at that moment (Shift turns `/` into `?`).
    case key(keysym: UInt32, pressed: Bool)
    /// The keyboard's repeat settings change.
    case keyRepeat(KeyRepeatSettings)
    /// The device starts shaking.
    case shakeBegan
    /// The device stops shaking; `lasted` (seconds from the begin) when
    /// the shake ended before it was reported, nil for now.
    case shakeEnded(lasted: Double?)
    case orientation(InterfaceOrientation)
    /// Switches the window to a threshold preset, by name.
    case thresholds(String)
    case page(String)
    case snapshot(name: String, golden: GoldenComparison?)
    case expect(ScriptAssertion)

    /// Whether the step feeds raw touch points, which gather into the
    /// current frame; every other step closes the frame first, so what it
    /// does or observes follows the touches delivered so far.
    var isTouchPoint: Bool {
        switch self {
        case .touchDown, .touchMove, .touchUp, .touchFrame: return true
        default: return false
        }
    }
}

/// Turns the gesture commands into touches, frames and waits, with the
/// timing of `ScriptDefaults`. Pure: the same gesture always gives the
/// same steps, which is what makes replays deterministic.
public enum GestureSynthesizer {
    /// The number of moves a gesture of `milliseconds` makes when the
    /// script gives none: one per 16 ms, at least one, at most
    /// `ScriptDefaults.maximumSteps` (however long it takes).
    public static func defaultSteps(milliseconds: Double) -> Int {
        let moves = (milliseconds / ScriptDefaults.moveIntervalMilliseconds).rounded()
        // Compared before converting: a duration of 1e300 ms has no Int.
        guard moves < Double(ScriptDefaults.maximumSteps) else { return ScriptDefaults.maximumSteps }
        return max(1, Int(moves))
    }

    /// `taps` taps of one finger per point: all down in one frame, resting
    /// `ScriptDefaults.tapDuration`, all up in one frame.
    public static func tap(_ points: [Point], taps: Int, ids: [Int32]) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        for tap in 0..<taps {
            if tap > 0 { steps.append(.wait(seconds: ScriptDefaults.doubleTapPause)) }
            steps += zip(ids, points).map { .touchDown(id: $0, at: $1) } + [.touchFrame]
            steps.append(.wait(seconds: ScriptDefaults.tapDuration))
            steps += ids.map { .touchUp(id: $0) } + [.touchFrame]
        }
        return steps
    }

    /// One finger held still.
    public static func longPress(_ p: Point, seconds: Double, id: Int32) -> [ScriptStep] {
        [.touchDown(id: id, at: p), .touchFrame, .wait(seconds: seconds), .touchUp(id: id), .touchFrame]
    }

    /// One finger moved in `steps` equal moves over `seconds`, lifted at
    /// the last one (no rest, so it leaves with its velocity).
    public static func stroke(from p: Point, to q: Point, seconds: Double, steps: Int, id: Int32) -> [ScriptStep] {
        var out: [ScriptStep] = [.touchDown(id: id, at: p), .touchFrame]
        for i in 1...max(1, steps) {
            let f = Double(i) / Double(max(1, steps))
            out += [.wait(seconds: seconds / Double(max(1, steps))),
                    .touchMove(id: id, to: i == steps ? q : p + (q - p) * f), .touchFrame]
        }
        return out + [.touchUp(id: id), .touchFrame]
    }

    /// Two fingers placed by `positions(f)` for f from 0 (down) to 1 (the
    /// last move), then lifted together.
    public static func twoFingers(seconds: Double, steps: Int, ids: (Int32, Int32),
                                  positions: (Double) -> (Point, Point)) -> [ScriptStep] {
        let start = positions(0)
        var out: [ScriptStep] = [.touchDown(id: ids.0, at: start.0), .touchDown(id: ids.1, at: start.1), .touchFrame]
        let n = max(1, steps)
        for i in 1...n {
            let (a, b) = positions(Double(i) / Double(n))
            out += [.wait(seconds: seconds / Double(n)), .touchMove(id: ids.0, to: a), .touchMove(id: ids.1, to: b),
                    .touchFrame]
        }
        return out + [.touchUp(id: ids.0), .touchUp(id: ids.1), .touchFrame]
    }

    /// Fingers on a horizontal line through `center`, `span` apart.
    public static func pinchPositions(center: Point, from: Double, to: Double) -> (Double) -> (Point, Point) {
        { f in
            let half = (f == 1 ? to : from + (to - from) * f) / 2
            return (Point(x: center.x - half, y: center.y), Point(x: center.x + half, y: center.y))
        }
    }

    /// Fingers `span` apart about `center`, turned by `radians * f` from
    /// horizontal (positive: clockwise on screen, as y grows down).
    public static func rotationPositions(center: Point, span: Double, radians: Double) -> (Double) -> (Point, Point) {
        { f in
            let angle = radians * f
            let d = Point(x: cos(angle) * span / 2, y: sin(angle) * span / 2)
            return (center - d, center + d)
        }
    }

    /// The steps of a key chord. The chord's modifiers (with Shift added
    /// for a character that needs it, such as `?`) are held around its
    /// key's own event only: pressed in the order written before it,
    /// released in reverse after it. So `key press ctrl+s` leaves just `s`
    /// held, and `key release s` lets it go, which is how a recording
    /// writes a held shortcut; a modifier written as the key itself
    /// (`key press alt`) stays held and modifies what follows.
    public static func keySteps(_ action: KeyAction, _ chord: KeyChord) -> [ScriptStep] {
        let (keysym, needsShift) = ScriptKeys.unshiftedKey(for: chord.key)
        var modifiers = chord.modifiers
        if needsShift && !modifiers.contains(.shift) { modifiers.append(.shift) }
        let before = modifiers.map { ScriptStep.key(keysym: $0.keysym, pressed: true) }
        let after = modifiers.reversed().map { ScriptStep.key(keysym: $0.keysym, pressed: false) }
        let down = ScriptStep.key(keysym: keysym, pressed: true), up = ScriptStep.key(keysym: keysym, pressed: false)
        switch action {
        case .type: return before + [down, up] + after
        case .press: return before + [down] + after
        case .release: return before + [up] + after
        case .hold(let ms): return before + [down, .wait(seconds: ms / 1000), up] + after
        }
    }
}
