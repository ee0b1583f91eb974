/// Recent frame timings, for the debug overlay and benchmarks: how long
/// drawing took and, where the compositor reports presentation
/// (wp_presentation), the time from the input event to the frame on screen.
public struct FrameStatistics: Sendable {
    public struct Sample: Sendable, Equatable {
        /// Seconds spent drawing the frame.
        public var drawDuration: Double
        /// Seconds from the newest input event drawn to presentation, if known.
        public var inputToPresent: Double?

        public init(drawDuration: Double, inputToPresent: Double? = nil) {
            self.drawDuration = drawDuration
            self.inputToPresent = inputToPresent
        }
    }

    public private(set) var samples: [Sample] = []
    public let capacity = 120

    public init() {}

    public mutating func record(_ sample: Sample) {
        if samples.count == capacity { samples.removeFirst() }
        samples.append(sample)
    }

    /// The sample at the given index counting back from the newest.
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
