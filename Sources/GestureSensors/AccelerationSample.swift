/// One accelerometer reading in m/s^2, in the device's axes. At rest it is
/// gravity pointing up out of the surface the device lies on (about 9.81
/// m/s^2 in total), so a shake is what is left after gravity is removed.
public struct AccelerationSample: Equatable, Sendable {
    /// Along the device's x axis (to the right of its screen, in the
    /// usual mounting), in m/s^2.
    public var x: Double
    /// Along the device's y axis (up its screen), in m/s^2.
    public var y: Double
    /// Along the device's z axis (out of its screen), in m/s^2.
    public var z: Double

    /// A reading from its three components, in m/s^2.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The length of the vector, in m/s^2.
    public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }

    /// Whether every component is a finite number no larger than `limit`
    /// in size.
    public func isPlausible(limit: Double) -> Bool {
        isFinite && abs(x) <= limit && abs(y) <= limit && abs(z) <= limit
    }

    /// Whether no component is NaN or infinite.
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    static func - (a: AccelerationSample, b: AccelerationSample) -> AccelerationSample {
        AccelerationSample(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z)
    }

    static func + (a: AccelerationSample, b: AccelerationSample) -> AccelerationSample {
        AccelerationSample(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z)
    }

    static func * (k: Double, a: AccelerationSample) -> AccelerationSample {
        AccelerationSample(x: k * a.x, y: k * a.y, z: k * a.z)
    }

    func dot(_ other: AccelerationSample) -> Double {
        x * other.x + y * other.y + z * other.z
    }
}
