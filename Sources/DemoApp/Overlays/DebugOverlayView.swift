import GestureKit

/// The debug overlay: live touch points with their ids and short trails,
/// every recognizer of the current page with its state and the reason for
/// its last transition, and frame timings. It takes no touches and redraws
/// only when something it shows changed.
final class DebugOverlayView: View, WindowObserver {
    private unowned let tabs: TabBarController
    private var trails: [Int: [Point]] = [:]
    private var live: Set<Int> = []
    private static let trailLength = 24

    init(tabs: TabBarController) {
        self.tabs = tabs
        super.init()
        name = "debugOverlay"
        isUserInteractionEnabled = false
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
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, didTransitionFrom old: GestureRecognizer.State,
                           to new: GestureRecognizer.State, reason: String?) {
        setNeedsDisplay()
    }

    private func recognizers(in view: View) -> [GestureRecognizer] {
        view.gestureRecognizers + view.subviews.flatMap(recognizers(in:))
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
        var lines: [String] = []
        if let page = tabs.selectedViewController, page.isViewLoaded {
            for r in recognizers(in: page.view) {
                var line = "\(r.debugName) \(r.state.rawValue)"
                if let reason = r.lastTransitionReason {
                    if let last = r.lastTransitionState, last != r.state {
                        line += " (last \(last.rawValue): \(reason))"
                    } else {
                        line += ": \(reason)"
                    }
                }
                lines.append(line)
            }
        }
        if let stats = window?.frameStatistics, let last = stats.last {
            var line = "frame \(formatFixed(last.drawDuration * 1000)) ms"
            if let latency = stats.medianInputToPresent { line += ", input to present \(formatFixed(latency * 1000)) ms" }
            lines.append(line)
        }
        let height = 18.0
        let panel = Rect(x: 8, y: bounds.maxY - 8 - Double(lines.count) * height - 8, width: min(520, bounds.width - 16),
                         height: Double(lines.count) * height + 8)
        guard !lines.isEmpty else { return }
        canvas.fillRoundedRect(panel, radius: 8, color: Color(red: 0, green: 0, blue: 0, alpha: 0.65))
        for (i, line) in lines.enumerated() {
            canvas.drawText(line, in: Rect(x: panel.minX + 8, y: panel.minY + 4 + Double(i) * height, width: panel.width - 16, height: height),
                            font: Font(size: 12), color: .white, alignment: .left)
        }
    }
}
