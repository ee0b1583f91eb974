import GestureKit
import GestureSensors
import Testing

/// The monitor end to end: fake sysfs files -> polls on the window's
/// scheduler -> detector -> window -> the first responder's motion calls.
@Suite("Accelerometer shake monitor")
struct AccelerometerShakeMonitorTests {
    @Test("start() finds the device and polls at 50 Hz through the window's scheduler while focused")
    func startsPolling() {
        let h = MonitorHarness()
        #expect(h.monitor.start())
        #expect(h.monitor.accelerometer?.name == "fake-accel")
        #expect(h.monitor.isPolling)
        #expect(h.window.scheduler.count == 1)
        #expect(h.window.scheduler.nextDeadline == AccelerometerShakeMonitor.pollInterval)
    }

    @Test("a 0.6 s shake: motionBegan, then motionEnded at the first responder")
    func shortShakeEnds() throws {
        let h = MonitorHarness()
        h.monitor.start()
        h.run(until: 3) { Motion.shake(at: $0, start: 1, duration: 0.6) }
        #expect(h.controller.kinds == ["began", "ended"])
        let began = try #require(h.controller.motions.first?.time)
        let ended = try #require(h.controller.motions.last?.time)
        #expect(ended - began < Thresholds.shakeMaximumDuration)
        #expect(!h.window.isShaking)
        #expect(h.monitor.isPolling)
    }

    /// Hears the raw input a window's tap hears (what a recording writes).
    final class RawInputLog: RawInputTap {
        var inputs: [(input: RawInput, time: Double)] = []
        func raw(_ input: RawInput, time: Double, deliversFrame: Bool) { inputs.append((input, time)) }
    }

    @Test("the accelerometer's shake is device input: the window's raw input tap hears its begin and end with their times")
    func shakeIsRawInput() throws {
        let h = MonitorHarness()
        let tap = RawInputLog()
        h.window.input.tap = tap
        h.monitor.start()
        h.run(until: 3) { Motion.shake(at: $0, start: 1, duration: 0.6) }
        #expect(tap.inputs.map(\.input) == [.shakeBegan, .shakeEnded])
        #expect(tap.inputs.map(\.time) == h.controller.motions.map(\.time), "the motion's own times")
        // A held shake key is key input, not a device's shake.
        h.window.shakeBegan(time: 3.5)
        h.window.shakeEnded(time: 4)
        #expect(tap.inputs.count == 2)
    }

    @Test("a 1.5 s shake: motionBegan, then motionCancelled")
    func longShakeCancels() {
        let h = MonitorHarness()
        h.monitor.start()
        h.run(until: 4) { Motion.shake(at: $0, start: 1, duration: 1.5) }
        #expect(h.controller.kinds == ["began", "cancelled"])
    }

    @Test("two short shakes a second apart are two shakes")
    func twoShakes() {
        let h = MonitorHarness()
        h.monitor.start()
        h.run(until: 5) { t in
            t < 2.5 ? Motion.shake(at: t, start: 1, duration: 0.5) : Motion.shake(at: t, start: 3, duration: 0.5)
        }
        #expect(h.controller.kinds == ["began", "ended", "began", "ended"])
    }

    @Test("a device at rest, tilted, never shakes however long it is polled")
    func gravityNeverTriggers() {
        let h = MonitorHarness()
        h.monitor.start()
        h.run(until: 20) { Motion.resting(tilt: 70, at: $0) }
        #expect(h.controller.motions.isEmpty)
        #expect(h.monitor.isPolling)
    }

    @Test("no polling timer while unfocused; focus starts it, losing focus stops it")
    func pollsOnlyWhenFocused() {
        let h = MonitorHarness(focused: false)
        #expect(h.monitor.start())
        #expect(h.window.scheduler.count == 0)
        h.run(until: 5) { Motion.shake(at: $0, start: 1, duration: 0.6) }
        #expect(h.window.scheduler.count == 0)
        #expect(h.controller.motions.isEmpty)

        h.setFocused(true)
        #expect(h.window.scheduler.count == 1)
        h.setFocused(false)
        #expect(h.window.scheduler.count == 0)
        #expect(h.window.scheduler.nextDeadline == nil)
    }

