/// Shows one of several pages with a tab bar across the top of the window
/// to switch between them. Pages fill the whole view and keep the top
/// `TabBar.height` free for the bar.
open class TabBarController: ViewController {
    /// The bar of page titles across the top of the controller's view; its
    /// tabs follow ``viewControllers``' titles.
    public let tabBar = TabBar()

    /// The pages, in tab order.
    public var viewControllers: [ViewController] = [] {
        didSet {
            for vc in viewControllers { vc.tabBarController = self }
            tabBar.titles = viewControllers.map { $0.title ?? "" }
            if isViewLoaded { showSelected(previous: nil) }
        }
    }

    /// The page shown. Out-of-range values are ignored.
    public var selectedIndex = 0 {
        didSet {
            guard viewControllers.indices.contains(selectedIndex) else {
                selectedIndex = oldValue
                return
            }
            guard selectedIndex != oldValue else { return }
            showSelected(previous: viewControllers.indices.contains(oldValue) ? viewControllers[oldValue] : nil)
        }
    }

    /// The page shown, or nil while there are no pages.
    public var selectedViewController: ViewController? {
        viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
    }

    /// Called after the user or the app changed the page.
    public var onSelect: ((Int) -> Void)?

    open override func viewDidLoad() {
        view.name = "tabs"
        tabBar.onValueChanged = { [weak self] bar in self?.selectedIndex = bar.selectedIndex }
        view.addSubview(tabBar)
        showSelected(previous: nil)
    }

    open override func viewDidLayoutSubviews() {
        for vc in viewControllers where vc.isViewLoaded { vc.view.frame = view.bounds }
        tabBar.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: TabBar.height)
    }

    /// The largest of the pages' minimum sizes, and room for every tab.
    open override var minimumContentSize: Size {
        viewControllers.reduce(Size(width: tabBar.minimumWidth, height: TabBar.height)) {
            let page = $1.minimumContentSize
            return Size(width: Swift.max($0.width, page.width), height: Swift.max($0.height, page.height))
        }
    }

    private func showSelected(previous: ViewController?) {
        // A page's sheet belongs to it: it goes when the page does.
        previous?.dismissPresentedSheet()
        previous?.viewWillDisappear()
        previous?.view.removeFromSuperview()
        tabBar.selectedIndex = selectedIndex
        guard let vc = selectedViewController else { return }
        vc.view.frame = view.bounds
        view.insertSubview(vc.view, at: 0)
        if view.window != nil { vc.viewDidAppear() }
        onSelect?(selectedIndex)
    }

    open override func viewDidAppear() {
        selectedViewController?.viewDidAppear()
    }

    open override func viewWillDisappear() {
        selectedViewController?.viewWillDisappear()
    }

    open override func orientationDidChange(to orientation: InterfaceOrientation) {
        for vc in viewControllers { vc.orientationDidChange(to: orientation) }
    }

    open override func environmentDidChange(_ environment: DisplayEnvironment) {
        for vc in viewControllers { vc.environmentDidChange(environment) }
    }

    open override func gestureThresholdsDidChange(_ thresholds: GestureThresholds) {
        for vc in viewControllers { vc.gestureThresholdsDidChange(thresholds) }
    }
}

/// The bar of page titles: a segmented control drawn as a tab bar (the
/// selected title in blue over an underline). Each tab is at least 44 px in
/// both directions; a touch that ends on a tab selects it. A title too long
/// for its tab shrinks.
public final class TabBar: SegmentedControl {
    /// The bar's height in logical pixels (a touch target's).
    public static let height = 44.0

    /// An empty bar; a ``TabBarController`` fills it with its pages' titles.
    public init() {
        super.init(titles: [])
        name = "tabBar"
        backgroundColor = Color(rgb: 0xf7f7f8)
        cornerRadius = 0
    }

    /// The frame of tab `index` in the bar's coordinates.
    public func tabFrame(_ index: Int) -> Rect { segmentFrame(index) }

    /// A tab's title: the selected one bold and blue, the others grey; a
    /// long title may shrink to 60 %.
    public override func style(_ label: Label, selected: Bool) {
        label.minimumScaleFactor = 0.6
        label.font = Font(size: 16, bold: selected)
        label.textColor = selected ? .systemBlue : Color(rgb: 0x6e6e73)
    }

    /// A hairline along the bottom, and a blue underline under the
    /// selected tab.
    public override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), color: Color(rgb: 0xc6c6c8))
        guard titles.indices.contains(selectedIndex) else { return }
        let f = tabFrame(selectedIndex)
        canvas.fill(Rect(x: f.minX + 12, y: f.maxY - 3, width: f.width - 24, height: 3), color: .systemBlue)
    }
}
