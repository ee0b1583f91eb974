import GestureKit
import Testing

/// What the debug overlay and the app's exit note report about frames.
@Suite("Frame statistics")
struct FrameStatisticsTests {
    @Test("the latency median ignores frames with no known latency; the summary names both medians and the count")
    func mediansAndSummary() {
        var stats = FrameStatistics()
        #expect(stats.summary == "no frames drawn")
        stats.record(.init(drawDuration: 0.002, inputToPresent: 0.030))
        stats.record(.init(drawDuration: 0.001))
        stats.record(.init(drawDuration: 0.004, inputToPresent: 0.010))
        stats.record(.init(drawDuration: 0.003, inputToPresent: 0.020))
        #expect(stats.medianInputToPresent == 0.020)
        #expect(stats.summary == "4 frames: draw median 3.00 ms; input to present median 20.00 ms (3 frames)")
    }

    @Test("with no frame on a known clock the latency reads unknown")
    func unknownLatency() {
        var stats = FrameStatistics()
        stats.record(.init(drawDuration: 0.0015))
        #expect(stats.medianInputToPresent == nil)
        #expect(stats.summary == "1 frames: draw median 1.50 ms; input to present unknown")
    }
}
