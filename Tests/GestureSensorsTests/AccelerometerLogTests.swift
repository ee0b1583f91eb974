import GestureSensors
import InMemoryLogging
import Logging
import Testing

/// The monitor reports mid-session device changes through the logger the
/// host gives it (swift-log), not to standard error.
@Suite("Accelerometer log")
struct AccelerometerLogTests {
    /// A logger whose lines the test can read.
    private static func recordingLogger() -> (Logger, InMemoryLogHandler) {
        let handler = InMemoryLogHandler()
        return (Logger(label: "test", factory: { _ in handler }), handler)
    }

    @Test("a device lost mid-session is one notice naming it and the reason")
    func lossIsLogged() {
        let h = MonitorHarness()
        let (logger, handler) = Self.recordingLogger()
        h.monitor.logger = logger
        h.monitor.start()
        h.run(until: 1)
        #expect(handler.entries.isEmpty, "finding the device at start is the host's to report")

        h.sysfs.remove()
        h.run(until: 2) { _ in nil }
        let path = h.sysfs.path("iio:device0")
        #expect(handler.entries.map(\.level) == [.notice])
        #expect(handler.entries.map(\.message.description)
                == ["accelerometer fake-accel at \(path) lost: accelerometer \(path) disappeared"])
    }

    @Test("a device found when the window regains focus is one notice")
    func laterDeviceIsLogged() {
        let h = MonitorHarness(withDevice: false)
        let (logger, handler) = Self.recordingLogger()
        h.monitor.logger = logger
        h.monitor.start()
        #expect(handler.entries.isEmpty)

        h.sysfs.addAccelerometer()
        h.setFocused(false)
        h.setFocused(true)
        #expect(handler.entries.map(\.level) == [.notice])
        #expect(handler.entries.map(\.message.description)
                == ["accelerometer fake-accel found at \(h.sysfs.path("iio:device0"))"])
    }
}
