import GestureKit
import GestureSensors

/// A window on a virtual clock whose first responder records motion, a
/// fake IIO tree, and a monitor reading it. `run(until:motion:)` plays
/// time forward the way the event loop does, writing the device's files
/// just before each poll is due.
final class MonitorHarness {
    let clock = VirtualTimeSource()
    let window: Window
    let controller = ShakeRecordingController()
    let sysfs = FakeSysfs()
    let monitor: AccelerometerShakeMonitor

    init(withDevice: Bool = true, focused: Bool = true) {
        window = Window(size: Size(width: 400, height: 300), timeSource: clock)
        window.rootViewController = controller
        controller.becomeFirstResponder()
        if withDevice {
            sysfs.addAccelerometer()
            sysfs.writeSample(Motion.gravity(tilt: 30))
        }
        monitor = AccelerometerShakeMonitor(window: window, root: sysfs.root)
        setFocused(focused)
    }

    /// Gives or takes the keyboard focus, as the backend does from the
    /// toplevel's configure.
    func setFocused(_ focused: Bool) {
        var environment = window.environment
        if focused {
            environment.windowState.insert(.activated)
        } else {
            environment.windowState.remove(.activated)
        }
        window.updateEnvironment(environment)
    }

    /// Advances the clock to `end`, stopping at every timer deadline to
    /// write `motion(deadline)` into the device (when it still exists and
    /// `motion` gives a sample) and fire the timers.
    func run(until end: Double, motion: (Double) -> AccelerationSample? = { _ in Motion.gravity(tilt: 30) }) {
        while let deadline = window.scheduler.nextDeadline, deadline <= end {
            clock.advance(to: deadline)
            if let sample = motion(deadline) {
                sysfs.writeSample(sample)
            }
            window.scheduler.fireDueTimers()
        }
        clock.advance(to: end)
    }
}
