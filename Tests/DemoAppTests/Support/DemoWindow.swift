import DemoApp
import GestureKit

/// One of the app's windows on a virtual clock, opened on `Page`'s page,
/// with scripts played through the real input pipeline.
@MainActor
struct DemoWindow<Page: ViewController> {
    let clock = VirtualTimeSource()
    let window: Window
    /// The page the window opened on.
    let page: Page

    init(_ demoPage: DemoPage, size: Size = DemoApp.defaultSize) {
        window = DemoApp.makeWindow(size: size, timeSource: clock, page: demoPage)
        page = DemoApp.currentPage(of: window) as! Page
    }
}

/// A suite whose tests share one `DemoWindow`: `window`, `vc` and `play`
/// come from it.
@MainActor
protocol DemoWindowSuite {
    associatedtype Page: ViewController
    var app: DemoWindow<Page> { get }
}

extension DemoWindowSuite {
    var window: Window { app.window }
    var vc: Page { app.page }
    func play(_ text: String) throws { try app.window.play(text, clock: app.clock) }
}
