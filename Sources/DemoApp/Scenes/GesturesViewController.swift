import GestureKit

/// The Gestures page (seeds 003 and 004): one area per recognizer and one
/// output label that describes the last gesture.
///
/// - Tap area: a single tap that waits for the double tap to fail, and the
///   double tap ("Tapped" / "Double tapped").
/// - Long press, pan, swipe (left or right only) and a custom check-mark
///   recognizer.
/// - Pinch and rotation, recognized simultaneously, drive one image as in
///   seed 004: the pinch resets the rotation and scales the image's frame
///   from a fixed origin; the rotation sets its transform.
/// - A chooser of the platform whose thresholds judge the gestures (the
///   window's `gestureThresholds`); the label names the preset that judged
///   each gesture: "Tapped (android)".
public final class GesturesViewController: ViewController, GestureRecognizerDelegate {
    public let outputLabel = Label(text: "Try a gesture in an area")
    /// One segment per preset of `GestureThresholds.presets`, in order.
    public let presetChooser = SegmentedControl(titles: GestureThresholds.presets.map(GesturesViewController.title(of:)))

    public let tapArea = GestureArea(caption: "Tap or double tap", tint: 0xe3f2fd)
    public let longPressArea = GestureArea(caption: "Long press", tint: 0xfff3e0)
    public let panArea = GestureArea(caption: "Pan", tint: 0xe8f5e9)
    public let swipeArea = GestureArea(caption: "Swipe left or right", tint: 0xf3e5f5)
    public let checkMarkArea = GestureArea(caption: "Draw a check mark", tint: 0xfce4ec)
    public let pinchArea = GestureArea(caption: "Pinch and rotate", tint: 0xeceff1)
    public let imageView = ImageView(image: Picture.landscape)

    public let tap = TapGestureRecognizer()
    public let doubleTap = TapGestureRecognizer()
    public let longPress = LongPressGestureRecognizer()
    public let pan = PanGestureRecognizer()
    public let swipe = SwipeGestureRecognizer()
    public let checkMark = CheckMarkGestureRecognizer()
    public let pinch = PinchGestureRecognizer()
    public let rotation = RotationGestureRecognizer()

    /// Where the image's top-left corner stays while it is pinched (in its
    /// frame, `pinchArea.contentView`), and its unscaled size (both set by
    /// layout).
    public var imageOrigin: Point { imageOriginStorage }
    public var imageBaseSize: Size { imageBaseSizeStorage }
    /// The image's current scale and rotation.
    public var imageScale: Double { imageScaleStorage }
    public var imageRotation: Double { imageRotationStorage }

    // Set for every event of a pinch; private storage is checked for
    // exclusive access at compile time, a public stored property at run
    // time on every access.
    private var imageOriginStorage = Point.zero
    private var imageBaseSizeStorage = Size.zero
    private var imageScaleStorage = 1.0
    private var imageRotationStorage = 0.0

    private var areas: [GestureArea] { [tapArea, longPressArea, panArea, swipeArea, checkMarkArea, pinchArea] }

    public override init() {
        super.init()
        title = "Gestures"
    }

