import Testing
import GestureKit

/// `Region`: what a window repaints, kept as a few rectangles.
@Suite("Region")
struct RegionTests {
    let top = Rect(x: 10, y: 10, width: 300, height: 30)
    let bottom = Rect(x: 600, y: 500, width: 100, height: 100)

    @Test("two small changes far apart stay two rectangles, not the box between them")
    func farApartStayApart() {
        var region = Region(top)
        region.formUnion(bottom)
        #expect(region.rects == [top, bottom])
        #expect(region.area == top.width * top.height + bottom.width * bottom.height)
        #expect(region.bounds == top.union(bottom))
    }

    @Test("overlapping and touching rectangles merge into one")
    func neighboursMerge() {
        var region = Region(Rect(x: 0, y: 0, width: 100, height: 100))
        region.formUnion(Rect(x: 50, y: 50, width: 100, height: 100))
        #expect(region.rects == [Rect(x: 0, y: 0, width: 150, height: 150)])
        region.formUnion(Rect(x: 150, y: 0, width: 20, height: 150))
        #expect(region.rects == [Rect(x: 0, y: 0, width: 170, height: 150)])
    }

    @Test("a rectangle inside another adds nothing")
    func containedAddsNothing() {
        var region = Region(Rect(x: 0, y: 0, width: 100, height: 100))
        region.formUnion(Rect(x: 10, y: 10, width: 5, height: 5))
        #expect(region.rects == [Rect(x: 0, y: 0, width: 100, height: 100)])
    }

    @Test("past the limit, the closest rectangles merge; nothing added is ever lost")
    func limitMergesClosest() {
        var region = Region()
        var added: [Rect] = []
        for i in 0..<(Region.maximumRectangles + 3) {
            let r = Rect(x: Double(i) * 100, y: Double(i % 2) * 300, width: 10, height: 10)
            added.append(r)
            region.formUnion(r)
        }
        #expect(region.rects.count <= Region.maximumRectangles)
        for r in added {
            #expect(region.rects.contains { $0.union(r) == $0 }, "\(r) is covered")
        }
    }

    @Test("empty rectangles are ignored, and intersection keeps only what is inside")
    func emptyAndIntersection() {
        var region = Region(Rect(x: 0, y: 0, width: 0, height: 50))
        #expect(region.isEmpty && region.bounds == nil)
        region.formUnion(top)
        region.formUnion(bottom)
        let inside = region.intersection(Rect(x: 0, y: 0, width: 400, height: 400))
        #expect(inside.rects == [top])
    }

    @Test("a point is in the region when it is in one of its rectangles, their right and bottom edges left out")
    func containsPoint() {
        var region = Region(top)
        region.formUnion(bottom)
        #expect(region.contains(Point(x: 10, y: 10)))
        #expect(region.contains(Point(x: 699.5, y: 599.5)))
        #expect(!region.contains(Point(x: 310, y: 20)))
        #expect(!region.contains(Point(x: 650, y: 600)))
        #expect(!region.contains(Point(x: 400, y: 200)), "between the two rectangles")
        #expect(!Region().contains(.zero))
    }

    @Test("a rectangle intersects the region when it overlaps one of its rectangles by some area")
    func intersectsRect() {
        var region = Region(top)
        region.formUnion(bottom)
        #expect(region.intersects(Rect(x: 300, y: 0, width: 20, height: 20)))
        #expect(region.intersects(Rect(x: 0, y: 0, width: 800, height: 600)))
        #expect(!region.intersects(Rect(x: 300, y: 100, width: 200, height: 200)), "between the two rectangles")
        #expect(!region.intersects(Rect(x: 700, y: 500, width: 10, height: 10)), "sharing only an edge")
        #expect(!Region().intersects(Rect(x: 0, y: 0, width: 800, height: 600)))
    }

