import GestureKit
import Testing

/// The code in GestureKit's DocC articles, run as written: an example a
/// reader copies must do what the article says it does. The article's
/// recognizer is `Examples/StrokeCounter`'s, which this target compiles
/// through the symbolic link `StrokeGestureRecognizer.swift`.
@Suite("Documentation examples")
struct DocumentationExampleTests {
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