    public override func viewDidLoad() {
        view.name = "gestures"
        view.backgroundColor = .white
        outputLabel.name = "output"
        outputLabel.font = Font(size: 18)
        outputLabel.minimumScaleFactor = 0.6
        outputLabel.numberOfLines = 2
        view.addSubview(outputLabel)
        presetChooser.name = "thresholdPresets"
        presetChooser.onValueChanged = { [weak self] chooser in
            guard let window = self?.view.window else { return }
            window.gestureThresholds = GestureThresholds.presets[chooser.selectedIndex]
        }
        view.addSubview(presetChooser)

        let names = ["tapArea", "longPressArea", "panArea", "swipeArea", "checkMarkArea", "pinchArea"]
        for (area, name) in zip(areas, names) {
            area.name = name
            view.addSubview(area)
        }
        imageView.name = "image"
        // The picture stays in its frame below the caption however large or
        // turned it gets: the frame clips it.
        pinchArea.contentView.name = "pictureFrame"
        pinchArea.contentView.clipsToBounds = true
        pinchArea.contentView.addSubview(imageView)

        tap.name = "tap"
        doubleTap.name = "doubleTap"
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        tap.addAction { [weak self] _ in self?.showJudged("Tapped") }
        doubleTap.addAction { [weak self] _ in self?.showJudged("Double tapped") }
        tapArea.addGestureRecognizer(tap)
        tapArea.addGestureRecognizer(doubleTap)

        longPress.name = "longPress"
        longPress.addAction { [weak self] r in
            if r.state == .began { self?.showJudged("Long pressed") }
        }
        longPressArea.addGestureRecognizer(longPress)

        pan.name = "pan"
        pan.addAction { [weak self] r in
            guard let self, let pan = r as? PanGestureRecognizer else { return }
            let t = pan.translation(in: self.panArea)
            // Built in the label's own storage: this runs for every event.
            self.outputLabel.updateText { text in
                text += "Panned, Translation:("
                text += formatCoordinate(t.x.rounded())
                text += ","
                text += formatCoordinate(t.y.rounded())
                text += ")"
                self.appendJudge(to: &text)
            }
        }
        panArea.addGestureRecognizer(pan)

        swipe.name = "swipe"
        swipe.direction = [.left, .right]
        swipe.addAction { [weak self] r in
            guard let swipe = r as? SwipeGestureRecognizer else { return }
            self?.showJudged(swipe.recognizedDirection == .left ? "Swiped left" : "Swiped right")
        }
        swipeArea.addGestureRecognizer(swipe)

        checkMark.name = "checkMark"
        checkMark.addAction { [weak self] _ in self?.show("Check mark") }
        checkMarkArea.addGestureRecognizer(checkMark)

        pinch.name = "pinch"
        rotation.name = "rotation"
        pinch.delegate = self
        rotation.delegate = self
        // One action each, run for every event of the gesture: reading a
        // `[weak self]` counts references to this controller atomically
        // (through the side table a weakly referenced object gets), and a
        // second action on each cost the in-process touch benchmark 5%
        // (858 against 812 ns an event).
        pinch.addAction { [weak self] r in
            guard let self, let pinch = r as? PinchGestureRecognizer else { return }
            self.trackImageGesture(pinch)
            self.showMeasurement(.pinch, pinch.scale, velocity: pinch.velocity)
            self.setImage(scale: pinch.scale, rotation: 0)
        }
        rotation.addAction { [weak self] r in
            guard let self, let rotation = r as? RotationGestureRecognizer else { return }
            self.trackImageGesture(rotation)
            self.showMeasurement(.rotation, rotation.rotation, velocity: rotation.velocity)
            self.setImage(scale: self.imageScale, rotation: rotation.rotation)
        }
        pinchArea.addGestureRecognizer(pinch)
        pinchArea.addGestureRecognizer(rotation)
    }

    @exclusivity(unchecked) private var imageGestureActive = false

    /// Makes the pinch-and-turn one undo step: the picture as it was when
    /// the first of the two began, saved before its action changes it. A
    /// gesture that goes on after an undo (Ctrl+Z mid-pinch) is a new step
    /// from its next change.
    private func trackImageGesture(_ r: GestureRecognizer) {
        if (r.state == .began || r.state == .changed) && !imageGestureActive {
            imageGestureActive = true
            registerImageUndo(scale: imageScale, rotation: imageRotation)
        }
        if (r.state == .ended || r.state == .cancelled) && pinch.state != .changed && rotation.state != .changed {
            imageGestureActive = false
        }
    }

    /// Registers setting the picture back to `scale` and `rotation`. The
    /// undo registers its redo with the same manager: undone while this
    /// page is hidden (Ctrl+Z on another page), it has no window to find
    /// one through.
    private func registerImageUndo(scale: Double, rotation: Double, with manager: UndoManager? = nil) {
        guard let manager = manager ?? view.window?.application.undoManager else { return }
        manager.registerUndo(named: "Image") { [weak self, weak manager] in
            guard let self, let manager else { return }
            self.imageGestureActive = false
            self.registerImageUndo(scale: self.imageScale, rotation: self.imageRotation, with: manager)
            self.setImage(scale: scale, rotation: rotation)
        }
    }

    // Shake resets the image (undoably), as SPEC's Gestures page asks.
    public override var canBecomeFirstResponder: Bool { true }

