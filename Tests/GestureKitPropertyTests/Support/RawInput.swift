import GestureKit
import PropertyBased

/// One thing a compositor (or the backend's event loop) can do to a window's
/// touch input, including the odd things real compositors do: downs for an
/// id that is already down, motion and ups for ids nobody knows, frames that
/// never come, cancels, and the seat losing its touch capability.
enum RawInput: Equatable, Sendable, CustomStringConvertible {
    /// `wl_touch.down` at an absolute surface position.
    case down(id: Int32, x: Double, y: Double)
    /// `wl_touch.motion` to an absolute surface position.
    case motion(id: Int32, x: Double, y: Double)
    /// `wl_touch.motion` a few pixels away from where `id` was last put, so
    /// that taps, long presses and slow drags happen, not only jumps.
    case nudge(id: Int32, dx: Double, dy: Double)
    /// `wl_touch.up`.
    case up(id: Int32)
    /// `wl_touch.frame`.
    case frame
    /// The backend finished a batch of protocol events without a frame.
    case endOfBatch
    /// The event loop sleeps this many seconds; timers fire on the way.
    case wait(Double)
    /// `wl_touch.cancel`.
    case compositorCancel
    /// The seat lost its touch capability: every touch is cancelled.
    case seatLost

    var description: String {
        switch self {
        case let .down(id, x, y): "down(\(id), \(x), \(y))"
        case let .motion(id, x, y): "motion(\(id), \(x), \(y))"
        case let .nudge(id, dx, dy): "nudge(\(id), \(dx), \(dy))"
        case let .up(id): "up(\(id))"
        case .frame: "frame"
        case .endOfBatch: "endOfBatch"
        case let .wait(dt): "wait(\(dt))"
        case .compositorCancel: "cancel"
        case .seatLost: "seatLost"
        }
    }
}

extension RawInput {
    /// The largest magnitude a `wl_fixed` coordinate can carry.
    static let wlFixedLimit = 8_388_607.0
    /// One frame at 60 Hz.
    static let frameInterval = 0.016

    /// Random streams for a surface of `width` x `height` px, built from 1 to
    /// `maxSteps` steps. A step is one raw event, usually followed by a frame
    /// and a frame's worth of time, or a short burst that makes gestures
    /// happen (a stroke, two fingers spreading or turning, two fingers
    /// landing or lifting together). Ids span 0...20 but favour 0...2, so
    /// that ups and motion often find their touch; positions are mostly on
    /// the surface, some just off it, far off it, negative, or at the edge of
    /// the `wl_fixed` range. Every choice is drawn from an integer that
    /// shrinks towards 0, and kind 0 is a plain frame, so shrinking turns
    /// superfluous steps into frames or removes them.
    static func streams(width: Double, height: Double,
                        maxSteps: Int = 40) -> Generator<[RawInput], some Sequence & SendableMetatype> {
        zip(Gen.int(in: 0...99), Gen.int(in: 0...62),
            Gen.int(in: -150...1000), Gen.int(in: -150...1000), Gen.int(in: 0...100))
            .map { choice in
                step(kind: choice.0, id: id(choice.1), a: choice.2, b: choice.3, c: choice.4,
                     width: width, height: height)
            }
            .array(of: 1...maxSteps)
            .map { steps in steps.flatMap { $0 } }
    }

