/// A rectangular area of the window that draws content, lays out subviews,
/// and receives touches: the toolkit's counterpart of UIKit's `UIView`.
///
/// Geometry follows UIKit: `center` is in the superview's coordinates,
/// `bounds` is the view's own coordinate space, and `transform` applies
/// around the centre. `frame` is derived (the bounding box of the transformed
/// bounds), so setting it while a transform is in place is not meaningful.
open class View: Responder {
    /// A name for finding the view in tests, scripts and the tree dump.
    @exclusivity(unchecked) public var name: String?

    // Before a change the view notes where it was on screen (once per
    // frame); after it, it asks for layout if its size changed.

    /// The view's own coordinate space: `size` is the view's size before its
    /// transform, `origin` the coordinate of its top-left corner (usually zero;
    /// another origin scrolls the content and the subviews). Subviews are placed
    /// in it and ``draw(_:in:)`` draws in it. A new size asks for layout and
    /// resizes subviews by their ``autoresizingMask``.
    ///
    /// Geometry set to what it is already changes nothing, as in UIKit: no
    /// redraw and no layout (a window's controller view given its frame
    /// again as the compositor activates the window would otherwise repaint
    /// the whole window).
    public var bounds: Rect {
        get { boundsStorage }
        set {
            guard newValue != boundsStorage else { return }
            changeGeometry { boundsStorage = newValue }
        }
    }
    /// Where the middle of the bounds sits, in the superview's coordinates; the
    /// point ``transform`` turns and scales around. Moving a view is changing
    /// its centre.
    public var center: Point {
        get { centerStorage }
        set {
            guard newValue != centerStorage else { return }
            changeGeometry { centerStorage = newValue }
        }
    }
    /// Scales, rotates and translates the view around its ``center``, as
    /// `UIView.transform`: the bounds are unchanged, the ``frame`` is their
    /// transformed bounding box, and hit-testing and touch locations follow the
    /// transform. A singular transform (scale 0) makes the view unhittable.
    public var transform: AffineTransform {
        get { transformStorage }
        set {
            guard newValue != transformStorage else { return }
            changeGeometry { transformStorage = newValue }
        }
    }

    /// Opacity of the view and its subviews as one group.
    public var alpha: Double {
        get { alphaStorage }
        set {
            let oldValue = alphaStorage
            alphaStorage = newValue
            if newValue != oldValue { setNeedsDisplay() }
        }
    }
    /// Whether the view and its subviews are left out of drawing and
    /// hit-testing; a hidden view keeps its place and receives no new touches.
    public var isHidden: Bool {
        get { hiddenStorage }
        set {
            let oldValue = hiddenStorage
            hiddenStorage = newValue
            if newValue != oldValue { noteChange(includingCurrentArea: false) }
        }
    }
    /// Fills the bounds, with ``cornerRadius``, before ``draw(_:in:)``; nil (the
    /// default) or a transparent colour draws nothing.
    @exclusivity(unchecked) public var backgroundColor: Color? {
        didSet { if backgroundColor != oldValue { setNeedsDisplay() } }
    }
    /// Whether touches can land on this view and its subviews.
    public var isUserInteractionEnabled: Bool {
        get { interactionStorage }
        set { interactionStorage = newValue }
    }
    /// Whether the view receives more than the first of simultaneous touches
    /// (off by default, as in UIKit; gesture recognizers see every touch).
    public var isMultipleTouchEnabled = false
    /// Whether the view takes touches only alone, as UIKit's
    /// `isExclusiveTouch` (off by default): a touch that lands on it while
    /// another is down anywhere in the window goes nowhere, and while one
    /// of its touches is down, touches landing elsewhere go nowhere. Such
    /// touches reach neither views nor gesture recognizers.
    public var isExclusiveTouch = false
    // This, the corner radius, the background colour and the subviews
    // are read for every view of every frame drawn, and no access to them
    // lasts across a call that could reach them again: the run-time
    // exclusivity check Swift makes on a class's properties (a library call
    // each time) is skipped for them.
    /// Whether subviews are clipped (drawing and hit-testing) to the bounds.
    @exclusivity(unchecked) public var clipsToBounds = false {
        didSet { if clipsToBounds != oldValue { setNeedsDisplay() } }
    }
    /// Corner radius of the background.
    @exclusivity(unchecked) public var cornerRadius = 0.0 {
        didSet { if cornerRadius != oldValue { setNeedsDisplay() } }
    }
    /// How the view's size follows its superview's when that changes, as
    /// UIKit's autoresizing mask (its margins to the superview's edges stay
    /// as they are).
    public var autoresizingMask: AutoresizingMask = []