    public override func viewDidAppear() {
        judgeSuffix = nil
        becomeFirstResponder()
        showSelectedPreset()
    }

    public override func viewWillDisappear() {
        resignFirstResponder()
    }

    /// The measurements' texts name the judging preset: their keys change
    /// with it. The chooser follows.
    public override func gestureThresholdsDidChange(_ thresholds: GestureThresholds) {
        judgeGeneration += 1
        judgeSuffix = nil
        showSelectedPreset()
    }

    public override func motionEnded(_ motion: MotionSubtype, with event: MotionEvent) {
        guard motion == .motionShake else { return }
        registerImageUndo(scale: imageScale, rotation: imageRotation)
        setImage(scale: 1, rotation: 0)
        show("Shaken: image reset")
    }

    public override func motionBegan(_ motion: MotionSubtype, with event: MotionEvent) {}
    public override func motionCancelled(_ motion: MotionSubtype, with event: MotionEvent) {}

    /// Pinch and rotation work together on the image.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        let pair: [GestureRecognizer] = [pinch, rotation]
        return pair.contains { $0 === recognizer } && pair.contains { $0 === other }
    }

    private func show(_ text: String) {
        outputLabel.text = text
    }

    /// Shows a recognizer's text with the preset that judged the gesture:
    /// "Tapped (android)". (The check mark has rules of its own, and a
    /// shake is no touch, so those texts name none.)
    private func showJudged(_ text: String) {
        outputLabel.updateText { label in
            label += text
            appendJudge(to: &label)
        }
    }

    /// What a measurement reports (its text's start).
    private enum Measurement: Int {
        case pinch = 1, rotation

        var prefix: String {
            switch self {
            case .pinch: return "Pinched, Scale:"
            case .rotation: return "Rotated, Radians:"
            }
        }
    }

    /// A number that changes with the window's thresholds (whose name
    /// `appendJudge` writes), for the measurements' text keys.
    private var judgeGeneration = 0

    /// Seed 004's feedback for a continuous gesture, e.g. "Pinched,
    /// Scale:1.50, Velocity:0.32 (uikit)", built in the label's own storage:
    /// it changes with every touch event. The pinch and the rotation report
    /// in turn, so each text is keyed by what it shows (the numbers as
    /// rounded to two decimals) and built again only when that changed.
    private func showMeasurement(_ measurement: Measurement, _ value: Double, velocity: Double) {
        func build(_ text: inout String) {
            text += measurement.prefix
            appendFixed(value, to: &text)
            text += ", Velocity:"
            appendFixed(velocity, to: &text)
            appendJudge(to: &text)
        }
        guard let value100 = fixedUnits(value), let velocity100 = fixedUnits(velocity) else {
            outputLabel.updateText(build)
            return
        }
        outputLabel.updateText(key: Label.TextKey(measurement.rawValue, value100, velocity100, judgeGeneration), build)
    }

    private func appendJudge(to text: inout String) {
        if let judgeSuffix {
            text += judgeSuffix
            return
        }
        guard let window = view.window else { return }
        let suffix = " (" + window.gestureThresholds.name + ")"
        judgeSuffix = suffix
        text += suffix
    }

    /// " (uikit)", made once and appended to every text of every event:
    /// one append, where the name between brackets took three and a copy
    /// of the window's thresholds. Forgotten when the thresholds change
    /// and whenever the page appears (it may be in another window).
    private var judgeSuffix: String?

    /// The chooser follows the window's thresholds, whoever changed them
    /// (the chooser, a script, the keyboard, `--thresholds`).
    private func showSelectedPreset() {
        guard isViewLoaded, let name = view.window?.gestureThresholds.name,
              let index = GestureThresholds.presetIndex(named: name) else { return }
        presetChooser.selectedIndex = index
    }

    /// How the chooser names a preset.
    public static func title(of preset: GestureThresholds) -> String {
        switch preset.name {
        case "uikit": return "UIKit"
        case "gtk": return "GTK"
        default: return preset.name.prefix(1).uppercased() + preset.name.dropFirst()
        }
    }

    /// Scales the image's frame from its fixed origin and rotates it (seed
    /// 004: the rotation is reset before the frame is set).
    public func setImage(scale: Double, rotation: Double) {
        imageScaleStorage = scale
        imageRotationStorage = rotation
        imageView.transform = .identity
        imageView.frame = Rect(origin: imageOrigin, size: Size(width: imageBaseSize.width * scale,
                                                              height: imageBaseSize.height * scale))
        if rotation != 0 { imageView.transform = AffineTransform(rotationAngle: rotation) }
    }

    /// From this width the label and the chooser share one row.
    static let oneRowWidth = 600.0
    static let chooserWidth = 320.0

    public override func viewDidLayoutSubviews() {
        let b = view.bounds
        let top: Double, margin = 12.0, gap = 10.0
        if b.width >= Self.oneRowWidth {
            let chooser = Rect(x: b.width - margin - Self.chooserWidth, y: 48, width: Self.chooserWidth, height: 44)
            presetChooser.frame = chooser
            outputLabel.frame = Rect(x: margin, y: 48, width: chooser.minX - 2 * margin, height: 44)
            top = chooser.maxY + 8
        } else {
            outputLabel.frame = Rect(x: margin, y: 44, width: b.width - 2 * margin, height: 32)
            presetChooser.frame = Rect(x: margin, y: 80, width: b.width - 2 * margin, height: 44)
            top = presetChooser.frame.maxY + 8
        }
        let columns = b.width >= b.height ? 3 : 2
        let rows = (areas.count + columns - 1) / columns
        let cellWidth = Swift.max(44, (b.width - 2 * margin - Double(columns - 1) * gap) / Double(columns))
        let cellHeight = Swift.max(44, (b.height - top - margin - Double(rows - 1) * gap) / Double(rows))
        for (i, area) in areas.enumerated() {
            let col = i % columns, row = i / columns
            area.frame = Rect(x: margin + Double(col) * (cellWidth + gap), y: top + Double(row) * (cellHeight + gap),
                              width: cellWidth, height: cellHeight)
        }
        // The picture rests in the middle of its frame, small enough to grow
        // by half from its fixed corner, or to turn, before the frame clips
        // it. Whole pixels keep its edges sharp.
        pinchArea.layoutIfNeeded()
        let frame = pinchArea.contentView.bounds
        let side = Swift.max(20, Swift.min(frame.width, frame.height) * 0.45)
        imageBaseSizeStorage = Size(width: side.rounded(), height: (side * 310 / 330).rounded())
        imageOriginStorage = Point(x: ((frame.width - imageBaseSize.width) / 2).rounded(),
                                    y: ((frame.height - imageBaseSize.height) / 2).rounded())
        setImage(scale: imageScale, rotation: imageRotation)
    }

    public override var minimumContentSize: Size { DemoApp.minimumContentSize }
}

