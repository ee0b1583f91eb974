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
        tabBar.onSelect = { [weak self] index in self?.selectedIndex = index }
        view.addSubview(tabBar)
        showSelected(previous: nil)
    }

    open override func viewDidLayoutSubviews() {
        for vc in viewControllers where vc.isViewLoaded { vc.view.frame = view.bounds }
        tabBar.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: TabBar.height)
    }

    /// The largest of the pages' minimum sizes, and room for every tab.
    open override var minimumContentSize: Size {
        viewControllers.reduce(Size(width: TabBar.minimumTabWidth * Double(viewControllers.count), height: TabBar.height)) {
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
}

/// The bar of page titles: each tab is at least 44 px in both directions;
/// a touch that ends on a tab selects it. A title too long for its tab
/// shrinks.
public final class TabBar: View {
    /// The bar's height in logical pixels (a touch target's).
    public static let height = 44.0
    /// The narrowest a tab gets: a touch target.
    public static let minimumTabWidth = 44.0

    var titles: [String] = [] {
        didSet {
            for label in labels { label.removeFromSuperview() }
            labels = titles.map { title in
                let label = Label(text: title)
                label.minimumScaleFactor = 0.6
                addSubview(label)
                return label
            }
            styleLabels()
            setNeedsLayout()
        }
    }
    var selectedIndex = 0 {
        didSet {
            styleLabels()
            setNeedsDisplay()
        }
    }
    var onSelect: ((Int) -> Void)?
    private var labels: [Label] = []

    /// An empty bar; a ``TabBarController`` fills it with its pages' titles.
    public override init() {
        super.init()
        name = "tabBar"
        backgroundColor = Color(rgb: 0xf7f7f8)
    }

    /// The frame of tab `index` in the bar's coordinates.
    public func tabFrame(_ index: Int) -> Rect {
        let width = bounds.width / Double(max(1, titles.count))
        return Rect(x: Double(index) * width, y: 0, width: width, height: bounds.height)
    }

    private func styleLabels() {
        for (i, label) in labels.enumerated() {
            let selected = i == selectedIndex
            label.font = Font(size: 16, bold: selected)
            label.textColor = selected ? .systemBlue : Color(rgb: 0x6e6e73)
        }
    }

    public override func layoutSubviews() {
        for (i, label) in labels.enumerated() {
            // Clear of the tab's edges and of the underline.
            label.frame = tabFrame(i).insetBy(dx: 4, dy: 4)
        }
    }

    public override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1), color: Color(rgb: 0xc6c6c8))
        guard titles.indices.contains(selectedIndex) else { return }
        let f = tabFrame(selectedIndex)
        canvas.fill(Rect(x: f.minX + 12, y: f.maxY - 3, width: f.width - 24, height: 3), color: .systemBlue)
    }

    /// Kept by the bar: touches on it do not travel up the responder chain.
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    /// Kept by the bar, as in ``touchesBegan(_:with:)``.
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    /// Kept by the bar; a cancelled touch selects nothing.
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

    /// Selects the tab under a lifted touch, if it lifted inside the bar: where
    /// the touch ends counts, not where it began, as with a button.
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let p = touches.first?.location(in: self), point(inside: p) else { return }
        for i in titles.indices where tabFrame(i).contains(p) {
            onSelect?(i)
            return
        }
    }
}
