/// An object that can handle touch and motion events, linked into the
/// responder chain: view -> its view controller (if any) -> superview ... ->
/// window. The default implementations pass the event to `next`, so events a
/// responder does not handle travel up the chain, as in UIKit.
open class Responder {
    /// Creates a responder that is in no chain until a subclass links it (see
    /// ``next``).
    public init() {}

    /// The next responder in the chain, or nil at its end.
    open var next: Responder? { nil }

    /// Fingers went down on this responder's view (the view each was
    /// hit-tested to) in one input frame.
    /// Called after the gesture recognizers of the view and its ancestors have
    /// seen the same touches, or later when one of them delays touches
    /// (``GestureRecognizer/delaysTouchesBegan``). Within one event a responder
    /// hears of began, moved, ended and cancelled touches in that order, and
    /// every touch it saw begin later ends or is cancelled exactly once. The
    /// default passes the touches to ``next``; as in UIKit, an override that
    /// handles them does not call `super`.
    /// - Parameters:
    ///   - touches: the touches that began in this frame and are delivered to
    ///     this view; a view without ``View/isMultipleTouchEnabled`` gets only
    ///     its first.
    ///   - event: the frame's event, valid only during the call.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        next?.touchesBegan(touches, with: event)
    }

    /// Touches this responder saw begin moved in one input frame; the locations
    /// are already updated (see ``Touch/location(in:)``). The default passes them
    /// to ``next``.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        next?.touchesMoved(touches, with: event)
    }

    /// Fingers this responder saw begin lifted. Called after the recognizers
    /// have seen the lift, or later when one delays it
    /// (``GestureRecognizer/delaysTouchesEnded``). The default passes them to
    /// ``next``.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        next?.touchesEnded(touches, with: event)
    }

    /// Touches this responder saw begin were taken away: a recognizer of the
    /// view or an ancestor recognized and cancels touches in the view
    /// (``GestureRecognizer/cancelsTouchesInView``), the compositor cancelled
    /// them, or the view left the window. Treat it as "undo what began": these
    /// touches will not end. The default passes them to ``next``.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Motion

    /// A motion (a shake) began. Sent to the first responder; unhandled,
    /// it travels up the chain to the window and the application.
    open func motionBegan(_ motion: MotionSubtype, with event: MotionEvent) {
        next?.motionBegan(motion, with: event)
    }

    /// The motion ended as a shake (it was short, under about a second).
    open func motionEnded(_ motion: MotionSubtype, with event: MotionEvent) {
        next?.motionEnded(motion, with: event)
    }

    /// The motion turned out not to be a shake (it went on too long).
    open func motionCancelled(_ motion: MotionSubtype, with event: MotionEvent) {
        next?.motionCancelled(motion, with: event)
    }

    // MARK: First responder

    /// Whether this responder may become first responder (false by
    /// default, as in UIKit: a controller that handles shakes says yes).
    open var canBecomeFirstResponder: Bool { false }

    /// The window this responder belongs to, for first-responder
    /// bookkeeping (views: their window; controllers: their view's).
    open var responderWindow: Window? { nil }

    /// Whether this responder lets another become first responder in its
    /// place (true by default, as in UIKit).
    open var canResignFirstResponder: Bool { true }

    /// Makes this responder the window's first responder, if it can and is
    /// in a window. The current first responder is asked to resign first,
    /// and may refuse, as in UIKit. Returns whether it is now.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = responderWindow else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder, !current.resignFirstResponder() { return false }
        window.setFirstResponder(self)
        return true
    }

    /// Gives up first responder status, unless ``canResignFirstResponder``
    /// says no. Returns whether this responder is not first responder now.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard let window = responderWindow, window.firstResponder === self else { return true }
        guard canResignFirstResponder else { return false }
        window.setFirstResponder(nil)
        return true
    }

    /// Whether this responder is its window's first responder now.
    public var isFirstResponder: Bool { responderWindow?.firstResponder === self }
}

/// Kinds of motion event (UIKit's `UIEvent.EventSubtype`).
public enum MotionSubtype: String, Sendable {
    /// The device was shaken (an accelerometer, a held shortcut, or a script).
    case motionShake
}

/// A motion event: when it happened.
public struct MotionEvent: Sendable {
    /// When the motion began or ended, in seconds on the window's clock.
    public var timestamp: Double
    /// A motion event at `timestamp` seconds.
    public init(timestamp: Double) { self.timestamp = timestamp }
}
