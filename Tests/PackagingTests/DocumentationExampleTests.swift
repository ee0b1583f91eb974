import GestureKit
import Testing

/// The code in GestureKit's DocC articles, run as written: an example a
/// reader copies must do what the article says it does.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    /// The recognizer of "Writing a custom recognizer".
    final class StrokeGestureRecognizer: GestureRecognizer {
        var minimumLength = 100.0
        var maximumDrift = 24.0
        private var start: Point?

        override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
            guard activeTouches.count == 1, let touch = touches.first else {
                fail("a stroke is drawn with one finger")
                return
            }
            start = touch.location(in: view)
        }

        override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
            guard state == .possible, let start, let touch = touches.first else { return }
            let drift = abs(touch.location(in: view).y - start.y)
            if drift > maximumDrift { fail("drifted \(Int(drift)) px") }
        }

        override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
            guard state == .possible, let start, let touch = touches.first else { return }
            let length = abs(touch.location(in: view).x - start.x)
            if length >= minimumLength { state = .recognized } else { fail("only \(Int(length)) px") }
        }

        override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
            fail("touch cancelled")
        }

        override func reset() {
            super.reset()
            start = nil
        }
    }

    @Test("The touch model: a long press on a virtual clock is recognized once 0.6 s have passed")
    func longPressOnVirtualClock() {
        let clock = VirtualTimeSource()
        let window = Window(size: Size(width: 400, height: 400), timeSource: clock)
        var pressed = false
        let press = LongPressGestureRecognizer { _ in pressed = true }
        window.addGestureRecognizer(press)

        window.input.touchDown(id: 0, at: Point(x: 200, y: 200), time: clock.now)
        window.input.touchFrame()
        #expect(!pressed)
        clock.advance(to: 0.6)                 // past the 0.5 s minimum press
        window.scheduler.fireDueTimers()
        #expect(pressed)
    }

    @Test("Writing a custom recognizer: a level stroke counts once, and the test in the article passes")
    func strokeOnVirtualClock() {
        let clock = VirtualTimeSource()
        let window = Window(size: Size(width: 400, height: 300), timeSource: clock)
        var strokes = 0
        window.addGestureRecognizer(StrokeGestureRecognizer { _ in strokes += 1 })

        window.input.touchDown(id: 0, at: Point(x: 50, y: 150), time: clock.now)
        window.input.touchFrame()
        for x in stride(from: 90.0, through: 250, by: 40) {
            window.input.touchMotion(id: 0, to: Point(x: x, y: 155), time: clock.now)
            window.input.touchFrame()
        }
        window.input.touchUp(id: 0, time: clock.now)
        window.input.touchFrame()
        #expect(strokes == 1)
    }

    @Test("Writing a custom recognizer: a tap that requires the stroke to fail still recognizes a tap")
    func tapWaitsForStroke() {
        let clock = VirtualTimeSource()
        let window = Window(size: Size(width: 400, height: 300), timeSource: clock)
        var count = 5
        let stroke = StrokeGestureRecognizer { _ in count += 1 }
        let tap = TapGestureRecognizer { _ in count = 0 }
        tap.require(toFail: stroke)
        window.addGestureRecognizer(stroke)
        window.addGestureRecognizer(tap)

        window.input.touchDown(id: 0, at: Point(x: 50, y: 150), time: clock.now)
        window.input.touchFrame()
        window.input.touchUp(id: 0, time: clock.now)
        window.input.touchFrame()
        #expect(count == 0)
        #expect(stroke.lastTransitionState == .failed)
    }
}
