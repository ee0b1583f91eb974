import DemoApp
import GestureKit
import PropertyBased
import Testing

/// SPEC section 6, "Reliability", against the app's real pages (window (b)).
@Suite("Random raw touch streams through the app's pages")
struct DemoPageStreamTests {
    static let cases = 100

    static func streams() -> Generator<[RawInput], some Sequence & SendableMetatype> {
        RawInput.streams(width: PageFixture.size.width, height: PageFixture.size.height)
    }

    @Test("every touch the page saw begin ends exactly once, and never ends without beginning",
          arguments: DemoPage.allCases)
    func everyBeganTouchEndsOnce(page: DemoPage) async {
        await propertyCheck(count: Self.cases, input: Self.streams()) { stream in
            let report = PageFixture.make(page).run(stream)
            #expect(report.viewLedgerViolations.isEmpty, "\(report.viewLedgerViolations)")
            #expect(report.routerLedgerViolations.isEmpty, "\(report.routerLedgerViolations)")
        }
    }

    @Test("every recognizer transition of the page is legal, none is refused, and discrete recognizers never begin or change",
          arguments: DemoPage.allCases)
    func everyTransitionIsLegal(page: DemoPage) async {
        await propertyCheck(count: Self.cases, input: Self.streams()) { stream in
            let report = PageFixture.make(page).run(stream)
            #expect(report.transitionViolations.isEmpty, "\(report.transitionViolations)")
            #expect(report.refusedTransition == nil, "refused: \(report.refusedTransition ?? "")")
        }
    }

    @Test("once the seat is lost and every deadline has passed, the page has nothing in flight",
          arguments: DemoPage.allCases)
    func closingTheStreamLeavesNothingInFlight(page: DemoPage) async {
        await propertyCheck(count: Self.cases, input: Self.streams()) { stream in
            let report = PageFixture.make(page).run(stream)
            #expect(report.leftovers.isEmpty, "\(report.leftovers)")
            #expect(!report.timerLoopExhausted, "timers kept firing")
        }
    }
}
