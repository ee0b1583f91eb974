/// An accelerometer exposed by the Linux Industrial I/O subsystem in sysfs:
/// a device folder (such as `/sys/bus/iio/devices/iio:device0`) with
/// `in_accel_{x,y,z}_raw` and a scale, shared (`in_accel_scale`) or per
/// axis (`in_accel_x_scale`...), and optional offsets. A reading in m/s^2
/// is `(raw + offset) * scale`, as the IIO ABI defines it.
///
/// Nothing here throws or traps: a missing tree, a vanished device or a
/// garbage file comes back as an `IIOAccelerometerError`.
public struct IIOAccelerometer: Equatable, Sendable {
    /// Where the kernel lists IIO devices.
    public static let defaultRoot = "/sys/bus/iio/devices"

    /// The largest acceleration on any axis taken as real, in m/s^2.
    /// 1000 m/s^2 is about 100 g: phone and tablet sensors top out at
    /// 16 g and a hand cannot shake much past 5 g, so a larger value is a
    /// driver glitch or a wrong scale and would only confuse the detector.
    public static let plausibleLimit = 1000.0

    /// The device's folder.
    public let path: String
    /// The driver's name for the device (its `name` file), or the folder's
    /// name when it has none.
    public let name: String

    /// Per axis, x, y, z: the raw file, and the scale and offset read when
    /// the device was found (they are fixed by the driver unless someone
    /// writes them, and re-reading them would triple the work per sample).
    private let rawPaths: [String]
    private let scales: [Double]
    private let offsets: [Double]

    private static let axes = ["x", "y", "z"]

    private init(path: String, name: String, rawPaths: [String], scales: [Double], offsets: [Double]) {
        self.path = path
        self.name = name
        self.rawPaths = rawPaths
        self.scales = scales
        self.offsets = offsets
    }

    /// The first usable accelerometer under `root`, in device-number order
    /// (`iio:device2` before `iio:device10`). `root` may also be a device
    /// folder itself. Devices with other channels only (light sensors,
    /// ADCs) or with an unreadable or nonsensical scale are skipped.
    public static func find(root: String = defaultRoot) -> Result<IIOAccelerometer, IIOAccelerometerError> {
        if case .success(let device) = probe(devicePath: root) { return .success(device) }
        guard let entries = SysfsAttribute.entries(of: root) else {
            return .failure(.rootMissing(path: root))
        }
        let ordered = entries.sorted(by: numericOrder)
        for entry in ordered where !entry.hasPrefix(".") {
            if case .success(let device) = probe(devicePath: root + "/" + entry) { return .success(device) }
        }
        return .failure(.noDevice(root: root))
    }

    /// Whether name `a` comes before `b` when runs of digits compare as
    /// numbers (`iio:device9` before `iio:device10`).
    static func numericOrder(_ a: String, _ b: String) -> Bool {
        func chunks(_ name: String) -> [(text: Substring, number: Int?)] {
            var result: [(Substring, Int?)] = []
            var start = name.startIndex
            while start < name.endIndex {
                let isDigit = name[start].isASCII && name[start].isNumber
                let end = name[start...].firstIndex { ($0.isASCII && $0.isNumber) != isDigit } ?? name.endIndex
                let chunk = name[start..<end]
                result.append((chunk, isDigit ? Int(chunk) : nil))
                start = end
            }
            return result
        }
        for (x, y) in zip(chunks(a), chunks(b)) {
            if let m = x.number, let n = y.number {
                if m != n { return m < n }
            } else if x.text != y.text {
                return x.text < y.text
            }
        }
        return chunks(a).count < chunks(b).count
    }

    /// The accelerometer in one device folder, if it is one: all three raw
    /// axes present and a finite, positive scale for each.
    public static func probe(devicePath: String) -> Result<IIOAccelerometer, IIOAccelerometerError> {
        let file = { (name: String) in devicePath + "/" + name }
        var rawPaths: [String] = [], scales: [Double] = [], offsets: [Double] = []
        for axis in axes {
            let raw = file("in_accel_\(axis)_raw")
            guard SysfsAttribute.exists(raw) else { return .failure(.noDevice(root: devicePath)) }
            rawPaths.append(raw)

            let scaleFile = [file("in_accel_\(axis)_scale"), file("in_accel_scale")]
                .first(where: SysfsAttribute.exists) ?? file("in_accel_scale")
            switch SysfsAttribute.number(at: scaleFile) {
            case .success(let scale) where scale.isFinite && scale > 0 && scale <= plausibleLimit:
                scales.append(scale)
            case .success(let scale):
                return .failure(.implausible(path: scaleFile, value: scale))
            case .failure(let error):
                return .failure(error)
            }

            // An offset is optional; when present it must be sane, or every
            // reading would be off.
            let offsetFile = [file("in_accel_\(axis)_offset"), file("in_accel_offset")]
                .first(where: SysfsAttribute.exists)
            if let offsetFile {
                switch SysfsAttribute.number(at: offsetFile) {
                case .success(let offset) where offset.isFinite:
                    offsets.append(offset)
                case .success(let offset):
                    return .failure(.implausible(path: offsetFile, value: offset))
                case .failure(let error):
                    return .failure(error)
                }
            } else {
                offsets.append(0)
            }
        }
        let name: String
        if case .success(let text) = SysfsAttribute.text(at: file("name")), !text.isEmpty {
            name = text
        } else {
            name = devicePath.split(separator: "/").last.map(String.init) ?? devicePath
        }
        return .success(IIOAccelerometer(path: devicePath, name: name, rawPaths: rawPaths,
                                         scales: scales, offsets: offsets))
    }

    /// Reads the three axes now, in m/s^2. A sample with any axis missing,
    /// non-numeric or implausible is discarded whole (a mix of old and new
    /// axes would be a vector the device never felt).
    public func read() -> Result<AccelerationSample, IIOAccelerometerError> {
        var values: [Double] = []
        values.reserveCapacity(3)
        for index in 0..<3 {
            switch SysfsAttribute.number(at: rawPaths[index]) {
            case .success(let raw):
                let value = (raw + offsets[index]) * scales[index]
                guard value.isFinite, abs(value) <= Self.plausibleLimit else {
                    return .failure(.implausible(path: rawPaths[index], value: value))
                }
                values.append(value)
            case .failure(.deviceGone):
                return .failure(.deviceGone(path: path))
            case .failure(let error):
                // A failed read is often the first sign of an unplugged
                // device; only a vanished folder tells it apart from a
                // one-off driver hiccup.
                return .failure(SysfsAttribute.exists(path) ? error : .deviceGone(path: path))
            }
        }
        return .success(AccelerationSample(x: values[0], y: values[1], z: values[2]))
    }
}
