import RealModule

/// A 2-D affine transform, laid out as CoreGraphics' `CGAffineTransform`:
/// `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty`.
public struct AffineTransform: Hashable, Sendable {
    /// The matrix coefficients: `a`, `b`, `c`, `d` scale, rotate and shear;
    /// `tx`, `ty` translate, in logical pixels.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six coefficients, in `CGAffineTransform`'s
    /// order.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that maps every point to itself.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `tx`, `ty` logical pixels.
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale about the origin by the factors `sx` and `sy` (1 keeps the size,
    /// negative mirrors, 0 makes the transform singular).
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `angle` radians; positive turns clockwise on screen
    /// because y grows downwards.
    public init(rotationAngle angle: Double) {
        let cs = Double.cos(angle), sn = Double.sin(angle)
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// True when the transform maps every point to itself exactly.
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t`.
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// The inverse, or nil for a singular transform (e.g. scale 0), which
    /// maps everything onto a line and so cannot be hit-tested.
    public func inverted() -> AffineTransform? {
        let det = a * d - b * c
        if det == 0 || !det.isFinite { return nil }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The point `p` mapped through the transform.
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The bounding box of `r` after the transform.
    public func apply(to r: Rect) -> Rect {
        Rect(boundingPoints: apply(to: Point(x: r.minX, y: r.minY)), apply(to: Point(x: r.maxX, y: r.minY)),
             apply(to: Point(x: r.minX, y: r.maxY)), apply(to: Point(x: r.maxX, y: r.maxY)))
    }
}
