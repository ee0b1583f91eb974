import Testing
@testable import GestureKit

/// UIKit's `isExclusiveTouch`: an exclusive view takes a touch only when
/// it is the only one in the window, and while it has one no other view
/// gets any.
@Suite("Exclusive touch")
struct ExclusiveTouchTests {
    let h = ViewInWindow(multipleTouch: true)
    let exclusive = RecordingView(frame: Rect(x: 0, y: 0, width: 200, height: 400))
    let other = RecordingView(frame: Rect(x: 200, y: 0, width: 200, height: 400))

    init() {
        exclusive.isExclusiveTouch = true
        exclusive.isMultipleTouchEnabled = true
        other.isMultipleTouchEnabled = true
        h.view.addSubview(exclusive)
        h.view.addSubview(other)
    }

    @Test("while the exclusive view has a touch, a touch elsewhere reaches neither its view nor its recognizers")
    func blocksOthers() {
        let tap = TapGestureRecognizer()
        let log = ActionLog(tap)
        other.addGestureRecognizer(tap)
        h.down(0, 100, 100)
        h.frame()
        h.down(1, 300, 100)
        h.frame()
        h.up(1)
        h.frame()
        #expect(other.calls.isEmpty, "\(other.calls)")
        #expect(log.states.isEmpty)
        h.up(0)
        h.frame()
        #expect(exclusive.calls == ["began 1", "ended 1"])
        // Once it has none, the others get touches again (the tap
        // recognized cancels its touch in the view).
        h.tap(300, 100)
        #expect(other.calls == ["began 1", "cancelled 1"])
        #expect(log.states == [.ended])
    }

    @Test("a touch landing on the exclusive view while another is down anywhere goes nowhere, a second of its own too")
    func takesOnlyLoneTouches() {
        h.down(0, 300, 100)
        h.frame()
        h.down(1, 100, 100)
        h.frame()
        h.up(1)
        h.frame()
        #expect(exclusive.calls.isEmpty, "\(exclusive.calls)")
        h.up(0)
        h.frame()
        h.down(0, 100, 100)
        h.frame()
        h.down(1, 150, 100)
        h.frame()
        h.up(0)
        h.up(1)
        h.frame()
        #expect(exclusive.calls == ["began 1", "ended 1"], "\(exclusive.calls)")
    }

    @Test("views that are not exclusive share the window as before")
    func othersShare() {
        exclusive.isExclusiveTouch = false
        h.down(0, 100, 100)
        h.frame()
        h.down(1, 300, 100)
        h.frame()
        h.up(0)
        h.up(1)
        h.frame()
        #expect(exclusive.calls == ["began 1", "ended 1"])
        #expect(other.calls == ["began 1", "ended 1"])
    }
}
