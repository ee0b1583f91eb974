/// The root of a view tree shown on one surface. It owns the app's timers,
/// turns raw input into touches, and collects damage for the renderer. The
/// backend (or the headless player) drives it through `input`, `resize(to:)`
/// and `takeDamage()`; it knows nothing of Wayland.
public final class Window: View {
    public let scheduler: Scheduler
    public private(set) lazy var input = InputRouter(window: self)
    let arena = GestureArena()

    /// Watchers of what happens in the window (the log, the debug overlay).
    public private(set) var observers: [WindowObserver] = []

    private var damage: Rect?
    private var needsLayoutPass = false

    /// Called when the window goes from "nothing to draw" to "something to
    /// draw", so the backend can ask for a frame callback. Not called again
    /// until `takeDamage()` has run.
    public var onNeedsDisplay: (() -> Void)?

    public init(size: Size, timeSource: TimeSource) {
        scheduler = Scheduler(timeSource: timeSource)
        super.init()
        arena.window = self
        isMultipleTouchEnabled = true
        backgroundColor = .white
        frame = Rect(origin: .zero, size: size)
        damage = bounds
    }

    /// The controller whose view fills the window.
    public var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            oldValue?.viewWillDisappear()
            oldValue?.view.removeFromSuperview()
            if let vc = rootViewController {
                vc.view.frame = bounds
                insertSubview(vc.view, at: 0)
                vc.viewDidAppear()
            }
        }
    }

    public func addObserver(_ observer: WindowObserver) {
        observers.append(observer)
    }

    public func removeObserver(_ observer: WindowObserver) {
        observers.removeAll { $0 === observer }
    }

    /// Sets the logical size (from the compositor's configure, or a script)
    /// and lays out the root controller's view to fill it.
    public func resize(to size: Size) {
        guard size != bounds.size else { return }
        frame = Rect(origin: .zero, size: size)
        rootViewController?.view.frame = bounds
        invalidate(bounds)
    }

    // MARK: Display

    /// Whether a redraw is due.
    public var needsDisplay: Bool { damage != nil || needsLayoutPass }

    func invalidate(_ rect: Rect) {
        let clipped = rect.intersection(bounds)
        if clipped.isEmpty { return }
        let wasIdle = !needsDisplay
        damage = damage.map { $0.union(clipped) } ?? clipped
        if wasIdle { onNeedsDisplay?() }
    }

    func setNeedsDisplayPass() {
        let wasIdle = !needsDisplay
        needsLayoutPass = true
        if wasIdle { onNeedsDisplay?() }
    }

    /// Runs pending layout, then returns the area to redraw (window
    /// coordinates, whole pixels) and clears it; nil when nothing changed.
    public func takeDamage() -> Rect? {
        needsLayoutPass = false
        layoutIfNeeded()
        let result = damage?.integral().intersection(bounds)
        damage = nil
        return result.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Marks the whole window for redrawing (e.g. a new buffer scale).
    public func invalidateAll() {
        invalidate(bounds)
    }

    public override var next: Responder? { nil }
}
