import GestureKit

/// The Touches page (seed 000's Info page and seed 003's touch model): an
/// interaction label describing taps, swipes, rotations and shakes, reset
/// to "None" three seconds after the last interaction; the window and
/// display metrics; the number of fingers on the page; a switch for the
/// page's multiple-touch flag; and a touchable image whose user interaction
/// can be turned off, so touches fall through to the page.
public final class TouchesViewController: ViewController {
    public let interactionLabel = Label(text: "None")
    public let windowSizeLabel = Label()
    public let scaleLabel = Label()
    public let outputLabel = Label()
    public let fingersLabel = Label(text: "Number of fingers: 0")
    public let multipleTouchSwitch = Switch()
    public let multipleTouchLabel = Label(text: "Multiple touch")
    public let imageView = TouchableImageView(image: Picture.landscape)
    public let imageLabel = Label(text: "Touch the image")
    public let imageSwitch = Switch(isOn: true)
    public let imageSwitchLabel = Label(text: "Image takes touches")
    public let shakeToEditSwitch = Switch()
    public let shakeToEditLabel = Label(text: "Shake to edit")

    /// How long the interaction label keeps its text (seed 000).
    public static let clearDelay = 3.0
    /// Resets the label, made with the window's scheduler on first use.
    private var labelReset: IdleTimeout?
    private var startCoordinate = Point.zero
    private var touchesOnPage: Set<Touch> = []

    public override init() {
        super.init()
        title = "Touches"
    }

    public override func viewDidLoad() {
        view.name = "touches"
        view.backgroundColor = .white
        interactionLabel.name = "interaction"
        interactionLabel.font = Font(size: 20, bold: true)
        windowSizeLabel.name = "windowSize"
        scaleLabel.name = "bufferScale"
        outputLabel.name = "output"
        fingersLabel.name = "fingers"
        interactionLabel.numberOfLines = 2
        interactionLabel.minimumScaleFactor = 0.6
        for label in metricLabels {
            label.font = Font(size: 15)
            label.textColor = Color(rgb: 0x3a3a3c)
            label.minimumScaleFactor = 0.7
        }
        outputLabel.numberOfLines = 2
        multipleTouchSwitch.name = "multipleTouch"
        multipleTouchSwitch.onValueChanged = { [weak self] s in self?.view.isMultipleTouchEnabled = s.isOn }
        imageView.name = "touchImage"
        imageView.onTouch = { [weak self] p in
            self?.imageLabel.text = "Image touched at \(p)"
        }
        imageLabel.name = "imageStatus"
        imageLabel.font = Font(size: 15)
        imageLabel.minimumScaleFactor = 0.6
        imageSwitch.name = "imageInteraction"
        imageSwitch.onValueChanged = { [weak self] s in
            self?.imageView.isUserInteractionEnabled = s.isOn
            self?.imageLabel.text = s.isOn ? "Touch the image" : "The image ignores touches"
        }
        shakeToEditSwitch.name = "shakeToEdit"
        shakeToEditSwitch.onValueChanged = { [weak self] s in
            self?.view.window?.application.applicationSupportsShakeToEdit = s.isOn
        }
        for (label, _) in switchRows {
            label.alignment = .left
            label.font = Font(size: 16)
            label.numberOfLines = 2
            label.minimumScaleFactor = 0.75
        }
        for v in [interactionLabel, windowSizeLabel, scaleLabel, outputLabel, fingersLabel, imageView, imageLabel,
                  multipleTouchLabel, multipleTouchSwitch, imageSwitchLabel, imageSwitch,
                  shakeToEditLabel, shakeToEditSwitch] as [View] {
            view.addSubview(v)
        }
    }

    public override var minimumContentSize: Size { DemoApp.minimumContentSize }

    private var metricLabels: [Label] { [windowSizeLabel, scaleLabel, outputLabel, fingersLabel] }
    private var switchRows: [(Label, Switch)] {
        [(multipleTouchLabel, multipleTouchSwitch), (imageSwitchLabel, imageSwitch), (shakeToEditLabel, shakeToEditSwitch)]
    }

    /// A text as long as `label` gets: the room it is given must hold it
    /// (on two lines where one is too narrow), whatever it shows at the
    /// moment, so the page does not jump as the text changes.
    private func longestText(of label: Label) -> String {
        if label === interactionLabel { return "Multiple tap ended (1000,1000)->(1000,1000)" }
        if label === outputLabel { return "Output: HDMI-A-1 3840x2160 @ 59.9 Hz, transform 270° flipped" }
        return label.text
    }

    // Layout constants, in logical px.
    private static let margin = 12.0
    /// Left and right of the picture's and the switches' columns.
    private static let columnInset = 24.0
    private static let metricHeight = 22.0
    private static let metricGap = 2.0
    private static let rowGap = 8.0
    /// Between the metrics and what follows them.
    private static let sectionGap = 14.0
    private static let imageLabelHeight = 22.0

    /// The height of the switch rows, one under the other.
    private static var switchRowsHeight: Double {
        3 * Switch.preferredSize.height + 2 * rowGap
    }

