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
    public let imageView = TouchableImageView(picture: Picture.landscape)
    public let imageLabel = Label(text: "Touch the image")
    public let imageSwitch = Switch(isOn: true)
    public let imageSwitchLabel = Label(text: "Image takes touches")
    public let shakeToEditSwitch = Switch()
    public let shakeToEditLabel = Label(text: "Shake to edit")

    /// How long the interaction label keeps its text (seed 000).
    public static let clearDelay = 3.0
    private var clearTimer: ScheduledTimer?
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
        for label in [windowSizeLabel, scaleLabel, outputLabel, fingersLabel] {
            label.font = Font(size: 15)
            label.textColor = Color(rgb: 0x3a3a3c)
        }
        multipleTouchSwitch.name = "multipleTouch"
        multipleTouchSwitch.onValueChanged = { [weak self] s in self?.view.isMultipleTouchEnabled = s.isOn }
        imageView.name = "touchImage"
        imageView.clipsToBounds = true
        imageView.cornerRadius = 8
        imageView.onTouch = { [weak self] p in
            self?.imageLabel.text = "Image touched at \(p)"
        }
        imageLabel.name = "imageStatus"
        imageLabel.font = Font(size: 15)
        imageSwitch.name = "imageInteraction"
        imageSwitch.onValueChanged = { [weak self] s in
            self?.imageView.isUserInteractionEnabled = s.isOn
            self?.imageLabel.text = s.isOn ? "Touch the image" : "The image ignores touches"
        }
        shakeToEditSwitch.name = "shakeToEdit"
        shakeToEditSwitch.onValueChanged = { [weak self] s in
            self?.view.window?.application.applicationSupportsShakeToEdit = s.isOn
        }
        for label in [multipleTouchLabel, imageSwitchLabel, shakeToEditLabel] {
            label.alignment = .left
            label.font = Font(size: 16)
        }
        for v in [interactionLabel, windowSizeLabel, scaleLabel, outputLabel, fingersLabel, imageView, imageLabel,
                  multipleTouchLabel, multipleTouchSwitch, imageSwitchLabel, imageSwitch,
                  shakeToEditLabel, shakeToEditSwitch] as [View] {
            view.addSubview(v)
        }
    }

    public override func viewDidLayoutSubviews() {
        let b = view.bounds
        let top = TabBar.height + 12
        interactionLabel.frame = Rect(x: 12, y: top, width: b.width - 24, height: 36)
        let metricsY = top + 44
        for (i, label) in [windowSizeLabel, scaleLabel, outputLabel, fingersLabel].enumerated() {
            label.frame = Rect(x: 12, y: metricsY + Double(i) * 24, width: b.width - 24, height: 22)
        }
        let lowerY = metricsY + 4 * 24 + 12
        let available = max(44, b.maxY - lowerY - 12)
        let landscape = b.width >= b.height
        let imageSide = min(available - 28, (landscape ? b.width / 2 : b.width) - 36)
        imageView.frame = Rect(x: 24, y: lowerY, width: max(44, imageSide), height: max(44, imageSide * 0.75))
        imageLabel.frame = Rect(x: 24, y: imageView.frame.maxY + 4, width: max(44, imageSide), height: 22)
        let controlsX = landscape ? b.width / 2 + 12 : 24.0
        var controlsY = landscape ? lowerY : imageLabel.frame.maxY + 8
        for (label, toggle) in [(multipleTouchLabel, multipleTouchSwitch), (imageSwitchLabel, imageSwitch),
                                (shakeToEditLabel, shakeToEditSwitch)] {
            label.frame = Rect(x: controlsX, y: controlsY, width: 200, height: Switch.preferredSize.height)
            toggle.frame = Rect(origin: Point(x: controlsX + 204, y: controlsY), size: Switch.preferredSize)
            controlsY += Switch.preferredSize.height + 8
        }
        updateMetrics()
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
        windowSizeLabel.text = "Window: \(window.bounds.size) logical px"
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
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = first(touches) else { return }
        interactionLabel.text = "\(Self.describe(touch, phase: .moved)) \(touch.location(in: touch.view))"
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

    /// A one-shot timer that resets the label; every interaction re-arms it
    /// (the previous one is invalidated), as seed 000 does.
    private func setTimerToClearLabel() {
        clearTimer?.invalidate()
        clearTimer = view.window?.scheduler.schedule(after: Self.clearDelay) { [weak self] _ in
            self?.interactionLabel.text = "None"
            self?.clearTimer = nil
        }
    }
}

/// An image that takes touches (unlike a plain `ImageView`) and reports
/// where inside its frame they land.
public final class TouchableImageView: ImageView {
    public var onTouch: ((Point) -> Void)?

    public override init(frame: Rect = .zero, picture: ((Canvas, Rect) -> Void)? = nil) {
        super.init(frame: frame, picture: picture)
        isUserInteractionEnabled = true
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if let t = touches.first { onTouch?(t.location(in: self)) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        if let t = touches.first { onTouch?(t.location(in: self)) }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
}
