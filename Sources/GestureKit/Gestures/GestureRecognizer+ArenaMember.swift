/// How a recognizer takes part in the arena: it answers from its own state,
/// its failure requirements and its delegate, and carries out the arena's
/// decisions.
extension GestureRecognizer: GestureArenaMember {
    var arenaState: State { stateStorage }

    var heldTransition: State? { pendingState }

    var isTakingPart: Bool { !touchesSinceReset.isEmpty }

    var isTouching: Bool { hasActiveTouches }

    func sharesTouches(with other: GestureArenaMember) -> Bool {
        guard let other = other as? GestureRecognizer else { return false }
        return !touchesSinceReset.isDisjoint(with: other.touchesSinceReset)
    }

    func waits(for other: GestureArenaMember) -> Bool {
        guard let other = other as? GestureRecognizer else { return false }
        if failureRequirements.contains(where: { $0 === other }) { return true }
        // Requirements asked for by a delegate bind only recognizers that
        // share touches, as in UIKit.
        guard sharesTouches(with: other) else { return false }
        return delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    func recognizesSimultaneously(with other: GestureArenaMember) -> Bool {
        guard let other = other as? GestureRecognizer else { return false }
        return delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    func mayBegin() -> Bool {
        delegate?.gestureRecognizerShouldBegin(self) ?? true
    }

    func hold(_ state: State, waitingFor other: GestureArenaMember) {
        pendingState = state
        lastTransitionReason = "waiting for \(other.debugName) to fail"
        lastTransitionState = .possible
    }

    func releaseHeldTransition() -> State? {
        defer { pendingState = nil }
        return pendingState
    }

    func settle() -> Bool {
        if trackedStorage.contains(where: { !$0.isActive }) { changeTrackedTouches { $0.removeAll { !$0.isActive } } }
        if !trackedTouches.isEmpty { lastLocationInWindow = Self.centroid(of: trackedTouches) }
        if stateStorage.isFinished && trackedTouches.isEmpty {
            stateStorage = .possible
            pendingState = nil
            changeTouchesSinceReset { $0.removeAll(keepingCapacity: true) }
            reset()
            return false
        }
        // Left over after `ignore`, with nothing to wait for: done too.
        return !(stateStorage == .possible && trackedTouches.isEmpty && touchesSinceReset.isEmpty)
    }
}
