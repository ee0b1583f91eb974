/// What the arena asks of a recognizer that takes part in arbitration. The
/// arena decides who may begin, who must wait and who fails; the member
/// keeps its own state and carries the decisions out. (Flutter's gesture
/// arena talks to its `GestureArenaMember` the same way.) `GestureRecognizer`
/// is the member the toolkit uses; tests drive the arena with their own.
protocol GestureArenaMember: AnyObject {
    /// The member's state now.
    var arenaState: GestureRecognizer.State { get }
    /// A recognition the arena held back while this member waits for others
    /// to fail.
    var heldTransition: GestureRecognizer.State? { get }
    /// Whether recognizing cancels the member's touches in their views.
    var cancelsTouchesInView: Bool { get }
    /// The name the arena gives its reasons.
    var debugName: String { get }

    /// Whether the member has seen touches since its last reset (only such
    /// a member can still fail, so only it can hold others back).
    var isTakingPart: Bool { get }
    /// Whether a touch of the member's is still down.
    var isTouching: Bool { get }
    /// Whether the two members have seen a touch in common since their
    /// resets.
    func sharesTouches(with other: GestureArenaMember) -> Bool
    /// Whether this member may recognize only after `other` failed (its own
    /// requirements and what either delegate asks for).
    func waits(for other: GestureArenaMember) -> Bool
    /// Whether the two may be recognized at the same time.
    func recognizesSimultaneously(with other: GestureArenaMember) -> Bool
    /// The delegate's last word before the member begins or recognizes.
    func mayBegin() -> Bool

    /// Moves to `state` and tells the member's actions and the window's
    /// observers.
    func enter(_ state: GestureRecognizer.State, reason: String?)
    /// Remembers a recognition to make once the members it waits for have
    /// failed, and why it waits.
    func hold(_ state: GestureRecognizer.State, waitingFor other: GestureArenaMember)
    /// Takes back the held recognition.
    func releaseHeldTransition() -> GestureRecognizer.State?
    /// Forgets touches that ended; once the gesture is over and no touch is
    /// left, resets for the next one. Returns whether the member still takes
    /// part.
    func settle() -> Bool
}
