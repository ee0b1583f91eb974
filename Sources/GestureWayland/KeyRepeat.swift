import GestureKit

/// Client-side key repeat, which Wayland leaves to clients: the held key
/// repeats first after the compositor's delay, then at its rate, until it
/// is released, another repeating key takes over, or `stop()`.
///
/// Runs on the window's scheduler, so it is driven by the event loop's
/// timer live and by a virtual clock in tests. Whether a repeat does
/// anything is the window's business (`KeyCommand.repeats`).
final class KeyRepeat {
    /// Settings for keyboards older than v4, which have no `repeat_info`:
    /// the X server's defaults, which users of such compositors are used
    /// to. Rate in keys per second, delay in milliseconds.
    static let fallbackRate: Int32 = 25
    static let fallbackDelay: Int32 = 600

    /// Keys per second; 0 turns repeat off (`wl_keyboard.repeat_info`).
    private(set) var rate = KeyRepeat.fallbackRate
    /// Milliseconds from the press to the first repeat.
    private(set) var delay = KeyRepeat.fallbackDelay

    /// The key being repeated, with the settings it started under: when
    /// its first repeat is due (compositor time), the seconds between
    /// repeats, how many it has had, and the timer (first the delay, then
    /// the rate).
    private struct Held {
        var key: UInt32
        var firstRepeat: Double
        var interval: Double
        var count = 0
        var timer: ScheduledTimer
    }
    private var held: Held?
    /// Called for each repeat with the key and its compositor time.
    private var fire: ((_ key: UInt32, _ time: Double) -> Void)?

    /// The key repeating now, if any.
    var key: UInt32? { held?.key }

    /// Adopts the compositor's settings; a rate of 0 stops a repeat under
    /// way. Negative values (a protocol violation) count as 0.
    func setInfo(rate: Int32, delay: Int32) {
        self.rate = max(0, rate)
        self.delay = max(0, delay)
        if self.rate == 0 { stop() }
    }

    /// Starts repeating `key`, pressed at compositor time `time`, in place
    /// of any key repeating before. Does nothing while repeat is off.
    func start(key: UInt32, time: Double, scheduler: Scheduler,
               fire: @escaping (_ key: UInt32, _ time: Double) -> Void) {
        stop()
        guard rate > 0 else { return }
        let delay = Double(self.delay) / 1000
        let timer = scheduler.schedule(after: delay) { [weak self, unowned scheduler] _ in
            self?.delayDidPass(scheduler: scheduler)
        }
        held = Held(key: key, firstRepeat: time + delay, interval: 1 / Double(rate), timer: timer)
        self.fire = fire
    }

    /// Stops the repeat, if `key` is the one repeating (its release).
    func stop(key: UInt32) {
        if held?.key == key { stop() }
    }

    /// Stops any repeat.
    func stop() {
        held?.timer.invalidate()
        held = nil
        fire = nil
    }

    private func delayDidPass(scheduler: Scheduler) {
        guard let interval = held?.interval else { return }
        held?.timer = scheduler.schedule(after: interval, repeats: true) { [weak self] _ in
            self?.sendRepeat()
        }
        sendRepeat()
    }

    private func sendRepeat() {
        guard let current = held, let fire else { return }
        held?.count += 1
        // Stamped when it was due in compositor time, as a keyboard that
        // repeated by itself would: repeats the loop ran late (several in
        // one wake-up) still come one interval apart.
        fire(current.key, current.firstRepeat + Double(current.count) * current.interval)
    }
}
