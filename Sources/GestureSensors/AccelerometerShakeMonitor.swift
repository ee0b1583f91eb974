import GestureKit
import Logging

/// Turns a real accelerometer into the window's shake events: it polls the
/// IIO sensor on the window's scheduler, runs a `ShakeDetector`, and calls
/// `Window.deviceShakeBegan(time:)` / `deviceShakeEnded(time:)` (device
/// input, which a recording writes), which decide between `motionEnded`
/// and `motionCancelled` exactly as for a keyboard shake.
///
/// It polls only while the window has focus (as UIKit sends motion only to
/// the active app) and only while a device exists: otherwise no timer is
/// scheduled and the app never wakes up for it. Losing focus or the device
/// ends a shake in progress, so a responder never waits for an end that
/// will not come.
///
/// The window keeps the monitor alive once started (it is one of the
/// window's observers) until `stop()`.
public final class AccelerometerShakeMonitor {
    /// Time between two readings while polling, in seconds. 50 Hz samples
    /// a hand's shaking (up to about 8 Hz) several times per swing, at the
    /// cost of three small file reads per poll.
    public static let pollInterval = 0.02

    /// Failed readings in a row after which the device is given up as
    /// lost, though its folder is still there (a driver returning errors,
    /// permissions taken away). 50 polls is one second: a passing hiccup is
    /// ridden out, a permanent fault stops the polling.
    public static let maximumConsecutiveFailures = 50

    /// The folder searched for an accelerometer.
    public let root: String

    /// The accelerometer being read; nil when none was found or it was
    /// lost.
    public private(set) var accelerometer: IIOAccelerometer?

    /// Why no accelerometer was found, why it was lost, or why the latest
    /// reading was discarded; nil while all is well. For the app's log.
    public private(set) var lastFailure: IIOAccelerometerError?

    /// Called when the device is lost, or found after `start()` (the
    /// search is repeated each time the window gains focus while there is
    /// none), with the new device or nil.
    public var onDeviceChange: ((IIOAccelerometer?) -> Void)?

    /// Where the monitor reports a device found after `start()` or lost
    /// (at `notice` level: the user's shake input changed mid-session).
    /// What `start()` finds is its return value and `lastFailure`, for the
    /// host to report as it likes.
    public var logger = Logger(label: "GestureSensors")

    /// Whether a poll is scheduled.
    public var isPolling: Bool { timer != nil }

    /// Unowned, not strong: the window holds the monitor as an observer.
    /// Not weak either: a weak reference to the window would put every
    /// retain of it, on every touch, on the runtime's slow path. The
    /// monitor must not outlive its window (the window's observers and
    /// timers, which keep it, go with the window).
    private unowned let window: Window?
    private let detector = ShakeDetector()
    private var timer: ScheduledTimer?
    private var isStarted = false
    /// Focus as last seen, to search for a device only when focus arrives
    /// rather than on every change of the environment.
    private var wasActivated = false
    /// Whether the window's current shake is ours: a held shake key may
    /// have begun one first, and that one is not ours to end.
    private var ownsWindowShake = false
    private var consecutiveFailures = 0

    /// A monitor for `window`, looking for an accelerometer under `root`
    /// (the kernel's IIO folder by default; tests and the app's
    /// `--accelerometer-root` flag point elsewhere). Nothing happens until
    /// `start()`.
    public init(window: Window, root: String = IIOAccelerometer.defaultRoot) {
        self.window = window
        self.root = root
        detector.onBegan = { [weak self] time in self?.detectorBegan(at: time) }
        detector.onEnded = { [weak self] time in self?.detectorEnded(at: time) }
    }

    /// Looks for an accelerometer and starts watching the window's focus;
    /// polling runs whenever the window has focus and a device exists.
    /// Returns whether a device was found. Calling it again does nothing
    /// but return the same answer.
    @discardableResult
    public func start() -> Bool {
        guard !isStarted else { return accelerometer != nil }
        guard let window else { return false }
        isStarted = true
        window.addObserver(self)
        discover()
        wasActivated = isWindowActivated
        updatePolling()
        return accelerometer != nil
    }

    /// Stops for good: ends a shake in progress, cancels the poll timer and
    /// stops watching the window.
    public func stop() {
        guard isStarted else { return }
        isStarted = false
        haltPolling()
        window?.removeObserver(self)
    }

    // MARK: Focus

    private var isWindowActivated: Bool {
        window?.environment.windowState.contains(.activated) ?? false
    }

    fileprivate func windowEnvironmentChanged() {
        guard isStarted else { return }
        let activated = isWindowActivated
        if activated, !wasActivated, accelerometer == nil {
            discover()
            if let accelerometer {
                logger.notice("accelerometer \(accelerometer.name) found at \(accelerometer.path)")
                onDeviceChange?(accelerometer)
            }
        }
        wasActivated = activated
        updatePolling()
    }

    // MARK: Polling

    private func discover() {
        switch IIOAccelerometer.find(root: root) {
        case .success(let device):
            accelerometer = device
            lastFailure = nil
        case .failure(let error):
            accelerometer = nil
            lastFailure = error
        }
        consecutiveFailures = 0
    }

    /// Brings the timer in line with the rules: scheduled exactly when
    /// started, focused and with a device.
    private func updatePolling() {
        let shouldPoll = isStarted && accelerometer != nil && isWindowActivated
        if shouldPoll, timer == nil {
            scheduleNextPoll()
        } else if !shouldPoll, timer != nil {
            haltPolling()
        }
    }

    /// A one-shot timer re-armed after each poll rather than a repeating
    /// one: after a stalled loop a repeating timer fires a burst of
    /// catch-up polls at one instant, all reading the same thing.
    private func scheduleNextPoll() {
        guard let window else { return }
        timer = window.scheduler.schedule(after: Self.pollInterval) { [weak self] _ in self?.poll() }
    }

    private func haltPolling() {
        timer?.invalidate()
        timer = nil
        // The detector forgets its gravity too: the next reading may come
        // long after, with the device held differently.
        detector.finish(at: window?.scheduler.now ?? 0)
    }

    private func poll() {
        timer = nil
        guard let window, let device = accelerometer else { return }
        switch device.read() {
        case .success(let sample):
            consecutiveFailures = 0
            lastFailure = nil
            detector.add(sample, at: window.scheduler.now)
        case .failure(let error):
            lastFailure = error
            consecutiveFailures += 1
            if case .deviceGone = error {
                loseDevice()
            } else if consecutiveFailures >= Self.maximumConsecutiveFailures {
                loseDevice()
            }
        }
        updatePolling()
    }

    private func loseDevice() {
        if let accelerometer {
            let reason = lastFailure.map { ": \($0)" } ?? ""
            logger.notice("accelerometer \(accelerometer.name) at \(accelerometer.path) lost\(reason)")
        }
        accelerometer = nil
        consecutiveFailures = 0
        haltPolling()
        onDeviceChange?(nil)
    }

    // MARK: Shake forwarding

    private func detectorBegan(at time: Double) {
        guard let window, !window.isShaking else { return }
        ownsWindowShake = true
        window.deviceShakeBegan(time: time)
    }

    private func detectorEnded(at time: Double) {
        guard ownsWindowShake else { return }
        ownsWindowShake = false
        window?.deviceShakeEnded(time: time)
    }
}

/// Focus arrives and leaves through the window's environment
/// (`windowState.contains(.activated)`), which the backend sets.
extension AccelerometerShakeMonitor: WindowObserver {
    /// Starts or stops polling as the window gains or loses focus.
    public func environmentDidChange(_ environment: DisplayEnvironment) {
        windowEnvironmentChanged()
    }
}
