import DemoApp
import GestureKit
#if canImport(Glibc)
import Glibc
#endif

/// Touch input on the Gestures page, as a compositor would send it, frames
/// 8 ms apart on a virtual clock whose timers fire as time passes. `step()`
/// performs exactly one touch event (a down, a motion or an up) and the
/// frame or clock advance that follows it, so a benchmark iteration is one
/// touch event.
struct TouchWorkload {
    /// Which input the cycle holds.
    enum Cycle {
        /// Every gesture of the page in turn: a two-finger pinch-and-rotate
        /// of the picture, a pan, a fast swipe, a single tap (recognized
        /// once the double tap's timer gives up), a double tap and a long
        /// press.
        case allGestures
        /// Two fingers that went down once, pinching and turning out and
        /// back for ever: a gesture under way, moves only.
        case pinchMovesOnly
        /// The live benchmark's pinch (tools/bench/workload.py), out and
        /// back for ever: around the pinch area's centre, each finger from
        /// 60 to 120 px away while turning 60 degrees, so the picture ends
        /// twice its size and fills its frame.
        case livePinchMovesOnly
    }

    enum Operation {
        case down(Int32, Point)
        case move(Int32, Point)
        case up(Int32)
        case frame
        /// Moves the virtual clock on and fires the timers that fall due.
        case wait(Double)

        var isTouchEvent: Bool {
            switch self {
            case .down, .move, .up: return true
            case .frame, .wait: return false
            }
        }
    }

    let window: Window
    private let clock: VirtualTimeSource
    /// The clock's time, kept here too: only `perform` moves the clock, and
    /// reading it back for every operation would time that read (a
    /// run-time exclusivity check on the clock's property) with each event.
    private var time: Double
    private let operations: [Operation]
    private var next = 0
    /// Touch events in one cycle.
    let eventsPerCycle: Int

    /// The page at `size`, laid out (its text measured by `textMeasurer`
    /// when given: the one of whatever draws it), with the cycle built from
    /// its areas' places on screen.
    init(_ cycle: Cycle = .allGestures, size: Size = Size(width: 1024, height: 768),
         textMeasurer: TextMeasuring? = nil) {
        clock = VirtualTimeSource(start: 1)
        var time = clock.now
        window = DemoApp.makeWindow(size: size, timeSource: clock, page: .gestures)
        if let textMeasurer {
            window.textMeasurer = textMeasurer
            window.layoutIfNeeded()
        }
        _ = window.takeDamage()
        switch cycle {
        case .allGestures:
            operations = Self.allGestures(in: window)
        case .pinchMovesOnly:
            let c = Self.center(of: "image", in: window)
            for op in Self.pinchDown(around: c) { Self.perform(op, window: window, clock: clock, time: &time) }
            operations = Self.pinchMoves(around: c, from: 0, to: 1) + Self.pinchMoves(around: c, from: 1, to: 0)
        case .livePinchMovesOnly:
            let c = Self.center(of: "pinchArea", in: window)
            for op in Self.pinchDown(around: c, fingers: Self.liveFingers) {
                Self.perform(op, window: window, clock: clock, time: &time)
            }
            operations = Self.pinchMoves(around: c, from: 0, to: 1, fingers: Self.liveFingers)
                + Self.pinchMoves(around: c, from: 1, to: 0, fingers: Self.liveFingers)
        }
        eventsPerCycle = operations.filter(\.isTouchEvent).count
        self.time = time
    }

    /// Performs one whole cycle: a warm-up, so that lazily made state
    /// already exists when timing starts.
    mutating func playCycle() {
        for _ in 0..<eventsPerCycle { step() }
    }

    /// Performs the next touch event and any frame or wait right after it.
    mutating func step() {
        var performedEvent = false
        while true {
            let op = operations[next]
            if op.isTouchEvent && performedEvent { return }
            Self.perform(op, window: window, clock: clock, time: &time)
            performedEvent = performedEvent || op.isTouchEvent
            next = (next + 1) % operations.count
        }
    }