/// A tinted, rounded area with a caption: where one kind of gesture is
/// tried. What it shows goes in `contentView`, below the caption.
public final class GestureArea: View {
    public let captionLabel: Label
    /// The area below the caption, inset from the edges.
    public let contentView = View()

    public init(caption: String, tint: UInt32) {
        captionLabel = Label(text: caption)
        super.init()
        backgroundColor = Color(rgb: tint)
        cornerRadius = 12
        isMultipleTouchEnabled = true
        captionLabel.font = Font(size: 15)
        captionLabel.textColor = Color(rgb: 0x37474f)
        captionLabel.numberOfLines = 2
        captionLabel.minimumScaleFactor = 0.8
        contentView.cornerRadius = 8
        addSubview(captionLabel)
        addSubview(contentView)
    }

    public override func layoutSubviews() {
        // One line of caption, or two in a narrow area.
        let width = Swift.max(0, bounds.width - 12)
        let needed = Swift.min(captionLabel.sizeThatFits(Size(width: width, height: .infinity)).height,
                               2 * captionLabel.lineHeight)
        captionLabel.frame = Rect(x: 6, y: 6, width: width, height: Swift.max(24, needed.rounded(.up)))
        let contentTop = captionLabel.frame.maxY + 4
        contentView.frame = Rect(x: 8, y: contentTop, width: Swift.max(0, bounds.width - 16),
                                 height: Swift.max(0, bounds.height - contentTop - 8))
    }
}
