import GestureKit

/// Remembers which recognizers recognized (reached `.ended`) since the
/// player started: how often each did and which did last, for
/// `expect recognizer NAME recognized ...` and `expect last-gesture`.
/// Names are `debugName`s, as the log writes them.
final class RecognitionTracker: WindowObserver {
    private(set) var counts: [String: Int] = [:]
    private(set) var last: String?

    func gestureRecognizer(_ recognizer: GestureRecognizer, didTransitionFrom old: GestureRecognizer.State,
                           to new: GestureRecognizer.State, reason: String?) {
        guard new == .ended else { return }
        counts[recognizer.debugName, default: 0] += 1
        last = recognizer.debugName
    }
}

extension View {
    /// The first recognizer named `name` on this view or below
    /// (depth-first, as `view(named:)` searches).
    func gestureRecognizer(named name: String) -> GestureRecognizer? {
        if let r = gestureRecognizers.first(where: { $0.name == name }) { return r }
        for sub in subviews {
            if let r = sub.gestureRecognizer(named: name) { return r }
        }
        return nil
    }

    /// The names of this view and every named view below, in tree order.
    func namedViews() -> [String] {
        (name.map { [$0] } ?? []) + subviews.flatMap { $0.namedViews() }
    }

    /// The recognizers on this view and every view below, in tree order.
    func allGestureRecognizers() -> [GestureRecognizer] {
        gestureRecognizers + subviews.flatMap { $0.allGestureRecognizers() }
    }
}
