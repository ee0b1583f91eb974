/// Recent frame timings, for the debug overlay and benchmarks: how long
/// drawing took and, where the compositor reports presentation
/// (wp_presentation), the time from the input event to the frame on screen.
///
/// A frame is recorded when it is drawn; its latency, known only once the
/// compositor reports the presentation, is added then
/// (``setInputToPresent(_:ofFrame:)``). A compositor that never reports
/// (sway's headless output) leaves the latency unknown but every frame
/// counted.
public struct FrameStatistics: Sendable {
    /// The timings of one frame.
    public struct Sample: Sendable, Equatable {
        /// Seconds spent drawing the frame.
        public var drawDuration: Double
        /// Seconds from the newest input event drawn to presentation, if known.
        public var inputToPresent: Double?

        /// A sample of one frame's timings, in seconds; no latency unless given.
        public init(drawDuration: Double, inputToPresent: Double? = nil) {
            self.drawDuration = drawDuration
            self.inputToPresent = inputToPresent
        }
    }

    /// The recorded frames, oldest first, at most ``capacity`` of them.
    public private(set) var samples: [Sample] = []
    /// How many frames are kept: two seconds at 60 Hz. Recording one more
    /// drops the oldest.
    public let capacity = 120

    /// How many frames were recorded in all: the number of the newest.
    public private(set) var framesRecorded = 0

    /// Statistics with no frame recorded yet.
    public init() {}

    /// Adds the timings of the frame just drawn, dropping the oldest sample
    /// when ``capacity`` are held; returns the frame's number (1 for the
    /// first), by which its latency is added later.
    @discardableResult
    public mutating func record(_ sample: Sample) -> Int {
        if samples.count == capacity { samples.removeFirst() }
        samples.append(sample)
        framesRecorded += 1
        return framesRecorded
    }

    /// Sets the input-to-present latency (seconds) of frame `number`, as
    /// ``record(_:)`` numbered it; nothing when that frame is no longer
    /// among the recent ones, or not yet recorded.
    public mutating func setInputToPresent(_ latency: Double, ofFrame number: Int) {
        let index = samples.count - 1 - (framesRecorded - number)
        guard samples.indices.contains(index) else { return }
        samples[index].inputToPresent = latency
    }

    /// The newest sample; nil before the first frame is recorded.
    public var last: Sample? { samples.last }

    /// Median of the known input-to-present latencies.
    public var medianInputToPresent: Double? {
        Self.median(samples.compactMap(\.inputToPresent))
    }

    /// Median time spent drawing a frame.
    public var medianDrawDuration: Double? {
        Self.median(samples.map(\.drawDuration))
    }

    /// One line for a log, over the recent frames: e.g. "120 frames: draw
    /// median 1.20 ms; input to present median 14.05 ms (31 frames)".
    /// The latency reads "unknown" when no frame has a known one (no
    /// input drawn, no `wp_presentation`, or its clock unknown).
    public var summary: String {
        guard let draw = medianDrawDuration else { return "no frames drawn" }
        var line = "\(samples.count) frames: draw median \(formatFixed(draw * 1000)) ms; input to present "
        let known = samples.filter { $0.inputToPresent != nil }.count
        if let latency = medianInputToPresent {
            line += "median \(formatFixed(latency * 1000)) ms (\(known) frames)"
        } else {
            line += "unknown"
        }
        return line
    }

    /// The upper median (of an even count, the larger middle value).
    private static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }
}
