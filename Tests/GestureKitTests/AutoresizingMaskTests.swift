import Testing
@testable import GestureKit

@Suite("Autoresizing mask")
struct AutoresizingMaskTests {
    let parent = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))

    @Test("a flexible view keeps its margins as its superview grows and shrinks")
    func flexible() {
        let child = View(frame: Rect(x: 10, y: 20, width: 380, height: 260))
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        parent.addSubview(child)
        parent.frame = Rect(x: 0, y: 0, width: 600, height: 500)
        #expect(child.frame == Rect(x: 10, y: 20, width: 580, height: 460))
        parent.frame = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(child.frame == Rect(x: 10, y: 20, width: 80, height: 10))
    }

    @Test("only the flexible dimension follows, and a view without a mask stays as it is")
    func partial() {
        let wide = View(frame: Rect(x: 0, y: 0, width: 400, height: 44))
        wide.autoresizingMask = .flexibleWidth
        let fixed = View(frame: Rect(x: 5, y: 5, width: 50, height: 50))
        parent.addSubview(wide)
        parent.addSubview(fixed)
        parent.frame = Rect(x: 0, y: 0, width: 500, height: 400)
        #expect(wide.frame == Rect(x: 0, y: 0, width: 500, height: 44))
        #expect(fixed.frame == Rect(x: 5, y: 5, width: 50, height: 50))
    }
}