    /// Lays the page out in the first arrangement that fits:
    /// - landscape: the description and the metrics across the top, the
    ///   picture on the left and the switches on the right below them;
    /// - landscape, short: the metrics move into the picture's column, so
    ///   the switches start higher;
    /// - portrait: everything in one column, the switches at the bottom
    ///   and the picture taking the height left between.
    public override func viewDidLayoutSubviews() {
        let b = view.bounds
        let m = Self.margin
        let top = TabBar.height + m
        interactionLabel.frame = Rect(x: m, y: top, width: b.width - 2 * m,
                                      height: max(36, height(of: interactionLabel, width: b.width - 2 * m)))
        let belowDescription = interactionLabel.frame.maxY + 8
        let landscape = b.width >= b.height
        let halfWidth = b.width / 2
        if landscape {
            let metricsBottom = layoutMetrics(x: m, y: belowDescription, width: b.width - 2 * m)
            let lowerY = metricsBottom + Self.sectionGap
            if lowerY + Self.switchRowsHeight + m <= b.maxY {
                layoutPicture(x: Self.columnInset, y: lowerY, width: halfWidth - 1.5 * Self.columnInset, bottom: b.maxY - m)
                layoutSwitchRows(x: halfWidth + m, y: lowerY, width: halfWidth - m - Self.columnInset)
                updateMetrics()
                return
            }
        } else {
            let metricsBottom = layoutMetrics(x: m, y: belowDescription, width: b.width - 2 * m)
            let rowsY = b.maxY - m - Self.switchRowsHeight
            let pictureBottom = rowsY - Self.rowGap
            if pictureBottom - (metricsBottom + Self.sectionGap) >= 44 + 4 + Self.imageLabelHeight {
                layoutPicture(x: Self.columnInset, y: metricsBottom + Self.sectionGap, width: b.width - 2 * Self.columnInset,
                              bottom: pictureBottom)
                layoutSwitchRows(x: Self.columnInset, y: rowsY, width: b.width - 2 * Self.columnInset)
                updateMetrics()
                return
            }
        }
        // Short: two columns under the description.
        let metricsBottom = layoutMetrics(x: m, y: belowDescription, width: halfWidth - 1.5 * m)
        layoutPicture(x: m, y: metricsBottom + Self.sectionGap, width: halfWidth - 1.5 * m, bottom: b.maxY - m)
        layoutSwitchRows(x: halfWidth + m / 2, y: belowDescription, width: halfWidth - 1.5 * m)
        updateMetrics()
    }

    /// The height `label` needs for its longest text at `width`: one line,
    /// or two where one is too narrow.
    private func height(of label: Label, width: Double) -> Double {
        min(label.sizeThatFits(Size(width: width, height: .infinity), text: longestText(of: label)).height,
            Double(label.numberOfLines) * label.lineHeight).rounded(.up)
    }

    /// Stacks the metric labels from `y`; returns their bottom.
    private func layoutMetrics(x: Double, y: Double, width: Double) -> Double {
        var y = y
        for label in metricLabels {
            let h = max(Self.metricHeight, height(of: label, width: width))
            label.frame = Rect(x: x, y: y, width: width, height: h)
            y += h + Self.metricGap
        }
        return y - Self.metricGap
    }

    /// The picture, 4:3 and as large as fits, centred in its column from
    /// `y` down to `bottom`, with its status line under it.
    private func layoutPicture(x: Double, y: Double, width: Double, bottom: Double) {
        let room = bottom - y - 4 - Self.imageLabelHeight
        let w = max(44, min(width, room * 4 / 3)), h = max(44, w * 0.75)
        imageView.frame = Rect(x: x + (width - w) / 2, y: y, width: w, height: h)
        imageLabel.frame = Rect(x: x, y: imageView.frame.maxY + 4, width: width, height: Self.imageLabelHeight)
    }

    /// The switch rows from `y`, each a label and its switch, in a column
    /// `width` wide: the switch at most 204 px right of the label's start.
    private func layoutSwitchRows(x: Double, y: Double, width: Double) {
        let size = Switch.preferredSize
        let switchX = x + max(0, min(204, width - size.width))
        var y = y
        for (label, toggle) in switchRows {
            label.frame = Rect(x: x, y: y, width: max(0, switchX - x - 4), height: size.height)
            toggle.frame = Rect(origin: Point(x: switchX, y: y), size: size)
            y += size.height + Self.rowGap
        }
    }

    // MARK: First responder and motion (seed 000, 001)

    public override var canBecomeFirstResponder: Bool { true }

    public override func viewDidAppear() {
        becomeFirstResponder()
        shakeToEditSwitch.isOn = view.window?.application.applicationSupportsShakeToEdit ?? false
        updateMetrics()
    }

    public override func viewWillDisappear() {
        resignFirstResponder()
    }

    public override func motionEnded(_ motion: MotionSubtype, with event: MotionEvent) {
        guard motion == .motionShake else { return }
        interactionLabel.text = "Device was shaken"
        setTimerToClearLabel()
    }

