import GestureKit

extension GestureRecognizer {
    /// Why the recognizer last failed, when its last transition was to
    /// `.failed` (it may have been reset to `.possible` since); nil when
    /// its last transition went anywhere else.
    var lastFailure: String? { lastTransitionState == .failed ? lastTransitionReason : nil }
}
