/// An object that can handle touch and motion events, linked into the
/// responder chain: view -> its view controller (if any) -> superview ... ->
/// window. The default implementations pass the event to `next`, so events a
/// responder does not handle travel up the chain, as in UIKit.
open class Responder {
    public init() {}

    /// The next responder in the chain, or nil at its end.
    open var next: Responder? { nil }

    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        next?.touchesEnded(touches, with: event)
    }

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

    /// Makes this responder the window's first responder, if it can and is
    /// in a window. Returns whether it is now.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = responderWindow else { return false }
        window.setFirstResponder(self)
        return true
    }

    /// Gives up first responder status. Returns true (it always can).
    @discardableResult
    open func resignFirstResponder() -> Bool {
        if let window = responderWindow, window.firstResponder === self { window.setFirstResponder(nil) }
        return true
    }

    public var isFirstResponder: Bool { responderWindow?.firstResponder === self }
}

/// Kinds of motion event (UIKit's `UIEvent.EventSubtype`).
public enum MotionSubtype: String, Sendable {
    case motionShake
}

/// A motion event: when it happened.
public struct MotionEvent: Sendable {
    public var timestamp: Double
    public init(timestamp: Double) { self.timestamp = timestamp }
}
