import Testing
@testable import GestureKit

/// `VelocityTracker` on recorded device streams (`TouchscreenRecordings`),
/// each checked against the velocity worked out by hand from what the
/// finger did, within the error its time stamps and sensor noise allow;
/// and on a few samples small enough to compute exactly.
@Suite("Velocity tracker")
struct VelocityTrackerTests {
    /// Whether `v` is `expected` within `tolerance` px/s on each axis.
    func reads(_ v: Point, _ expected: (x: Double, y: Double), within tolerance: Double) -> Bool {
        abs(v.x - expected.x) <= tolerance && abs(v.y - expected.y) <= tolerance
    }

    // MARK: Recorded streams

    @Test("a steady 480 px/s drag on a 60 Hz panel reads 480 px/s within 2%, despite whole-millisecond times and sensor noise")
    func steadyDrag() {
        let v = RecordedStream.steadyDrag60Hz.velocityAtLift
        #expect(reads(v, (480, 0), within: 9.6), "\(v)")
    }

    @Test("a 120 Hz fling reads the speed at the middle of its last 100 ms, 1,800 px/s, not its average or top speed")
    func fling() {
        let v = RecordedStream.fling120Hz.velocityAtLift
        #expect(reads(v, (-1080, -1440), within: 18), "\(v)")
    }

    @Test("a finger that rested 60 ms before lifting reads zero, though it read 600 px/s when it stopped")
    func restBeforeLift() {
        let stream = RecordedStream.restBeforeLift60Hz
        let stopped = stream.samples.last!.time
        #expect(reads(stream.tracker.velocity(at: stopped), (600, 0), within: 12))
        #expect(reads(stream.velocityAtLift, (0, 0), within: 0))
    }

    @Test("sensor noise while a finger rests before lifting reads under 10 px/s, not a 900 px/s fling")
    func noisyRest() {
        let v = RecordedStream.noisyRestBeforeLift120Hz.velocityAtLift
        #expect(reads(v, (0, 0), within: 10), "\(v)")
    }

    @Test("a lift wobble after a 60 ms rest reads zero: the fling before the rest is over")
    func liftWobbleAfterRest() {
        let stream = RecordedStream.liftWobbleAfterRest120Hz
        let beforeRest = stream.through(time: 0.2)
        #expect(reads(beforeRest.velocityAtLift, (1000, 0), within: 20))
        #expect(reads(stream.velocityAtLift, (0, 0), within: 0), "\(stream.velocityAtLift)")
    }

    @Test("a late sample carrying an older time is ignored, and the drag reads 720 px/s within 2%")
    func lateSample() {
        let stream = RecordedStream.lateSample120Hz
        #expect(stream.samples[18].time < stream.samples[17].time)
        let v = stream.velocityAtLift, inOrder = stream.removingSample(at: 18).velocityAtLift
        #expect(v == inOrder)
        #expect(reads(v, (0, 720), within: 14.4), "\(v)")
    }

    @Test("a sample delivered twice weighs nothing extra, and a position repeated while the finger rests is a rest")
    func repeatedSamples() {
        let stream = RecordedStream.repeatedSamples60Hz
        let moving = stream.through(time: 0.2)
        let v = moving.velocityAtLift, once = moving.removingRepeats().velocityAtLift
        #expect(moving.removingRepeats().samples.count * 2 == moving.samples.count)
        #expect(reads(v, (once.x, once.y), within: 1e-9))
        #expect(reads(v, (540, 0), within: 10.8), "\(v)")
        #expect(reads(stream.velocityAtLift, (0, 0), within: 0))
    }

    @Test("from 100 ms after the finger turns back, the estimate reads the new direction, -600 px/s within 2%")
    func reversal() {
        var tracker = VelocityTracker()
        var checked = 0
        for s in RecordedStream.reversal120Hz.samples {
            tracker.add(Point(x: s.x, y: s.y), at: s.time)
            guard s.time >= 0.25 else { continue }
            let v = tracker.velocity(at: s.time)
            #expect(reads(v, (-600, 0), within: 12), "at \(s.time) s: \(v)")
            checked += 1
        }
        #expect(checked == 7)
    }

    @Test("a 1,000 Hz mouse drag, more samples than the tracker keeps, reads its steady 300 px/s")
    func moreSamplesThanKept() {
        let v = RecordedStream.mouseDrag1000Hz.velocityAtLift
        // Positions are rounded to 1/256 px, which is all that is off.
        #expect(reads(v, (300, 0), within: 0.01), "\(v)")
    }

    // MARK: Small cases, computed exactly

    @Test("three samples 10 ms apart moving (10, -5) px each read exactly (1000, -500) px/s")
    func exactSlope() {
        let stream = RecordedStream("""
            1000   0    0
            1010  10   -5
            1020  20  -10
            """)
        #expect(reads(stream.velocityAtLift, (1000, -500), within: 1e-9))
    }

    @Test("only the last 100 ms count: an older, slower sample does not pull the estimate down")
    func windowLimit() {
        let stream = RecordedStream("""
              0    0.0  0   # 10 px/s until 90 ms,
             30    0.3  0
             60    0.6  0
             90    0.9  0
            120   30.9  0   # 1000 px/s from there on
            150   60.9  0
            180   90.9  0
            210  120.9  0
            """)
        #expect(reads(stream.velocityAtLift, (1000, 0), within: 1e-9))
    }

    @Test("with fewer than two samples, or all at one instant, the velocity is zero")
    func tooFewSamples() {
        #expect(reads(VelocityTracker().velocity(at: 0), (0, 0), within: 0))
        let one = RecordedStream("500  10  10")
        #expect(reads(one.velocityAtLift, (0, 0), within: 0))
        let sameInstant = RecordedStream("""
            500  10  10
            500  30  10
            """)
        #expect(reads(sameInstant.velocityAtLift, (0, 0), within: 0))
    }

    @Test("the rest is judged at the time asked about: 40 ms after the last change it still moves, 41 ms after it rests")
    func restBoundary() {
        let tracker = RecordedStream("""
             0   0  0
            10   5  0
            20  10  0
            """).tracker
        #expect(reads(tracker.velocity(at: 0.06), (500, 0), within: 1e-9))
        #expect(reads(tracker.velocity(at: 0.061), (0, 0), within: 0))
    }

    @Test("reset forgets every sample")
    func reset() {
        var tracker = RecordedStream("""
             0   0  0
            10  50  0
            """).tracker
        tracker.reset()
        #expect(reads(tracker.velocity(at: 0.01), (0, 0), within: 0))
        tracker.add(50, at: 0.02)
        tracker.add(51, at: 0.03)
        #expect(reads(tracker.velocity(at: 0.03), (100, 0), within: 1e-9))
    }
}
