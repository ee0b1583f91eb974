import GestureKit
import PropertyBased
import Testing

/// SPEC section 6, "Reliability", against window (a): any sequence of raw
/// touch events, however odd, leaves views, recognizers, timers and the
/// input router consistent.
@Suite("Random raw touch streams through nested views with recognizers of every kind")
struct NestedRecognizerStreamTests {
    static let cases = 150

    static func streams() -> Generator<[RawInput], some Sequence & SendableMetatype> {
        RawInput.streams(width: NestedRecognizersFixture.size.width, height: NestedRecognizersFixture.size.height)
    }

    @Test("every touch a view saw begin ends exactly once for that view, and never ends without beginning")
    func everyBeganTouchEndsOnceForItsView() async {
        await propertyCheck(count: Self.cases, input: Self.streams()) { stream in
            let report = NestedRecognizersFixture.make().run(stream)
            #expect(report.viewLedgerViolations.isEmpty, "\(report.viewLedgerViolations)")
            #expect(report.routerLedgerViolations.isEmpty, "\(report.routerLedgerViolations)")
        }
    }

    @Test("every recognizer transition is legal, none is refused, and taps and swipes never begin or change")
    func everyTransitionIsLegal() async {
        await propertyCheck(count: Self.cases, input: Self.streams()) { stream in
            let report = NestedRecognizersFixture.make().run(stream)
            #expect(report.transitionViolations.isEmpty, "\(report.transitionViolations)")
            #expect(report.refusedTransition == nil, "refused: \(report.refusedTransition ?? "")")
        }
    }

    @Test("once the seat is lost and every deadline has passed, every recognizer is possible, no timer is left, no touch is active or alive")
    func closingTheStreamLeavesNothingInFlight() async {
        await propertyCheck(count: Self.cases, input: Self.streams()) { stream in
            let report = NestedRecognizersFixture.make().run(stream)
            #expect(report.leftovers.isEmpty, "\(report.leftovers)")
            #expect(!report.timerLoopExhausted, "timers kept firing")
        }
    }

    @Test("hidden, transparent and non-interactive views and their recognizers never see a touch")
    func hitTestingSkipsUntouchableViews() async {
        await propertyCheck(count: Self.cases, input: Self.streams()) { stream in
            let report = NestedRecognizersFixture.make().run(stream)
            #expect(report.untouchableViolations.isEmpty, "\(report.untouchableViolations)")
        }
    }
}
