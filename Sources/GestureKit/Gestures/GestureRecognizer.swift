/// Decides from a stream of touches whether a gesture happened, with UIKit's
/// semantics. Subclass it to write a recognizer: override the `touches*`
/// methods, set `state` as the gesture progresses (discrete gestures go from
/// `.possible` straight to `.ended`; continuous ones through `.began`,
/// `.changed`... to `.ended` or `.cancelled`), and clear your own fields in
/// `reset()`. The window's arena arbitrates between recognizers and the
/// views' own touch handling.
open class GestureRecognizer {
    /// The recognizer's state machine. `.ended` is also "recognized".
    public enum State: String, Sendable {
        /// `possible`: still deciding; every gesture starts here and returns here
        /// after ``GestureRecognizer/reset()``. `began`: a continuous gesture was
        /// recognized and starts. `changed`: it moved on. `ended`: a continuous
        /// gesture finished, or a discrete one was recognized. `cancelled`: a
        /// continuous gesture was called off (its touches were cancelled, the
        /// recognizer was disabled). `failed`: it is not this gesture, or another
        /// recognizer won the touches. UIKit's states and transitions (see
        /// ``canTransition(to:)``).
        case possible, began, changed, ended, cancelled, failed

        /// UIKit's name for ``ended`` when a discrete gesture is recognized.
        public static let recognized = State.ended

        /// Whether the state ends the gesture (only `reset()` leaves it).
        public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

