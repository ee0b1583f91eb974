import RealModule

/// A touchpad's gestures (`zwp_pointer_gestures_v1`) as touches, so the same
/// recognizers see them: a pinch becomes two touches around the pointer,
/// `Thresholds.touchpadPinchSpan` apart at scale 1, that spread and turn
/// with it; a swipe is one touch that follows the fingers' movement; a hold
/// is one touch resting at the pointer (long enough, a long press). One
/// gesture at a time: a new one cancels any still going.
final class TouchpadEmulation {
    private unowned let frames: TouchFrames
    /// The gesture under way, if any.
    private(set) var kind: TouchpadEvent.Gesture?
    private var center = Point.zero
    private var scale = 1.0
    private var angle = 0.0
    private var strokePoint = Point.zero

    init(frames: TouchFrames) {
        self.frames = frames
    }

    /// Whether `event` makes, moves or ends touches, and so delivers the
    /// touch changes waiting for a frame with them: every begin does; an
    /// update or end of a gesture not under way (or with numbers that are
    /// not finite) is ignored.
    func changesTouches(_ event: TouchpadEvent) -> Bool {
        switch event {
        case .begin: true
        case .pinchUpdate(let dx, let dy, let scale, let rotation):
            kind == .pinch && dx.isFinite && dy.isFinite && scale.isFinite && rotation.isFinite
        case .swipeUpdate(let dx, let dy): kind == .swipe && dx.isFinite && dy.isFinite
        case .end(let gesture, _): kind == gesture
        }
    }

    func beginPinch(at c: Point, time: Double) {
        end(cancelled: true, time: time)
        kind = .pinch
        center = c
        scale = 1
        angle = 0
        let (a, b) = pinchPoints()
        frames.begin(TouchKey.touchpadPinch.0, at: a, time: time)
        frames.begin(TouchKey.touchpadPinch.1, at: b, time: time)
        frames.flush()
    }

    /// `dx`/`dy`: movement of the fingers' centre since the last update;
    /// `scale`: since the begin; `rotationDegrees`: clockwise since the last
    /// update (as the protocol reports them).
    func updatePinch(dx: Double, dy: Double, scale: Double, rotationDegrees: Double, time: Double) {
        guard changesTouches(.pinchUpdate(dx: dx, dy: dy, scale: scale, rotation: rotationDegrees)) else { return }
        center = center + Point(x: dx, y: dy)
        self.scale = Swift.max(0.01, scale)
        angle += rotationDegrees * .pi / 180
        let (a, b) = pinchPoints()
        frames.move(TouchKey.touchpadPinch.0, to: a, time: time)
        frames.move(TouchKey.touchpadPinch.1, to: b, time: time)
        frames.flush()
    }

    /// A swipe or hold begins: one touch goes down at `p`.
    func beginStroke(_ kind: TouchpadEvent.Gesture, at p: Point, time: Double) {
        end(cancelled: true, time: time)
        self.kind = kind
        strokePoint = p
        frames.begin(.touchpadStroke, at: p, time: time)
        frames.flush()
    }

    func updateSwipe(dx: Double, dy: Double, time: Double) {
        guard changesTouches(.swipeUpdate(dx: dx, dy: dy)) else { return }
        strokePoint = strokePoint + Point(x: dx, y: dy)
        frames.move(.touchpadStroke, to: strokePoint, time: time)
        frames.flush()
    }

    /// Ends the gesture if it is of `kind` (an end for another kind, or for
    /// none, is ignored).
    func end(_ kind: TouchpadEvent.Gesture, cancelled: Bool, time: Double) {
        guard changesTouches(.end(kind, cancelled: cancelled)) else { return }
        end(cancelled: cancelled, time: time)
    }

    /// Cancels the gesture under way, if any: a begin that makes no touch
    /// still ends the gesture before it.
    func cancel(time: Double) {
        end(cancelled: true, time: time)
    }

    /// Forgets a gesture whose touches were cancelled with every other.
    func touchesCancelled() {
        kind = nil
    }

    private func end(cancelled: Bool, time: Double) {
        guard kind != nil else { return }
        frames.end(TouchKey.touchpadPinch.0, time: time, cancelled: cancelled)
        frames.end(TouchKey.touchpadPinch.1, time: time, cancelled: cancelled)
        frames.end(.touchpadStroke, time: time, cancelled: cancelled)
        kind = nil
        frames.flush()
    }

    /// The two fingers, `Thresholds.touchpadPinchSpan * scale` apart.
    private func pinchPoints() -> (Point, Point) {
        let half = Thresholds.touchpadPinchSpan * scale / 2
        let d = Point(x: Double.cos(angle) * half, y: Double.sin(angle) * half)
        return (center - d, center + d)
    }
}
