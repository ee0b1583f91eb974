/// Delivers each frame of touches the way UIKit does: a new touch is
/// hit-tested and handed to the recognizers of its view and the view's
/// ancestors; the recognizers see the frame first, then the views, which
/// honour `cancelsTouchesInView`, `delaysTouchesBegan` and
/// `delaysTouchesEnded`. Which recognizer wins is the arena's business; this
/// type moves touches and keeps every touch a view saw begin ending exactly
/// once.
///
/// Its buffers are reused from frame to frame, so delivering a frame in
/// steady state allocates nothing. A delivery started from inside another
/// (a view's handler cancelling every touch) takes fresh buffers instead.
final class TouchDelivery: GestureArenaDelegate {
    private var link = WindowLink()
    private var window: Window { link.window }
    let arena = GestureArena()

    /// How many frames were delivered: the window counts its events by it
    /// (`Window.eventSerial`).
    private(set) var framesDelivered = 0

    /// Touches whose `touchesBegan` or `touchesEnded` is held back.
    private var heldTouches: [Touch] = []

    // Reused buffers; each is taken out while in use (see `borrow`).
    @exclusivity(unchecked) private var spareEvent: Event? = Event()
    private var spareRecognizers: [GestureRecognizer]? = []
    private var sparePhases: PhaseSets? = PhaseSets()
    private var spareBatch: ViewBatch? = ViewBatch()

    init() {
        arena.delegate = self
    }

    func connect(to window: Window) { link.connect(to: window) }

    // MARK: Frames

    /// Delivers one frame: `changed` are the touches that changed in it.
    func deliver(_ changed: [Touch], at timestamp: Double) {
        // One frame is one event: what it changes is one undo step.
        framesDelivered &+= 1
        let event = takeEvent(timestamp: timestamp, with: changed)
        defer { giveBack(event) }
        arena.isDispatching = true
        defer {
            arena.isDispatching = false
            arena.settle()
        }
        for t in changed where t.phase == .began {
            attach(t)
        }
        deliverToRecognizers(changed, event: event)
        deliverToViews(changed, event: event)
    }

    /// Hit-tests a new touch and hands it to the recognizers that want it.
    private func attach(_ t: Touch) {
        var hit = window.hitTest(t.locationInWindow)
        if let view = hit, isBlockedByExclusiveTouch(t, landingOn: view) {
            // Goes nowhere: no view, no recognizer.
            hit = nil
        }
        t.view = hit
        if let hit {
            if !hit.isMultipleTouchEnabled,
               window.input.hasActiveTouch(where: { $0 !== t && $0.view === hit && $0.deliversToView }) {
                t.deliversToView = false
            }
        } else {
            t.deliversToView = false
        }
        var v = hit
        while let current = v {
            for r in current.gestureRecognizers where r.accepts(t) {
                t.deliver(to: r)
                r.track(t)
                arena.join(r)
            }
            v = current.superview
        }
    }

    /// Whether `t`, landing on `view`, is kept from it by exclusive touch:
    /// `view` is exclusive and another touch is down, or another touch
    /// down is on an exclusive view.
    private func isBlockedByExclusiveTouch(_ t: Touch, landingOn view: View) -> Bool {
        window.input.hasActiveTouch { other in
            guard other !== t, let otherView = other.view else { return false }
            return view.isExclusiveTouch || otherView.isExclusiveTouch
        }
    }

    private func deliverToRecognizers(_ changed: [Touch], event: Event) {
        var order = borrow(&spareRecognizers) { [] }
        var phases = borrow(&sparePhases) { PhaseSets() }
        for t in changed {
            for r in t.gestureRecognizers where !order.contains(where: { $0 === r }) { order.append(r) }
        }
        // Recognizers of one view usually share every touch (a pinch and a
        // rotation), and a gesture under way moves the same touches frame
        // after frame: the sets built for one recognizer serve the next,
        // in this frame or the next, while its share of the frame, phases
        // included, is the same.
        for r in order {
            let share = Self.share(of: r, in: changed)
            if !phases.areFilled(for: changed, share: share) {
                phases.clear()
                for t in changed where r.isTracking(t) {
                    phases.add(t)
                }
                phases.noteFilled(for: changed, share: share)
            }
            if !phases.began.isEmpty && r.receivesTouches { r.touchesBegan(phases.began, with: event) }
            if !phases.moved.isEmpty && r.receivesTouches { r.touchesMoved(phases.moved, with: event) }
            if !phases.ended.isEmpty && r.receivesTouches { r.touchesEnded(phases.ended, with: event) }
            if !phases.cancelled.isEmpty && r.receivesTouches { r.touchesCancelled(phases.cancelled, with: event) }
            if !phases.cancelled.isEmpty && !r.hasActiveTouches {
                // A recognizer that ignores cancel would otherwise stay
                // active (or waiting) with no touches left.
                arena.abandon(r, reason: "touches cancelled")
            }
        }
        // Emptied, so the buffers keep no touch alive; the phase sets are
        // kept while they hold only touches still down (which the input
        // holds anyway), for the next frame of the same touches. Moved
        // back, not copied (a copy counts a reference to each buffer).
        order.removeAllKeepingStorage()
        if !phases.holdsOnlyTouchesDown { phases.clear() }
        spareRecognizers = consume order
        sparePhases = consume phases
    }

