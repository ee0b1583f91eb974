import GestureSensors
import Testing

@Suite("IIO accelerometer in sysfs")
struct IIOAccelerometerTests {
    let sysfs = FakeSysfs()

    private func found() throws -> IIOAccelerometer {
        try IIOAccelerometer.find(root: sysfs.root).get()
    }

    @Test("finds the accelerometer, names it, and scales raw counts to m/s^2")
    func foundAndScaled() throws {
        let path = sysfs.addAccelerometer(name: "lis3dh-accel")
        sysfs.write("in_accel_x_raw", "-100")
        sysfs.write("in_accel_y_raw", "0")
        sysfs.write("in_accel_z_raw", "1024")
        let device = try found()
        #expect(device.name == "lis3dh-accel")
        #expect(device.path == path)
        let sample = try device.read().get()
        #expect(abs(sample.x - -0.9576) < 1e-9)
        #expect(sample.y == 0)
        #expect(abs(sample.z - 9.805824) < 1e-9)
    }

    @Test("per-axis scales and offsets apply to their own axis only")
    func perAxisScale() throws {
        sysfs.addDevice("iio:device0", files: [
            "in_accel_x_raw": "10", "in_accel_y_raw": "10", "in_accel_z_raw": "10",
            "in_accel_x_scale": "0.1", "in_accel_y_scale": "0.2", "in_accel_z_scale": "0.5",
            "in_accel_z_offset": "-4",
        ])
        let sample = try found().read().get()
        #expect(abs(sample.x - 1) < 1e-12)
        #expect(abs(sample.y - 2) < 1e-12)
        #expect(abs(sample.z - 3) < 1e-12)
    }

    @Test("a shared offset is added to every axis before scaling")
    func sharedOffset() throws {
        sysfs.addAccelerometer(scale: "0.5")
        sysfs.write("in_accel_offset", "2")
        sysfs.write("in_accel_y_raw", "4")
        let sample = try found().read().get()
        #expect(sample == AccelerationSample(x: 1, y: 3, z: 1))
    }

    @Test("a device without a name file is named after its folder")
    func unnamed() throws {
        sysfs.addAccelerometer("iio:device3", name: nil)
        #expect(try found().name == "iio:device3")
    }

    @Test("a root that is itself a device folder is used directly")
    func rootIsDevice() throws {
        let path = sysfs.addAccelerometer("iio:device0")
        let device = try IIOAccelerometer.find(root: path).get()
        #expect(device.path == path)
    }

    @Test("a root that does not exist is reported as missing")
    func missingRoot() {
        let root = sysfs.root + "/nowhere"
        #expect(IIOAccelerometer.find(root: root) == .failure(.rootMissing(path: root)))
    }

    @Test("a root with no accelerometer (empty, a light sensor, an axis missing) has no device")
    func noDevice() {
        #expect(IIOAccelerometer.find(root: sysfs.root) == .failure(.noDevice(root: sysfs.root)))
        sysfs.addDevice("iio:device0", files: ["name": "als", "in_illuminance_raw": "310", "in_illuminance_scale": "0.1"])
        sysfs.addDevice("iio:device1", files: ["in_accel_x_raw": "0", "in_accel_y_raw": "0", "in_accel_scale": "0.01"])
        #expect(IIOAccelerometer.find(root: sysfs.root) == .failure(.noDevice(root: sysfs.root)))
    }

    @Test("devices whose scale is missing, garbage, zero or negative are skipped for the next usable one")
    func unusableScalesSkipped() throws {
        sysfs.addAccelerometer("iio:device0", scale: nil)
        sysfs.addAccelerometer("iio:device1", scale: "fast")
        sysfs.addAccelerometer("iio:device2", scale: "0")
        sysfs.addAccelerometer("iio:device3", scale: "-0.01")
        sysfs.addAccelerometer("iio:device4", scale: "nan")
        sysfs.addAccelerometer("iio:device10", name: "tenth")
        sysfs.addAccelerometer("iio:device9", name: "ninth")
        // Numeric order: device9 comes before device10.
        #expect(try found().name == "ninth")
    }

    @Test("a garbage, empty or unreadable raw file discards the sample, and reading recovers after")
    func badRawFiles() throws {
        sysfs.addAccelerometer()
        let device = try found()
        let x = sysfs.path("iio:device0") + "/in_accel_x_raw"

        sysfs.write("in_accel_x_raw", "12abc")
        #expect(device.read() == .failure(.notNumeric(path: x)))
        sysfs.write("in_accel_x_raw", "")
        #expect(device.read() == .failure(.notNumeric(path: x)))
        sysfs.write("in_accel_x_raw", String(repeating: "7", count: 500))
        #expect(device.read() == .failure(.notNumeric(path: x)))
        sysfs.makeUnreadable("in_accel_x_raw")
        #expect(device.read() == .failure(.unreadable(path: x)))

        sysfs.write("in_accel_x_raw", "100")
        #expect(try device.read().get().x > 0)
    }

    @Test("absurd readings are discarded, not passed on", arguments: ["nan", "inf", "-inf", "1e12", "-200000"])
    func absurdValues(raw: String) throws {
        sysfs.addAccelerometer()
        let device = try found()
        sysfs.write("in_accel_y_raw", raw)
        guard case .failure(.implausible(let path, _)) = device.read() else {
            Issue.record("a raw \(raw) was not rejected")
            return
        }
        #expect(path.hasSuffix("in_accel_y_raw"))
    }

    @Test("a device removed mid-run reads as gone, and is not found again")
    func removedMidRun() throws {
        let path = sysfs.addAccelerometer()
        let device = try found()
        #expect((try? device.read().get()) != nil)
        sysfs.remove()
        #expect(device.read() == .failure(.deviceGone(path: path)))
        #expect(IIOAccelerometer.find(root: sysfs.root) == .failure(.noDevice(root: sysfs.root)))
    }
}
