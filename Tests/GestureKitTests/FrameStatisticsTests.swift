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

    @Test("a frame is counted when drawn and gets its latency when the presentation is reported, even frames later")
    func latencyAddedLater() {
        var stats = FrameStatistics()
        let first = stats.record(.init(drawDuration: 0.002))
        let second = stats.record(.init(drawDuration: 0.004))
        #expect((first, second) == (1, 2))
        #expect(stats.summary == "2 frames: draw median 4.00 ms; input to present unknown")
        stats.setInputToPresent(0.012, ofFrame: first)
        #expect(stats.samples.map(\.inputToPresent) == [0.012, nil])
        stats.setInputToPresent(0.008, ofFrame: second)
        #expect(stats.summary == "2 frames: draw median 4.00 ms; input to present median 12.00 ms (2 frames)")
    }

    @Test("a latency for a frame no longer among the recent ones, or not recorded, changes nothing")
    func latencyOutsideTheWindow() {
        var stats = FrameStatistics()
        for _ in 0..<(stats.capacity + 5) { stats.record(.init(drawDuration: 0.001)) }
        #expect(stats.framesRecorded == stats.capacity + 5)
        stats.setInputToPresent(0.010, ofFrame: 5)
        stats.setInputToPresent(0.010, ofFrame: stats.capacity + 6)
        stats.setInputToPresent(0.010, ofFrame: 0)
        #expect(stats.medianInputToPresent == nil)
        // The oldest frame still held is the sixth.
        stats.setInputToPresent(0.020, ofFrame: 6)
        #expect(stats.samples.first?.inputToPresent == 0.020)
        #expect(stats.samples.dropFirst().allSatisfy { $0.inputToPresent == nil })
    }
}
