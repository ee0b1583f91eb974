import GestureKit

/// Lets its recognizers recognize together with any other.
final class SimultaneousDelegate: GestureRecognizerDelegate {
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
}

/// Declines every third touch, and every other attempt to begin.
final class PickyDelegate: GestureRecognizerDelegate {
    private var attempts = 0

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        touch.identifier % 3 != 0
    }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        attempts += 1
        return attempts % 2 == 1
    }
}

/// Makes its recognizers wait for any pan on the same touches to fail, and
/// makes any tap on the same touches wait for them to fail.
final class DeferringDelegate: GestureRecognizerDelegate {
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        other is PanGestureRecognizer
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        other is TapGestureRecognizer
    }
}
