import DemoApp
import GestureKit

/// Watches a window through its public hooks only (a `WindowObserver` and
/// one extra action per recognizer) and writes down everything that breaks
/// the toolkit's contracts:
///
/// - every touch the input router reports begins once and ends once;
/// - every reported recognizer transition is one `State.canTransition(to:)`
///   allows, and starts from the state the recognizer was last seen in, or
///   from `.possible` after a finished gesture (resets are not reported);
/// - discrete recognizers never report `.began` or `.changed`;
/// - actions fire only in the states that matter (discrete: `.ended`;
///   continuous: `.began`, `.changed`, `.ended`, `.cancelled`).
///
/// It also keeps weak references to every touch, to find any that outlive
/// the stream.
final class WindowAudit: WindowObserver {
    private(set) var routerLedger = TouchLedger(owner: "input router")
    private(set) var transitionViolations: [String] = []
    private(set) var actionViolations: [String] = []
    /// Which states each kind of recognizer reached, e.g. "Pan: began".
    private(set) var statesReached: Set<String> = []
    private var lastSeen: [ObjectIdentifier: GestureRecognizer.State] = [:]
    /// Recognizers that reported at least one transition.
    private(set) var transitioned: Set<ObjectIdentifier> = []
    private var touches: [WeakTouch] = []

    /// Adds an action to each recognizer that checks the state it fires in.
    func watchActions(of recognizers: [GestureRecognizer]) {
        for r in recognizers {
            r.addAction { [weak self] r in self?.actionFired(r) }
        }
    }

    /// Touches still alive (call once the stream is closed).
    var liveTouches: [Int] { touches.compactMap { $0.touch?.identifier } }

    /// The recognizer's class name without "GestureRecognizer".
    static func kind(of r: GestureRecognizer) -> String {
        let name = String(describing: type(of: r))
        let suffix = "GestureRecognizer"
        return name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name
    }

    static func isDiscrete(_ r: GestureRecognizer) -> Bool {
        r is TapGestureRecognizer || r is SwipeGestureRecognizer || r is CheckMarkGestureRecognizer
    }

    func gestureRecognizer(_ r: GestureRecognizer, didTransitionFrom old: GestureRecognizer.State,
                           to new: GestureRecognizer.State, reason: String?) {
        statesReached.insert("\(Self.kind(of: r)): \(new)")
        let name = r.debugName
        let known = lastSeen[ObjectIdentifier(r)] ?? .possible
        if old != known && !(known.isFinished && old == .possible) {
            transitionViolations.append("\(name): reported \(old) -> \(new), but was last seen \(known)")
        }
        if !old.canTransition(to: new) {
            transitionViolations.append("\(name): illegal \(old) -> \(new) (\(reason ?? "no reason"))")
        }
        if r.state != new {
            transitionViolations.append("\(name): reported -> \(new) while its state reads \(r.state)")
        }
        if Self.isDiscrete(r) && (new == .began || new == .changed) {
            transitionViolations.append("\(name): discrete recognizer reported \(new)")
        }
        lastSeen[ObjectIdentifier(r)] = new
        transitioned.insert(ObjectIdentifier(r))
    }

    func touchesDidChange(_ changed: [Touch], in window: Window) {
        for t in changed {
            switch t.phase {
            case .began:
                routerLedger.began(t)
                touches.append(WeakTouch(touch: t))
            case .moved, .stationary: routerLedger.moved(t)
            case .ended: routerLedger.finished(t, cancelled: false)
            case .cancelled: routerLedger.finished(t, cancelled: true)
            }
        }
    }

    private func actionFired(_ r: GestureRecognizer) {
        let allowed: [GestureRecognizer.State] = Self.isDiscrete(r) ? [.ended] : [.began, .changed, .ended, .cancelled]
        if !allowed.contains(r.state) {
            actionViolations.append("\(r.debugName): action fired in state \(r.state)")
        }
    }
}

private struct WeakTouch {
    weak var touch: Touch?
}
