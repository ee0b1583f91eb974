@testable import GestureKit

/// A window on a virtual clock, with its audit attached, ready to take a
/// raw input stream. `ledgerViews` are the views whose own touch callbacks
/// are checked; `untouchableViews` are views hit-testing must always skip.
final class WindowUnderTest {
    let clock: VirtualTimeSource
    let window: Window
    let audit = WindowAudit()
    let ledgerViews: [LedgerView]
    let untouchableViews: [LedgerView]
    /// Every recognizer in the window's view tree.
    let recognizers: [GestureRecognizer]
    /// Objects the window refers to only weakly (delegates), kept alive here.
    private let retained: [AnyObject]

    init(window: Window, clock: VirtualTimeSource, ledgerViews: [LedgerView],
         untouchableViews: [LedgerView] = [], retaining retained: [AnyObject] = []) {
        self.window = window
        self.clock = clock
        self.ledgerViews = ledgerViews
        self.untouchableViews = untouchableViews
        self.retained = retained
        recognizers = Self.recognizers(in: window)
        window.addObserver(audit)
        audit.watchActions(of: recognizers)
    }

    private static func recognizers(in view: View) -> [GestureRecognizer] {
        view.gestureRecognizers + view.subviews.flatMap { recognizers(in: $0) }
    }

    /// Plays `stream`, closes it (seat lost, then time runs past every
    /// deadline) and reports what broke.
    func run(_ stream: [RawInput]) -> StreamReport {
        let illegalBefore = GestureRecognizer.illegalTransitions.count
        var player = StreamPlayer(window: window, clock: clock)
        player.play(stream)
        player.close()
        return StreamReport(
            viewLedgerViolations: ledgerViews.flatMap(\.violations)
                + ledgerViews.flatMap { v in v.ledger.openTouches.map { "\(v.ledger.owner): touch #\($0) never ended" } },
            routerLedgerViolations: audit.routerLedger.violations
                + audit.routerLedger.openTouches.map { "input router: touch #\($0) never ended" },
            transitionViolations: audit.transitionViolations + audit.actionViolations,
            refusedTransition: refusedTransition(since: illegalBefore),
            leftovers: leftovers(),
            untouchableViolations: untouchableViolations(),
            timerLoopExhausted: player.timerLoopExhausted,
            statesReached: audit.statesReached)
    }

    /// The last illegal transition refused since the count read
    /// `countBefore`, if it was one of this window's recognizers. The count
    /// is process-wide and other tests (one refuses a transition on purpose)
    /// may run at the same time, so a refusal only counts here when it names
    /// a recognizer of this window (they all have names).
    private func refusedTransition(since countBefore: Int) -> String? {
        let illegal = GestureRecognizer.illegalTransitions
        guard illegal.count > countBefore, let last = illegal.last else { return nil }
        return recognizers.contains { last.hasPrefix("\($0.debugName):") } ? last : nil
    }

    /// What is still in flight after the stream was closed.
    private func leftovers() -> [String] {
        var found: [String] = []
        for r in recognizers {
            if r.state != .possible { found.append("\(r.debugName) is \(r.state)") }
            if !r.trackedTouches.isEmpty { found.append("\(r.debugName) still tracks \(r.trackedTouches.count) touches") }
        }
        if window.scheduler.count != 0 { found.append("\(window.scheduler.count) timers still scheduled") }
        if !window.input.activeTouches.isEmpty { found.append("\(window.input.activeTouches.count) touches still active") }
        if window.input.hasPendingFrame { found.append("a frame is still pending") }
        // The router keeps a few ended touches to reuse; only those may
        // live on, and only if nothing else holds them.
        let pool = window.input.reusePoolAudit()
        let live = audit.liveTouches.filter { !pool.identifiers.contains($0) }
        if !live.isEmpty { found.append("touches outlive the stream: \(live.map { "#\($0)" })") }
        if pool.heldElsewhere > 0 { found.append("\(pool.heldElsewhere) touches kept for reuse are held elsewhere") }
        return found
    }

    private func untouchableViolations() -> [String] {
        var found: [String] = []
        for v in untouchableViews {
            if v.ledger.beganCount > 0 { found.append("\(v.ledger.owner) saw \(v.ledger.beganCount) touches") }
            for r in Self.recognizers(in: v) where audit.transitioned.contains(ObjectIdentifier(r)) {
                found.append("\(r.debugName) changed state")
            }
        }
        return found
    }
}
