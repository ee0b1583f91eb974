import Foundation  // cos, sin
import GestureKit
import PropertyBased
import Testing

/// `Rect.contains(_:cornerRadius:within:)`, which lets the canvas draw a
/// shape without cutting it to an image's rounded corners: it may say no to
/// a shape that is inside, never yes to one that is not.
@Suite("Rounded rectangle containment")
struct RoundedContainmentTests {
    /// A rectangle in a 200x200 area, on half pixels, and a radius up to 60.
    static let rounded = zip(Gen.int(in: 0...120), Gen.int(in: 0...120), Gen.int(in: 0...280), Gen.int(in: 0...280),
                             Gen.int(in: 0...120))
        .map { (Rect(x: Double($0.0) / 2, y: Double($0.1) / 2, width: Double($0.2) / 2, height: Double($0.3) / 2),
                Double($0.4) / 2) }

    /// Points on the outline of `rect` rounded by `radius` (fitted): the
    /// corners' arcs, 32 points each, ends included, which also end the sides.
    static func outline(_ rect: Rect, radius: Double) -> [Point] {
        let r = rect.fittingCornerRadius(radius)
        let centres = [(rect.maxX - r, rect.maxY - r), (rect.minX + r, rect.maxY - r),
                       (rect.minX + r, rect.minY + r), (rect.maxX - r, rect.minY + r)]
        var points: [Point] = []
        for (q, centre) in centres.enumerated() {
            for i in 0...32 {
                let angle = Double.pi / 2 * (Double(q) + Double(i) / 32)
                points.append(Point(x: centre.0 + r * cos(angle), y: centre.1 + r * sin(angle)))
            }
        }
        return points
    }

    /// Whether `p` lies in `rect` rounded by `radius`, to a millionth.
    static func inside(_ p: Point, _ rect: Rect, radius: Double) -> Bool {
        let r = rect.fittingCornerRadius(radius), e = 1e-6
        guard p.x >= rect.minX - e, p.x <= rect.maxX + e, p.y >= rect.minY - e, p.y <= rect.maxY + e else { return false }
        let dx = Swift.max(rect.minX + r - p.x, 0, p.x - (rect.maxX - r))
        let dy = Swift.max(rect.minY + r - p.y, 0, p.y - (rect.maxY - r))
        return (dx * dx + dy * dy).squareRoot() <= r + e
    }

    @Test("a shape said to be inside has every point of its outline inside")
    func insideMeansInside() async {
        await propertyCheck(count: 500, input: zip(Self.rounded, Self.rounded)) { clip, shape in
            guard clip.0.contains(shape.0, cornerRadius: shape.1, within: clip.1) else { return }
            for p in Self.outline(shape.0, radius: shape.1) {
                #expect(Self.inside(p, clip.0, radius: clip.1),
                        "\(p) of \(shape.0) rounded by \(shape.1) lies outside \(clip.0) rounded by \(clip.1)")
            }
        }
    }

    @Test("a rectangle inset in another, its corners' arcs about the same centres or rounder, is inside")
    func insetIsInside() async {
        await propertyCheck(count: 500, input: zip(Self.rounded, Gen.int(in: 0...40), Gen.int(in: 0...20))) { clip, inset, extra in
            let d = Double(inset) / 2
            let shape = clip.0.insetBy(dx: d, dy: d)
            guard shape.width > 0, shape.height > 0 else { return }
            // Arcs about the same centres: the clip's radius less the inset.
            let concentric = Swift.max(0, clip.0.fittingCornerRadius(clip.1) - d)
            #expect(clip.0.contains(shape, cornerRadius: concentric + Double(extra) / 2, within: clip.1),
                    "\(shape) rounded by \(concentric) + \(Double(extra) / 2) in \(clip.0) rounded by \(clip.1)")
        }
    }
}
