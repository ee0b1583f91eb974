/// When the frame in flight will reach the screen, forecast from the
/// frames before it, two ways: from its frame callback (which compositors
/// send as they start a repaint), by how long the frames before it took
/// from theirs to their presentation; and, before its callback came, from
/// the previous frame's presentation, by the compositor's rhythm (how far
/// apart frames drawn one after the other were presented). And whether it
/// is worth waiting for at all.
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

    /// After this many frames in a row whose presentation never came
    /// within the wait limit, the compositor is taken not to report
    /// presentations (sway's headless output discards them all): waiting
    /// for them would hold every frame for the whole limit.
    static let timeoutsToGiveUp = 3

    /// The recent delays, oldest first.
    private var delays: [Double] = []
    /// The recent intervals between presentations of consecutive frames,
    /// oldest first, and the newest presentation.
    private var intervals: [Double] = []
    private var lastPresented: (frame: Int, at: Double)?
    private var timeoutsInARow = 0

    /// Whether a new frame should wait for the previous one's
    /// presentation: until several in a row never came. One that comes
    /// restores it.
    var isWorthWaitingFor: Bool { timeoutsInARow < Self.timeoutsToGiveUp }

    /// Notes that a frame's presentation did not come within the wait
    /// limit.
    mutating func recordTimeout() {
        timeoutsInARow += 1
    }

    /// Notes that a frame was presented (whether or not it was waited for).
    mutating func recordPresentation() {
        timeoutsInARow = 0
    }

    /// Notes one frame: its callback came at `callback`, and it was
    /// presented at `presented` (both `CLOCK_MONOTONIC` seconds). A delay
    /// not inside (0, `longest`] is a clock mismatch or a stall, not the
    /// compositor's rhythm, and is ignored.
    mutating func record(callback: Double, presented: Double, longest: Double) {
        Self.keep(presented - callback, in: &delays, longest: longest)
    }

    /// Notes that frame `frame` (frames are numbered as committed) was
    /// presented at `presented`; after frame `frame - 1`, the interval
    /// between the two counts toward the rhythm unless it is not inside
    /// (0, `longest`].
    mutating func record(frame: Int, presented: Double, longest: Double) {
        if let last = lastPresented, last.frame == frame - 1 {
            Self.keep(presented - last.at, in: &intervals, longest: longest)
        }
        lastPresented = (frame, presented)
    }

    /// Adds `span` to the `window` most recent in `recent` when it lies
    /// in (0, `longest`].
    private static func keep(_ span: Double, in recent: inout [Double], longest: Double) {
        guard span > 0, span <= longest else { return }
        if recent.count == window { recent.removeFirst() }
        recent.append(span)
    }

    /// When frame `frame`, committed after frame `frame - 1` was presented
    /// and before its own callback came, should be presented: one interval
    /// (the shortest recent one) after that presentation. Nil until enough
    /// frames were seen, or when the frame before was not presented (it
    /// was discarded, or the window drew nothing for a while: a compositor
    /// whose output went idle keeps no rhythm to go by). It errs early
    /// unless the compositor quickens (a faster mode): the first frame
    /// after is then read late by the difference, and the next forecast
    /// knows the new interval.
    func presentation(ofFrame frame: Int) -> Double? {
        guard intervals.count >= Self.samplesNeeded, let last = lastPresented, last.frame == frame - 1,
              let shortest = intervals.min() else { return nil }
        return last.at + shortest
    }

    /// When a frame whose callback came at `callback` should be presented,
    /// at the earliest the recent frames suggest; nil until enough frames
    /// were seen.
    func presentation(afterCallbackAt callback: Double) -> Double? {
        guard delays.count >= Self.samplesNeeded, let shortest = delays.min() else { return nil }
        return callback + shortest
    }
}