    private static func perform(_ op: Operation, window: Window, clock: VirtualTimeSource, time now: inout Double) {
        let input = window.input
        switch op {
        case let .down(id, p): input.touchDown(id: id, at: p, time: now)
        case let .move(id, p): input.touchMotion(id: id, to: p, time: now)
        case let .up(id): input.touchUp(id: id, time: now)
        case .frame: input.touchFrame()
        case let .wait(seconds):
            now += seconds
            clock.advance(to: now)
            window.scheduler.fireDueTimers()
        }
    }

    // MARK: Cycles

    private static let frameInterval = 0.008
    private static let frameEnd: [Operation] = [.frame, .wait(frameInterval)]

    private static func center(of name: String, in window: Window) -> Point {
        guard let view = window.view(named: name) else { preconditionFailure("no view named \(name)") }
        return view.convert(view.bounds.center, to: nil)
    }

    /// The two fingers of the pinch, `k` of the way (0...1) from a 100 px
    /// span to 150 px while turning half a radian.
    private static func fingers(around c: Point, at k: Double) -> (Point, Point) {
        let span = 100 + 50 * k, angle = 0.5 * k
        let d = Point(x: cos(angle) * span / 2, y: sin(angle) * span / 2)
        return (c - d, c + d)
    }

    /// The live benchmark's two fingers, `k` of the way (0...1) from 60 px
    /// either side of `c` to 120 px while turning 60 degrees.
    private static func liveFingers(around c: Point, at k: Double) -> (Point, Point) {
        let radius = 60 + 60 * k, angle = Double.pi / 3 * k
        let d = Point(x: cos(angle) * radius, y: sin(angle) * radius)
        return (c + d, c - d)
    }

    private static func pinchDown(around c: Point,
                                  fingers: (Point, Double) -> (Point, Point) = fingers) -> [Operation] {
        let (a, b) = fingers(c, 0)
        return [.down(0, a), .down(1, b)] + frameEnd
    }

    /// 200 frames moving both fingers from `k0` to `k1` of the way.
    private static func pinchMoves(around c: Point, from k0: Double, to k1: Double,
                                   fingers: (Point, Double) -> (Point, Point) = fingers) -> [Operation] {
        var ops: [Operation] = []
        for i in 1...200 {
            let (a, b) = fingers(c, k0 + (k1 - k0) * Double(i) / 200)
            ops += [.move(0, a), .move(1, b)] + frameEnd
        }
        return ops
    }

    private static func allGestures(in window: Window) -> [Operation] {
        var ops: [Operation] = []

        let c = center(of: "image", in: window)
        ops += pinchDown(around: c) + pinchMoves(around: c, from: 0, to: 1)
        ops += [.up(0), .up(1)] + frameEnd

        // A slow pan of 120 px over 60 frames.
        let p = center(of: "panArea", in: window)
        ops += [.down(0, p)] + frameEnd
        for i in 1...60 {
            ops += [.move(0, p + Point(x: 2 * Double(i), y: Double(i)))] + frameEnd
        }
        ops += [.up(0)] + frameEnd

        // A fast swipe to the left: 160 px in 8 frames.
        let s = center(of: "swipeArea", in: window) + Point(x: 80, y: 0)
        ops += [.down(0, s)] + frameEnd
        for i in 1...8 {
            ops += [.move(0, s - Point(x: 20 * Double(i), y: 0))] + frameEnd
        }
        ops += [.up(0)] + frameEnd

        // A single tap, recognized when the double tap's wait runs out; then
        // a double tap; then a long press.
        let t = center(of: "tapArea", in: window)
        ops += [.down(0, t), .frame, .wait(0.06), .up(0), .frame, .wait(0.5)]
        ops += [.down(0, t), .frame, .wait(0.06), .up(0), .frame, .wait(0.1)]
        ops += [.down(0, t), .frame, .wait(0.06), .up(0), .frame, .wait(0.5)]
        let l = center(of: "longPressArea", in: window)
        ops += [.down(0, l), .frame, .wait(0.6), .up(0), .frame, .wait(0.5)]
        return ops
    }
}
