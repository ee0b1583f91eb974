import DemoApp
import GestureKit
#if canImport(Glibc)
import Glibc
#endif

/// A cycle of touch input on the Gestures page, as a compositor would send
/// it: a two-finger pinch-and-rotate of the picture, a pan, a fast swipe, a
/// single tap (recognized once the double tap's timer gives up), a double
/// tap and a long press, frames 8 ms apart on a virtual clock whose timers
/// fire as time passes. `step()` performs exactly one touch event (a down,
/// a motion or an up) and the frame or clock advance that follows it, so a
/// benchmark iteration is one touch event.
struct TouchWorkload {
    enum Operation {
        case down(Int32, Point)
        case move(Int32, Point)
        case up(Int32)
        case frame
        /// Moves the virtual clock on and fires the timers that fall due.
        case wait(Double)
    }

    let window: Window
    private let clock: VirtualTimeSource
    private let operations: [Operation]
    private var next = 0
    /// Touch events in one cycle.
    let eventsPerCycle: Int

    /// The page at `size`, laid out, with the cycle built from its areas'
    /// places on screen.
    init(size: Size = Size(width: 1024, height: 768)) {
        clock = VirtualTimeSource(start: 1)
        window = DemoApp.makeWindow(size: size, timeSource: clock, page: .gestures)
        _ = window.takeDamage()
        operations = Self.cycle(in: window)
        eventsPerCycle = operations.reduce(0) { count, op in
            switch op {
            case .down, .move, .up: return count + 1
            case .frame, .wait: return count
            }
        }
    }

    /// Performs the next touch event and any frame or wait right after it.
    mutating func step() {
        var performedEvent = false
        while true {
            let op = operations[next]
            let isEvent: Bool
            switch op {
            case .down, .move, .up: isEvent = true
            case .frame, .wait: isEvent = false
            }
            if isEvent && performedEvent { return }
            perform(op)
            performedEvent = performedEvent || isEvent
            next = (next + 1) % operations.count
        }
    }

    private func perform(_ op: Operation) {
        let input = window.input
        let now = clock.now
        switch op {
        case let .down(id, p): input.touchDown(id: id, at: p, time: now)
        case let .move(id, p): input.touchMotion(id: id, to: p, time: now)
        case let .up(id): input.touchUp(id: id, time: now)
        case .frame: input.touchFrame()
        case let .wait(seconds):
            clock.advance(to: now + seconds)
            window.scheduler.fireDueTimers()
        }
    }

    // MARK: The cycle

    private static let frameInterval = 0.008

    private static func cycle(in window: Window) -> [Operation] {
        func center(_ name: String) -> Point {
            guard let view = window.view(named: name) else { preconditionFailure("no view named \(name)") }
            return view.convert(view.bounds.center, to: nil)
        }
        var ops: [Operation] = []
        func frame() { ops += [.frame, .wait(frameInterval)] }

        // Pinch from a 100 px span to 150 px while turning half a radian,
        // over 200 frames, around the picture.
        let c = center("image")
        func fingers(_ k: Double) -> (Point, Point) {
            let span = 100 + 50 * k, angle = 0.5 * k
            let d = Point(x: cos(angle) * span / 2, y: sin(angle) * span / 2)
            return (c - d, c + d)
        }
        let (a0, b0) = fingers(0)
        ops += [.down(0, a0), .down(1, b0)]
        frame()
        for i in 1...200 {
            let (a, b) = fingers(Double(i) / 200)
            ops += [.move(0, a), .move(1, b)]
            frame()
        }
        ops += [.up(0), .up(1)]
        frame()

        // A slow pan of 120 px over 60 frames.
        let p = center("panArea")
        ops.append(.down(0, p))
        frame()
        for i in 1...60 {
            ops.append(.move(0, p + Point(x: 2 * Double(i), y: Double(i))))
            frame()
        }
        ops.append(.up(0))
        frame()

        // A fast swipe to the left: 160 px in 8 frames.
        let s = center("swipeArea") + Point(x: 80, y: 0)
        ops.append(.down(0, s))
        frame()
        for i in 1...8 {
            ops.append(.move(0, s - Point(x: 20 * Double(i), y: 0)))
            frame()
        }
        ops.append(.up(0))
        frame()

        // A single tap, recognized when the double tap's wait runs out; then
        // a double tap; then a long press.
        let t = center("tapArea")
        ops += [.down(0, t), .frame, .wait(0.06), .up(0), .frame, .wait(0.5)]
        ops += [.down(0, t), .frame, .wait(0.06), .up(0), .frame, .wait(0.1)]
        ops += [.down(0, t), .frame, .wait(0.06), .up(0), .frame, .wait(0.5)]
        let l = center("longPressArea")
        ops += [.down(0, l), .frame, .wait(0.6), .up(0), .frame, .wait(0.5)]
        return ops
    }
}
