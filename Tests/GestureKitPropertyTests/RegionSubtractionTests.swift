import GestureKit
import PropertyBased
import Testing

/// `Region.subtracting`, which decides what a reused buffer copies from the
/// latest frame: it may keep a little more than asked, never less.
@Suite("Region subtraction")
struct RegionSubtractionTests {
    /// Up to three rectangles (an empty one adds nothing) in a 100x100 area.
    static let regions = zip(rects, rects, rects).map { Region($0.0).union(Region($0.1)).union(Region($0.2)) }
    static let rects = zip(Gen.int(in: 0...59), Gen.int(in: 0...59), Gen.int(in: 0...39), Gen.int(in: 0...39))
        .map { Rect(x: Double($0.0), y: Double($0.1), width: Double($0.2), height: Double($0.3)) }

    @Test("every point of a region outside the cut is still covered")
    func keepsEverythingOutsideTheCut() async {
        await propertyCheck(count: 300, input: zip(Self.regions, Self.regions)) { a, cut in
            let rest = a.subtracting(cut)
            for y in stride(from: 0.5, to: 100, by: 1) {
                for x in stride(from: 0.5, to: 100, by: 1) {
                    let p = Point(x: x, y: y)
                    if a.contains(p) && !cut.contains(p) {
                        #expect(rest.contains(p), "\(p) of \(a.rects) minus \(cut.rects) lost: \(rest.rects)")
                    }
                }
            }
            #expect(rest.rects.count <= Region.maximumRectangles)
        }
    }
}
