/// Arbitrates between the recognizers that share touches, with UIKit's
/// rules: a recognizer that recognizes makes the others that share its
/// touches fail unless simultaneous recognition is allowed; one that must
/// wait for another to fail holds its transition until then; an active
/// continuous gesture prevents others from starting. It also owns the
/// touches whose delivery to their view is held back by a recognizer.
final class GestureArena {
    /// Recognizers that have seen touches since their last reset.
    private(set) var participants: [GestureRecognizer] = []
    /// Touches whose `touchesBegan` or `touchesEnded` is held back.
    var heldTouches: [Touch] = []
    /// True while a frame is being delivered; resets wait until its end.
    var isDispatching = false
    weak var window: Window?

    func join(_ r: GestureRecognizer) {
        if !participants.contains(where: { $0 === r }) { participants.append(r) }
    }

    func remove(_ r: GestureRecognizer) {
        participants.removeAll { $0 === r }
    }

    private var observers: [WindowObserver] { window?.observers ?? [] }

    // MARK: Transitions

    func requestTransition(_ r: GestureRecognizer, to newState: GestureRecognizer.State, reason: String?) {
        let old = r.stateStorage
        guard old.canTransition(to: newState) else {
            GestureRecognizer.recordIllegalTransition(r, to: newState)
            return
        }
        if old == .possible && (newState == .began || newState == .ended) {
            recognize(r, as: newState, reason: reason)
        } else {
            apply(r, newState, reason: reason)
        }
        // Only now, after any cancellation of the views' touches, may held
        // touch ends go out as ended.
        reviewHeldTouches()
        if !isDispatching { settle() }
    }

    /// `r` wants to leave `.possible` by beginning or recognizing.
    private func recognize(_ r: GestureRecognizer, as newState: GestureRecognizer.State, reason: String?) {
        if let d = r.delegate, !d.gestureRecognizerShouldBegin(r) {
            apply(r, .failed, reason: "delegate refused to begin")
            return
        }
        let blockers = failureBlockers(of: r)
        if let recognized = blockers.first(where: { $0.stateStorage == .began || $0.stateStorage == .changed || $0.stateStorage == .ended }) {
            apply(r, .failed, reason: "\(recognized.debugName) recognized, which had to fail")
            return
        }
        if let waiting = blockers.first(where: { $0.stateStorage == .possible }) {
            r.pendingState = newState
            r.lastTransitionReason = "waiting for \(waiting.debugName) to fail"
            r.lastTransitionState = .possible
            return
        }
        if let active = participants.first(where: {
            $0 !== r && ($0.stateStorage == .began || $0.stateStorage == .changed)
                && sharesTouches($0, r) && !simultaneous($0, r)
        }) {
            apply(r, .failed, reason: "prevented by active \(active.debugName)")
            return
        }
        apply(r, newState, reason: reason)
        for other in participants where other !== r && other.stateStorage == .possible {
            let mustFail = other.failureRequirements.contains { $0 === r }
                || (sharesTouches(other, r) && !simultaneous(other, r))
            if mustFail { apply(other, .failed, reason: "\(r.debugName) recognized") }
        }
        if r.cancelsTouchesInView { cancelViewTouches(of: r) }
    }

    private func apply(_ r: GestureRecognizer, _ newState: GestureRecognizer.State, reason: String?) {
        r.applyTransition(to: newState, reason: reason, observers: observers)
        if newState.isFinished { resolveWaiters(of: r) }
    }

    /// After `r` finished, recognizers waiting for it either go ahead (it
    /// failed) or fail (it recognized).
    private func resolveWaiters(of r: GestureRecognizer) {
        for w in participants where w !== r && w.stateStorage == .possible {
            guard let pending = w.pendingState, failureBlockers(of: w, including: r).contains(where: { $0 === r }) else { continue }
            if r.stateStorage == .failed {
                w.pendingState = nil
                recognize(w, as: pending, reason: "\(r.debugName) failed")
            } else {
                apply(w, .failed, reason: "\(r.debugName) recognized, which had to fail")
            }
        }
    }

    /// The recognizers `r` must wait for: its explicit requirements plus
    /// those the delegates ask for, among the ones taking part now.
    private func failureBlockers(of r: GestureRecognizer, including extra: GestureRecognizer? = nil) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        for o in participants + (extra.map { [$0] } ?? []) where o !== r && !result.contains(where: { $0 === o }) {
            let explicit = r.failureRequirements.contains { $0 === o }
            let byDelegate = sharesTouches(o, r) && (
                r.delegate?.gestureRecognizer(r, shouldRequireFailureOf: o) == true
                    || o.delegate?.gestureRecognizer(o, shouldBeRequiredToFailBy: r) == true)
            // A requirement only binds while the other recognizer is taking
            // part (has seen touches); an idle one cannot fail and would
            // block forever.
            if (explicit || byDelegate) && !o.touchesSinceReset.isEmpty { result.append(o) }
        }
        return result
    }

    private func sharesTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        !a.touchesSinceReset.isDisjoint(with: b.touchesSinceReset)
    }

    private func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    // MARK: Reset

    /// Resets recognizers whose gesture is over and whose touches are gone,
    /// so they are ready for the next one.
    func settle() {
        for r in participants {
            r.trackedTouches.removeAll { !$0.isActive }
            r.noteLocation()
        }
        var remaining: [GestureRecognizer] = []
        for r in participants {
            if r.stateStorage.isFinished && r.trackedTouches.isEmpty {
                r.stateStorage = .possible
                r.pendingState = nil
                r.touchesSinceReset = []
                r.ignoredTouches = []
                r.reset()
            } else if r.stateStorage == .possible && r.trackedTouches.isEmpty && r.touchesSinceReset.isEmpty {
                // Left over after `ignore`: nothing to wait for.
            } else {
                remaining.append(r)
            }
        }
        participants = remaining
    }
}
