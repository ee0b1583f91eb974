import GestureKit
import Testing

/// `Rect`'s queries.
@Suite("Rect")
struct RectTests {
    let frame = Rect(x: 10, y: 20, width: 100, height: 50)

    @Test("a rectangle contains another whose edges lie within or on its own, and nothing reaching past them")
    func containsRect() {
        #expect(frame.contains(frame))
        #expect(frame.contains(Rect(x: 30, y: 30, width: 10, height: 10)))
        #expect(frame.contains(Rect(x: 10, y: 20, width: 100, height: 10)), "sharing three edges")
        #expect(!frame.contains(Rect(x: 9, y: 20, width: 10, height: 10)), "past the left edge")
        #expect(!frame.contains(Rect(x: 100, y: 30, width: 11, height: 10)), "past the right edge")
        #expect(!frame.contains(Rect(x: 30, y: 19.5, width: 10, height: 10)), "past the top edge")
        #expect(!frame.contains(Rect(x: 30, y: 65, width: 10, height: 6)), "past the bottom edge")
        #expect(!frame.contains(Rect(x: 0, y: 0, width: 200, height: 200)), "around it")
    }

    @Test("an empty rectangle is contained where it lies, on the edges included, and not elsewhere")
    func containsEmptyRect() {
        #expect(frame.contains(Rect(x: 110, y: 70, width: 0, height: 0)))
        #expect(frame.contains(Rect(x: 50, y: 20, width: 0, height: 50)))
        #expect(!frame.contains(Rect(x: 200, y: 30, width: 0, height: 0)))
        #expect(!frame.contains(Rect.zero))
    }
}