    /// Which of `changed` `r` tracks and in which phase, four bits a
    /// touch; nil for frames of more than 16 touches.
    private static func share(of r: GestureRecognizer, in changed: [Touch]) -> UInt64? {
        guard changed.count <= 16 else { return nil }
        var share: UInt64 = 0
        for i in changed.indices where r.isTracking(changed[i]) {
            share |= UInt64(changed[i].phase.shareCode) << (4 * UInt64(i))
        }
        return share
    }

    private func deliverToViews(_ changed: [Touch], event: Event) {
        var batch = borrow(&spareBatch) { ViewBatch() }
        defer { spareBatch = batch }
        for t in changed where t.deliversToView {
            switch t.phase {
            case .began:
                if joinsRecognizedGesture(t) {
                    t.deliversToView = false
                } else if !beginForView(t, in: &batch) {
                    hold(t)
                }
            case .moved, .stationary:
                if t.viewDelivery == .began { batch.add(t, .moved) }
            case .ended:
                switch t.viewDelivery {
                case .began:
                    if !endForView(t, in: &batch) { hold(t) }
                case .pending, .endHeld, .finished:
                    break  // held touches are settled by arenaDidDecide
                }
            case .cancelled:
                finishForView(t, in: &batch)
                changeHeldTouches { $0.removeAll { $0 === t } }
            }
        }
        batch.send(event: event)
    }

    /// Whether `t`, just begun, went to a recognizer whose gesture is
    /// under way with `cancelsTouchesInView` (a second finger on a pan):
    /// it is part of that gesture, and UIKit unbinds a recognized
    /// gesture's touches from their view, so the view never sees it. A
    /// touch the recognizer ignores (`ignore(_:for:)`) still goes to the
    /// view.
    private func joinsRecognizedGesture(_ t: Touch) -> Bool {
        t.gestureRecognizers.contains { r in
            r.cancelsTouchesInView && (r.state == .began || r.state == .changed) && r.isTracking(t)
        }
    }

    // MARK: Held touches

    private func hold(_ t: Touch) {
        if !heldTouches.contains(where: { $0 === t }) { changeHeldTouches { $0.append(t) } }
    }

    /// Changes the held touches by moving the list out and back, never in
    /// place, so that reading it (for every recognizer transition) is
    /// checked for exclusivity at compile time.
    private func changeHeldTouches(_ change: (inout [Touch]) -> Void) {
        var list: [Touch] = []
        swap(&list, &heldTouches)
        change(&list)
        swap(&list, &heldTouches)
    }

    /// The view's calls a recognizer may hold back.
    private enum DelayedCall { case began, ended }

    /// Whether one of `t`'s recognizers holds back the view's `call` for
    /// it (`delaysTouchesBegan`, `delaysTouchesEnded`). Only a recognizer
    /// still deciding about this very touch holds it: one that failed and
    /// was reset since reads `.possible` again but has nothing more to say
    /// about it.
    private func holds(_ t: Touch, _ call: DelayedCall) -> Bool {
        t.gestureRecognizers.contains { r in
            let delays = switch call {
            case .began: r.delaysTouchesBegan
            case .ended: r.delaysTouchesEnded
            }
            return delays && r.isDeciding(about: t)
        }
    }

