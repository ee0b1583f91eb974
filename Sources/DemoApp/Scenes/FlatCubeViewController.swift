import GestureKit

/// Seed 002's "FlatCube" proof of concept: three squares overlapping
/// pairwise with one point where all three overlap, a red "single" square
/// and two yellow "double" squares at alpha 0.6, and a "Recognize any"
/// switch.
///
/// Built the seed's way: a one-finger and a two-finger tap recognizer on
/// the main view that do not cancel its touches, `touchesBegan` hit-testing
/// every touch against the square frames to set flags, and `touchesEnded`
/// evaluating the flags when the switch is on and then clearing them.
///
/// - Switch off: a one-finger tap in red (overlaps included) counts red; a
///   two-finger tap with one finger in each yellow counts yellow.
/// - Switch on: only the touched areas matter (triple overlap counts both;
///   a finger outside all squares does not stop the other from counting).
public final class FlatCubeViewController: ViewController {
    public let singleView = View()
    public let doubleLeftView = View()
    public let doubleRightView = View()
    /// The caption inside red: it inherits red's alpha.
    public let captionLabel = Label(text: "simple tap")
    /// Counters sit on the main view, above the squares, so they stay crisp.
    public let singleCounterLabel = Label(text: "0")
    public let doubleCounterLeftLabel = Label(text: "0")
    public let doubleCounterRightLabel = Label(text: "0")
    public let recognizeAnySwitch = Switch()
    public let recognizeAnyLabel = Label(text: "Recognize any")

    public let oneFingerTap = TapGestureRecognizer()
    public let twoFingerTap = TapGestureRecognizer()

    public private(set) var singleCount = 0
    public private(set) var doubleCount = 0

    private var touchInsideSingleView = false
    private var touchInsideDoubleViewLeft = false
    private var touchInsideDoubleViewRight = false

    /// Called after a counter changed (for the undo stack).
    public var onCountChange: ((_ single: Int, _ double: Int) -> Void)?

    public override init() {
        super.init()
        title = "FlatCube"
    }

    public override func viewDidLoad() {
        let main = view
        main.name = "flatcube"
        main.backgroundColor = .white
        // Both fingers of a two-finger touch must reach touchesBegan.
        main.isMultipleTouchEnabled = true

        singleView.name = "single"
        singleView.backgroundColor = .red
        doubleLeftView.name = "doubleLeft"
        doubleRightView.name = "doubleRight"
        for square in [singleView, doubleLeftView, doubleRightView] {
            square.alpha = 0.6
            square.isMultipleTouchEnabled = true
            main.addSubview(square)
        }
        doubleLeftView.backgroundColor = .yellow
        doubleRightView.backgroundColor = .yellow

        captionLabel.name = "caption"
        captionLabel.font = Font(size: 18)
        captionLabel.minimumScaleFactor = 0.5
        singleView.addSubview(captionLabel)

        singleCounterLabel.name = "singleCounter"
        doubleCounterLeftLabel.name = "doubleCounterLeft"
        doubleCounterRightLabel.name = "doubleCounterRight"
        for counter in [singleCounterLabel, doubleCounterLeftLabel, doubleCounterRightLabel] {
            counter.font = Font(size: 40, bold: true)
            // Small squares get small counters, clear of the caption.
            counter.minimumScaleFactor = 0.3
            main.addSubview(counter)
        }

        recognizeAnySwitch.name = "recognizeAny"
        recognizeAnyLabel.name = "recognizeAnyLabel"
        recognizeAnyLabel.alignment = .right
        recognizeAnyLabel.minimumScaleFactor = 0.7
        main.addSubview(recognizeAnyLabel)
        main.addSubview(recognizeAnySwitch)

        oneFingerTap.name = "oneFingerTap"
        oneFingerTap.cancelsTouchesInView = false
        oneFingerTap.addAction { [weak self] _ in self?.actionTap() }
        twoFingerTap.name = "twoFingerTap"
        twoFingerTap.numberOfTouchesRequired = 2
        twoFingerTap.cancelsTouchesInView = false
        twoFingerTap.addAction { [weak self] _ in self?.actionTapByTwoFingers() }
        main.addGestureRecognizer(oneFingerTap)
        main.addGestureRecognizer(twoFingerTap)
    }

