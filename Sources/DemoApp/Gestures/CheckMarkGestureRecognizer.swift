import GestureKit

/// A custom recognizer written only against GestureKit's public subclass
/// API, as an app would: one finger drawing a check mark, a stroke down
/// and to the right followed by a longer stroke up and to the right
/// (discrete, recognized at lift-off).
public final class CheckMarkGestureRecognizer: GestureRecognizer {
    /// The shortest down-stroke and up-stroke, in px.
    public var minimumDownStroke = 20.0
    public var minimumUpStroke = 40.0

    private var points: [Point] = []

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard activeTouchCount == 1, let t = touches.first else {
            fail("a check mark is drawn with one finger")
            return
        }
        points = [t.location(in: nil)]
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let t = touches.first else { return }
        let p = t.location(in: nil)
        // A stroke that turns back left is no check mark.
        if let last = points.last, p.x < last.x - 10 {
            fail("stroke went left")
            return
        }
        points.append(p)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let start = points.first, let end = points.last else { return }
        // The turning point is the lowest point of the stroke (y grows down).
        guard let bottom = points.max(by: { $0.y < $1.y }) else { return }
        let down = bottom - start, up = end - bottom
        let downLength = down.distance(to: .zero), upLength = up.distance(to: .zero)
        if down.x > 0, down.y > 0, downLength >= minimumDownStroke,
           up.x > 0, up.y < 0, upLength >= minimumUpStroke, upLength > downLength {
            state = .recognized
        } else {
            fail("not a check mark: down \(formatWhole(downLength)) px, up \(formatWhole(upLength)) px")
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        fail("touch cancelled")
    }

    public override func reset() {
        super.reset()
        points.removeAll(keepingCapacity: true)
    }
}
