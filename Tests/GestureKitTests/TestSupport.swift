@testable import GestureKit

/// A window on a virtual clock with helpers to feed it raw touch input the
/// way the backend does.
final class TouchHarness {
    let clock = VirtualTimeSource()
    let window: Window

    init(size: Size = Size(width: 400, height: 400)) {
        window = Window(size: size, timeSource: clock)
    }

    func down(_ id: Int32, _ x: Double, _ y: Double) { window.input.touchDown(id: id, at: Point(x: x, y: y), time: clock.now) }
    func move(_ id: Int32, _ x: Double, _ y: Double) { window.input.touchMotion(id: id, to: Point(x: x, y: y), time: clock.now) }
    func up(_ id: Int32) { window.input.touchUp(id: id, time: clock.now) }
    func frame() { window.input.touchFrame() }

    /// Lets virtual time pass, firing timers at their deadlines.
    func wait(_ seconds: Double) {
        window.input.touchFrame()
        let target = clock.now + seconds
        while let d = window.scheduler.nextDeadline, d <= target {
            clock.advance(to: d)
            window.scheduler.fireDueTimers()
        }
        clock.advance(to: target)
    }

    /// Attaches `recognizer` to the window and records its actions.
    func attach(_ recognizer: GestureRecognizer) -> ActionLog {
        let log = ActionLog(recognizer)
        window.addGestureRecognizer(recognizer)
        return log
    }

    func tap(_ x: Double, _ y: Double, id: Int32 = 0) {
        down(id, x, y); frame()
        up(id); frame()
    }
}

/// A view that records every touch callback it gets, in order.
final class RecordingView: View {
    var calls: [String] = []
    var began = 0, moved = 0, ended = 0, cancelled = 0
    var lastBegan: Set<Touch> = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        began += touches.count; lastBegan = touches
        calls.append("began \(touches.count)")
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        moved += touches.count
        calls.append("moved \(touches.count)")
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        ended += touches.count
        calls.append("ended \(touches.count)")
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        cancelled += touches.count
        calls.append("cancelled \(touches.count)")
    }
}
