import Foundation  // cos, sin
@testable import GestureKit

/// A view in a window on a virtual clock: the stage of the toolkit's tests.
/// `view` fills the window unless a frame is given, records the touch
/// callbacks it gets, and is where tests attach recognizers and place
/// subviews. The helpers feed raw touch input the way the backend does
/// (touch events, then the compositor's frame) and let virtual time pass,
/// firing timers at their deadlines.
final class ViewInWindow {
    let clock = VirtualTimeSource()
    let window: Window
    let view: RecordingView

    /// - Parameter placesView: false for tests of controllers that fill the
    ///   window themselves: `view` then stays out of the window.
    init(size: Size = Size(width: 400, height: 400), viewFrame: Rect? = nil, multipleTouch: Bool = false,
         placesView: Bool = true) {
        window = Window(size: size, timeSource: clock)
        view = RecordingView(frame: viewFrame ?? window.bounds)
        view.isMultipleTouchEnabled = multipleTouch
        if placesView { window.addSubview(view) }
    }

    // MARK: Raw touch input

    func down(_ id: Int32, _ x: Double, _ y: Double) { window.input.touchDown(id: id, at: Point(x: x, y: y), time: clock.now) }
    func move(_ id: Int32, _ x: Double, _ y: Double) { window.input.touchMotion(id: id, to: Point(x: x, y: y), time: clock.now) }
    func up(_ id: Int32) { window.input.touchUp(id: id, time: clock.now) }
    func frame() { window.input.touchFrame() }

    /// One finger down and up again at once, each in its own frame.
    func tap(_ x: Double, _ y: Double, id: Int32 = 0) {
        down(id, x, y); frame()
        up(id); frame()
    }

    /// Moves touch `id` from `from` to `to` in `steps` frames `dt` seconds apart.
    func drag(_ id: Int32, from: Point, to: Point, steps: Int, dt: Double = 0.016) {
        for i in 1...steps {
            wait(dt)
            let f = Double(i) / Double(steps)
            move(id, from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f)
            frame()
        }
    }

    /// Touches 1 and 2 around `center`, `span` apart on a line at `angle`
    /// radians: put down when `begin`, moved there otherwise; then a frame.
    func place(center: Point, span: Double, angle: Double, begin: Bool) {
        let dx = cos(angle) * span / 2, dy = sin(angle) * span / 2
        if begin {
            down(1, center.x - dx, center.y - dy); down(2, center.x + dx, center.y + dy)
        } else {
            move(1, center.x - dx, center.y - dy); move(2, center.x + dx, center.y + dy)
        }
        frame()
    }

    // MARK: Time

    /// Sends the pending frame, then lets `seconds` of virtual time pass.
    func wait(_ seconds: Double) {
        frame()
        advanceClock(to: clock.now + seconds)
    }

    /// Lets virtual time run to `time`, firing timers at their deadlines,
    /// without sending a frame (as when a compositor sends none).
    func advanceClock(to time: Double) {
        while let d = window.scheduler.nextDeadline, d <= time {
            clock.advance(to: d)
            window.scheduler.fireDueTimers()
        }
        clock.advance(to: time)
    }

    // MARK: Recognizers

    /// Attaches `recognizer` to the view and records its actions.
    func attach(_ recognizer: GestureRecognizer) -> ActionLog {
        let log = ActionLog(recognizer)
        view.addGestureRecognizer(recognizer)
        return log
    }
}

