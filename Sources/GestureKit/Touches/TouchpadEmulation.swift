import Foundation  // cos/sin

/// The state of a touchpad gesture being turned into touches: where the
/// synthetic fingers are.
struct TouchpadEmulation {
    enum Kind { case pinch, swipe, hold }

    static let pinchKeys: (Int64, Int64) = (-10, -11)
    static let strokeKey: Int64 = -12

    var kind: Kind?
    private var center = Point.zero
    private var scale = 1.0
    private var angle = 0.0
    var strokePoint = Point.zero

    mutating func beginPinch(at c: Point) {
        kind = .pinch
        center = c
        scale = 1
        angle = 0
    }

    mutating func updatePinch(dx: Double, dy: Double, scale: Double, rotationDegrees: Double) {
        center = center + Point(x: dx, y: dy)
        self.scale = max(0.01, scale)
        angle += rotationDegrees * .pi / 180
    }

    /// The two fingers, `Thresholds.touchpadPinchSpan * scale` apart.
    func pinchPoints() -> (Point, Point) {
        let half = Thresholds.touchpadPinchSpan * scale / 2
        let d = Point(x: cos(angle) * half, y: sin(angle) * half)
        return (center - d, center + d)
    }

    mutating func beginStroke(_ kind: Kind, at p: Point) {
        self.kind = kind
        strokePoint = p
    }
}
