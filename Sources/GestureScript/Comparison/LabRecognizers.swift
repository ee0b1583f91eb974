import GestureKit

/// One recognizer of every kind, attached to the window itself, that judges
/// every touch on its own: whatever page the touches land on, the
/// comparison says whether they were a tap, a double tap, a long press, a
/// pan, a swipe, a pinch or a rotation under each preset.
///
/// They watch without taking part: each recognizes simultaneously with
/// every other recognizer (theirs and the app's), cancels no view's
/// touches and delays none, so the app behaves exactly as without them.
/// Their names start with `lab.`.
public final class LabRecognizers: GestureRecognizerDelegate {
    public let recognizers: [GestureRecognizer]

    /// Attaches the probes to `window`; they stay until `detach()`.
    public init(window: Window) {
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.left, .right, .up, .down]
        let named: [(String, GestureRecognizer)] = [
            ("lab.tap", TapGestureRecognizer()), ("lab.doubleTap", doubleTap),
            ("lab.longPress", LongPressGestureRecognizer()), ("lab.pan", PanGestureRecognizer()),
            ("lab.swipe", swipe), ("lab.pinch", PinchGestureRecognizer()),
            ("lab.rotation", RotationGestureRecognizer()),
        ]
        recognizers = named.map { name, recognizer in
            recognizer.name = name
            recognizer.cancelsTouchesInView = false
            recognizer.delaysTouchesEnded = false
            return recognizer
        }
        for r in recognizers {
            r.delegate = self
            window.addGestureRecognizer(r)
        }
    }

    public func detach() {
        for r in recognizers { r.view?.removeGestureRecognizer(r) }
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        true
    }
}
