/// Hears the arena's decisions that concern the views' touches.
protocol GestureArenaDelegate: AnyObject {
    /// `member` recognized (began or ended from `.possible`) and cancels the
    /// touches in its views.
    func arena(_ arena: GestureArena, memberCancelsViewTouches member: GestureArenaMember)
    /// A transition was applied: touches held for a member that has now
    /// decided may be delivered.
    func arenaDidDecide(_ arena: GestureArena)
}

/// Arbitrates between the recognizers that share touches, with UIKit's
/// rules: a recognizer that recognizes makes the others that share its
/// touches fail unless simultaneous recognition is allowed; one that must
/// wait for another to fail holds its recognition until then; an active
/// continuous gesture prevents others from starting.
///
/// The arena only decides. Its members carry the decisions out through
/// `GestureArenaMember`; the touch delivery, its delegate, looks after the
/// views.
final class GestureArena {
    /// Members that have seen touches since their last reset.
    private(set) var participants: [GestureArenaMember] = []
    /// True while a frame is being delivered; resets wait until its end.
    @exclusivity(unchecked) var isDispatching = false
    /// The touch delivery that owns the arena. Unowned, not weak: a weak
    /// reference would give the delivery a side table, and every retain
    /// and release of it (one per recognizer transition) the runtime's slow
    /// path. The delivery outlives its arena, which nothing else keeps.
    @exclusivity(unchecked) unowned var delegate: GestureArenaDelegate?

    func join(_ member: GestureArenaMember) {
        guard !participants.contains(where: { $0 === member }) else { return }
        changeParticipants { $0.append(member) }
    }

    func remove(_ member: GestureArenaMember) {
        changeParticipants { $0.removeAll { $0 === member } }
    }

    /// Changes the participants by moving the list out and back, never in
    /// place, so that reading it is checked for exclusivity at compile
    /// time.
    private func changeParticipants(_ change: (inout [GestureArenaMember]) -> Void) {
        var list: [GestureArenaMember] = []
        swap(&list, &participants)
        change(&list)
        swap(&list, &participants)
    }

    // MARK: Transitions

    /// A member asks to move to `newState`. Illegal transitions are refused
    /// and counted, never applied.
    func requestTransition(_ member: GestureArenaMember, to newState: GestureRecognizer.State, reason: String?) {
        let old = member.arenaState
        guard old.canTransition(to: newState) else {
            GestureRecognizer.recordIllegalTransition(member, to: newState)
            return
        }
        if old == .possible && (newState == .began || newState == .ended) {
            recognize(member, as: newState, reason: reason)
        } else {
            apply(member, newState, reason: reason)
        }
        // Only now, after any cancellation of the views' touches, may held
        // touch ends go out as ended.
        delegate?.arenaDidDecide(self)
        if !isDispatching { settle() }
    }

    /// `member` lost its touches without finishing (they were cancelled, or
    /// its view is leaving the window): it moves to what
    /// `stateOnLeaving(_:)` says.
    func abandon(_ member: GestureArenaMember, reason: String) {
        guard let next = Self.stateOnLeaving(member) else { return }
        requestTransition(member, to: next, reason: reason)
    }

    /// What a member that leaves its gesture unfinished becomes (its touches
    /// were cancelled, its view is leaving the window, it was disabled), as
    /// UIKit does it: a gesture under way is cancelled; one still deciding
    /// about touches fails, and resets once they are gone; nil (no change)
    /// for one that has seen no touch since its reset, which has nothing to
    /// give up, and for a finished one.
    static func stateOnLeaving(_ member: GestureArenaMember) -> GestureRecognizer.State? {
        switch member.arenaState {
        case .began, .changed: return .cancelled
        case .possible: return member.isTakingPart ? .failed : nil
        case .ended, .cancelled, .failed: return nil
        }
    }

    /// `member` wants to leave `.possible` by beginning or recognizing.
    private func recognize(_ member: GestureArenaMember, as newState: GestureRecognizer.State, reason: String?) {
        if !member.mayBegin() {
            apply(member, .failed, reason: "delegate refused to begin")
            return
        }
        var waitingFor: GestureArenaMember?
        for other in participants where other !== member && blocks(other, member) {
            switch other.arenaState {
            case .began, .changed, .ended:
                apply(member, .failed, reason: "\(other.debugName) recognized, which had to fail")
                return
            case .possible:
                if waitingFor == nil { waitingFor = other }
            case .cancelled, .failed:
                break
            }
        }
        if let waitingFor {
            member.hold(newState, waitingFor: waitingFor)
            return
        }
        if let active = participants.first(where: {
            $0 !== member && ($0.arenaState == .began || $0.arenaState == .changed)
                && $0.sharesTouches(with: member) && !$0.recognizesSimultaneously(with: member)
        }) {
            apply(member, .failed, reason: "prevented by active \(active.debugName)")
            return
        }
        apply(member, newState, reason: reason)
        for other in participants where other !== member && other.arenaState == .possible {
            let mustFail = other.waits(for: member)
                || (other.sharesTouches(with: member) && !other.recognizesSimultaneously(with: member))
            if mustFail { apply(other, .failed, reason: "\(member.debugName) recognized") }
        }
        if member.cancelsTouchesInView { delegate?.arena(self, memberCancelsViewTouches: member) }
    }

    /// Whether `member` must wait for `other` to fail. A requirement only
    /// binds while the other member takes part (has seen touches): an idle
    /// one cannot fail and would block forever.
    private func blocks(_ other: GestureArenaMember, _ member: GestureArenaMember) -> Bool {
        other.isTakingPart && member.waits(for: other)
    }

    private func apply(_ member: GestureArenaMember, _ newState: GestureRecognizer.State, reason: String?) {
        member.enter(newState, reason: reason)
        if newState.isFinished { resolveWaiters(of: member) }
    }

    /// After `finished` is over, members waiting for it either go ahead (it
    /// failed) or fail (it recognized).
    private func resolveWaiters(of finished: GestureArenaMember) {
        for waiter in participants where waiter !== finished && waiter.arenaState == .possible {
            guard waiter.heldTransition != nil, waiter.waits(for: finished) else { continue }
            if finished.arenaState == .failed {
                guard let held = waiter.releaseHeldTransition() else { continue }
                recognize(waiter, as: held, reason: "\(finished.debugName) failed")
                // Its fingers lifted while it waited: the gesture it had
                // begun is over as soon as it starts.
                if waiter.arenaState == .began && !waiter.isTouching {
                    apply(waiter, .ended, reason: "lifted while waiting for \(finished.debugName) to fail")
                }
            } else {
                apply(waiter, .failed, reason: "\(finished.debugName) recognized, which had to fail")
            }
        }
    }

    // MARK: Reset

    /// Lets members whose gesture is over and whose touches are gone reset,
    /// so they are ready for the next one, and drops them from the arena.
    func settle() {
        // Index by index, not `removeAll(where:)`: a member's reset may
        // reach the arena again, and must find the list in one piece.
        var i = 0
        while i < participants.count {
            if participants[i].settle() {
                i += 1
            } else {
                // Kept until the list is back in place: releasing the
                // member may run arbitrary code.
                let removed = participants[i]
                changeParticipants { $0.remove(at: i) }
                withExtendedLifetime(removed) {}
            }
        }
    }
}
