import Testing
import GestureKit

/// One finger's touch events as a device delivered them, in arrival order:
/// the time and place of its down and every motion, then the time of its
/// lift. Written one event a line, `MS X Y` for a down or motion and
/// `MS up` for the lift, times in milliseconds; `#` starts a comment. The
/// recordings themselves are in `TouchscreenRecordings.swift`.
struct RecordedStream: Sendable {
    struct Sample: Sendable, Equatable {
        /// Seconds, as the toolkit gets event times.
        var time: Double
        var x: Double
        var y: Double
    }

    private(set) var samples: [Sample] = []
    /// Seconds; the last sample's time when the text has no `up` line.
    private(set) var liftTime = 0.0

    init(_ text: String) {
        var lift: Double?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .split(separator: " ")
            guard !fields.isEmpty else { continue }
            let values = fields.map { Double($0) }
            if fields.count == 2, fields[1] == "up", let ms = values[0], lift == nil {
                lift = ms / 1000
            } else if fields.count == 3, lift == nil, let ms = values[0], let x = values[1], let y = values[2] {
                samples.append(Sample(time: ms / 1000, x: x, y: y))
            } else {
                Issue.record("recording line \(number + 1): expected `MS X Y` or `MS up` (once, last), got `\(line)`")
            }
        }
        liftTime = lift ?? samples.last?.time ?? 0
    }

    init(samples: [Sample], liftTime: Double) {
        self.samples = samples
        self.liftTime = liftTime
    }

    /// The same stream without the sample at `index`.
    func removingSample(at index: Int) -> RecordedStream {
        var copy = self
        copy.samples.remove(at: index)
        return copy
    }

    /// The same stream with every sample that repeats the one before it
    /// (same time, same place) left out.
    func removingRepeats() -> RecordedStream {
        var copy = self
        copy.samples = []
        for s in samples where s != copy.samples.last { copy.samples.append(s) }
        return copy
    }

    /// The same stream cut after the samples up to `time` (seconds), lifting then.
    func through(time: Double) -> RecordedStream {
        RecordedStream(samples: samples.filter { $0.time <= time }, liftTime: time)
    }

    /// A tracker fed every sample's position, in arrival order.
    var tracker: VelocityTracker {
        var tracker = VelocityTracker()
        for s in samples { tracker.add(Point(x: s.x, y: s.y), at: s.time) }
        return tracker
    }

    /// What a tracker fed the whole stream estimates at the lift.
    var velocityAtLift: Point { tracker.velocity(at: liftTime) }
}

extension ViewInWindow {
    /// Plays `stream` as touch `id`: its first sample goes down, each later
    /// one moves, every event in its own frame and stamped with its own
    /// time (the clock runs to it first, firing timers, unless the sample
    /// is late), then the lift.
    func play(_ stream: RecordedStream, id: Int32 = 0) {
        for (i, s) in stream.samples.enumerated() {
            advanceClock(to: s.time)
            let at = Point(x: s.x, y: s.y)
            if i == 0 {
                window.input.touchDown(id: id, at: at, time: s.time)
            } else {
                window.input.touchMotion(id: id, to: at, time: s.time)
            }
            frame()
        }
        advanceClock(to: stream.liftTime)
        window.input.touchUp(id: id, time: stream.liftTime)
        frame()
    }
}
