import Testing
@testable import GestureKit

@Suite("Cursor shapes")
struct CursorShapeTests {
    let window = Window(size: Size(width: 800, height: 600), timeSource: VirtualTimeSource())

    init() {
        window.rootViewController = ViewController()
    }

    func decorate(clientSide: Bool) {
        var environment = window.environment
        environment.clientSideDecorations = clientSide
        window.updateEnvironment(environment)
        window.layoutIfNeeded()
    }

    @Test("a window drawing its own title bar shows the double arrow of the edges a press would resize; the page the arrow")
    func resizeStrips() {
        decorate(clientSide: true)
        #expect(window.cursorShape(at: Point(x: 2, y: 300)) == .resize(.left))
        #expect(window.cursorShape(at: Point(x: 797, y: 300)) == .resize(.right))
        #expect(window.cursorShape(at: Point(x: 400, y: 598)) == .resize(.bottom))
        #expect(window.cursorShape(at: Point(x: 5, y: 595)) == .resize([.bottom, .left]))
        #expect(window.cursorShape(at: Point(x: 790, y: 590)) == .resize([.bottom, .right]))
        #expect(window.cursorShape(at: Point(x: 400, y: 300)) == .arrow)
        #expect(window.cursorShape(at: Point(x: 400, y: 10)) == .arrow, "the title bar moves the window")
    }

    @Test("maximized or tiled, the window has no resize strips: the arrow at its edges, touches there reach the page")
    func maximized() {
        for state in [WindowState.maximized, .tiled] {
            decorate(clientSide: true)
            var environment = window.environment
            environment.windowState = state
            window.updateEnvironment(environment)
            window.layoutIfNeeded()
            #expect(window.cursorShape(at: Point(x: 2, y: 300)) == .arrow, "\(state)")
            #expect(window.cursorShape(at: Point(x: 790, y: 590)) == .arrow, "\(state)")
            #expect(window.hitTest(Point(x: 2, y: 300)) === window.rootViewController?.view, "\(state)")
            environment.windowState = []
            window.updateEnvironment(environment)
            window.layoutIfNeeded()
            #expect(window.cursorShape(at: Point(x: 2, y: 300)) == .resize(.left), "\(state) left")
        }
    }

    @Test("without its own title bar the window has no resize strips: the arrow everywhere")
    func serverSide() {
        decorate(clientSide: true)
        decorate(clientSide: false)
        #expect(window.cursorShape(at: Point(x: 2, y: 300)) == .arrow)
        #expect(window.cursorShape(at: Point(x: 790, y: 590)) == .arrow)
    }

    final class Handle: View {
        override var cursorShape: CursorShape? { .resize(.right) }
    }

    @Test("a view without a shape of its own shows its nearest superview's")
    func inherited() {
        let handle = Handle(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let inner = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        handle.addSubview(inner)
        window.rootViewController?.view.addSubview(handle)
        #expect(window.cursorShape(at: Point(x: 115, y: 115)) == .resize(.right))
        #expect(window.cursorShape(at: Point(x: 190, y: 190)) == .resize(.right))
        inner.isUserInteractionEnabled = false
        #expect(window.cursorShape(at: Point(x: 115, y: 115)) == .resize(.right), "a touch there lands on the handle")
        handle.isHidden = true
        #expect(window.cursorShape(at: Point(x: 115, y: 115)) == .arrow)
    }
}