    @Test("losing focus mid-shake ends the shake and stops polling")
    func focusLostMidShake() {
        let h = MonitorHarness()
        h.monitor.start()
        h.run(until: 1.5) { Motion.shake(at: $0, start: 1, duration: 5) }
        #expect(h.controller.kinds == ["began"])
        h.setFocused(false)
        #expect(h.controller.kinds == ["began", "ended"])
        #expect(h.controller.motions.last?.time == 1.5)
        #expect(h.window.scheduler.count == 0)
        #expect(!h.window.isShaking)
    }

    @Test("a device removed mid-shake ends the shake, stops polling and reports the loss")
    func deviceRemovedMidShake() {
        let h = MonitorHarness()
        var changes: [IIOAccelerometer?] = []
        h.monitor.onDeviceChange = { changes.append($0) }
        h.monitor.start()
        h.run(until: 1.5) { Motion.shake(at: $0, start: 1, duration: 5) }
        #expect(h.controller.kinds == ["began"])

        h.sysfs.remove()
        h.run(until: 3) { _ in nil }
        #expect(h.controller.kinds == ["began", "ended"])
        #expect(h.window.scheduler.count == 0)
        #expect(h.monitor.accelerometer == nil)
        #expect(h.monitor.lastFailure == .deviceGone(path: h.sysfs.path("iio:device0")))
        #expect(changes.count == 1 && changes[0] == nil)
    }

    @Test("without a device start() says so and no timer is ever scheduled")
    func noDevice() {
        let h = MonitorHarness(withDevice: false)
        #expect(!h.monitor.start())
        #expect(h.monitor.lastFailure == .noDevice(root: h.sysfs.root))
        #expect(h.window.scheduler.count == 0)
        h.setFocused(false)
        h.setFocused(true)
        #expect(h.window.scheduler.count == 0)
    }

    @Test("a missing root is a quiet false from start()")
    func missingRoot() {
        let h = MonitorHarness(withDevice: false)
        let monitor = AccelerometerShakeMonitor(window: h.window, root: h.sysfs.root + "/absent")
        #expect(!monitor.start())
        #expect(monitor.lastFailure == .rootMissing(path: h.sysfs.root + "/absent"))
        #expect(h.window.scheduler.count == 0)
    }

    @Test("a device that appears later is found when the window next gains focus")
    func deviceAppearsLater() {
        let h = MonitorHarness(withDevice: false)
        var changes: [IIOAccelerometer?] = []
        h.monitor.onDeviceChange = { changes.append($0) }
        #expect(!h.monitor.start())
        h.sysfs.addAccelerometer()
        h.setFocused(false)
        h.setFocused(true)
        #expect(h.monitor.accelerometer != nil)
        #expect(h.window.scheduler.count == 1)
        #expect(changes.count == 1 && changes[0] != nil)
    }

    @Test("garbage readings are skipped; a second of nothing but garbage gives the device up")
    func garbageReadings() {
        let h = MonitorHarness()
        h.monitor.start()
        h.run(until: 1)
        h.sysfs.write("in_accel_z_raw", "nan")
        h.run(until: 1.5) { _ in nil }
        #expect(h.monitor.isPolling)
        #expect(h.monitor.lastFailure != nil)

        h.run(until: 1.6)
        #expect(h.monitor.isPolling)
        #expect(h.monitor.lastFailure == nil)

        h.sysfs.write("in_accel_x_raw", "rubbish")
        h.run(until: 3) { _ in nil }
        #expect(!h.monitor.isPolling)
        #expect(h.window.scheduler.count == 0)
        #expect(h.controller.motions.isEmpty)
    }

    @Test("a shake held from the keyboard is not ended by the accelerometer")
    func keyboardShakeLeftAlone() {
        let h = MonitorHarness()
        h.monitor.start()
        h.window.shakeBegan(time: 0.5)
        h.run(until: 3) { Motion.shake(at: $0, start: 1, duration: 0.6) }
        #expect(h.controller.kinds == ["began"])
        #expect(h.window.isShaking)
    }

    @Test("stop() ends a shake in progress, cancels the timer and ignores later focus changes")
    func stop() {
        let h = MonitorHarness()
        h.monitor.start()
        h.run(until: 1.5) { Motion.shake(at: $0, start: 1, duration: 5) }
        h.monitor.stop()
        #expect(h.controller.kinds == ["began", "ended"])
        #expect(h.window.scheduler.count == 0)
        h.setFocused(false)
        h.setFocused(true)
        #expect(h.window.scheduler.count == 0)
    }
}
