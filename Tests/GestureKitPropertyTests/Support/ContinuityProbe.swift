import Foundation  // asin
import GestureKit

/// Plays a `FingerChoreography` into a window, frame by frame, and checks
/// after every frame that a pinch's `scale` and a rotation's `rotation`
/// moved no more than the fingers did:
///
/// - a frame in which a finger joins or lifts (and nothing moves) leaves
///   both exactly as they were;
/// - a frame in which every finger moves at most `d` px changes the span
///   (the mean distance from the centroid, doubled) by at most `4d`, so the
///   scale by at most `scale * 4d / span`; and turns the line between the
///   first two fingers by at most `asin(2d / length)`;
/// - both stay finite; and the value an action saw is the value read after
///   its frame.
struct ContinuityProbe {
    /// Held for the whole run: it keeps the recognizers' delegate alive.
    let fixture: PinchRotationFixture
    private var window: Window { fixture.window }
    private var clock: VirtualTimeSource { fixture.clock }
    private var pinch: PinchGestureRecognizer { fixture.pinch }
    private var rotation: RotationGestureRecognizer { fixture.rotation }
    private var stage: Rect { fixture.stage }

    /// Each finger's compositor id and position, in arrival order.
    private var fingers: [(id: Int32, at: Point)] = []
    private(set) var violations: [String] = []

    init(_ fixture: PinchRotationFixture) {
        self.fixture = fixture
    }

    mutating func play(_ choreography: FingerChoreography) -> [String] {
        let seen = ActionValues()
        pinch.addAction { [weak seen] r in
            if r.state == .began || r.state == .changed { seen?.scale = (r as? PinchGestureRecognizer)?.scale }
        }
        rotation.addAction { [weak seen] r in
            if r.state == .began || r.state == .changed { seen?.rotation = (r as? RotationGestureRecognizer)?.rotation }
        }
        for step in choreography.steps {
            let scaleBefore = pinch.scale, rotationBefore = rotation.rotation
            seen.scale = nil
            seen.rotation = nil
            guard let bounds = apply(step) else { continue }
            check(step, "scale", before: scaleBefore, after: pinch.scale, bound: bounds.scale)
            check(step, "rotation", before: rotationBefore, after: rotation.rotation, bound: bounds.rotation)
            if let s = seen.scale, s != pinch.scale {
                violations.append("after \(step): pinch action saw scale \(s), then it read \(pinch.scale)")
            }
            if let r = seen.rotation, r != rotation.rotation {
                violations.append("after \(step): rotation action saw \(r), then it read \(rotation.rotation)")
            }
        }
        return violations
    }

    /// Sends one step as raw input and a frame; returns how far scale and
    /// rotation may move in that frame, or nil when the step was skipped.
    private mutating func apply(_ step: FingerChoreography.Step) -> (scale: Double, rotation: Double)? {
        let now = clock.now
        var bounds = (scale: 0.0, rotation: 0.0)
        switch step {
        case let .join(px, py):
            guard fingers.count < FingerChoreography.maxFingers else { return nil }
            let p = Point(x: stage.minX + stage.width * Double(px) / 1000, y: stage.minY + stage.height * Double(py) / 1000)
            let id = (0...Int32(FingerChoreography.maxFingers)).first { id in !fingers.contains { $0.id == id } }!
            fingers.append((id, p))
            window.input.touchDown(id: id, at: p, time: now)
        case let .lift(index):
            guard fingers.count > 1 else { return nil }
            let finger = fingers.remove(at: index % fingers.count)
            window.input.touchUp(id: finger.id, time: now)
        case let .move(displacements):
            let old = fingers.map(\.at)
            for i in fingers.indices {
                fingers[i].at = fingers[i].at + displacements[i]
                window.input.touchMotion(id: fingers[i].id, to: fingers[i].at, time: now)
            }
            let d = displacements.prefix(fingers.count).map { $0.distance(to: .zero) }.max() ?? 0
            bounds = Self.bounds(old: old, scale: pinch.scale, maxDisplacement: d)
        }
        window.input.touchFrame()
        clock.advance(to: now + RawInput.frameInterval)
        window.scheduler.fireDueTimers()
        return bounds
    }

    /// The largest changes of scale and rotation that moving every finger of
    /// `old` by at most `d` px can cause.
    private static func bounds(old: [Point], scale: Double, maxDisplacement d: Double) -> (scale: Double, rotation: Double) {
        guard old.count >= 2 else { return (0, 0) }
        var centroid = Point.zero
        for p in old { centroid = centroid + p }
        centroid = centroid * (1 / Double(old.count))
        let span = 2 * old.map { $0.distance(to: centroid) }.reduce(0, +) / Double(old.count)
        let scaleBound = span > 1e-9 ? scale * 4 * d / span : .infinity
        let length = old[1].distance(to: old[0])
        let rotationBound = length > 2 * d ? asin(2 * d / length) : .pi
        return (scaleBound, rotationBound)
    }

    private mutating func check(_ step: FingerChoreography.Step, _ what: String,
                                before: Double, after: Double, bound: Double) {
        guard after.isFinite else {
            violations.append("after \(step): \(what) is \(after)")
            return
        }
        let tolerance = 1e-9 * Swift.max(1, abs(before))
        if abs(after - before) > bound + tolerance {
            violations.append("after \(step) with \(fingers.count) fingers: \(what) jumped \(before) -> \(after) (allowed ±\(bound))")
        }
    }
}

/// What the recognizers' actions saw during one frame.
private final class ActionValues {
    var scale: Double?
    var rotation: Double?
}
