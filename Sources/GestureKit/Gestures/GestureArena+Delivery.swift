/// Delivery of one frame of touches: first to the recognizers of the
/// hit-test view and its ancestors, then to the views, honouring
/// `cancelsTouchesInView`, `delaysTouchesBegan` and `delaysTouchesEnded`.
extension GestureArena {
    func dispatch(_ changed: [Touch], event: Event, in window: Window) {
        isDispatching = true
        defer {
            isDispatching = false
            settle()
        }
        for t in changed where t.phase == .began {
            attach(t, in: window)
        }
        deliverToRecognizers(changed, event: event)
        deliverToViews(changed, event: event)
    }

    /// Hit-tests a new touch and hands it to the recognizers that want it.
    private func attach(_ t: Touch, in window: Window) {
        let hit = window.hitTest(t.locationInWindow)
        t.view = hit
        if let hit {
            if !hit.isMultipleTouchEnabled,
               window.input.activeTouches.contains(where: { $0 !== t && $0.view === hit && $0.deliversToView }) {
                t.deliversToView = false
            }
        } else {
            t.deliversToView = false
        }
        var recognizers: [GestureRecognizer] = []
        var v = hit
        while let current = v {
            for r in current.gestureRecognizers where accepts(r, t) {
                recognizers.append(r)
            }
            v = current.superview
        }
        t.gestureRecognizers = recognizers
        for r in recognizers {
            r.trackedTouches.append(t)
            r.touchesSinceReset.insert(t)
            join(r)
        }
    }

    private func accepts(_ r: GestureRecognizer, _ t: Touch) -> Bool {
        guard r.isEnabled else { return false }
        switch r.stateStorage {
        case .possible, .began, .changed: break
        case .ended, .cancelled, .failed: return false
        }
        return r.delegate?.gestureRecognizer(r, shouldReceive: t) ?? true
    }

    private func deliverToRecognizers(_ changed: [Touch], event: Event) {
        var order: [GestureRecognizer] = []
        for t in changed {
            for r in t.gestureRecognizers where !order.contains(where: { $0 === r }) { order.append(r) }
        }
        for r in order {
            var began: Set<Touch> = [], moved: Set<Touch> = [], ended: Set<Touch> = [], cancelled: Set<Touch> = []
            for t in changed where r.trackedTouches.contains(where: { $0 === t }) {
                switch t.phase {
                case .began: began.insert(t)
                case .moved, .stationary: moved.insert(t)
                case .ended: ended.insert(t)
                case .cancelled: cancelled.insert(t)
                }
            }
            if !began.isEmpty && receives(r) { r.touchesBegan(began, with: event) }
            if !moved.isEmpty && receives(r) { r.touchesMoved(moved, with: event) }
            if !ended.isEmpty && receives(r) { r.touchesEnded(ended, with: event) }
            if !cancelled.isEmpty && receives(r) { r.touchesCancelled(cancelled, with: event) }
            if !cancelled.isEmpty, r.stateStorage == .began || r.stateStorage == .changed,
               r.trackedTouches.allSatisfy({ !$0.isActive }) {
                // A recognizer that ignores cancel would otherwise stay
                // active with no touches left.
                requestTransition(r, to: .cancelled, reason: "touches cancelled")
            } else if !cancelled.isEmpty, r.stateStorage == .possible,
                      r.trackedTouches.allSatisfy({ !$0.isActive }) {
                requestTransition(r, to: .failed, reason: "touches cancelled")
            }
        }
    }

    private func receives(_ r: GestureRecognizer) -> Bool {
        r.isEnabled && !r.stateStorage.isFinished
    }

    private func deliverToViews(_ changed: [Touch], event: Event) {
        var batch = ViewBatch()
        for t in changed where t.deliversToView {
            switch t.phase {
            case .began:
                if holdsBegan(t) {
                    hold(t)
                } else {
                    t.viewDelivery = .began
                    batch.add(t, .began)
                }
            case .moved, .stationary:
                if t.viewDelivery == .began { batch.add(t, .moved) }
            case .ended:
                switch t.viewDelivery {
                case .began:
                    if holdsEnded(t) {
                        t.viewDelivery = .endHeld
                        hold(t)
                    } else {
                        t.viewDelivery = .finished
                        batch.add(t, .ended)
                    }
                case .pending, .endHeld, .finished:
                    break  // held touches are settled by reviewHeldTouches
                }
            case .cancelled:
                switch t.viewDelivery {
                case .began, .endHeld:
                    t.viewDelivery = .finished
                    batch.add(t, .cancelled)
                case .pending:
                    t.viewDelivery = .finished
                case .finished:
                    break
                }
                heldTouches.removeAll { $0 === t }
            }
        }
        batch.send(event: event)
    }

