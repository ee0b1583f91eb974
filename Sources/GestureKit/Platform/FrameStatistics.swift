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
        let known = samples.compactMap(\.inputToPresent).sorted()
        guard !known.isEmpty else { return nil }
        return known[known.count / 2]
    }
}
