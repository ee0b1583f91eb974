/// How a keyboard repeats a held key (`wl_keyboard.repeat_info`, or a
/// script's `keyboard repeat`): after `delay` milliseconds, `rate` times a
/// second until the key is released.
public struct KeyRepeatSettings: Equatable, Sendable {
    /// Repeats per second; 0 (or less) means keys do not repeat.
    public var rate: Int
    /// Milliseconds from the press to the first repeat.
    public var delay: Int

    /// Negative values (which the protocol forbids) count as 0.
    public init(rate: Int, delay: Int) {
        self.rate = max(0, rate)
        self.delay = max(0, delay)
    }

    /// No repeat at all: what a script's keyboard does until it says
    /// otherwise.
    public static let off = KeyRepeatSettings(rate: 0, delay: 0)

    /// For keyboards that announce nothing (`wl_keyboard` before v4): the
    /// X server's defaults, 25 per second after 600 ms, which users of
    /// such compositors are used to.
    public static let fallback = KeyRepeatSettings(rate: 25, delay: 600)

    /// Whether held keys repeat at all.
    public var repeats: Bool { rate > 0 }
}

/// Key repeat done by the client, as Wayland leaves it to clients: the
/// held key repeats first after the settings' delay, then at their rate,
/// until it is released, another repeating key takes over, or `stop()`.
///
/// One implementation for every keyboard: the Wayland backend's (keys by
/// evdev code) and the script player's (keys by keysym) each own one. It
/// runs on the window's scheduler, so it is driven by the event loop's
/// timer live and by the virtual clock headless. Which keys repeat is the
/// keyboard's business (the keymap's per-key flag, or the script's
/// layout); whether a repeat does anything is the window's
/// (`KeyCommand.repeats`).
public final class KeyRepeat {
    /// The settings repeats start under; `.fallback` until told.
    public private(set) var settings: KeyRepeatSettings

    /// The key being repeated, with the settings it started under: when
    /// its first repeat is due (in the press's time), the seconds between
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
    /// Called for each repeat with the key and its time.
    private var fire: ((_ key: UInt32, _ time: Double) -> Void)?

    /// A repeater with nothing held, under `settings` until ``update(_:)``.
    public init(settings: KeyRepeatSettings = .fallback) {
        self.settings = settings
    }

    /// The key repeating now, if any.
    public var key: UInt32? { held?.key }

    /// Adopts new settings; turning repeat off stops a repeat under way
    /// (one already repeating keeps its old rate otherwise, as keyboards
    /// do until the next press).
    public func update(_ settings: KeyRepeatSettings) {
        self.settings = settings
        if !settings.repeats { stop() }
    }

    /// Starts repeating `key`, pressed at `time` (the press's own time
    /// stamp, on whatever clock the caller's events use), in place of any
    /// key repeating before. Does nothing while repeat is off.
    public func start(key: UInt32, time: Double, scheduler: Scheduler,
                      fire: @escaping (_ key: UInt32, _ time: Double) -> Void) {
        stop()
        guard settings.repeats else { return }
        let delay = Double(settings.delay) / 1000
        let timer = scheduler.schedule(after: delay) { [weak self, unowned scheduler] _ in
            self?.delayDidPass(scheduler: scheduler)
        }
        held = Held(key: key, firstRepeat: time + delay, interval: 1 / Double(settings.rate), timer: timer)
        self.fire = fire
    }

    /// Stops the repeat, if `key` is the one repeating (its release).
    public func stop(key: UInt32) {
        if held?.key == key { stop() }
    }

    /// Stops any repeat.
    public func stop() {
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
        // Stamped when it was due in the press's time, as a keyboard that
        // repeated by itself would: repeats the loop ran late (several in
        // one wake-up) still come one interval apart.
        fire(current.key, current.firstRepeat + Double(current.count) * current.interval)
    }
}