    /// Delivers held phases whose recognizers have all decided.
    func arenaDidDecide(_ arena: GestureArena) {
        guard !heldTouches.isEmpty else { return }
        var batch = borrow(&spareBatch) { ViewBatch() }
        defer { spareBatch = batch }
        changeHeldTouches { held in
            held.removeAll { t in
                switch t.viewDelivery {
                case .pending:
                    guard beginForView(t, in: &batch) else { return false }
                    if t.phase == .ended {
                        return endForView(t, in: &batch)
                    } else if t.phase == .cancelled {
                        finishForView(t, in: &batch)
                    }
                    return true
                case .endHeld:
                    return endForView(t, in: &batch)
                case .began, .finished:
                    return true
                }
            }
        }
        send(&batch)
    }

    /// Begins `t` for its view: `touchesBegan` now, or, while one of its
    /// recognizers delays it, nothing yet. Returns whether the begin was
    /// delivered.
    private func beginForView(_ t: Touch, in batch: inout ViewBatch) -> Bool {
        if holds(t, .began) { return false }
        t.viewDelivery = .began
        batch.add(t, .began)
        return true
    }

    /// Ends `t`, which its view saw begin, for the view: `touchesEnded`
    /// now, or, while one of its recognizers delays it, nothing yet (the
    /// end is then held). Returns whether the end was delivered.
    private func endForView(_ t: Touch, in batch: inout ViewBatch) -> Bool {
        if holds(t, .ended) {
            t.viewDelivery = .endHeld
            return false
        }
        t.viewDelivery = .finished
        batch.add(t, .ended)
        return true
    }

    // MARK: Cancelling views' touches

    /// `member` recognized with `cancelsTouchesInView`: its touches' views
    /// get `touchesCancelled` (or never see touches whose begin was held).
    func arena(_ arena: GestureArena, memberCancelsViewTouches member: GestureArenaMember) {
        guard let r = member as? GestureRecognizer else { return }
        cancelForViews(r.touchesSinceReset) { $0.deliversToView }
    }

    /// `root` is leaving the window (a page switched away mid-gesture):
    /// its views get `touchesCancelled` for touches they saw begin, and its
    /// recognizers are cancelled (or fail), so nothing waits for touches
    /// they will never see end.
    func subtreeWillLeaveWindow(_ root: View) {
        cancelForViews(window.input.activeTouches + heldTouches) { t in
            t.view.map { $0.isDescendant(of: root) } ?? false
        }
        for case let r as GestureRecognizer in arena.participants {
            guard let v = r.view, v.isDescendant(of: root) else { continue }
            arena.abandon(r, reason: "view left the window")
        }
    }

    /// Ends the given touches for their views now: `touchesCancelled` for
    /// those a view saw begin, silence for those whose begin was held.
    private func cancelForViews(_ touches: some Sequence<Touch>, where include: (Touch) -> Bool) {
        var batch = borrow(&spareBatch) { ViewBatch() }
        defer { spareBatch = batch }
        for t in touches where include(t) {
            finishForView(t, in: &batch)
        }
        changeHeldTouches { $0.removeAll { $0.viewDelivery == .finished } }
        send(&batch)
    }

    /// Ends `t` for its view as cancelled: `touchesCancelled` if the view saw
    /// it begin, nothing if its begin was held (the view never knew it).
    private func finishForView(_ t: Touch, in batch: inout ViewBatch) {
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

    /// Sends a batch outside a frame, with an event holding its touches and
    /// every touch still down.
    private func send(_ batch: inout ViewBatch) {
        guard let timestamp = batch.latestTimestamp else { return }
        let event = takeEvent(timestamp: timestamp, with: batch.touches)
        batch.send(event: event)
        giveBack(event)
    }

    // MARK: Buffers

    /// The event for a delivery: `touches` and every touch still down.
    ///
    /// While the same touches stay down (a gesture under way), the set of
    /// the last delivery is still right and is kept: it is filled again
    /// only when a touch went down or lifted since, or when `touches` holds
    /// one that is over.
    private func takeEvent(timestamp: Double, with touches: [Touch]) -> Event {
        let event = spareEvent ?? Event()
        spareEvent = nil
        event.timestamp = timestamp
        let version = link.with { $0.input.downTouchesVersion }
        let holdsTouchOver = touches.contains { !$0.isActive }
        if event.downTouchesVersion == version && !holdsTouchOver { return event }
        event.clear()
        for t in touches { event.allTouches.insert(t) }
        link.with { $0.input.forEachActiveTouch { event.allTouches.insert($0) } }
        // Only touches still down, which the input holds anyway, stay in
        // the spare event.
        event.downTouchesVersion = holdsTouchOver ? nil : version
        return event
    }

    private func giveBack(_ event: Event) {
        if event.downTouchesVersion == nil { event.allTouches.removeAll(keepingCapacity: true) }
        spareEvent = event
    }

    /// Takes a reused buffer out of `spare`, leaving nil in its place, so
    /// that a nested delivery never works on the same buffer (it makes a
    /// fresh one). Moving it out and back in costs no reference counting.
    private func borrow<T>(_ spare: inout T?, orMake make: () -> T) -> T {
        guard let taken = spare.take() else { return make() }
        return taken
    }
}

extension Touch.Phase {
    /// A small number per phase, never 0.
    fileprivate var shareCode: UInt8 {
        switch self {
        case .began: return 1
        case .moved: return 2
        case .stationary: return 3
        case .ended: return 4
        case .cancelled: return 5
        }
    }
}

/// A recognizer's share of one frame, by phase.
private struct PhaseSets {
    var began: Set<Touch> = []
    var moved: Set<Touch> = []
    var ended: Set<Touch> = []
    var cancelled: Set<Touch> = []
    /// The frame's touches (their identities, in order) and the share of
    /// them the sets were filled with; no share when unknown.
    private var frame: [ObjectIdentifier] = []
    private var share: UInt64?

