import GestureKit

/// The debug overlay: live touch points with their ids and short trails,
/// and a panel listing every recognizer of the current page with its state
/// and the reason for its last transition, the thresholds they judge by as
/// the window converts them (`android: tap slop 8 dp = 1.27 mm = 4.8 px`)
/// with the density and where it comes from, and frame timings. It takes no
/// touches and redraws only when something it shows changed.
///
/// The panel sits at the bottom of the window, moved up above the page's
/// controls (switches, buttons, segmented controls) it would cover where
/// there is room, so they stay in sight; when a sheet is presented it
/// sits above the sheet, so it never covers the sheet's buttons. Its
/// lines wrap in a narrow window.
final class DebugOverlayView: View, WindowObserver {
    private unowned let tabs: TabBarController
    private var trails: [Int: [Point]] = [:]
    private var live: Set<Int> = []
    private static let trailLength = 24

    private let panel = View()
    private let linesLabel = Label()
    /// Whether something the panel shows changed since its text was last
    /// built; the next layout pass builds it.
    private var textIsStale = true
    private static let margin = 8.0
    private static let padding = Size(width: 8, height: 4)
    private static let maximumPanelWidth = 520.0

    init(tabs: TabBarController) {
        self.tabs = tabs
        super.init()
        name = "debugOverlay"
        isUserInteractionEnabled = false
        panel.name = "debugPanel"
        panel.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.88)
        panel.cornerRadius = 8
        linesLabel.font = Font(size: 12)
        linesLabel.textColor = .white
        linesLabel.alignment = .left
        linesLabel.numberOfLines = 0
        addSubview(panel)
        panel.addSubview(linesLabel)
    }

    func touchesDidChange(_ touches: [Touch], in window: Window) {
        // A new touch clears the trails of touches already gone.
        if touches.contains(where: { $0.phase == .began }) {
            trails = trails.filter { live.contains($0.key) }
        }
        for t in touches {
            var trail = trails[t.identifier] ?? []
            trail.append(t.location(in: nil))
            if trail.count > Self.trailLength { trail.removeFirst() }
            trails[t.identifier] = trail
            if t.isActive { live.insert(t.identifier) } else { live.remove(t.identifier) }
        }
        setNeedsDisplay()
        refresh()
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, didTransitionFrom old: GestureRecognizer.State,
                           to new: GestureRecognizer.State, reason: String?) {
        if let reason { reasons[ObjectIdentifier(recognizer)] = (new, reason) }
        refresh()
    }

    /// Each recognizer's latest transition that said why: a pan's
    /// changes and its end carry none, and would leave the panel without
    /// the reason it began.
    private var reasons: [ObjectIdentifier: (state: GestureRecognizer.State, reason: String)] = [:]

    func gestureThresholdsDidChange(_ thresholds: GestureThresholds) {
        refresh()
    }

    func environmentDidChange(_ environment: DisplayEnvironment) {
        refresh()
    }

    /// Marks the panel's lines (the page shown, its recognizers' states,
    /// the thresholds and density, the latest frame's timings) out of date:
    /// they are built once, in the next layout pass, however many touch
    /// frames and transitions come before it.
    func refresh() {
        textIsStale = true
        setNeedsLayout()
    }

    private func recognizers(in view: View) -> [GestureRecognizer] {
        view.gestureRecognizers + view.subviews.flatMap(recognizers(in:))
    }

    /// Appends the panel's lines to `text`, one per line, written in
    /// place (the label keeps the text's storage from one refresh to the
    /// next).
    private func appendLines(to text: inout String) {
        func newLine() {
            if !text.isEmpty { text += "\n" }
        }
        if let page = tabs.selectedViewController, page.isViewLoaded {
            for r in recognizers(in: page.view) {
                newLine()
                text += r.debugName
                text += " "
                text += r.state.rawValue
                if r.lastTransitionReason == nil, let (state, reason) = reasons[ObjectIdentifier(r)] {
                    // The latest transition said nothing: the last that did.
                    text += " ("
                    text += state.rawValue
                    text += ": "
                    text += reason
                    text += ")"
                } else if let reason = r.lastTransitionReason {
                    if let last = r.lastTransitionState, last != r.state {
                        text += " (last "
                        text += last.rawValue
                        text += ": "
                        text += reason
                        text += ")"
                    } else {
                        text += ": "
                        text += reason
                    }
                }
            }
        }
        if let window {
            let t = window.gestureThresholds
            newLine()
            text += "\(t.name): tap slop \(t.describe(t.tapSlop)), pan slop \(t.describe(t.panSlop))"
            newLine()
            text += "density \(window.environment.density)"
        }
        if let stats = window?.frameStatistics, let last = stats.last {
            newLine()
            text += "frame \(formatFixed(last.drawDuration * 1000)) ms"
            if let latency = stats.medianInputToPresent { text += ", input to present \(formatFixed(latency * 1000)) ms" }
        }
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        refresh()
    }

    override func layoutSubviews() {
        if textIsStale {
            textIsStale = false
            linesLabel.updateText { appendLines(to: &$0) }
        }
        let m = Self.margin, pad = Self.padding
        let width = max(0, min(Self.maximumPanelWidth, bounds.width - 2 * m))
        let textSize = linesLabel.sizeThatFits(Size(width: width - 2 * pad.width, height: .infinity))
        let height = (textSize.height + 2 * pad.height).rounded(.up)
        var frame = Rect(x: m, y: bounds.maxY - m - height, width: width, height: height)
        if let sheet = tabs.selectedViewController?.presentedSheet {
            let sheetPanel = sheet.convert(sheet.panelFrame, to: self)
            if frame.maxY > sheetPanel.minY - m {
                // Above the sheet's panel where there is room, else at the top.
                frame.origin.y = max(m, sheetPanel.minY - m - height)
            }
        } else {
            frame = clearingControls(frame, margin: m)
        }
        panel.isHidden = linesLabel.text.isEmpty
        panel.frame = frame
        linesLabel.frame = Rect(x: pad.width, y: pad.height, width: width - 2 * pad.width, height: textSize.height)
    }

    /// `frame` (the panel at the bottom) moved up above the page's
    /// controls it would cover (switches, buttons, segmented controls), as
    /// far as the tab bar; where there is no room above them, `frame`.
    private func clearingControls(_ frame: Rect, margin m: Double) -> Rect {
        var controls: [Rect] = []
        collectControls(in: tabs.view, into: &controls)
        let top = tabs.tabBar.isHidden ? tabs.view.convert(tabs.view.bounds, to: self).minY
            : tabs.tabBar.convert(tabs.tabBar.bounds, to: self).maxY
        var moved = frame
        // Each step clears at least one more control, upwards.
        for _ in 0...controls.count {
            let covered = controls.filter { !moved.intersection($0).isEmpty }
            guard let highest = covered.map(\.minY).min() else { return moved }
            moved.origin.y = highest - m - moved.height
            if moved.minY < top + m { return frame }
        }
        return frame
    }

    /// The frames of the visible controls under `view`, in this view's
    /// coordinates.
    private func collectControls(in view: View, into controls: inout [Rect]) {
        guard !view.isHidden, view.alpha >= 0.01 else { return }
        if view is Switch || view is Button || view is SegmentedControl {
            controls.append(view.convert(view.bounds, to: self))
            return
        }
        for sub in view.subviews { collectControls(in: sub, into: &controls) }
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        for (id, trail) in trails {
            for (a, b) in zip(trail, trail.dropFirst()) {
                canvas.strokeLine(from: a, to: b, color: Color(rgb: 0xff2d55, alpha: 0.7), lineWidth: 3)
            }
            guard let p = trail.last else { continue }
            let active = live.contains(id)
            canvas.fillEllipse(in: Rect(x: p.x - 16, y: p.y - 16, width: 32, height: 32),
                               color: Color(rgb: active ? 0xff2d55 : 0x8e8e93, alpha: 0.5))
            canvas.drawText("\(id)", in: Rect(x: p.x - 16, y: p.y - 16, width: 32, height: 32),
                            font: Font(size: 13, bold: true), color: .white, alignment: .center)
        }
    }
}