    @Test("subtracting leaves what the cut does not cover: an L around a corner, nothing under a larger cut")
    func subtractingKnownShapes() {
        let picture = Region(Rect(x: 0, y: 0, width: 100, height: 100))
        let moved = Region(Rect(x: 20, y: 30, width: 100, height: 100))
        let rest = picture.subtracting(moved)
        #expect(abs(rest.area - (100 * 100 - 80 * 70)) < 1e-9, "\(rest.rects)")
        #expect(!rest.intersects(Rect(x: 20, y: 30, width: 80, height: 70)))
        #expect(picture.subtracting(Region(Rect(x: -5, y: -5, width: 200, height: 200))).isEmpty)
        #expect(picture.subtracting(Region(Rect(x: 300, y: 300, width: 5, height: 5))) == picture)
        #expect(Region().subtracting(moved).isEmpty)
    }

    @Test("a label changed at the top and a view moved at the bottom are repainted as two areas")
    func windowDamageStaysApart() {
        let window = Window(size: Size(width: 800, height: 600), timeSource: VirtualTimeSource())
        let label = Label(text: "A", frame: top)
        let moving = View(frame: bottom)
        window.addSubview(label)
        window.addSubview(moving)
        _ = window.takeDamage()
        label.text = "B"
        moving.center = moving.center + Point(x: 10, y: 0)
        let damage = window.takeDamage()
        #expect(damage?.rects.count == 2)
        #expect((damage?.area ?? 0) < 0.1 * 800 * 600)
    }

    @Test("a view given the frame, centre, transform, clipping or corner radius it has already is not repainted; a real change is")
    func unchangedGeometryIsNotRepainted() throws {
        let window = Window(size: Size(width: 800, height: 600), timeSource: VirtualTimeSource())
        let page = View(frame: window.bounds)
        page.backgroundColor = .white
        let card = View(frame: Rect(x: 40, y: 40, width: 200, height: 120))
        card.transform = AffineTransform(rotationAngle: 0.3)
        card.cornerRadius = 8
        window.addSubview(page)
        page.addSubview(card)
        _ = window.takeDamage()

        // As a window's controller view is given its frame again when the
        // compositor activates the window.
        page.frame = page.frame
        page.bounds = page.bounds
        card.center = card.center
        card.transform = AffineTransform(rotationAngle: 0.3)
        card.clipsToBounds = false
        card.cornerRadius = 8
        #expect(window.takeDamage() == nil)
        #expect(!window.needsDisplay)

        card.cornerRadius = 9
        let rounded = try #require(window.takeDamage())
        #expect(rounded.area < 0.2 * 800 * 600, "\(rounded.rects)")
        card.transform = .identity
        #expect(window.takeDamage() != nil)
        page.frame = Rect(x: 0, y: 0, width: 800, height: 500)
        #expect(window.takeDamage()?.area ?? 0 >= 800 * 500)
    }

    @Test("a view moved where its clipping ancestor hides it is repainted only inside that ancestor")
    func damageStaysInsideClippingAncestors() throws {
        let window = Window(size: Size(width: 800, height: 600), timeSource: VirtualTimeSource())
        let frame = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        frame.clipsToBounds = true
        let holder = View(frame: frame.bounds)  // clips nothing itself
        let picture = View(frame: Rect(x: 150, y: 150, width: 100, height: 100))
        window.addSubview(frame)
        frame.addSubview(holder)
        holder.addSubview(picture)
        _ = window.takeDamage()
        // Half of it sticks out past the frame's bottom-right corner, then
        // moves further out.
        picture.transform = AffineTransform(scaleX: 1.5, y: 1.5)
        picture.center = picture.center + Point(x: 40, y: 40)
        let damage = try #require(window.takeDamage())
        let frameArea = Rect(x: 99, y: 99, width: 202, height: 202)
        #expect(damage.rects.allSatisfy { frameArea.contains($0) }, "\(damage.rects)")
        #expect(damage.area > 0)

        // Without a clipping ancestor the whole move is repainted.
        frame.clipsToBounds = false
        _ = window.takeDamage()
        picture.center = picture.center + Point(x: 10, y: 0)
        let unclipped = try #require(window.takeDamage())
        #expect(unclipped.rects.contains { !frameArea.contains($0) })
    }
}
