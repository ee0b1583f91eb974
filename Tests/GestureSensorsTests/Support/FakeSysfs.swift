import Foundation
import GestureSensors

/// A throwaway IIO device tree in a temporary folder, laid out like
/// `/sys/bus/iio/devices`, with helpers to write the attribute files a
/// driver would fill. Removed when the value goes away.
final class FakeSysfs {
    let root: String
    /// The count-to-m/s^2 factor new devices get: 1/1024 g per count, as
    /// common parts report, so values round as on real hardware.
    static let defaultScale = 0.009576

    init() {
        let base = FileManager.default.temporaryDirectory.path
        root = base + "/fake-iio-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ device: String) -> String { root + "/" + device }

    /// Creates a device folder with the three raw axes (reading zero), a
    /// shared scale and a name; nil leaves a file out.
    @discardableResult
    func addAccelerometer(_ device: String = "iio:device0", name: String? = "fake-accel",
                          scale: String? = String(FakeSysfs.defaultScale)) -> String {
        var files = ["in_accel_x_raw": "0", "in_accel_y_raw": "0", "in_accel_z_raw": "0"]
        if let name { files["name"] = name }
        if let scale { files["in_accel_scale"] = scale }
        return addDevice(device, files: files)
    }

    /// Creates a device folder holding exactly `files` (name -> content).
    @discardableResult
    func addDevice(_ device: String, files: [String: String]) -> String {
        try! FileManager.default.createDirectory(atPath: path(device), withIntermediateDirectories: true)
        for (file, text) in files { write(file, text, device: device) }
        return path(device)
    }

    /// Writes one attribute as a driver shows it: the text and a newline.
    func write(_ file: String, _ text: String, device: String = "iio:device0") {
        let target = path(device) + "/" + file
        try? FileManager.default.removeItem(atPath: target)
        _ = FileManager.default.createFile(atPath: target, contents: Data((text + "\n").utf8))
    }

    /// Puts a folder where an attribute file should be, so opening it
    /// succeeds but reading fails (a stand-in for an unreadable file that
    /// works even as root, where permissions do not stop reads).
    func makeUnreadable(_ file: String, device: String = "iio:device0") {
        let target = path(device) + "/" + file
        try? FileManager.default.removeItem(atPath: target)
        try! FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    }

    /// Writes the raw counts that read back as `sample` at `scale`.
    func writeSample(_ sample: AccelerationSample, scale: Double = FakeSysfs.defaultScale,
                     device: String = "iio:device0") {
        for (axis, value) in [("x", sample.x), ("y", sample.y), ("z", sample.z)] {
            write("in_accel_\(axis)_raw", String(Int((value / scale).rounded())), device: device)
        }
    }

    /// Unbinds the device: its folder disappears.
    func remove(_ device: String = "iio:device0") {
        try! FileManager.default.removeItem(atPath: path(device))
    }
}
