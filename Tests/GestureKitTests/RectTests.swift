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

    @Test("a corner radius fits the rectangle: at most half its shorter side, never negative")
    func fittingCornerRadius() {
        #expect(frame.fittingCornerRadius(12) == 12)
        #expect(frame.fittingCornerRadius(100) == frame.height / 2)
        #expect(frame.fittingCornerRadius(-3) == 0)
        #expect(frame.fittingCornerRadius(.nan) == 0)
    }

    @Test("the corner squares are the four radius-wide squares in the corners, and only those")
    func cornerSquares() {
        var seen: [Rect] = []
        #expect(!frame.anyCornerSquare(radius: 5) { seen.append($0); return false })
        let corners = [Rect(x: frame.minX, y: frame.minY, width: 5, height: 5),
                       Rect(x: frame.maxX - 5, y: frame.minY, width: 5, height: 5),
                       Rect(x: frame.minX, y: frame.maxY - 5, width: 5, height: 5),
                       Rect(x: frame.maxX - 5, y: frame.maxY - 5, width: 5, height: 5)]
        #expect(Set(seen.map(\.description)) == Set(corners.map(\.description)))
        // A rectangle reaching into the bottom-right corner only.
        let probe = Rect(x: frame.maxX - 3, y: frame.maxY - 3, width: 10, height: 10)
        #expect(frame.anyCornerSquare(radius: 5) { $0.intersects(probe) })
        #expect(!frame.anyCornerSquare(radius: 2) { $0.intersects(Rect(x: frame.midX, y: frame.midY, width: 1, height: 1)) })
    }

    @Test("a rounded rectangle inset in another lies inside it when its corners' arcs do, and not when one pokes out")
    func containsRounded() {
        // The Gestures page's picture: 330x310 rounded by 9.5, and the
        // landscape inside its 3-wide outline, rounded by the outline's
        // inner edge, 6.5, about the same centres.
        let picture = Rect(x: 0, y: 0, width: 330, height: 310)
        let inner = picture.insetBy(dx: 3, dy: 3)
        #expect(picture.contains(inner, cornerRadius: 6.5, within: 9.5), "arcs about the same centre")
        #expect(picture.contains(inner, cornerRadius: 8, within: 9.5), "rounded more")
        // Square corners 3 in: (3, 3) is 6.5 * sqrt(2) = 9.19 from the
        // arc's centre (9.5, 9.5), inside; 2 in, 10.6, outside.
        #expect(picture.contains(inner, cornerRadius: 0, within: 9.5))
        let closer = picture.insetBy(dx: 2, dy: 2)
        #expect(!picture.contains(closer, cornerRadius: 0, within: 9.5))
        // 2 in and rounded by 1, the arc's centre (3, 3) is 9.19 from
        // (9.5, 9.5), more than 9.5 - 1: it pokes out; rounded by 5, the
        // centre (7, 7) is 3.54 away, within 9.5 - 5.
        #expect(!picture.contains(closer, cornerRadius: 1, within: 9.5), "a corner pokes past the arc")
        #expect(picture.contains(closer, cornerRadius: 5, within: 9.5))
        // The same rectangle rounded at least as much; a circle in a corner.
        #expect(picture.contains(picture, cornerRadius: 9.5, within: 9.5))
        #expect(!picture.contains(picture, cornerRadius: 9, within: 9.5))
        #expect(picture.contains(Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 20, within: 9.5))
        // Beyond the rectangle, however round; and any shape in a square clip.
        #expect(!picture.contains(Rect(x: -1, y: 100, width: 40, height: 40), cornerRadius: 20, within: 9.5))
        #expect(picture.contains(picture, cornerRadius: 0, within: 0))
        // Radii are fitted first: 1000 on a 40-wide square is 20.
        #expect(picture.contains(Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 1000, within: 9.5))
    }

    @Test("scaled to pixels, a rectangle rounds outward to every pixel it touches")
    func integralAtAScale() {
        #expect(Rect(x: 0.4, y: 1.2, width: 10, height: 3.3).integral(scale: 2) == Rect(x: 0, y: 2, width: 21, height: 7))
        #expect(Rect(x: 3, y: 4, width: 5, height: 6).integral(scale: 1) == Rect(x: 3, y: 4, width: 5, height: 6))
    }

    @Test("whole pixels unscaled by 1.5 land on exact pixel boundaries in units")
    func unscaledPixels() {
        let pixels = Rect(x: 3, y: 6, width: 9, height: 4)
        let units = pixels.unscaled(by: 1.5)
        #expect(units == Rect(x: 2, y: 4, width: 6, height: 4 / 1.5))
        #expect(units.integral(scale: 1.5) == pixels)
    }

    @Test("the bounding box of any number of points holds every one of them, and of none is nil")
    func boundingBoxOfPoints() {
        let points = [Point(x: 3, y: -1), Point(x: -2, y: 4), Point(x: 5, y: 2), Point(x: 0, y: 0), Point(x: 1, y: 7)]
        #expect(Rect(boundingPoints: points) == Rect(x: -2, y: -1, width: 7, height: 8))
        #expect(Rect(boundingPoints: [Point(x: 2, y: 3)]) == Rect(x: 2, y: 3, width: 0, height: 0))
        #expect(Rect(boundingPoints: [Point]()) == nil)
    }
}