        /// Whether `self -> next` is a transition UIKit allows.
        public func canTransition(to next: State) -> Bool {
            switch (self, next) {
            case (.possible, .began), (.possible, .ended), (.possible, .failed): return true
            case (.began, .changed), (.began, .ended), (.began, .cancelled): return true
            case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): return true
            default: return false
            }
        }
    }

    /// A name for logs, scripts, the debug overlay and the tree dump.
    public var name: String?

    private var actions: [(GestureRecognizer) -> Void] = []
    @exclusivity(unchecked) var stateStorage = State.possible
    /// The transition a recognizer asked for while it still had to wait for
    /// another recognizer to fail.
    var pendingState: State?

    /// The view the recognizer is attached to. (Stored as an unmanaged
    /// reference, not weak, since it is read for every touch. It never
    /// dangles: the view clears it when it goes, in its deinit, and in
    /// `removeGestureRecognizer`.)
    public internal(set) var view: View? {
        get { viewReference?.takeUnretainedValue() }
        set { viewReference = newValue.map(Unmanaged.passUnretained) }
    }

    /// Calls `body` with the window of the recognizer's view, if it is in
    /// one, counting no reference to either (see `View.withWindow`).
    @inline(__always)
    func withWindow<R>(_ body: (Window) -> R) -> R? {
        guard let v = viewReference else { return nil }
        return v._withUnsafeGuaranteedRef { $0.withWindow(body) }
    }

    /// When false the recognizer receives no touches. Turning it off
    /// leaves the gesture as UIKit does: one under way (began or changed)
    /// is cancelled; one still deciding about touches fails, and resets
    /// once they are gone; an idle or finished one is left as it is.
    public var isEnabled: Bool {
        get { enabledStorage }
        set {
            let oldValue = enabledStorage
            enabledStorage = newValue
            guard !newValue, oldValue, let next = GestureArena.stateOnLeaving(self) else { return }
            transition(to: next, reason: "disabled")
        }
    }

    /// When true (the default), recognizing the gesture cancels the touches
    /// in the view: it receives `touchesCancelled` for them.
    public var cancelsTouchesInView = true
    /// When true, the view receives no `touchesBegan` until this recognizer
    /// fails (default false).
    public var delaysTouchesBegan = false
    /// When true (the default), the view's `touchesEnded` waits while this
    /// recognizer is still deciding (e.g. a double tap waiting for its second
    /// tap), and becomes `touchesCancelled` if it then recognizes.
    public var delaysTouchesEnded = true

    /// Fine-tunes which touches the recognizer sees and how it competes with
    /// others; nil (the default) gives UIKit's defaults. Held weakly.
    public weak var delegate: GestureRecognizerDelegate?

    /// Recognizers that must fail before this one may recognize.
    public private(set) var failureRequirements: [GestureRecognizer] = []

    /// Why the state last changed, for the debug overlay (e.g.
    /// "moved 12 px > 10 px" for a transition to failed).
    public internal(set) var lastTransitionReason: String? {
        get { reasonStorage }
        set { reasonStorage = newValue }
    }
    /// The state that last transition went to (the recognizer may have been
    /// reset to `.possible` since).
    public internal(set) var lastTransitionState: State? {
        get { transitionStateStorage }
        set { transitionStateStorage = newValue }
    }

    /// Touches currently delivered to the recognizer, in arrival order.
    public var trackedTouches: [Touch] { trackedStorage }

    // The public properties above that are read or written for every
    // event keep their values in internal storage: the optimizer can prove
    // accesses to it exclusive at compile time, where a public stored
    // property is checked at run time on every access.
    private var viewReference: Unmanaged<View>?
    private var enabledStorage = true
    private var reasonStorage: String?
    private var transitionStateStorage: State?
    private(set) var trackedStorage: [Touch] = []
    /// Every touch seen since the last reset (for arbitration).
    private(set) var touchesSinceReset: Set<Touch> = []

    /// Changes the tracked touches. The list is moved out of its property
    /// and back (`swap`, no reference counting), so that every access to
    /// the property is a plain read or move, which the optimizer proves
    /// exclusive at compile time; a change made in place (which may free
    /// touches, running arbitrary code) would get every read of it checked
    /// at run time.
    func changeTrackedTouches(_ change: (inout [Touch]) -> Void) {
        var touches: [Touch] = []
        swap(&touches, &trackedStorage)
        change(&touches)
        swap(&touches, &trackedStorage)
    }

    /// Changes `touchesSinceReset` the same way (see
    /// `changeTrackedTouches`).
    func changeTouchesSinceReset(_ change: (inout Set<Touch>) -> Void) {
        var touches: Set<Touch> = []
        swap(&touches, &touchesSinceReset)
        change(&touches)
        swap(&touches, &touchesSinceReset)
    }
    /// Where the touches were when the recognizer last settled, for
    /// `location(in:)` after the last one lifted.
    var lastLocationInWindow = Point.zero

    /// A recognizer in ``State-swift.enum/possible``, attached to no view, that
    /// calls `action` as ``addAction(_:)`` describes.
    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        if let action { addAction(action) }
    }

    /// Adds a closure called on every state change that matters: once on
    /// recognition for discrete gestures; on began, changed, ended and
    /// cancelled for continuous ones.
    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) {
        // Moved out and back, not appended in place, so that reading the
        // list (for every state change) is checked for exclusivity at
        // compile time.
        var list: [(GestureRecognizer) -> Void] = []
        swap(&list, &actions)
        list.append(action)
        swap(&list, &actions)
    }

    // MARK: State

    /// The current state. Subclasses set it; illegal transitions (e.g.
    /// `.failed -> .began`) are refused and counted in
    /// `GestureRecognizer.illegalTransitions`, never applied.
    public var state: State {
        get { stateStorage }
        set { setState(newValue, reason: nil) }
    }

    /// Sets the state and records why, for the debug overlay.
    ///
    /// A recognizer that recognized while it had to wait for another to
    /// fail (``require(toFail:)``) has made up its mind: its own later
    /// `.failed` (a new touch too far away, its fingers lifting) is
    /// ignored, and only the other's outcome decides, as in UIKit.
    public func setState(_ newState: State, reason: String?) {
        if newState == .failed && pendingState != nil { return }
        transition(to: newState, reason: reason)
    }

    /// Asks the arena for `newState` (or enters it outside a window).
    func transition(to newState: State, reason: String?) {
        let arbitrated = withWindow { window in
            window.delivery.arena.requestTransition(self, to: newState, reason: reason)
            return true
        }
        if arbitrated == nil {
            guard stateStorage.canTransition(to: newState) else {
                GestureRecognizer.recordIllegalTransition(self, to: newState)
                return
            }
            enter(newState, reason: reason)
        }
    }

    /// Convenience for subclasses: fail with a reason.
    public func fail(_ reason: String) {
        setState(.failed, reason: reason)
    }

    /// Moves to `newState`, then tells the window's observers and runs the
    /// actions (the arena has already decided the transition is allowed).
    func enter(_ newState: State, reason: String?) {
        let old = stateStorage
        stateStorage = newState
        lastTransitionReason = reason
        lastTransitionState = newState
        if newState.isFinished { pendingState = nil }
        if withWindow({ $0.hasObservers }) == true, let window = view?.window {
            for o in window.observers {
                o.gestureRecognizer(self, didTransitionFrom: old, to: newState, reason: reason)
            }
        }
        switch newState {
        case .began, .changed, .ended, .cancelled:
            for action in actions { action(self) }
        case .possible, .failed:
            break
        }
    }

    nonisolated(unsafe) private static var illegalCount = 0
    nonisolated(unsafe) private static var lastIllegal: String?

    /// How many illegal transitions were refused since launch (tests assert
    /// it stays 0), and the last one.
    public static var illegalTransitions: (count: Int, last: String?) { (illegalCount, lastIllegal) }

    static func recordIllegalTransition(_ member: GestureArenaMember, to newState: State) {
        illegalCount += 1
        lastIllegal = "\(member.debugName): \(member.arenaState.rawValue) -> \(newState.rawValue)"
    }

    // MARK: Failure requirements

    /// Makes this recognizer wait until `other` fails before it recognizes;
    /// if `other` recognizes, this one fails (a single tap that waits for a
    /// double tap to fail).
    ///
    /// Requiring itself, or closing a cycle of requirements (which would
    /// leave every recognizer in it waiting forever), is a programming
    /// error and stops the program with the reason.
    public func require(toFail other: GestureRecognizer) {
        if let problem = problemRequiring(toFail: other) { preconditionFailure(problem) }
        if !failureRequirements.contains(where: { $0 === other }) {
            failureRequirements.append(other)
        }
    }

    /// Why `require(toFail: other)` would be refused, or nil if it is fine.
    public func problemRequiring(toFail other: GestureRecognizer) -> String? {
        if other === self { return "\(debugName) cannot require itself to fail" }
        if other.requiresFailure(of: self) {
            return "require(toFail:) would form a cycle: \(other.debugName) already waits for \(debugName)"
        }
        return nil
    }

    private func requiresFailure(of other: GestureRecognizer) -> Bool {
        var seen: Set<ObjectIdentifier> = []
        var stack = failureRequirements
        while let r = stack.popLast() {
            if r === other { return true }
            if seen.insert(ObjectIdentifier(r)).inserted { stack.append(contentsOf: r.failureRequirements) }
        }
        return false
    }

    // MARK: Touches

    /// The number of touches the recognizer is tracking.
    public var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches in `view` (window when nil); after
    /// the last touch lifts, where the touches were last.
    public func location(in view: View?) -> Point {
        let inWindow: Point
        if trackedTouches.isEmpty {
            inWindow = lastLocationInWindow
        } else {
            inWindow = Self.centroid(of: trackedTouches)
        }
        guard let view else { return inWindow }
        return view.convert(inWindow, from: nil)
    }

    /// The location of the `index`th tracked touch (arrival order).
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard trackedTouches.indices.contains(index) else { return location(in: view) }
        return trackedTouches[index].location(in: view)
    }

    /// Stops delivering `touch` to this recognizer (e.g. a two-finger
    /// recognizer ignoring a third finger). The touch is no longer part of
    /// its gesture: recognizing does not cancel it in its view, and its
    /// view's `touchesEnded` does not wait for this recognizer.
    public func ignore(_ touch: Touch, for event: Event) {
        changeTrackedTouches { $0.removeAll { $0 === touch } }
        changeTouchesSinceReset { $0.remove(touch) }
    }

    // MARK: Subclass hooks

    /// Touches went down on the recognizer's view or one of its subviews in one
    /// input frame. The recognizers hear of a frame before the views do, each
    /// once per frame with began, moved, ended and cancelled touches in that
    /// order, and only while enabled and not finished (failed, ended or
    /// cancelled). The default does nothing; subclasses override these hooks
    /// and set ``state``.
    /// - Parameters:
    ///   - touches: the recognizer's touches that began in this frame (the
    ///     delegate may have refused some; see
    ///     ``GestureRecognizerDelegate/gestureRecognizer(_:shouldReceive:)``).
    ///   - event: the frame's event, valid only during the call.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    /// The recognizer's touches moved in one frame; see
    /// ``touchesBegan(_:with:)`` for when hooks are called. The default does
    /// nothing.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    /// Some of the recognizer's touches lifted; ``activeTouches`` no longer
    /// holds them. The default does nothing.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    /// Some of the recognizer's touches were cancelled. When none of its
    /// touches is left down, the toolkit cancels a begun gesture (or fails an
    /// undecided one) after this call, so a recognizer that ignores cancels is
    /// not left hanging. The default does nothing.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

    /// Called after the gesture finished and its touches are gone, right
    /// after the state returns to `.possible`. Override to clear your own
    /// state (call super).
    open func reset() {}

    /// The scheduler for timeouts (nil while not in a window).
    public var scheduler: Scheduler? { view?.window?.scheduler }

    /// The ``name``, or the type's name when there is none, for logs and
    /// failure reasons.
    public var debugName: String { name ?? String(describing: type(of: self)) }

    /// Leaves the view's gesture as UIKit does when a recognizer is
    /// removed: one under way is cancelled, one still deciding fails
    /// (releasing recognizers that wait for it, and the view's held
    /// touches); then it resets, so a view it joins later finds it at
    /// `.possible` with no timer running.
    func detach() {
        if let arena = withWindow({ $0.delivery.arena }) {
            arena.abandon(self, reason: "removed from its view")
            arena.remove(self)
        }
        changeTrackedTouches { $0 = [] }
        changeTouchesSinceReset { $0 = [] }
        stateStorage = .possible
        pendingState = nil
        reset()
    }

    // MARK: Delivery

    /// Whether a new touch should be delivered to this recognizer (the
    /// delegate may refuse it).
    func accepts(_ touch: Touch) -> Bool {
        guard isEnabled, !stateStorage.isFinished else { return false }
        return delegate?.gestureRecognizer(self, shouldReceive: touch) ?? true
    }

    /// Starts delivering `touch` to the recognizer.
    func track(_ touch: Touch) {
        changeTrackedTouches { $0.append(touch) }
        changeTouchesSinceReset { $0.insert(touch) }
    }

    func isTracking(_ touch: Touch) -> Bool {
        trackedTouches.contains { $0 === touch }
    }

    /// Whether the `touches*` hooks are called now.
    var receivesTouches: Bool { isEnabled && !stateStorage.isFinished }

    /// Whether a tracked touch is still down.
    var hasActiveTouches: Bool { trackedTouches.contains { $0.isActive } }

    /// Whether the recognizer is still deciding about `touch` (so a view's
    /// delayed delivery of it must wait). One that failed and was reset
    /// since reads `.possible` again but has nothing more to say about it.
    func isDeciding(about touch: Touch) -> Bool {
        isEnabled && stateStorage == .possible && touchesSinceReset.contains(touch)
    }
}

/// Lets an object fine-tune a recognizer's arbitration, as UIKit's
/// `UIGestureRecognizerDelegate`. Every method has UIKit's default.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when `recognizer` is about to leave
    /// ``GestureRecognizer/State-swift.enum/possible`` (to begin, or to be
    /// recognized); returning false makes it fail instead. Default: true.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Asked when a new touch lands on `recognizer`'s view or a subview, before
    /// the recognizer sees it; returning false keeps the touch from it for the
    /// touch's whole life. Default: true.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether `recognizer` and `other`, which share touches, may both
    /// recognize (pinch and rotation together, say). Either recognizer's
    /// delegate saying yes is enough. Default: false, so the first to
    /// recognize makes the other fail, and an active continuous gesture keeps
    /// the other from starting.
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// Whether `recognizer` must wait for `other` to fail before it may
    /// recognize, as ``GestureRecognizer/require(toFail:)`` but asked anew for
    /// each gesture; binds only while the two share touches. Default: false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// Whether `other` must wait for `recognizer` to fail: the requirement of
    /// ``gestureRecognizer(_:shouldRequireFailureOf:)`` asked of the other
    /// side's delegate. Binds only while the two share touches. Default: false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}
