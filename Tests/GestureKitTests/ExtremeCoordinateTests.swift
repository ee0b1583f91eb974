import Testing
@testable import GestureKit

/// Touches far beyond any screen: the toolkit takes any `Double` a backend
/// hands it, and a distance whose square overflows to infinity must fail
/// or end a gesture with a reason like any other, never stop the app.
@Suite("Coordinates at the edge of a Double")
struct ExtremeCoordinateTests {
    static let far = 1e308

    @Test("a finger thrown to 1e308 fails a tap and a long press, and the reasons write the distance as inf")
    func tapAndLongPress() {
        let h = ViewInWindow()
        let tap = TapGestureRecognizer(), press = LongPressGestureRecognizer()
        _ = h.attach(tap)
        _ = h.attach(press)
        h.down(0, 50, 50); h.frame()
        h.move(0, Self.far, 50); h.frame()
        #expect(tap.lastFailure == "moved inf px > 10 px")
        #expect(press.lastFailure == "moved inf px > 10 px")
        h.up(0); h.frame()
        #expect(h.window.input.activeTouches.isEmpty)
    }

    @Test("a pan, a swipe and a pinch given such a finger end with reasons that write out how far, and the window takes the next tap")
    func panSwipePinch() {
        let pan = ViewInWindow(), swipe = ViewInWindow(), pinch = ViewInWindow()
        let panner = PanGestureRecognizer(), swiper = SwipeGestureRecognizer(), pincher = PinchGestureRecognizer()
        let reasons = [ActionReadings(panner) { $0.lastTransitionReason },
                       ActionReadings(swiper) { $0.lastTransitionReason },
                       ActionReadings(pincher) { $0.lastTransitionReason }]
        _ = [pan.attach(panner), swipe.attach(swiper), pinch.attach(pincher)]
        for h in [pan, swipe] {
            h.down(0, 50, 50); h.wait(0.016)
            h.move(0, Self.far, 50); h.wait(0.016)
            h.up(0); h.frame()
        }
        pinch.place(center: Point(x: 200, y: 200), span: 100, angle: 0, begin: true)
        pinch.wait(0.016)
        pinch.move(2, Self.far, -Self.far); pinch.wait(0.016)
        pinch.up(1); pinch.up(2); pinch.frame()

        #expect(reasons[0].readings.first?.state == .began && reasons[0].readings.first?.value == "moved inf px > 10 px")
        #expect(reasons[1].readings.first?.state == .ended && reasons[1].readings.first?.value == "went right 1e+308 px in 0.02 s",
                "\(reasons[1].readings)")
        #expect(reasons[2].readings.first?.state == .began && reasons[2].readings.first?.value == "span changed inf px > 8 px",
                "\(reasons[2].readings)")
        for h in [pan, swipe, pinch] {
            #expect(h.window.input.activeTouches.isEmpty)
            let tap = TapGestureRecognizer()
            let log = h.attach(tap)
            h.wait(1)
            h.tap(60, 60)
            #expect(log.states == [.ended])
        }
    }
}
