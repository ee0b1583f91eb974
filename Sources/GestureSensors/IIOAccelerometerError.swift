/// Why no accelerometer was found, or why a reading was discarded. Every
/// failure of the sysfs reader ends up here instead of in a crash, so the
/// app can log one line and carry on without motion from the sensor.
public enum IIOAccelerometerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The folder searched for devices does not exist or cannot be listed.
    case rootMissing(path: String)
    /// The folder holds no usable accelerometer (none with readable raw
    /// axes and a sensible scale).
    case noDevice(root: String)
    /// The device's folder vanished (the sensor was unbound or unplugged).
    case deviceGone(path: String)
    /// A file could not be opened or read.
    case unreadable(path: String)
    /// A file held something other than a number.
    case notNumeric(path: String)
    /// A value was NaN, infinite, or far outside what a hand-held device
    /// can feel; see `IIOAccelerometer.plausibleLimit`.
    case implausible(path: String, value: Double)

    /// One line for the app's log.
    public var description: String {
        switch self {
        case .rootMissing(let path): return "no IIO device folder at \(path)"
        case .noDevice(let root): return "no accelerometer under \(root)"
        case .deviceGone(let path): return "accelerometer \(path) disappeared"
        case .unreadable(let path): return "cannot read \(path)"
        case .notNumeric(let path): return "\(path) does not hold a number"
        case .implausible(let path, let value): return "implausible value \(value) from \(path)"
        }
    }
}
