/// The root of a view tree shown on one surface. It owns the app's timers,
/// turns raw input into touches, and collects damage for the renderer. The
/// backend (or the headless player) drives it through `input`, `resize(to:)`
/// and `takeDamage()`; it knows nothing of Wayland.
public final class Window: View {
    /// The window's timers (long press, double-tap waits, key repeat), on the
    /// clock given at creation; the event loop fires them.
    public let scheduler: Scheduler
    /// Where the backend or a script feeds raw input; locations are in the
    /// window's coordinates (surface-local logical pixels, origin top left).
    public let input = InputRouter()
    let delivery = TouchDelivery()

    /// Watchers of what happens in the window (the log, the debug overlay).
    public var observers: [WindowObserver] { observerStorage }
    /// Kept in private storage, which the optimizer can prove exclusive at
    /// compile time (a public stored property is checked at run time on
    /// every access, and this one is read for every touch frame). It is
    /// changed only through `changeObservers`.
    private var observerStorage: [WindowObserver] = []
    /// Whether anything watches; per-event code asks this first, which
    /// costs no reference counting.
    var hasObservers: Bool { !observerStorage.isEmpty }

    @exclusivity(unchecked) private var damage = Region()
    @exclusivity(unchecked) private var needsLayoutPass = false

    /// Called when the window goes from "nothing to draw" to "something to
    /// draw", so the backend can ask for a frame callback. Not called again
    /// until `takeDamage()` has run.
    public var onNeedsDisplay: (() -> Void)?

    /// A white window of `size` logical pixels, entirely damaged so the first
    /// frame draws it all.
    /// - Parameters:
    ///   - size: the logical size; the backend resizes it to what the
    ///     compositor configures.
    ///   - timeSource: the clock for the window's ``scheduler``: the monotonic
    ///     clock live, a ``VirtualTimeSource`` in tests.
    public init(size: Size, timeSource: TimeSource) {
        scheduler = Scheduler(timeSource: timeSource)
        displayOrientation = InterfaceOrientation(transform: .normal, windowSize: size)
        super.init()
        environment.orientation = displayOrientation
        // Constants, not lazily made, so that reading them (for every
        // touch event) lends them without counting a reference.
        input.connect(to: self)
        delivery.connect(to: self)
        isMultipleTouchEnabled = true
        backgroundColor = .white
        frame = Rect(origin: .zero, size: size)
        damage = Region(bounds)
        scheduler.onTimerWillFire = { [unowned self] in self.otherEvents &+= 1 }
        application.undoManager.eventSource = { [unowned self] in self.eventSerial }
    }