    public override func viewDidLayoutSubviews() {
        let b = view.bounds
        let top = 64.0, bottomBar = 84.0
        let side = Swift.max(40, Swift.min((b.width - 40) / 1.8, (b.height - top - bottomBar - 16) / 1.6))
        let cx = b.midX
        singleView.frame = Rect(x: cx - side / 2, y: top, width: side, height: side)
        doubleLeftView.frame = Rect(x: cx - side * 0.9, y: top + side * 0.6, width: side, height: side)
        doubleRightView.frame = Rect(x: cx - side * 0.1, y: top + side * 0.6, width: side, height: side)

        // The caption in red's top fifth, the counter in the middle of red
        // (seed 002), at most 48 px high, less in a small square; raised
        // where a small square's counter would reach the yellow overlap
        // below, so that it never meets the caption or the yellows.
        captionLabel.frame = Rect(x: 4, y: side * 0.04, width: side - 8, height: side * 0.16)
        let counterHeight = Swift.min(48, side * 0.26)
        let singleCentre = Swift.min(side * 0.5, side * 0.6 - counterHeight / 2 - 2)
        singleCounterLabel.frame = Rect(x: cx - side / 2, y: top + singleCentre - counterHeight / 2,
                                        width: side, height: counterHeight)
        doubleCounterLeftLabel.frame = Rect(x: cx - side * 0.9, y: top + side * 1.3 - counterHeight / 2,
                                            width: side * 0.8, height: counterHeight)
        doubleCounterRightLabel.frame = Rect(x: cx + side * 0.1, y: top + side * 1.3 - counterHeight / 2,
                                             width: side * 0.8, height: counterHeight)

        // The switch right of the centre, its label right-aligned left of it.
        let switchSize = Switch.preferredSize
        let rowY = b.maxY - bottomBar / 2 - switchSize.height / 2
        recognizeAnySwitch.frame = Rect(x: cx + 8, y: rowY, width: switchSize.width, height: switchSize.height)
        let labelX = Swift.max(12, cx - 200)
        recognizeAnyLabel.frame = Rect(x: labelX, y: rowY, width: cx - 8 - labelX, height: switchSize.height)
    }

    public override var minimumContentSize: Size { DemoApp.minimumContentSize }

    // MARK: Recognizer actions

    private func actionTap() {
        if touchInsideSingleView && !recognizeAnySwitch.isOn {
            displaySingleView()
        }
    }

    private func actionTapByTwoFingers() {
        if touchInsideDoubleViewRight && touchInsideDoubleViewLeft && !recognizeAnySwitch.isOn {
            displayDoubleView()
        }
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches {
            let p = touch.location(in: view)
            if singleView.frame.contains(p) { touchInsideSingleView = true }
            if doubleLeftView.frame.contains(p) { touchInsideDoubleViewLeft = true }
            if doubleRightView.frame.contains(p) { touchInsideDoubleViewRight = true }
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if recognizeAnySwitch.isOn {
            // Both counters at once, so that a tap on the overlap is one
            // undo step, not two.
            let single = singleCount + (touchInsideSingleView ? 1 : 0)
            let double = doubleCount + (touchInsideDoubleViewLeft && touchInsideDoubleViewRight ? 1 : 0)
            if single != singleCount || double != doubleCount { setCounts(single: single, double: double) }
        }
        clearTapFlags()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        clearTapFlags()
    }

    private func clearTapFlags() {
        touchInsideSingleView = false
        touchInsideDoubleViewLeft = false
        touchInsideDoubleViewRight = false
    }

    // MARK: Counters

    private func displaySingleView() {
        setCounts(single: singleCount + 1, double: doubleCount)
    }

    private func displayDoubleView() {
        setCounts(single: singleCount, double: doubleCount + 1)
    }

    /// Sets both counters, undoably (undo sets them back, and registers the
    /// redo in turn).
    public func setCounts(single: Int, double: Int) {
        setCounts(single: single, double: double, undoManager: view.window?.application.undoManager)
    }

    /// The undo registers its redo with the same manager: undone while this
    /// page is hidden (Ctrl+Z on another page), it has no window to find
    /// one through.
    private func setCounts(single: Int, double: Int, undoManager: UndoManager?) {
        let (oldSingle, oldDouble) = (singleCount, doubleCount)
        undoManager?.registerUndo(named: "Count") { [weak self, weak undoManager] in
            self?.setCounts(single: oldSingle, double: oldDouble, undoManager: undoManager)
        }
        singleCount = single
        doubleCount = double
        singleCounterLabel.text = String(single)
        doubleCounterLeftLabel.text = String(double)
        doubleCounterRightLabel.text = String(double)
        onCountChange?(single, double)
    }
}
