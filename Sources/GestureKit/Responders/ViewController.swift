/// Owns one view and sits right after it in the responder chain, so touches
/// a view does not handle reach its controller before its superview.
open class ViewController: Responder {
    @exclusivity(unchecked) private var loadedView: View?

    /// Creates a controller; its view is not made until ``view`` is first read.
    public override init() {
        super.init()
    }

    /// The controller's root view, created on first access by `loadView()`
    /// and followed by `viewDidLoad()`.
    public var view: View {
        if let loadedView { return loadedView }
        let v = loadView()
        v.viewController = self
        loadedView = v
        viewDidLoad()
        return v
    }

    /// Whether the root view exists yet; reading this does not create it.
    public var isViewLoaded: Bool { loadedView != nil }

    /// The controller's title (a tab bar shows it).
    public var title: String?

    /// The tab bar controller this controller is a page of, if any.
    public internal(set) weak var tabBarController: TabBarController?

    /// Creates the root view; override to supply a custom one.
    open func loadView() -> View { View() }

    /// Called once after the root view is created.
    open func viewDidLoad() {}

    /// The smallest size the controller's view lays out in without clipping
    /// or overlapping text; zero sides mean no minimum. A window announces
    /// its root controller's to the compositor (`Window.minimumSize`).
    open var minimumContentSize: Size { .zero }

    // MARK: Presenting a sheet

    private weak var sheet: ActionSheet?

    /// The sheet this controller presented, while it is shown.
    public var presentedSheet: ActionSheet? { sheet?.isPresented == true ? sheet : nil }

    /// Shows `sheet` over the controller's view, as UIKit presents one from
    /// a view controller: above the view, covering its frame and following
    /// its size, but not inside it, so the view's gesture recognizers never
    /// see touches on the sheet. The sheet belongs to this controller: a tab
    /// bar controller dismisses it when it shows another page. A sheet
    /// already presented is dismissed first.
    public func present(_ sheet: ActionSheet) {
        presentedSheet?.dismiss()
        sheet.present(over: view)
        self.sheet = sheet
    }

    /// Dismisses the presented sheet, if any.
    public func dismissPresentedSheet() {
        presentedSheet?.dismiss()
    }

    /// Called after the root view laid out its subviews (its bounds
    /// changed): position the controller's views here.
    open func viewDidLayoutSubviews() {}

    /// Called after the view became part of a visible window.
    open func viewDidAppear() {}

    /// Called before the view leaves a visible window.
    open func viewWillDisappear() {}

    /// Called when the device orientation changed (a rotated output, or a
    /// simulated rotation).
    open func orientationDidChange(to orientation: InterfaceOrientation) {}

    /// Called when the window's display environment changed (scale,
    /// output, orientation).
    open func environmentDidChange(_ environment: DisplayEnvironment) {}

    /// Called when the window's gesture thresholds changed (another set, or
    /// the same at another density).
    open func gestureThresholdsDidChange(_ thresholds: GestureThresholds) {}

    /// The superview of the controller's view (for a window's root
    /// controller, that is the window).
    open override var next: Responder? { loadedView?.superview }

    open override var responderWindow: Window? { loadedView?.window }
}