    private func hold(_ t: Touch) {
        if !heldTouches.contains(where: { $0 === t }) { heldTouches.append(t) }
    }

    // Only a recognizer still deciding about this very touch holds it: one
    // that failed and was reset since reads `.possible` again but has
    // nothing more to say about it.

    private func holdsBegan(_ t: Touch) -> Bool {
        t.gestureRecognizers.contains {
            $0.delaysTouchesBegan && $0.isEnabled && $0.stateStorage == .possible && $0.touchesSinceReset.contains(t)
        }
    }

    private func holdsEnded(_ t: Touch) -> Bool {
        t.gestureRecognizers.contains {
            $0.delaysTouchesEnded && $0.isEnabled && $0.stateStorage == .possible && $0.touchesSinceReset.contains(t)
        }
    }

    /// Delivers held phases whose recognizers have all decided.
    func reviewHeldTouches() {
        guard !heldTouches.isEmpty else { return }
        var batch = ViewBatch()
        var still: [Touch] = []
        for t in heldTouches {
            switch t.viewDelivery {
            case .pending:
                if holdsBegan(t) { still.append(t); continue }
                t.viewDelivery = .began
                batch.add(t, .began)
                if t.phase == .ended {
                    if holdsEnded(t) { t.viewDelivery = .endHeld; still.append(t) } else {
                        t.viewDelivery = .finished
                        batch.add(t, .ended)
                    }
                } else if t.phase == .cancelled {
                    t.viewDelivery = .finished
                    batch.add(t, .cancelled)
                }
            case .endHeld:
                if holdsEnded(t) { still.append(t); continue }
                t.viewDelivery = .finished
                batch.add(t, .ended)
            case .began, .finished:
                break
            }
        }
        heldTouches = still
        if let event = window?.input.makeEvent(for: batch.touches) {
            batch.send(event: event)
        }
    }

    /// `root` is leaving the window (a page switched away mid-gesture):
    /// its views get `touchesCancelled` for touches they saw begin, and its
    /// recognizers are cancelled (or fail), so nothing waits for touches
    /// they will never see end.
    func subtreeWillLeaveWindow(_ root: View) {
        cancelForViews((window?.input.activeTouches ?? []) + heldTouches) { t in
            t.view.map { $0.isDescendant(of: root) } ?? false
        }
        for r in participants {
            guard let v = r.view, v.isDescendant(of: root) else { continue }
            switch r.stateStorage {
            case .began, .changed: requestTransition(r, to: .cancelled, reason: "view left the window")
            case .possible: requestTransition(r, to: .failed, reason: "view left the window")
            default: break
            }
        }
    }

    /// `r` recognized with `cancelsTouchesInView`: its touches' views get
    /// `touchesCancelled` (or never see touches whose begin was held).
    func cancelViewTouches(of r: GestureRecognizer) {
        cancelForViews(Array(r.touchesSinceReset)) { $0.deliversToView }
    }

    /// Ends the given touches for their views now: `touchesCancelled` for
    /// those a view saw begin, silence for those whose begin was held.
    private func cancelForViews(_ touches: [Touch], where include: (Touch) -> Bool) {
        var batch = ViewBatch()
        for t in touches where include(t) {
            switch t.viewDelivery {
            case .began, .endHeld:
                t.viewDelivery = .finished
                batch.add(t, .cancelled)
            case .pending:
                t.viewDelivery = .finished
            case .finished:
                break
            }
        }
        heldTouches.removeAll { $0.viewDelivery == .finished }
        if let event = window?.input.makeEvent(for: batch.touches) {
            batch.send(event: event)
        }
    }
}

/// Touches to send to views, grouped per view and phase in arrival order, so
/// that each view gets one call per phase.
private struct ViewBatch {
    private var entries: [(view: View, phase: Touch.Phase, touches: Set<Touch>)] = []
    private(set) var touches: [Touch] = []

    mutating func add(_ t: Touch, _ phase: Touch.Phase) {
        guard let view = t.view else { return }
        touches.append(t)
        if let i = entries.firstIndex(where: { $0.view === view && $0.phase == phase }) {
            entries[i].touches.insert(t)
        } else {
            entries.append((view, phase, [t]))
        }
    }

    func send(event: Event) {
        for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
            for entry in entries where entry.phase == phase {
                switch phase {
                case .began: entry.view.touchesBegan(entry.touches, with: event)
                case .moved, .stationary: entry.view.touchesMoved(entry.touches, with: event)
                case .ended: entry.view.touchesEnded(entry.touches, with: event)
                case .cancelled: entry.view.touchesCancelled(entry.touches, with: event)
                }
            }
        }
    }
}
