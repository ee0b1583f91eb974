import Testing
@testable import GestureKit

@Suite("Window minimum size")
struct WindowMinimumSizeTests {
    final class Page: ViewController {
        override var minimumContentSize: Size { Size(width: 360, height: 480) }
    }

    let window = Window(size: Size(width: 800, height: 600), timeSource: VirtualTimeSource())

    init() {
        window.rootViewController = Page()
    }

    func decorate(clientSide: Bool, fullscreen: Bool = false) {
        var environment = window.environment
        environment.clientSideDecorations = clientSide
        environment.windowState = fullscreen ? [.fullscreen] : []
        window.updateEnvironment(environment)
    }

    @Test("the minimum size is the root controller's minimum content size")
    func rootControllers() {
        #expect(window.minimumSize == Size(width: 360, height: 480))
    }

    @Test("a window that draws its own title bar adds the bar's height, and drops it when fullscreen")
    func titleBar() {
        decorate(clientSide: true)
        #expect(window.minimumSize == Size(width: 360, height: 480 + TitleBarView.height))
        decorate(clientSide: true, fullscreen: true)
        #expect(window.minimumSize == Size(width: 360, height: 480))
    }

    @Test("without a root controller there is no minimum")
    func noRoot() {
        window.rootViewController = nil
        #expect(window.minimumSize == .zero)
    }
}
