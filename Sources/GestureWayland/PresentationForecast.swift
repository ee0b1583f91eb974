/// When the frame in flight will reach the screen, forecast from the
/// frames before it: how long each took from its frame callback (which
/// compositors send as they start a repaint) to its presentation.
///
/// The forecast is the shortest of the recent delays, so it errs early
/// rather than late: a loop that sleeps until then and finds the frame not
/// yet presented merely reads what came and waits on as usual (one more
/// wake-up), while erring late leaves a presentation unread, and the next
/// frame undrawn, for as long as the error. With too few frames behind it,
/// it forecasts nothing.
struct PresentationForecast {
    /// How many recent frames the forecast looks at.
    static let window = 8
    /// How many it needs before it forecasts at all.
    static let samplesNeeded = 3

    private var delays: [Double] = []
    private var next = 0

    /// Notes one frame: its callback came at `callback`, and it was
    /// presented at `presented` (both `CLOCK_MONOTONIC` seconds). A delay
    /// not inside (0, `longest`] is a clock mismatch or a stall, not the
    /// compositor's rhythm, and is ignored.
    mutating func record(callback: Double, presented: Double, longest: Double) {
        let delay = presented - callback
        guard delay > 0, delay <= longest else { return }
        if delays.count < Self.window {
            delays.append(delay)
        } else {
            delays[next] = delay
            next = (next + 1) % Self.window
        }
    }

    /// When a frame whose callback came at `callback` should be presented,
    /// at the earliest the recent frames suggest; nil until enough frames
    /// were seen.
    func presentation(afterCallbackAt callback: Double) -> Double? {
        guard delays.count >= Self.samplesNeeded, let shortest = delays.min() else { return nil }
        return callback + shortest
    }
}
