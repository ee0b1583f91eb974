import Testing
@testable import GestureKit

/// `SegmentedControl`: a touch that ends on a segment selects it, the
/// keyboard methods step through the segments, and only the user's
/// choices are reported.
@Suite("Segmented control")
struct SegmentedControlTests {
    final class Values: WindowObserver {
        var values: [String] = []
        func controlValueDidChange(_ control: View, value: String) { values.append(value) }
    }

    let h = ViewInWindow()
    let control = SegmentedControl(titles: ["One", "Two", "Three", "Four"])
    let values = Values()

    init() {
        control.frame = Rect(x: 0, y: 100, width: 400, height: 44)
        h.window.addSubview(control)
        h.window.addObserver(values)
    }

    @Test("a tap on the third segment selects it and reports 'Three'; a tap on the selected one changes nothing")
    func tapSelects() {
        var chosen: [Int] = []
        control.onValueChanged = { chosen.append($0.selectedIndex) }
        h.tap(250, 120)
        #expect(control.selectedIndex == 2)
        #expect(chosen == [2] && values.values == ["Three"])
        h.tap(260, 110)
        #expect(chosen == [2] && values.values == ["Three"])
    }

    @Test("a touch that goes down on a segment and lifts outside the control selects nothing")
    func liftOutside() {
        h.down(0, 250, 120); h.frame()
        h.move(0, 250, 300); h.frame()
        h.up(0); h.frame()
        #expect(control.selectedIndex == 0 && values.values.isEmpty)
    }

    @Test("next and previous step through the segments and wrap around, reported as the user's choices")
    func keyboardSteps() {
        control.selectPrevious()
        #expect(control.selectedIndex == 3)
        control.selectNext()
        control.selectNext()
        #expect(control.selectedIndex == 1)
        #expect(values.values == ["Four", "One", "Two"])
    }

    @Test("setting the selection in code is not reported, and an index out of range is ignored")
    func programmatic() {
        control.selectedIndex = 3
        control.selectedIndex = 7
        #expect(control.selectedIndex == 3 && values.values.isEmpty)
    }

    @Test("segments split the width evenly; four need 176 px to be 44 px targets")
    func segments() {
        #expect(control.segmentFrame(1) == Rect(x: 100, y: 0, width: 100, height: 44))
        #expect(control.minimumWidth == 176)
    }
}
