import GestureKit

/// Recognizes one finger drawn across the view: a stroke at least
/// `minimumLength` px long, left or right, that strays no more than
/// `maximumDrift` px up or down. Discrete: it recognizes when the finger
/// lifts, and fails as soon as the touch can no longer be such a stroke,
/// so that other recognizers and the view get the touch.
final class StrokeGestureRecognizer: GestureRecognizer {
    var minimumLength = 100.0
    var maximumDrift = 24.0

    /// Where the finger came down, in the view's coordinates.
    private var start: Point?

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard activeTouches.count == 1, let touch = touches.first else {
            fail("a stroke is drawn with one finger")
            return
        }
        start = touch.location(in: view)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let start, let touch = touches.first else { return }
        let drift = abs(touch.location(in: view).y - start.y)
        if drift > maximumDrift {
            fail("drifted \(Int(drift)) px > \(Int(maximumDrift)) px")
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let start, let touch = touches.first else { return }
        let length = abs(touch.location(in: view).x - start.x)
        if length >= minimumLength {
            state = .recognized
        } else {
            fail("only \(Int(length)) px long")
        }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        fail("touch cancelled")
    }

    override func reset() {
        super.reset()
        start = nil
    }
}