    public override func motionBegan(_ motion: MotionSubtype, with event: MotionEvent) {}
    public override func motionCancelled(_ motion: MotionSubtype, with event: MotionEvent) {}

    // MARK: Orientation and metrics (seed 000)

    public override func orientationDidChange(to orientation: InterfaceOrientation) {
        switch orientation {
        case .portrait: interactionLabel.text = "Device is oriented normally"
        case .landscapeLeft: interactionLabel.text = "Device has been rotated right"
        case .portraitUpsideDown: interactionLabel.text = "Device is upside down"
        case .landscapeRight: interactionLabel.text = "Device has been rotated left"
        }
        setTimerToClearLabel()
        updateMetrics()
    }

    public override func environmentDidChange(_ environment: DisplayEnvironment) {
        updateMetrics()
    }

    private func updateMetrics() {
        guard let window = view.window else { return }
        let env = window.environment
        // The page's size: the window's, less a title bar it draws itself,
        // as a compositor's own title bar is not counted either.
        windowSizeLabel.text = "Window: \(window.contentFrame.size) logical px"
        scaleLabel.text = "Buffer scale: \(formatCoordinate(env.scale))"
        if let size = env.outputSize {
            let refresh = env.outputRefresh.map { " @ \(formatFixed($0, digits: 1)) Hz" } ?? ""
            let name = env.outputName.isEmpty ? "" : "\(env.outputName) "
            outputLabel.text = "Output: \(name)\(size)\(refresh), transform \(env.outputTransform.degrees)°"
                + (env.outputTransform.isFlipped ? " flipped" : "")
        } else {
            outputLabel.text = "Output: none (headless)"
        }
    }

    // MARK: Touches (seed 000)

    /// "Single tap started", "Swipe moved", "Double tap ended"...
    static func describe(_ touch: Touch, phase: Touch.Phase) -> String {
        let kind: String
        switch touch.tapCount {
        case 0: kind = "Swipe"
        case 1: kind = "Single tap"
        case 2: kind = "Double tap"
        default: kind = "Multiple tap"
        }
        switch phase {
        case .began: return kind + " started"
        case .moved: return kind + " moved"
        case .stationary: return kind + " hasn't moved"
        case .ended: return kind + " ended"
        case .cancelled: return kind + " cancelled"
        }
    }

    private func first(_ touches: Set<Touch>) -> Touch? {
        touches.min { $0.identifier < $1.identifier }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        touchesOnPage.formUnion(touches)
        updateFingers()
        guard let touch = first(touches) else { return }
        let coordinate = touch.location(in: touch.view)
        if touch.tapCount < 2 { startCoordinate = coordinate }
        interactionLabel.text = "\(Self.describe(touch, phase: .began)) \(coordinate)"
        setTimerToClearLabel()
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = first(touches) else { return }
        interactionLabel.text = "\(Self.describe(touch, phase: .moved)) \(touch.location(in: touch.view))"
        setTimerToClearLabel()
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        touchesOnPage.subtract(touches)
        updateFingers()
        guard let touch = first(touches) else { return }
        interactionLabel.text = "\(Self.describe(touch, phase: .ended)) \(startCoordinate)->\(touch.location(in: touch.view))"
        setTimerToClearLabel()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        touchesOnPage.subtract(touches)
        updateFingers()
        guard let touch = first(touches) else { return }
        interactionLabel.text = "\(Self.describe(touch, phase: .cancelled)) \(touch.location(in: touch.view))"
        setTimerToClearLabel()
    }

    private func updateFingers() {
        fingersLabel.text = "Number of fingers: \(touchesOnPage.count)"
    }

    /// A one-shot timer that resets the label three seconds after the last
    /// interaction: each one re-arms it.
    /// Seed 000 re-arms it only as a touch ends, so a finger put down or
    /// dragged within three seconds of the previous end saw its text give
    /// way to "None" under it; here a touch's beginning and each of its
    /// moves re-arm it too.
    private func setTimerToClearLabel() {
        guard let scheduler = view.window?.scheduler else { return }
        if labelReset == nil {
            labelReset = IdleTimeout(delay: Self.clearDelay, scheduler: scheduler) { [weak self] in
                self?.interactionLabel.text = "None"
            }
        }
        labelReset?.restart()
    }
}

/// An image that takes touches (unlike a plain `ImageView`) and reports
/// where inside its frame they land.
public final class TouchableImageView: ImageView {
    public var onTouch: ((Point) -> Void)?

    public override init(frame: Rect = .zero, image: Image? = nil) {
        super.init(frame: frame, image: image)
        isUserInteractionEnabled = true
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        report(touches)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        report(touches)
    }

    /// A touch that began here keeps coming here when it slides off, as in
    /// UIKit; only the points inside the image are reported (seed 003 tests
    /// them with `Frame.Contains`).
    private func report(_ touches: Set<Touch>) {
        guard let t = touches.first else { return }
        let point = t.location(in: self)
        if bounds.contains(point) { onTouch?(point) }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
}