    /// The subviews in drawing order: later ones draw on top and are
    /// hit-tested first.
    public var subviews: [View] { subviewStorage }
    // Stored unowned(unsafe) (the window as an unmanaged reference, which
    // is the same) rather than weak: both links are read for every touch
    // and every redraw, a weak reference costs a side-table look-up each
    // time and a checked unowned one an atomic count. They
    // never dangle because a view clears them when it goes (deinit) and
    // whenever it leaves its superview: `superviewStorage` in
    // `removeFromSuperview()` and the superview's deinit, `windowReference`
    // (through `setWindow`) in both too; nothing else writes them.

    /// The view this one is a subview of; nil for a window and for a view in no
    /// tree.
    public var superview: View? { superviewStorage }
    /// The window at the root of the view's tree (itself for a window),
    /// kept current as views move in and out of trees.
    public var window: Window? { windowReference?.takeUnretainedValue() }

    /// Calls `body` with the window, if the view is in one, counting no
    /// reference to it (reading ``window`` counts one, an atomic add and
    /// subtract): for what runs for every touch event or change. The
    /// window outlives `body`, which runs on its behalf: its owner holds
    /// it, and nothing a view does from inside its window's delivery or
    /// layout releases it.
    @inline(__always)
    func withWindow<R>(_ body: (Window) -> R) -> R? {
        windowReference?._withUnsafeGuaranteedRef(body)
    }

    /// The controller whose root view this is; it follows the view in the
    /// responder chain.
    @exclusivity(unchecked) public internal(set) weak var viewController: ViewController?

    /// The recognizers attached to this view, in the order added.
    public var gestureRecognizers: [GestureRecognizer] { recognizerStorage }

    // The public properties above that are read for every touch or every
    // change keep their values in private storage: the optimizer can prove
    // accesses to it exclusive at compile time, where a public stored
    // property is checked at run time on every access.
    private var boundsStorage = Rect.zero
    private var centerStorage = Point.zero
    private var transformStorage = AffineTransform.identity
    private var alphaStorage = 1.0
    private var hiddenStorage = false
    private var interactionStorage = true
    @exclusivity(unchecked) private var subviewStorage: [View] = []
    private unowned(unsafe) var superviewStorage: View?
    private var windowReference: Unmanaged<Window>?
    private var recognizerStorage: [GestureRecognizer] = []

    private var needsLayout = true

    /// A view with an empty frame at the origin; give it a ``frame`` (or
    /// ``bounds`` and ``center``) before it can be seen or touched.
    public override init() {
        super.init()
        if let self = self as? Window { windowReference = Unmanaged.passUnretained(self) }
    }

    /// A view occupying `frame` in its future superview's coordinates.
    public init(frame: Rect) {
        super.init()
        self.frame = frame
    }

    deinit {
        for sub in subviewStorage {
            sub.superviewStorage = nil
            sub.setWindow(nil)
        }
        for r in recognizerStorage { r.view = nil }
    }

    // MARK: Geometry