    /// The controller whose view fills the window (below the title bar,
    /// when the window draws its own).
    public var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            oldValue?.viewWillDisappear()
            oldValue?.view.removeFromSuperview()
            if let vc = rootViewController {
                vc.view.frame = contentFrame
                insertSubview(vc.view, at: 0)
                vc.viewDidAppear()
            }
        }
    }

    /// The window's title, shown by a client-side title bar.
    public var title = "" { didSet { titleBar?.titleLabel.text = title } }
    /// The title bar the window draws itself, while
    /// ``showsClientSideDecorations`` is true; nil otherwise.
    public private(set) var titleBar: TitleBarView?
    private var resizeEdges: [ResizeEdgeView] = []

    /// Whether the window draws its own title bar and resize edges: a
    /// compositor that draws none, and the window is not fullscreen.
    public var showsClientSideDecorations: Bool {
        environment.clientSideDecorations && !environment.serverSideDecorations
            && !environment.windowState.contains(.fullscreen)
    }

    /// The smallest size the window lays out in without clipping or
    /// overlapping text: its root controller's `minimumContentSize`, plus
    /// the title bar when the window draws its own. The backend announces
    /// it to the compositor (`xdg_toplevel.set_min_size`); a smaller size
    /// (a script's, a compositor's that ignores the minimum) still lays
    /// out, as well as it can.
    public var minimumSize: Size { minimumSize(drawingTitleBar: showsClientSideDecorations) }

    /// The smallest size the window lays out in, drawing its own title bar
    /// or not (as it will, before the compositor has said).
    public func minimumSize(drawingTitleBar: Bool) -> Size {
        Self.size(ofContent: rootViewController?.minimumContentSize ?? .zero, drawingTitleBar: drawingTitleBar)
    }

    /// The window's size around content of `size`: taller by the title
    /// bar when the window draws its own.
    private static func size(ofContent size: Size, drawingTitleBar: Bool) -> Size {
        drawingTitleBar ? Size(width: size.width, height: size.height + TitleBarView.height) : size
    }

    /// Measures text for every label's layout. Whoever draws the window
    /// supplies the renderer's (the Wayland backend does so itself; a
    /// headless program sets GestureRender's `CairoTextMeasurer`); until
    /// then an `ApproximateTextMeasurer` estimates. Setting it lays the
    /// whole window out again.
    public var textMeasurer: TextMeasuring = ApproximateTextMeasurer() {
        didSet {
            guard textMeasurer !== oldValue else { return }
            setNeedsLayoutInSubtree()
            invalidateAll()
        }
    }

    /// The cursor the pointer shows at `point` (window coordinates): that
    /// of the view a touch there would land on, or of its nearest
    /// superview that has one; the arrow where none has.
    public func cursorShape(at point: Point) -> CursorShape {
        var view = hitTest(point)
        while let current = view {
            if let shape = current.cursorShape { return shape }
            view = current.superview
        }
        return .arrow
    }

    /// The part of the window the root controller's view fills: the page.
    /// Below the title bar while the window draws its own, else the whole
    /// window. Scripts, their checks and recordings speak the page's
    /// coordinates and size, so that one script plays alike with and
    /// without a title bar (headless, or under any compositor).
    public var contentFrame: Rect {
        guard showsClientSideDecorations else { return bounds }
        let top = TitleBarView.height
        return Rect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top))
    }

    private func layoutDecorations() {
        if showsClientSideDecorations {
            if titleBar == nil {
                let bar = TitleBarView(title: title)
                addSubview(bar)
                titleBar = bar
                resizeEdges = [WindowEdges.left, .right, .bottom, [.bottom, .left], [.bottom, .right]].map {
                    let edge = ResizeEdgeView(edges: $0)
                    addSubview(edge)
                    return edge
                }
            }
            let w = bounds.width, h = bounds.height, e = 6.0, corner = 16.0
            titleBar?.frame = Rect(x: 0, y: 0, width: w, height: TitleBarView.height)
            let frames = [Rect(x: 0, y: TitleBarView.height, width: e, height: h - TitleBarView.height),
                          Rect(x: w - e, y: TitleBarView.height, width: e, height: h - TitleBarView.height),
                          Rect(x: 0, y: h - e, width: w, height: e),
                          Rect(x: 0, y: h - corner, width: corner, height: corner),
                          Rect(x: w - corner, y: h - corner, width: corner, height: corner)]
            // A maximized or tiled window is not resized from its edges:
            // the strips would show resize cursors and take the page's
            // outer touches for nothing.
            let fixedSize = !environment.windowState.isDisjoint(with: [.maximized, .tiled])
            for (edge, frame) in zip(resizeEdges, frames) {
                edge.frame = frame
                edge.isHidden = fixedSize
            }
        } else if let bar = titleBar {
            bar.removeFromSuperview()
            titleBar = nil
            for edge in resizeEdges { edge.removeFromSuperview() }
            resizeEdges = []
        }
        rootViewController?.view.frame = contentFrame
    }

    /// Adds a watcher; observers hear of events in the order they were added.
    /// The window keeps a strong reference until ``removeObserver(_:)``.
    public func addObserver(_ observer: WindowObserver) {
        changeObservers { $0.append(observer) }
    }

    /// Removes every registration of `observer`; nothing happens if it is not
    /// registered.
    public func removeObserver(_ observer: WindowObserver) {
        changeObservers { $0.removeAll { $0 === observer } }
    }

    /// Changes the observers by moving the list out and back, so that no
    /// access to `observerStorage` can free an observer (run arbitrary
    /// code) while it lasts.
    private func changeObservers(_ change: (inout [WindowObserver]) -> Void) {
        var list: [WindowObserver] = []
        swap(&list, &observerStorage)
        change(&list)
        swap(&list, &observerStorage)
    }

    /// Sizes the window so that its content (`contentFrame`) is `size`:
    /// taller by the title bar while the window draws its own.
    public func resize(toContentSize size: Size) {
        resize(to: Self.size(ofContent: size, drawingTitleBar: showsClientSideDecorations))
    }

    /// Sets the logical size (from the compositor's configure, or a script)
    /// and lays out the root controller's view to fill it.
    public func resize(to size: Size) {
        guard size != bounds.size else { return }
        let old = bounds.size
        frame = Rect(origin: .zero, size: size)
        layoutDecorations()
        invalidate(bounds)
        for o in observers { o.windowDidResize(self, from: old) }
        // Turned from wider than tall to taller than wide, or back: the
        // orientation follows (updateEnvironment derives it).
        updateEnvironment(environment)
    }

    // MARK: Display

    /// Views that changed since the damage was last taken (see
    /// `View.noteChange`), the window itself apart: in the list it would
    /// keep itself alive until the next frame, and for ever if none came.
    /// Appended to, and emptied only moved out (emptying it may free a
    /// view), so no access to it can overlap another.
    @exclusivity(unchecked) private var changedViews: [View] = []
    @exclusivity(unchecked) private var windowChanged = false

    /// Whether a redraw is due.
    public var needsDisplay: Bool { !damage.isEmpty || needsLayoutPass || windowChanged || !changedViews.isEmpty }

    func viewWillChange(_ view: View) {
        let wasIdle = !needsDisplay
        if view === self { windowChanged = true } else { changedViews.append(view) }
        if wasIdle { onNeedsDisplay?() }
    }

    func invalidate(_ rect: Rect) {
        let clipped = rect.intersection(bounds)
        if clipped.isEmpty { return }
        let wasIdle = !needsDisplay
        damage.formUnion(clipped)
        if wasIdle { onNeedsDisplay?() }
    }

    func setNeedsDisplayPass() {
        let wasIdle = !needsDisplay
        needsLayoutPass = true
        if wasIdle { onNeedsDisplay?() }
    }

    /// Runs layout only if some view asked for it since the last pass:
    /// cheap enough for every input frame.
    func layoutIfPending() {
        guard needsLayoutPass else { return }
        needsLayoutPass = false
        layoutIfNeeded()
    }

    /// Runs pending layout, then returns the area to redraw (window
    /// coordinates, whole pixels) and clears it; nil when nothing changed.
    public func takeDamage() -> Region? {
        needsLayoutPass = false
        layoutIfNeeded()
        // Taken out while the views add to it, so that no access to the
        // window's property lasts while their code runs.
        var area = Region()
        swap(&area, &damage)
        let bounds = self.bounds
        func addChanges(of view: View) {
            view.takeChangedAreas(in: self) { part in
                let inside = part.intersection(bounds)
                if !inside.isEmpty { area.formUnion(inside) }
            }
        }
        if windowChanged {
            windowChanged = false
            addChanges(of: self)
        }
        var views: [View] = []
        swap(&views, &changedViews)
        for view in views { addChanges(of: view) }
        views.removeAll(keepingCapacity: true)
        // A view changed while the changes were taken waits for the next
        // damage, as does an area invalidated meanwhile.
        if changedViews.isEmpty { swap(&views, &changedViews) }
        let result = area.integral().intersection(bounds)
        return result.isEmpty ? nil : result
    }

    /// Marks the whole window for redrawing (e.g. a new buffer scale).
    public func invalidateAll() {
        invalidate(bounds)
    }

    // MARK: Keyboard

    /// The app's shortcuts, in one table (matched in order).
    public var keyCommands: [KeyCommand] = []
    private var heldCommands: [HeldKey: KeyCommand] = [:]

    /// What a held shortcut's release is matched by: the physical key
    /// where the keyboard says which, else the symbol (a script's keys).
    private enum HeldKey: Hashable {
        case code(UInt32)
        case symbol(UInt32)
    }

    /// Runs the shortcut matching a key event; returns whether one did.
    /// Releases go to the command their press started, so a "held" shortcut
    /// ends even if the modifiers changed meanwhile.
    @discardableResult
    public func handleKey(_ event: KeyEvent) -> Bool {
        otherEvents &+= 1
        input.tap?.raw(.key(event), time: event.time, deliversFrame: false)
        input.keyboardModifiers = event.modifiers
        if !event.isPressed {
            let command = if let code = event.keyCode {
                heldCommands.removeValue(forKey: .code(code))
            } else {
                heldCommands.removeValue(forKey: .symbol(event.keysym))
                    ?? heldCommands.removeValue(forKey: .symbol(event.baseKeysym))
            }
            guard let command else { return false }
            command.releaseAction?()
            return true
        }
        guard let command = keyCommands.first(where: { $0.matches(event) }) else { return false }
        if event.isRepeat {
            if command.repeats { command.action() }
            return true
        }
        heldCommands[event.keyCode.map(HeldKey.code) ?? .symbol(event.keysym)] = command
        command.action()
        return true
    }

    /// Says how the keyboard feeding the window repeats held keys from now
    /// on (the compositor's `wl_keyboard.repeat_info`, a script's
    /// `keyboard repeat`). The window repeats nothing itself: each keyboard
    /// does, with its own `KeyRepeat`, and hands it the repeats as key
    /// events. This tells the raw input tap, so that a recording says how
    /// its held keys repeated.
    public func keyRepeatSettingsDidChange(_ settings: KeyRepeatSettings) {
        input.tap?.raw(.keyRepeat(settings), time: scheduler.now, deliversFrame: false)
    }

    /// The keyboard focus left the window: held shortcuts end now, as
    /// their keys' releases will not come.
    public func keyboardFocusLost() {
        let held = heldCommands.values
        heldCommands = [:]
        input.keyboardModifiers = []
        for command in held { command.releaseAction?() }
    }

    // MARK: Platform

    /// Carries out platform requests; set by the backend. Headless runs
    /// leave it unset and requests are only recorded.
    public var platformRequestHandler: ((PlatformRequest) -> Void)?
    /// Every request made, newest last (for tests and headless runs).
    public private(set) var platformRequests: [PlatformRequest] = []

    /// Asks the window system for something (close, fullscreen, move...).
    public func request(_ request: PlatformRequest) {
        platformRequests.append(request)
        if platformRequests.count > 64 { platformRequests.removeFirst() }
        platformRequestHandler?(request)
    }

    /// Events handled other than touch frames: keys, a device's shakes,
    /// timers firing.
    private var otherEvents = 0
    /// A number that changes with each event the window handles (each
    /// counts one up), so the undo manager makes one step of what one
    /// event registers; never 0 once an event came.
    var eventSerial: Int { delivery.framesDelivered &+ otherEvents }

    /// Where the window is shown. Set it through `updateEnvironment(_:)`.
    public private(set) var environment = DisplayEnvironment()
    /// The orientation the output transform and the window's aspect last
    /// implied; a simulated orientation lasts until they imply another.
    private var displayOrientation: InterfaceOrientation

    /// Called by the backend (or a simulation) when the scale, output or
    /// orientation changed. The root controller hears of a new orientation
    /// and of every change; the whole window is redrawn on a new scale.
    public func updateEnvironment(_ new: DisplayEnvironment) {
        var new = new
        let implied = InterfaceOrientation(transform: new.outputTransform, windowSize: bounds.size)
        if implied != displayOrientation {
            // A real rotation (or resize) overrides any simulated one.
            displayOrientation = implied
            new.orientation = implied
        }
        let old = environment
        guard new != old else { return }
        environment = new
        if new.scale != old.scale { invalidateAll() }
        if new.density != old.density { gestureThresholds.pixelsPerMillimetre = new.density.pixelsPerMillimetre }
        layoutDecorations()
        if new.orientation != old.orientation {
            rootViewController?.orientationDidChange(to: new.orientation)
        }
        rootViewController?.environmentDidChange(new)
        for o in observers { o.environmentDidChange(new) }
    }

    /// The thresholds this window judges touches by: UIKit's by default.
    /// Their `pixelsPerMillimetre` always follows the environment's density
    /// (a set assigned here takes it on). The root controller, then the
    /// observers, hear of every change.
    public var gestureThresholds: GestureThresholds {
        get { judging.thresholds }
        set {
            let oldValue = judging.thresholds
            var value = newValue
            value.pixelsPerMillimetre = environment.density.pixelsPerMillimetre
            judging = JudgingThresholds(value)
            guard value != oldValue else { return }
            rootViewController?.gestureThresholdsDidChange(judging.thresholds)
            for o in observers { o.gestureThresholdsDidChange(judging.thresholds) }
        }
    }
    /// The thresholds in force, where the toolkit reads them for every
    /// touch event (see `JudgingThresholds`). Only replaced whole, by the
    /// setter above: a stored property with an observer would be checked
    /// for exclusive access at run time on every read.
    @exclusivity(unchecked) private(set) var judging = JudgingThresholds(.uikit)

    /// Timings of recent frames (the backend records them).
    public var frameStatistics = FrameStatistics()

    // MARK: Responders and motion

    /// The application the window belongs to: the end of the responder
    /// chain.
    public let application = Application()

    /// The responder that receives motion events first.
    public private(set) weak var firstResponder: Responder?

    func setFirstResponder(_ responder: Responder?) {
        firstResponder = responder
    }

    private var shakeStart: Double?

    /// A shake the device itself reports (an accelerometer, a script's
    /// `shake`): raw input, so the raw input tap hears it (a recording
    /// writes it), then `shakeBegan(time:)`. `time` is when the motion
    /// began, which may be before it was recognized.
    public func deviceShakeBegan(time: Double) {
        otherEvents &+= 1
        input.tap?.raw(.shakeBegan, time: time, deliversFrame: false)
        shakeBegan(time: time)
    }

    /// The device reports that its shake stopped, at `time`: the tap
    /// hears it, then `shakeEnded(time:)`.
    public func deviceShakeEnded(time: Double) {
        otherEvents &+= 1
        input.tap?.raw(.shakeEnded, time: time, deliversFrame: false)
        shakeEnded(time: time)
    }

    /// A shake started. The app calls this for a shake it makes of other
    /// input (a held key), which a recording has already; a device's shake
    /// comes through `deviceShakeBegan(time:)`. Sent to the first
    /// responder, or to the window without one.
    public func shakeBegan(time: Double) {
        guard shakeStart == nil else { return }
        shakeStart = time
        (firstResponder ?? self).motionBegan(.motionShake, with: MotionEvent(timestamp: time))
    }

    /// The shake stopped. Shorter than `Thresholds.shakeMaximumDuration`
    /// it was a shake (`motionEnded`); longer, it was not
    /// (`motionCancelled`), as UIKit decides.
    public func shakeEnded(time: Double) {
        guard let start = shakeStart else { return }
        shakeStart = nil
        let event = MotionEvent(timestamp: time)
        let target = firstResponder ?? self
        if time - start < Thresholds.shakeMaximumDuration {
            target.motionEnded(.motionShake, with: event)
        } else {
            target.motionCancelled(.motionShake, with: event)
        }
    }

    /// Whether a shake is in progress.
    public var isShaking: Bool { shakeStart != nil }

    public override var next: Responder? { application }
}
