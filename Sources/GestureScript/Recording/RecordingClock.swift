/// The time line of a recording: when each recorded event happened, in
/// seconds since the recording began, from two clocks that disagree.
///
/// Compositor event times are the precise ones (velocities are estimated
/// from them), but their origin is arbitrary (often the machine's uptime)
/// and not every event has one: a pointer's enter and leave, touch frames
/// and cancels carry none, and the backend hands the tap the device's
/// previous time instead (0 before the first). The app's own monotonic
/// clock gives every event an arrival time, late by however long the
/// event waited to be read.
///
/// So an event stamped `s` is placed at `s + offset`, where `offset` maps
/// the compositor's clock onto the recording's: about the smallest
/// `arrival - s` seen so far, i.e. the promptest delivery (lowered only
/// when an event would be placed more than `stampJitter` after it arrived,
/// so the spacing of stamped events, which velocities are made of, stays
/// exact). A stamp that would place its event more than
/// `staleStampTolerance` before the previous event is not a time of this
/// event (a reused time, a clock that jumped back); such events, and
/// events without a stamp, are placed by the monotonic clock: as long
/// after the previous event as they arrived after it. Time never runs
/// backwards: a stamp slightly behind (devices on different seats are not
/// ordered) is moved up to the previous event.
public struct RecordingClock: Sendable {
    /// How far behind the previous event a stamp may lie and still be
    /// taken as this event's time, in seconds. Devices of one compositor
    /// share its clock, so real stamps are ordered to within their
    /// delivery order; a reused or foreign stamp is off by much more.
    public static let staleStampTolerance = 0.5

    /// How much later than it arrived a stamped event may be placed
    /// before the offset is lowered, in seconds. Compositor stamps are
    /// whole milliseconds, cut short, so `arrival - stamp` wanders by up to
    /// a millisecond from one prompt event to the next; following it would
    /// move each event of a gesture by as much, and a pinch's velocity with
    /// it. 2 ms covers that and keeps real changes (a first event read
    /// late) in.
    public static let stampJitter = 0.002

    private var offset: Double?
    private var previous: (time: Double, arrival: Double) = (0, 0)

    public init() {}

    /// The recording time of an event that arrived `arrival` seconds
    /// after the recording began, stamped `stamp` seconds on the
    /// compositor's clock (nil when the event has no time of its own).
    public mutating func time(ofEventStamped stamp: Double?, arrivedAt arrival: Double) -> Double {
        let sinceArrival = max(0, arrival - previous.arrival)
        var time = previous.time + sinceArrival
        if let stamp, stamp.isFinite {
            let prompt = arrival - stamp
            let candidateOffset = offset.map { prompt < $0 - Self.stampJitter ? prompt : $0 } ?? prompt
            let candidate = stamp + candidateOffset
            if candidate >= previous.time - Self.staleStampTolerance {
                offset = candidateOffset
                time = candidate
            }
        }
        time = max(time, previous.time)
        previous = (time, max(arrival, previous.arrival))
        return time
    }

    /// The recording time of `arrival` with no event: when a session ends.
    public mutating func time(at arrival: Double) -> Double {
        time(ofEventStamped: nil, arrivedAt: arrival)
    }
}
