import Testing
@testable import GestureKit

/// A view's `superview` and `window` and a recognizer's `view` are not
/// counted references (they are read for every touch), so whatever goes
/// first must leave the others pointing at nothing rather than at freed
/// memory. Each test keeps one object, lets the rest of its tree go, and
/// reads the links.
@Suite("View lifetime")
struct ViewLifetimeTests {
    static func window() -> Window {
        Window(size: Size(width: 100, height: 100), timeSource: VirtualTimeSource())
    }

    /// A window holding a view holding `view`; the caller keeps what it
    /// wants alive.
    static func tree(around view: View) -> (window: Window, middle: View) {
        let window = window()
        let middle = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(middle)
        middle.addSubview(view)
        return (window, middle)
    }

    @Test("a view kept after its window and superview are gone has no superview and no window")
    func subviewOutlivesItsTree() {
        let kept = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        do {
            let (window, middle) = Self.tree(around: kept)
            #expect(kept.window === window)
            #expect(kept.superview === middle)
        }
        #expect(kept.superview == nil)
        #expect(kept.window == nil)
    }

    @Test("a subtree kept after its window is gone keeps its own links and loses the window")
    func subtreeOutlivesItsWindow() {
        let top = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        top.addSubview(child)
        do {
            let window = Self.window()
            window.addSubview(top)
            #expect(child.window === window)
        }
        #expect(top.superview == nil)
        #expect(top.window == nil)
        #expect(child.superview === top)
        #expect(child.window == nil)
        // The subtree still works: it can join another window.
        let other = Self.window()
        other.addSubview(top)
        #expect(child.window === other)
    }

    @Test("a recognizer kept after its view is gone has no view, and can be added to another")
    func recognizerOutlivesItsView() {
        let tap = TapGestureRecognizer()
        do {
            let view = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
            let (window, _) = Self.tree(around: view)
            view.addGestureRecognizer(tap)
            #expect(view.window === window)
            #expect(tap.view === view)
        }
        #expect(tap.view == nil)
        let other = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        other.addGestureRecognizer(tap)
        #expect(tap.view === other)
    }

    @Test("a view taken out of its tree, whose old superview then goes, keeps no link to either")
    func removedViewOutlivesItsOldSuperview() {
        let kept = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        do {
            let (window, parent) = Self.tree(around: kept)
            #expect(kept.superview === parent && kept.window === window)
            kept.removeFromSuperview()
            #expect(kept.superview == nil)
            #expect(kept.window == nil)
        }
        #expect(kept.superview == nil)
        #expect(kept.window == nil)
    }
}