    /// Decodes one drawn tuple into a step. `a` and `b` are a position or a
    /// movement, `c` a pause or what follows the event.
    private static func step(kind: Int, id: Int32, a: Int, b: Int, c: Int,
                             width: Double, height: Double) -> [RawInput] {
        let x = position(a, extent: width), y = position(b, extent: height)
        let dx = movement(a), dy = movement(b)
        let next = (id + 1) % 21
        switch kind {
        case 0..<7: return [.frame]
        case 7..<10: return [.endOfBatch]
        case 10..<18: return [.wait(pause(c))]
        case 18..<30: return [.down(id: id, x: x, y: y)] + tail(c)
        case 30..<35:
            return [.down(id: id, x: x, y: y), .down(id: next, x: x + Double(c) - 50, y: y + 30)] + tail(c)
        case 35..<48: return [.nudge(id: id, dx: dx, dy: dy)] + tail(c)
        case 48..<52: return [.motion(id: id, x: x, y: y)] + tail(c)
        case 52..<58:
            return burst { [.nudge(id: id, dx: dx, dy: dy)] }
        case 58..<62:
            return burst { [.nudge(id: id, dx: dx / 2, dy: dy / 2), .nudge(id: next, dx: -dx / 2, dy: -dy / 2)] }
        case 62..<67: return taps(id: id, x: x, y: y, count: 1 + c % 3)
        case 67..<69: return checkMark(id: id, x: x, y: y)
        case 69..<86: return [.up(id: id)] + tail(c)
        case 86..<92: return [.up(id: id), .up(id: next)] + tail(c)
        case 92..<96: return [.compositorCancel]
        default: return [.seatLost]
        }
    }

    /// `count` quick taps of one finger at one spot.
    private static func taps(id: Int32, x: Double, y: Double, count: Int) -> [RawInput] {
        (0..<count).flatMap { _ in
            [.down(id: id, x: x, y: y), .frame, .wait(0.05), .up(id: id), .frame, .wait(0.1)]
        }
    }

    /// A finger drawing a check mark: 30 px down and to the right, then 60 px
    /// up and to the right, then lifting.
    private static func checkMark(id: Int32, x: Double, y: Double) -> [RawInput] {
        let down = (0..<3).flatMap { _ in [RawInput.nudge(id: id, dx: 6, dy: 8), .frame, .wait(frameInterval)] }
        let up = (0..<4).flatMap { _ in [RawInput.nudge(id: id, dx: 9, dy: -12), .frame, .wait(frameInterval)] }
        return [.down(id: id, x: x, y: y), .frame, .wait(frameInterval)] + down + up + [.up(id: id), .frame]
    }

    /// 0...41 maps to ids 0...2, the rest to 0...20.
    private static func id(_ v: Int) -> Int32 {
        Int32(v < 42 ? v % 3 : v - 42)
    }

    /// What follows a single event: mostly a frame and a frame's worth of
    /// time, sometimes a frame alone, sometimes nothing (the next event
    /// joins the same frame), sometimes only the end of the input batch.
    private static func tail(_ c: Int) -> [RawInput] {
        switch c {
        case 0..<50: [.frame, .wait(frameInterval)]
        case 50..<70: [.frame]
        case 70..<85: []
        default: [.endOfBatch, .wait(frameInterval / 2)]
        }
    }

    /// Four frames of the same motion, one every 16 ms: quick enough for a
    /// swipe, long enough for a pan, a pinch or a rotation to begin.
    private static func burst(_ motion: () -> [RawInput]) -> [RawInput] {
        (0..<4).flatMap { _ in motion() + [.frame, .wait(frameInterval)] }
    }

    /// 0...900 spans the surface; below 0 is off its top or left edge (down to
    /// -600 px, or the most negative `wl_fixed`); above 900 is off its far
    /// edge (up to 2000 px beyond it, or the largest `wl_fixed`).
    private static func position(_ v: Int, extent: Double) -> Double {
        switch v {
        case -150: -wlFixedLimit - 1
        case ..<0: Double(v) * 4
        case 0...900: (extent * Double(v) / 900).rounded()
        case 1000: wlFixedLimit
        default: extent + Double(v - 900) * 20
        }
    }

    /// -45...45 px, 0 for 0: jitter below the tap slop for small values
    /// (halved), strokes for larger ones.
    private static func movement(_ v: Int) -> Double {
        let r = v >= 0 ? v % 91 : -(-v % 46)
        let signed = Double(r <= 45 ? r : 45 - r)
        return abs(signed) <= 12 ? signed / 2 : signed
    }

    /// Mostly one or two frames' worth (0-60 ms); sometimes long enough for
    /// a long press, a multi-tap timeout or a swipe timeout (up to 0.8 s).
    private static func pause(_ v: Int) -> Double {
        v <= 60 ? Double(v) / 1000 : Double(v - 60) * 0.02
    }
}
