@testable import GestureWayland
import Testing

@Suite("Hold end")
struct HoldEndTests {
    @Test("a touch event due within the input wait ends the hold just before it, so it is read as it comes")
    func endsJustBeforeTheEvent() {
        let end = Presenter.holdEnd(presentationDue: 10.000, nextArrival: 10.004, inputWait: 0.010)
        #expect(end == 10.004 - Presenter.arrivalLead)
        #expect(end < 10.004, "the event must not wait unread")
    }

    @Test("with no event forecast, or one beyond the input wait, the hold ends at the presentation")
    func endsAtThePresentation() {
        #expect(Presenter.holdEnd(presentationDue: 10.000, nextArrival: nil, inputWait: 0.010) == 10.000)
        #expect(Presenter.holdEnd(presentationDue: 10.000, nextArrival: 10.011, inputWait: 0.010) == 10.000)
    }

    @Test("an event due right after the presentation never ends the hold before the presentation")
    func neverBeforeThePresentation() {
        let end = Presenter.holdEnd(presentationDue: 10.000, nextArrival: 10.000 + Presenter.arrivalLead / 2, inputWait: 0.010)
        #expect(end == 10.000)
    }
}
