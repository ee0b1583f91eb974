import Testing
@testable import GestureKit

/// What the input router promises about the touch and event objects it
/// hands out: touches that ended and that nothing holds are reused for new
/// fingers, fresh in every respect; a touch anyone still holds never is;
/// one event object carries every frame, refilled each time.
@Suite("Input router: touch and event objects")
struct InputRouterTests {
    /// Notes which objects it was given, without keeping them.
    final class ObjectNotingView: View {
        var beganObjects: [ObjectIdentifier] = []
        var beganIdentifiers: [Int] = []
        var events: [ObjectIdentifier] = []
        var allTouchesCounts: [Int] = []

        override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
            for t in touches {
                beganObjects.append(ObjectIdentifier(t))
                beganIdentifiers.append(t.identifier)
                #expect(t.phase == .began && t.tapCount >= 1 && t.view === self)
            }
            note(event)
        }

        override func touchesEnded(_ touches: Set<Touch>, with event: Event) { note(event) }

        private func note(_ event: Event) {
            events.append(ObjectIdentifier(event))
            allTouchesCounts.append(event.allTouches.count)
        }
    }

    @Test("a touch that ended and that nothing holds comes back for the next finger with a new identifier and fresh state")
    func endedTouchIsReused() {
        let h = ViewInWindow()
        let view = ObjectNotingView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.window.addSubview(view)
        h.tap(100, 100)
        h.wait(1)  // no double tap: a fresh tap count
        h.tap(300, 300)
        #expect(view.beganObjects.count == 2)
        #expect(view.beganObjects[0] == view.beganObjects[1], "the second finger reuses the first one's object")
        #expect(view.beganIdentifiers[0] != view.beganIdentifiers[1], "a reused touch is a new touch")
    }

    @Test("a touch an app still holds is never reused for a new finger")
    func heldTouchIsNotReused() {
        let h = ViewInWindow()
        h.tap(100, 100)
        let kept = h.view.lastBegan.first
        h.view.lastBegan = []
        h.wait(1)
        h.tap(300, 300)
        let second = h.view.lastBegan.first
        #expect(kept != nil && second != nil && kept !== second)
        #expect(kept?.phase == .ended && kept?.location(in: nil) == Point(x: 100, y: 100),
                "the kept touch still reads as it ended")
    }

    @Test("every frame comes in the same event object, holding that frame's touches and the others still down")
    func oneEventObjectRefilled() {
        let h = ViewInWindow()
        let view = ObjectNotingView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        view.isMultipleTouchEnabled = true
        h.window.addSubview(view)
        h.down(1, 100, 100); h.frame()
        h.down(2, 200, 200); h.frame()
        h.up(1); h.frame()
        h.up(2); h.frame()
        #expect(Set(view.events).count == 1)
        #expect(view.allTouchesCounts == [1, 2, 2, 1], "an ended touch leaves the event after its frame")
    }

    @Test("past the most touches down at once a new touch point is ignored, with its moves and lift; a lift makes room")
    func touchesPastTheMostAreIgnored() {
        let h = ViewInWindow(multipleTouch: true)
        let view = ObjectNotingView(frame: h.window.bounds)
        view.isMultipleTouchEnabled = true
        h.window.addSubview(view)
        let limit = InputRouter.maximumTouchesDown
        for id in 0..<Int32(limit + 5) { h.down(id, 10 + Double(id), 10) }
        h.frame()
        #expect(h.window.input.activeTouches.count == limit)
        #expect(view.beganObjects.count == limit)
        #expect(view.allTouchesCounts.last == limit)
        h.move(Int32(limit + 1), 200, 200); h.up(Int32(limit + 2)); h.frame()
        #expect(h.window.input.activeTouches.count == limit, "an ignored touch point's moves and lift change nothing")
        h.up(0); h.frame()
        h.down(Int32(limit + 3), 300, 300); h.frame()
        #expect(h.window.input.activeTouches.count == limit)
        #expect(view.beganObjects.count == limit + 1, "a lifted finger made room for one more")
    }
}
