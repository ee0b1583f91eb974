/// What one raw input stream did to a window: each list is empty when the
/// contract held.
struct StreamReport {
    var viewLedgerViolations: [String]
    var routerLedgerViolations: [String]
    var transitionViolations: [String]
    /// An illegal transition one of the window's recognizers attempted (and
    /// the toolkit refused), as `GestureRecognizer.illegalTransitions` words it.
    var refusedTransition: String?
    var leftovers: [String]
    var untouchableViolations: [String]
    var timerLoopExhausted: Bool
    /// Which states each kind of recognizer reached ("Pan: began"), to
    /// check that the streams exercise what the properties are about.
    var statesReached: Set<String>
}
