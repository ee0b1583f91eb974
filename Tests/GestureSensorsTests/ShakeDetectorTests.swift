import GestureSensors
import Testing

/// The detector on its own, fed 50 Hz samples directly.
@Suite("Shake detector")
struct ShakeDetectorTests {
    let detector = ShakeDetector()
    let recorder = Recorder()

    final class Recorder {
        var events: [(kind: String, time: Double)] = []
        var kinds: [String] { events.map(\.kind) }
    }

    init() {
        let recorder = recorder
        detector.onBegan = { recorder.events.append(("began", $0)) }
        detector.onEnded = { recorder.events.append(("ended", $0)) }
    }

    /// Feeds `signal` at 50 Hz from `from` up to `to`.
    func feed(from: Double = 0, to: Double, _ signal: (Double) -> AccelerationSample) {
        var step = 0
        while true {
            let t = from + Double(step) * 0.02
            if t > to { break }
            detector.add(signal(t), at: t)
            step += 1
        }
    }

    @Test("gravity alone, at any tilt and with sensor noise, never begins a shake",
          arguments: [0.0, 30, 60, 90, 135, 180])
    func gravityAlone(tilt: Double) {
        feed(to: 10) { Motion.resting(tilt: tilt, at: $0) }
        #expect(recorder.events.isEmpty)
    }

    @Test("tilting the device upright, holding it, and laying it back down is not a shake")
    func slowTilt() {
        feed(to: 6) { t in
            let tilt = t < 1 ? 0 : t < 2 ? 90 * (t - 1) : t < 4 ? 90 : t < 5 ? 90 * (5 - t) : 0
            return Motion.gravity(tilt: tilt)
        }
        #expect(recorder.events.isEmpty)
    }

    @Test("a single jolt and its rebound is not a shake")
    func jolt() {
        feed(to: 3) { t in
            let push = t >= 1 && t < 1.06 ? 25.0 : t >= 1.06 && t < 1.12 ? -25.0 : 0
            return AccelerationSample(x: push, y: 0, z: Motion.g)
        }
        #expect(recorder.events.isEmpty)
    }

    @Test("a weak wobble under the start threshold is not a shake")
    func weakWobble() {
        feed(to: 3) { Motion.shake(at: $0, start: 0.5, duration: 2, amplitude: 6) }
        #expect(recorder.events.isEmpty)
    }

    @Test("a 5 Hz shake begins at its first swing and ends at its last motion, once each")
    func shakeTimes() throws {
        feed(to: 3) { Motion.shake(at: $0, start: 1, duration: 0.6) }
        #expect(recorder.kinds == ["began", "ended"])
        let began = try #require(recorder.events.first?.time)
        let ended = try #require(recorder.events.last?.time)
        #expect(abs(began - 1) <= 0.06)
        #expect(abs(ended - 1.6) <= 0.06)
    }

    @Test("a shake along any axis, at any tilt, is detected", arguments: [0.0, 45, 90])
    func anyTilt(tilt: Double) {
        feed(to: 3) { Motion.shake(at: $0, start: 1, duration: 0.8, frequency: 3, tilt: tilt) }
        #expect(recorder.kinds == ["began", "ended"])
    }

    @Test("a shake that weakens for a few swings does not end and begin again")
    func hysteresis() {
        feed(to: 4) { t in
            let amplitude = t >= 1.4 && t < 1.8 ? 5.0 : 20
            return Motion.shake(at: t, start: 1, duration: 1.2, amplitude: amplitude)
        }
        #expect(recorder.kinds == ["began", "ended"])
    }

    @Test("finish(at:) ends a shake in progress at that time, and does nothing when idle")
    func finish() {
        detector.finish(at: 0.5)
        #expect(recorder.events.isEmpty)
        feed(to: 1.5) { Motion.shake(at: $0, start: 1, duration: 5) }
        #expect(detector.isShaking)
        detector.finish(at: 1.5)
        #expect(recorder.kinds == ["began", "ended"])
        #expect(recorder.events.last?.time == 1.5)
        #expect(!detector.isShaking)
    }

    @Test("after finish(at:) the gravity estimate starts afresh: a new tilt is not a jolt")
    func finishForgetsGravity() {
        feed(to: 1) { _ in Motion.gravity(tilt: 0) }
        detector.finish(at: 1)
        feed(from: 5, to: 7) { _ in Motion.gravity(tilt: 180) }
        #expect(recorder.events.isEmpty)
    }

    @Test("samples at a repeated or earlier time, or with NaN, are ignored")
    func badSamples() {
        feed(to: 1) { _ in Motion.gravity(tilt: 0) }
        for _ in 0..<5 {
            detector.add(time: 1, x: 40, y: 0, z: 0)
            detector.add(time: 0.5, x: -40, y: 0, z: 0)
            detector.add(time: 1.01, x: .nan, y: 0, z: 0)
        }
        feed(from: 1.02, to: 3) { _ in Motion.gravity(tilt: 0) }
        #expect(recorder.events.isEmpty)
    }
}
