import Foundation  // cos, sin
import GestureKit

/// Two fingers on opposite ends of a diameter, turning three times round the
/// stage's centre while the radius changes linearly; optionally a third
/// finger rests on the centre for the middle turn (it is not one of the
/// first two fingers, so the angle must not notice it, and it sits on the
/// centroid, so the span stays proportional to the radius).
struct Circling: Sendable, CustomStringConvertible {
    var startRadius: Int
    var endRadius: Int
    var stepsPerTurn: Int
    /// Clockwise on screen (y grows downwards), the positive direction.
    var clockwise: Bool
    var startDegrees: Int
    var restingThirdFinger: Bool

    var description: String {
        "r \(startRadius)->\(endRadius), \(stepsPerTurn) steps/turn, \(clockwise ? "clockwise" : "anticlockwise"), from \(startDegrees)°\(restingThirdFinger ? ", third finger resting" : "")"
    }

    struct Result {
        var rotation = 0.0
        var endedRotation = Double.nan
        var scale = 0.0
        /// The states the rotation's action fired in, repeats collapsed.
        var rotationStates: [GestureRecognizer.State] = []
    }

    /// The radii, shrunk to fit `stage` if needed.
    private func radii(in stage: Rect) -> (start: Double, end: Double) {
        let limit = 0.45 * Swift.min(stage.width, stage.height)
        return (Swift.min(Double(startRadius), limit), Swift.min(Double(endRadius), limit))
    }

    func radiusRatio(in stage: Rect) -> Double {
        let r = radii(in: stage)
        return r.end / r.start
    }

    func perform(on fixture: PinchRotationFixture) -> Result {
        var result = Result()
        fixture.rotation.addAction { r in
            if result.rotationStates.last != r.state { result.rotationStates.append(r.state) }
            if r.state == .ended { result.endedRotation = (r as? RotationGestureRecognizer)?.rotation ?? .nan }
        }
        let input = fixture.window.input, clock = fixture.clock
        let center = fixture.stage.center
        let (r0, r1) = radii(in: fixture.stage)
        let total = 3 * stepsPerTurn
        let direction = clockwise ? 1.0 : -1.0
        func fingers(at k: Int) -> (Point, Point) {
            let progress = Double(k) / Double(total)
            let radius = r0 + (r1 - r0) * progress
            let angle = Double(startDegrees) * .pi / 180 + direction * 2 * .pi * 3 * progress
            let u = Point(x: cos(angle) * radius, y: sin(angle) * radius)
            return (center - u, center + u)
        }
        func frame() {
            input.touchFrame()
            clock.advance(to: clock.now + RawInput.frameInterval)
            fixture.window.scheduler.fireDueTimers()
        }
        let (a, b) = fingers(at: 0)
        input.touchDown(id: 0, at: a, time: clock.now)
        input.touchDown(id: 1, at: b, time: clock.now)
        frame()
        for k in 1...total {
            if restingThirdFinger && k == stepsPerTurn { input.touchDown(id: 2, at: center, time: clock.now); frame() }
            if restingThirdFinger && k == 2 * stepsPerTurn { input.touchUp(id: 2, time: clock.now); frame() }
            let (a, b) = fingers(at: k)
            input.touchMotion(id: 0, to: a, time: clock.now)
            input.touchMotion(id: 1, to: b, time: clock.now)
            frame()
        }
        result.rotation = fixture.rotation.rotation
        result.scale = fixture.pinch.scale
        input.touchUp(id: 0, time: clock.now)
        input.touchUp(id: 1, time: clock.now)
        frame()
        return result
    }
}