    /// Whether the sets hold `share` of the frame of `touches`.
    func areFilled(for touches: [Touch], share: UInt64?) -> Bool {
        guard let share, share == self.share, touches.count == frame.count else { return false }
        for i in touches.indices where ObjectIdentifier(touches[i]) != frame[i] { return false }
        return true
    }

    mutating func noteFilled(for touches: [Touch], share: UInt64?) {
        frame.removeAll(keepingCapacity: true)
        for t in touches { frame.append(ObjectIdentifier(t)) }
        self.share = share
    }

    /// Whether every touch in the sets is still down.
    var holdsOnlyTouchesDown: Bool { ended.isEmpty && cancelled.isEmpty }

    mutating func add(_ t: Touch) {
        switch t.phase {
        case .began: began.insert(t)
        case .moved, .stationary: moved.insert(t)
        case .ended: ended.insert(t)
        case .cancelled: cancelled.insert(t)
        }
    }

    mutating func clear() {
        share = nil
        if !began.isEmpty { began.removeAll(keepingCapacity: true) }
        if !moved.isEmpty { moved.removeAll(keepingCapacity: true) }
        if !ended.isEmpty { ended.removeAll(keepingCapacity: true) }
        if !cancelled.isEmpty { cancelled.removeAll(keepingCapacity: true) }
    }
}

/// Touches to send to views, grouped per view and phase in arrival order, so
/// that each view gets one call per phase. Its slots are reused.
private struct ViewBatch {
    private struct Slot {
        var view: View?
        var phase = Touch.Phase.began
        var touches: Set<Touch> = []
    }

    /// Views hear of new touches first and of lost ones last.
    private static let phaseOrder: [Touch.Phase] = [.began, .moved, .ended, .cancelled]

    private var slots: [Slot] = []
    private var used = 0
    /// Every touch added, in order.
    private(set) var touches: [Touch] = []

    /// The newest timestamp among the batch's touches; nil when empty.
    var latestTimestamp: Double? {
        touches.isEmpty ? nil : touches.reduce(-Double.infinity) { Swift.max($0, $1.timestamp) }
    }

    mutating func add(_ t: Touch, _ phase: Touch.Phase) {
        guard let view = t.view else { return }
        touches.append(t)
        for i in 0..<used where slots[i].view === view && slots[i].phase == phase {
            slots[i].touches.insert(t)
            return
        }
        if used == slots.count { slots.append(Slot()) }
        slots[used].view = view
        slots[used].phase = phase
        slots[used].touches.insert(t)
        used += 1
    }

    /// Calls the views, phase by phase, and empties the batch.
    mutating func send(event: Event) {
        for phase in Self.phaseOrder {
            for i in 0..<used where slots[i].phase == phase {
                guard let view = slots[i].view else { continue }
                switch phase {
                case .began: view.touchesBegan(slots[i].touches, with: event)
                case .moved, .stationary: view.touchesMoved(slots[i].touches, with: event)
                case .ended: view.touchesEnded(slots[i].touches, with: event)
                case .cancelled: view.touchesCancelled(slots[i].touches, with: event)
                }
            }
        }
        for i in 0..<used {
            slots[i].view = nil
            slots[i].touches.removeAll(keepingCapacity: true)
        }
        used = 0
        touches.removeAllKeepingStorage()
    }
}
