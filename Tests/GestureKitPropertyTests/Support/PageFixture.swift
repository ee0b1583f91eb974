import DemoApp
import GestureKit

/// Window (b): one of the app's real pages, built by `DemoApp.makeWindow`.
///
/// The pages' views are the app's own, so they cannot keep ledgers. Where
/// the page lets touches travel up the responder chain (the Gestures page:
/// neither its views nor its controller handle touches), the page's root
/// view is moved into a full-window container ledger, which is the root
/// controller's next responder and so sees every callback of every view of
/// the page. FlatCube's controller handles the touches itself, so that page
/// is checked through the input router and its recognizers only.
enum PageFixture {
    static let size = DemoApp.defaultSize

    static func make(_ page: DemoPage) -> WindowUnderTest {
        let clock = VirtualTimeSource()
        let window = DemoApp.makeWindow(size: size, timeSource: clock, page: page)
        // Random touches must stay on the page under test: a tap on the tab
        // bar would switch to a page whose controller passes only some
        // phases up the chain (as UIKit's would). Leaving a page mid-touch is
        // covered by its own test (ViewLeavingTests).
        (window.rootViewController as? TabBarController)?.tabBar.isHidden = true
        var ledgers: [LedgerView] = []
        if page == .gestures, let root = window.rootViewController?.view {
            let container = LedgerView(name: "gestures page (responder chain)", frame: window.bounds,
                                       recordsForwardedTouches: true)
            container.isMultipleTouchEnabled = true
            window.insertSubview(container, at: 0)
            container.addSubview(root)
            ledgers.append(container)
        }
        return WindowUnderTest(window: window, clock: clock, ledgerViews: ledgers)
    }
}
