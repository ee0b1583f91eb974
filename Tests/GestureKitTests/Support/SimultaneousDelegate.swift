import GestureKit

/// Lets the recognizers it is the delegate of recognize together with any
/// other (a pinch and a rotation on one picture).
final class SimultaneousDelegate: GestureRecognizerDelegate {
    func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
}
