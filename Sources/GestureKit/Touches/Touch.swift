/// One finger (or emulated finger) on the surface, from touch-down to
/// touch-up or cancel. The same object is delivered for the whole life of
/// the touch, so it can be used as a dictionary key.
public final class Touch: Hashable, CustomStringConvertible {
    /// The touch's phase in the event being delivered.
    public enum Phase: String, Sendable {
        /// `began`: the finger went down in this event; `moved`: it moved;
        /// `stationary`: it is still down but did not change in this event (it is in
        /// ``Event/allTouches`` only); `ended`: it lifted; `cancelled`: the system took
        /// it away (the compositor cancelled it, its view left the window, a
        /// recognizer that recognized cancels the view's touches). UIKit's phases,
        /// without the pencil and hover ones.
        case began, moved, stationary, ended, cancelled
    }

    /// A number unique for the app's lifetime (not the compositor's id, which
    /// is reused).
    public internal(set) var identifier: Int { get { identifierStorage } set { identifierStorage = newValue } }
    /// The touch's phase in the event being delivered; ``Phase-swift.enum/ended`` or
    /// ``Phase-swift.enum/cancelled`` once the touch is over, and it stays so.
    public internal(set) var phase: Phase { get { phaseStorage } set { phaseStorage = newValue } }
    /// Time of the last change, in seconds, from the compositor's event time.
    public internal(set) var timestamp: Double { get { timestampStorage } set { timestampStorage = newValue } }
    /// Successive taps close in time and space count up (1, 2, 3...); 0 once
    /// the touch has moved beyond the tap slop.
    public internal(set) var tapCount: Int { get { tapCountStorage } set { tapCountStorage = newValue } }
    /// The view hit-tested at touch-down; the touch stays with it for life.
    public internal(set) var view: View? { get { viewStorage } set { viewStorage = newValue } }
    /// The window of the touch's view. (Derived, not stored: a weak
    /// reference to the window from every touch would put each retain of
    /// the window on the runtime's slow path.)
    public var window: Window? { view?.window }
    /// The recognizers this touch is delivered to.
    public var gestureRecognizers: [GestureRecognizer] { recognizerStorage }
    /// The contact's ellipse, where the device reports it (`wl_touch`
    /// shape and orientation, seat version 6): radii in logical pixels and
    /// the major axis' angle in degrees clockwise from vertical. Zero when
    /// unknown.
    public internal(set) var majorRadius = 0.0
    /// The contact ellipse's smaller radius in logical pixels; 0 when unknown
    /// (see ``majorRadius``).
    public internal(set) var minorRadius = 0.0
    /// The contact ellipse's major axis in degrees clockwise from vertical; 0
    /// when unknown (see ``majorRadius``).
    public internal(set) var orientationAngle = 0.0

    // Public properties read for every event are kept in internal storage:
    // the optimizer can then prove accesses to it exclusive at compile
    // time, where a public stored property is checked at run time on every
    // access.
    private var phaseStorage = Phase.began
    private var identifierStorage = 0
    private var timestampStorage = 0.0
    private var tapCountStorage = 1
    private var viewStorage: View?
    /// The recognizers this touch is delivered to (`gestureRecognizers`),
    /// changed only through `changeRecognizers`.
    private var recognizerStorage: [GestureRecognizer] = []

    /// Adds `recognizer` to the ones this touch is delivered to.
    func deliver(to recognizer: GestureRecognizer) {
        changeRecognizers { $0.append(recognizer) }
    }

    /// Changes the recognizers by moving the list out and back, so that
    /// reading it needs no run-time exclusivity check (see
    /// `GestureRecognizer.changeTrackedTouches`).
    private func changeRecognizers(_ change: (inout [GestureRecognizer]) -> Void) {
        var recognizers: [GestureRecognizer] = []
        swap(&recognizers, &recognizerStorage)
        change(&recognizers)
        swap(&recognizers, &recognizerStorage)
    }

    var locationInWindow = Point.zero
    var previousLocationInWindow = Point.zero
    private(set) var initialLocationInWindow = Point.zero
    private(set) var initialTimestamp = 0.0

    /// Whether `location` is within `slop` (the tap slop, in logical
    /// pixels) of where the touch went down: whether the touch, there,
    /// still counts as a tap.
    func isWithinTapSlop(at location: Point, slop: Double) -> Bool {
        location.distance(to: initialLocationInWindow) <= slop
    }
    /// Whether the view itself receives this touch (false when it lands on a
    /// view that already has a touch and does not accept multiple touches).
    var deliversToView = true
    var viewDelivery = ViewDelivery.pending
    /// Set while the touch changed in the frame being collected.
    var changedInFrame = false
    /// Set while the touch is new in the frame being collected (nothing has
    /// seen it yet).
    var beganInFrame = false
    /// Raw changes received for the frame being collected, applied when it
    /// is delivered.
    var pendingLocation: Point?
    var pendingTimestamp: Double?
    var pendingEnd: Phase?

    init(identifier: Int, location: Point, timestamp: Double, tapCount: Int) {
        start(identifier: identifier, location: location, timestamp: timestamp, tapCount: tapCount)
    }

    /// Makes the touch a new one that just went down. The input router
    /// reuses touches that ended and that nothing holds any more, so a
    /// stream of touches allocates nothing; no one can tell, since no one
    /// holds them.
    func start(identifier: Int, location: Point, timestamp: Double, tapCount: Int) {
        self.identifier = identifier
        phase = .began
        self.timestamp = timestamp
        self.tapCount = tapCount
        view = nil
        changeRecognizers { $0.removeAll(keepingCapacity: true) }
        majorRadius = 0
        minorRadius = 0
        orientationAngle = 0
        locationInWindow = location
        previousLocationInWindow = location
        initialLocationInWindow = location
        initialTimestamp = timestamp
        deliversToView = true
        viewDelivery = .pending
        changedInFrame = false
        beganInFrame = false
        pendingLocation = nil
        pendingTimestamp = nil
        pendingEnd = nil
    }

    /// The touch's location in `view`'s coordinates (window coordinates when
    /// `view` is nil).
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// The location at the previous event, in `view`'s coordinates.
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    /// True while the finger is down: the phase is neither ``Phase-swift.enum/ended`` nor
    /// ``Phase-swift.enum/cancelled``.
    public var isActive: Bool {
        // One read of the phase: comparing it twice made the optimizer
        // keep the touch alive in between, a reference counted for every
        // touch of every loop over touches.
        switch phaseStorage {
        case .began, .moved, .stationary: return true
        case .ended, .cancelled: return false
        }
    }

    /// Identity: two touches are equal only if they are the same object, so a
    /// touch is the same key in a set or dictionary for its whole life.
    public static func == (a: Touch, b: Touch) -> Bool { a === b }
    /// Hashes the object's identity, consistent with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The identifier, phase and window location, e.g. `Touch#3 moved (120,48)`,
    /// for logs.
    public var description: String { "Touch#\(identifier) \(phase.rawValue) \(locationInWindow)" }
}

/// How far a touch got in its delivery to its view, so that every touch the
/// view saw begin ends exactly once (ended or cancelled).
enum ViewDelivery {
    /// `touchesBegan` not sent yet (maybe held by `delaysTouchesBegan`).
    case pending
    /// The view has seen it begin.
    case began
    /// Its end is held back by `delaysTouchesEnded`.
    case endHeld
    /// The view has seen it end or be cancelled (or never will see it).
    case finished
}
