import DemoApp
import Foundation
import GestureKit
import GestureRender

/// The app's window as the user gets it (DemoApp.makeWindow, measured with
/// the renderer's fonts) on a virtual clock, with the input a user gives:
/// keys, taps, pinches and turns of two fingers.
final class AppWindow {
    let clock = VirtualTimeSource()
    let window: Window

    /// - Parameter clientSideDecorations: the window draws its own title
    ///   bar, as on a compositor without server-side decorations.
    init(size: Size, page: DemoPage = .touches, clientSideDecorations: Bool = false) {
        window = DemoApp.makeWindow(size: size, timeSource: clock, page: page, output: { _ in })
        window.textMeasurer = CairoTextMeasurer()
        if clientSideDecorations {
            var environment = window.environment
            environment.clientSideDecorations = true
            window.updateEnvironment(environment)
        }
        window.layoutIfNeeded()
    }

    func page<Page: ViewController>(_ type: Page.Type) -> Page? {
        DemoApp.currentPage(of: window) as? Page
    }

    func key(_ keysym: UInt32, _ modifiers: KeyModifiers = []) {
        window.handleKey(KeyEvent(keysym: keysym, modifiers: modifiers, time: clock.now))
        window.handleKey(KeyEvent(keysym: keysym, modifiers: modifiers, isPressed: false, time: clock.now))
    }

    /// Lets virtual time pass, firing timers at their deadlines.
    func wait(_ seconds: Double) {
        let target = clock.now + seconds
        while let deadline = window.scheduler.nextDeadline, deadline <= target {
            clock.advance(to: deadline)
            window.scheduler.fireDueTimers()
        }
        clock.advance(to: target)
    }

    /// The centre of `view` in window coordinates.
    func centre(of view: View) -> Point { view.convert(view.bounds.center, to: nil) }

    func tap(_ p: Point) {
        window.input.touchDown(id: 1, at: p, time: clock.now)
        window.input.touchFrame()
        wait(0.05)
        window.input.touchUp(id: 1, time: clock.now)
        window.input.touchFrame()
        wait(0.4)
    }

    /// Two fingers about `centre`, `span(t)` apart at angle `angle(t)`, for
    /// t from 0 to 1 in `steps` frames 16 ms apart, then lifted;
    /// `afterFrame` runs after each touch frame (a test's repaint).
    func twoFingers(about centre: Point, steps: Int, span: (Double) -> Double, angle: (Double) -> Double,
                    afterFrame: () -> Void = {}) {
        func place(_ t: Double, down: Bool) {
            let dx = span(t) / 2 * cos(angle(t)), dy = span(t) / 2 * sin(angle(t))
            let points = [Point(x: centre.x - dx, y: centre.y - dy), Point(x: centre.x + dx, y: centre.y + dy)]
            for (id, p) in zip([Int32(1), 2], points) {
                if down { window.input.touchDown(id: id, at: p, time: clock.now) }
                else { window.input.touchMotion(id: id, to: p, time: clock.now) }
            }
            window.input.touchFrame()
            afterFrame()
        }
        place(0, down: true)
        for step in 1...steps {
            wait(0.016)
            place(Double(step) / Double(steps), down: false)
        }
        wait(0.016)
        window.input.touchUp(id: 1, time: clock.now)
        window.input.touchUp(id: 2, time: clock.now)
        window.input.touchFrame()
        afterFrame()
        wait(0.1)
    }

    func pinch(about centre: Point, from: Double, to: Double, steps: Int = 20) {
        twoFingers(about: centre, steps: steps, span: { from + (to - from) * $0 }, angle: { _ in 0 })
    }

    func rotate(about centre: Point, span: Double, by radians: Double, steps: Int = 20) {
        twoFingers(about: centre, steps: steps, span: { _ in span }, angle: { radians * $0 })
    }
}