    /// The bounding box of the view in its superview's coordinates.
    public var frame: Rect {
        get {
            let local = Rect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height)
            let r = transform.apply(to: local)
            return Rect(x: r.minX + center.x, y: r.minY + center.y, width: r.width, height: r.height)
        }
        set {
            bounds.size = newValue.size
            center = newValue.center
        }
    }

    /// Applies a change of bounds, centre or transform: notes where the
    /// view was first, and lays it out again if its size changed.
    private func changeGeometry(_ apply: () -> Void) {
        noteChange(includingCurrentArea: false)
        let oldSize = boundsStorage.size
        apply()
        geometryChanged(from: oldSize)
    }

    private func geometryChanged(from oldSize: Size) {
        if bounds.size != oldSize {
            setNeedsLayout()
            autoresizeSubviews(from: oldSize)
        }
    }

    private func autoresizeSubviews(from oldSize: Size) {
        let dw = bounds.width - oldSize.width, dh = bounds.height - oldSize.height
        for sub in subviews where !sub.autoresizingMask.isEmpty {
            var f = sub.frame
            if sub.autoresizingMask.contains(.flexibleWidth) { f.size.width = Swift.max(0, f.width + dw) }
            if sub.autoresizingMask.contains(.flexibleHeight) { f.size.height = Swift.max(0, f.height + dh) }
            sub.frame = f
        }
    }

    /// Maps a point from this view's coordinates into its superview's.
    func convertToSuperview(_ p: Point) -> Point {
        let local = Point(x: p.x - bounds.midX, y: p.y - bounds.midY)
        return transform.apply(to: local) + center
    }

    /// Maps a point from the superview's coordinates into this view's, or
    /// nil when the transform is singular.
    func convertFromSuperview(_ p: Point) -> Point? {
        guard let inverse = transform.inverted() else { return nil }
        let local = inverse.apply(to: p - center)
        return Point(x: local.x + bounds.midX, y: local.y + bounds.midY)
    }

    /// Converts a point from this view's coordinates to `view`'s (to window
    /// coordinates when `view` is nil).
    public func convert(_ point: Point, to view: View?) -> Point {
        var p = point
        var v: View = self
        while !(v is Window), let parent = v.superview {
            p = v.convertToSuperview(p)
            v = parent
        }
        guard let view else { return p }
        return view.convert(p, from: nil)
    }

    /// Converts a point from `view`'s coordinates (window coordinates when
    /// `view` is nil) to this view's. A view under a singular transform maps
    /// every point to NaN, which no bounds contain.
    public func convert(_ point: Point, from view: View?) -> Point {
        convertFromRoot(view?.convert(point, to: nil) ?? point) ?? Point(x: .nan, y: .nan)
    }

    /// A point in the root's coordinates (the window's, in a window) mapped
    /// down to this view's, one level at a time from the top; nil under a
    /// singular transform.
    private func convertFromRoot(_ p: Point) -> Point? {
        guard !(self is Window), let parent = superview else { return p }
        return parent.convertFromRoot(p).flatMap(convertFromSuperview)
    }

    /// The transform from this view's coordinates to its superview's: its
    /// bounds' centre moved to `center`, with `transform` around it.
    public var transformToSuperview: AffineTransform {
        var m = transform
        let dx = -bounds.midX, dy = -bounds.midY
        // (p - mid) transformed, then moved to the centre.
        m.tx = m.a * dx + m.c * dy + m.tx + center.x
        m.ty = m.b * dx + m.d * dy + m.ty + center.y
        return m
    }

    /// The transform from this view's coordinates to its root's (the
    /// window's, in a window): one walk up the tree, however many points
    /// are then mapped.
    func transformToRoot() -> AffineTransform {
        var m = transformToSuperview
        guard var v = superview else { return .identity }
        while let parent = v.superview {
            m = m.concatenating(v.transformToSuperview)
            v = parent
        }
        return m
    }

    /// Converts a rectangle to `view`'s coordinates (window when nil): the
    /// bounding box of its converted corners.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        if view == nil { return transformToRoot().apply(to: rect) }
        return Rect(boundingPoints: convert(Point(x: rect.minX, y: rect.minY), to: view),
             convert(Point(x: rect.maxX, y: rect.minY), to: view),
             convert(Point(x: rect.minX, y: rect.maxY), to: view),
             convert(Point(x: rect.maxX, y: rect.maxY), to: view))
    }

    // MARK: Hierarchy

    /// Adds `view` on top of the other subviews, first removing it from any
    /// superview it had (ending its touches there). Adding a view to itself or
    /// to its own subtree is a programming error and traps.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in the drawing order (later draws on top).
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "a view cannot be its own subview")
        var ancestor: View? = self
        while let a = ancestor {
            precondition(a !== view, "adding a view to its own subtree would form a cycle")
            ancestor = a.superview
        }
        view.removeFromSuperview()
        subviewStorage.insert(view, at: Swift.min(Swift.max(index, 0), subviewStorage.count))
        view.superviewStorage = self
        view.setWindow(window)
        view.noteChange(includingCurrentArea: true)
        // A view that was never laid out (a page shown for the first time)
        // must be before the next touch is hit-tested.
        if view.needsLayout { window?.setNeedsDisplayPass() }
        view.didMoveToWindow()
    }

    /// Takes the view (and its subtree) out of its superview. Touches its
    /// subtree is receiving are cancelled first, and its recognizers that are
    /// under way are cancelled, so every touch a view saw begin still ends. Does
    /// nothing for a view without a superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        // Touches in this subtree end for their views now, while the
        // responder chain still leads anywhere.
        let oldWindow = window
        oldWindow?.delivery.subtreeWillLeaveWindow(self)
        noteChange(includingCurrentArea: true)
        parent.subviewStorage.removeAll { $0 === self }
        superviewStorage = nil
        setWindow(nil)
        // A first responder in the subtree (a view, or the controller of
        // one) leaves the responder chain with it, as in UIKit: motion
        // events go to the window's chain again.
        if let oldWindow, let first = oldWindow.firstResponder, first.responderWindow !== oldWindow {
            oldWindow.setFirstResponder(nil)
        }
    }

    /// Records the subtree's new window. (It never reads the old one: from
    /// a window's deinit that would be reading a window already gone.)
    private func setWindow(_ newWindow: Window?) {
        guard !(self is Window) else { return }
        windowReference = newWindow.map(Unmanaged.passUnretained)
        for sub in subviewStorage { sub.setWindow(newWindow) }
    }

    /// Called after the view (or an ancestor) was added to a superview.
    open func didMoveToWindow() {
        for sub in subviews { sub.didMoveToWindow() }
    }

    /// Whether `self` is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// The first view in this subtree (depth-first, self first) with `name`.
    public func view(named name: String) -> View? {
        if self.name == name { return self }
        for sub in subviews {
            if let found = sub.view(named: name) { return found }
        }
        return nil
    }

    // MARK: Hit-testing

    /// Whether `point` (in this view's coordinates) is inside the view.
    open func point(inside point: Point) -> Bool {
        bounds.contains(point)
    }

    /// The deepest visible, interactive view containing `point` (in this
    /// view's coordinates): subviews are tried front to back (reverse order);
    /// hidden views, views with alpha below 0.01 and views with user
    /// interaction off are skipped with their subtrees. As in UIKit, a point
    /// outside this view's bounds (`point(inside:)`) hits none of its
    /// subviews either, even where one sticks out unclipped; a view that
    /// should take touches there overrides `point(inside:)`.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point) else { return nil }
        for sub in subviews.reversed() {
            guard let p = sub.convertFromSuperview(point) else { continue }
            if let hit = sub.hitTest(p) { return hit }
        }
        return self
    }

    /// The pointer's cursor over this view; nil (the default) shows the
    /// superview's, and the window's is the arrow.
    open var cursorShape: CursorShape? { nil }

    // MARK: Gesture recognizers

    /// Attaches `recognizer`; it then sees every touch that lands on this
    /// view or its subviews before the views themselves do.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        precondition(recognizer.view == nil,
                     "a gesture recognizer belongs to one view; remove it from \(recognizer.view.map { String(describing: type(of: $0)) } ?? "?") first")
        recognizerStorage.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`, which stops receiving touches at once; nothing
    /// happens if it is not attached to this view.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        recognizer.detach()
        recognizerStorage.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    // MARK: Layout and display

    /// Marks the view for `layoutSubviews()` before the next display.
    public func setNeedsLayout() {
        needsLayout = true
        window?.setNeedsDisplayPass()
    }

    /// Marks this view and every view below it for layout (the way text
    /// is measured changed, say).
    func setNeedsLayoutInSubtree() {
        needsLayout = true
        for sub in subviews { sub.setNeedsLayoutInSubtree() }
        window?.setNeedsDisplayPass()
    }

    /// Runs pending layout in this subtree, parents before children.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
            viewController?.viewDidLayoutSubviews()
        }
        for sub in subviews { sub.layoutIfNeeded() }
    }

    /// Override to position subviews when the bounds change.
    open func layoutSubviews() {}

    /// Marks the view's area as needing to be redrawn.
    public func setNeedsDisplay() {
        guard !isHidden else { return }
        noteChange(includingCurrentArea: false)
    }

    // MARK: Damage

    // A change is noted, not measured: the window works out the area to
    // repaint once per frame (`Window.takeDamage()`), from where a changed
    // view was before its first change and where it is then. A view moved
    // by every touch event costs one walk up the tree per frame, not one
    // per property set.

    /// Where the view was on screen before its first change since the
    /// window last took its damage (nil: unchanged since).
    private(set) var areaBeforeChange: Rect?

    /// The view's area in window coordinates, a pixel wider on each side
    /// for antialiased edges.
    var areaInWindow: Rect { transformToRoot().apply(to: bounds).insetBy(dx: -1, dy: -1) }

    /// `areaInWindow` cut to the areas of the ancestors that clip their
    /// subviews: nothing the view draws shows outside them, so a change
    /// needs no repaint there. (A turned ancestor's area is the box around
    /// it, which keeps this a bound, if a looser one.)
    var visibleAreaInWindow: Rect {
        var area = areaInWindow
        var ancestor = superview
        while let a = ancestor, !area.isEmpty {
            if a.clipsToBounds { area = area.intersection(a.areaInWindow) }
            ancestor = a.superview
        }
        return area
    }

    /// Set while only the view's content changed (`setNeedsContentDisplay`),
    /// not where it is: the window asks the view where that shows.
    private var contentChanged = false

    /// Marks part of the view's content for redrawing, the view itself
    /// unchanged: where, the view says when the window takes its damage
    /// (`changedContentAreas(_:)`), so that content changing with every
    /// touch event is measured once a frame.
    func setNeedsContentDisplay() {
        guard !isHidden, windowReference != nil, areaBeforeChange == nil, !contentChanged else { return }
        contentChanged = true
        withWindow { $0.viewWillChange(self) }
    }

    /// Where the content changed since the window last took its damage:
    /// passes each area to `add`, in the view's coordinates, and returns
    /// true; or returns false for the whole view, which the default does.
    /// Asked only for changes marked by `setNeedsContentDisplay()`.
    func changedContentAreas(_ add: (Rect) -> Void) -> Bool { false }

    /// Told each time the window has taken the damage of the view's
    /// changes: what the view shows now is what the next frame draws.
    func didTakeChanges() {}

    /// Notes that the view is about to change (or changed in place). With
    /// `includingCurrentArea`, where it is now is kept too, even if it was
    /// noted before: it is about to leave the window (or just joined it),
    /// and the window could not find that out later.
    func noteChange(includingCurrentArea: Bool) {
        guard windowReference != nil else { return }
        if let before = areaBeforeChange {
            if includingCurrentArea { areaBeforeChange = before.union(visibleAreaInWindow) }
            return
        }
        areaBeforeChange = visibleAreaInWindow
        withWindow { $0.viewWillChange(self) }
    }

    /// Passes the areas to repaint for this view's changes (where it was,
    /// and where it is if it is still in `window`; or where its content
    /// changed) to `add`, in window coordinates, and forgets them.
    func takeChangedAreas(in window: Window, _ add: (Rect) -> Void) {
        let contentOnly = contentChanged
        contentChanged = false
        if let before = areaBeforeChange {
            areaBeforeChange = nil
            didTakeChanges()
            add(self.window === window ? before.union(visibleAreaInWindow) : before)
            return
        }
        guard contentOnly, self.window === window else { return }
        defer { didTakeChanges() }
        let visible = visibleAreaInWindow, toWindow = transformToRoot()
        let parts = changedContentAreas { part in
            add(toWindow.apply(to: part).insetBy(dx: -1, dy: -1).intersection(visible))
        }
        if !parts { add(visible) }
    }

    /// Draws the view's own content in its bounds (after its background and
    /// before its subviews). The default draws nothing.
    open func draw(_ rect: Rect, in canvas: Canvas) {}

    /// A short type name for dumps and logs.
    open var typeName: String { String(describing: type(of: self)) }

    // MARK: Responder chain

    /// The view controller for a root view, otherwise the superview.
    open override var next: Responder? { viewController ?? superview }

    open override var responderWindow: Window? { window }
}
