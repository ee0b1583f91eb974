import GestureKit
import GestureRender

/// The touches of one gesture: fingers that were down together, from the
/// first touch-down until the next gesture's (decisions made after the
/// fingers lifted, such as a double tap's timeout, belong to it).
public struct GestureSpan: Equatable, Sendable {
    public var trails: [TouchTrail]
    /// When the first finger went down.
    public var start: Double
    /// When the next gesture's first finger went down (infinity for the
    /// last gesture).
    public var until: Double

    /// Splits trails into gestures (`groups`), each lasting until the next
    /// one's first touch-down.
    public static func split(_ trails: [TouchTrail]) -> [GestureSpan] {
        var spans = groups(trails.map { ($0.start.time, $0.end.time) }).map { group in
            GestureSpan(trails: group.map { trails[$0] }, start: trails[group[0]].start.time, until: .infinity)
        }
        for i in spans.indices.dropLast() { spans[i].until = spans[i + 1].start }
        return spans
    }

    /// Groups touches, given by when each went down and up, into gestures:
    /// a touch that goes down while another is still down, or at the
    /// instant one lifts, belongs to its gesture. Returns indices into
    /// `touches`, the gestures and the touches in each in touch-down order.
    public static func groups(_ touches: [(start: Double, end: Double)]) -> [[Int]] {
        var groups: [[Int]] = []
        var lastUp = -Double.infinity
        let order = touches.indices.sorted { (touches[$0].start, $0) < (touches[$1].start, $1) }
        for i in order {
            if touches[i].start <= lastUp, !groups.isEmpty {
                groups[groups.count - 1].append(i)
            } else {
                groups.append([i])
            }
            lastUp = max(lastUp, touches[i].end)
        }
        return groups
    }

    /// The verdicts of `run` made during this gesture.
    public func verdicts(of run: PresetRun) -> [Verdict] {
        run.verdicts.filter { $0.time >= start && $0.time < until }
    }
}

/// A picture of how each preset judged one gesture: a panel per preset with
/// the touch trails, much enlarged, each touch-down point ringed by that
/// preset's tap slop, pan slop and long-press movement (as the window
/// applied them, in logical pixels), numbered marks where each recognizer
/// decided, and the list of those decisions. Every panel is drawn at the
/// same scale, so the rings compare directly.
public struct ComparisonPicture {
    public var runs: [PresetRun]
    public var span: GestureSpan
    public var title: String

    public init(runs: [PresetRun], span: GestureSpan, title: String) {
        self.runs = runs
        self.span = span
        self.title = title
    }

    static let panelWidth = 460.0
    static let zoomHeight = 320.0
    static let headerHeight = 58.0
    static let rowHeight = 17.0
    static let margin = 12.0

    /// The picture as a window ready to render.
    public func window() -> Window {
        let rows = runs.map { span.verdicts(of: $0).count }.max() ?? 0
        let panelHeight = 30 + Self.zoomHeight + 10 + Double(max(rows, 1)) * Self.rowHeight + 10
        let columns = min(2, max(1, runs.count))
        let panelRows = (runs.count + columns - 1) / columns
        let width = Double(columns) * (Self.panelWidth + Self.margin) + Self.margin
        let height = Self.headerHeight + Double(panelRows) * (panelHeight + Self.margin) + Self.margin
        let window = Window(size: Size(width: width, height: height), timeSource: VirtualTimeSource())
        window.backgroundColor = Color(rgb: 0xf2f2f7)
        let header = PictureHeader(title: title)
        header.frame = Rect(x: Self.margin, y: 0, width: width - 2 * Self.margin, height: Self.headerHeight)
        window.addSubview(header)
        let viewport = viewport()
        for (i, run) in runs.enumerated() {
            let panel = PresetPanel(run: run, verdicts: span.verdicts(of: run), trails: span.trails,
                                    viewport: viewport)
            panel.frame = Rect(x: Self.margin + Double(i % columns) * (Self.panelWidth + Self.margin),
                               y: Self.headerHeight + Double(i / columns) * (panelHeight + Self.margin),
                               width: Self.panelWidth, height: panelHeight)
            window.addSubview(panel)
        }
        return window
    }

    /// Writes the picture as a PNG.
    public func writePNG(to path: String) throws {
        try RenderedImage(window: window()).writePNG(to: path)
    }

    /// The part of the window the panels show, and how much it is enlarged:
    /// the touches' extent plus the widest ring of any preset around it.
    func viewport() -> Viewport {
        let points = span.trails.flatMap { $0.samples.map(\.location) }
        let rings = runs.map { run in PresetPanel.rings(of: run.thresholds).map(\.radius).max() ?? 0 }.max() ?? 0
        let pad = rings + 6
        let minX = (points.map(\.x).min() ?? 0) - pad, maxX = (points.map(\.x).max() ?? 0) + pad
        let minY = (points.map(\.y).min() ?? 0) - pad, maxY = (points.map(\.y).max() ?? 0) + pad
        let zoomWidth = Self.panelWidth - 16
        let scale = min(zoomWidth / max(maxX - minX, 1), Self.zoomHeight / max(maxY - minY, 1), 12)
        let centre = Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        return Viewport(centre: centre, scale: scale)
    }
}

/// Which window point is at the middle of a panel's zoomed area, and how
/// many picture pixels one logical pixel takes.
struct Viewport {
    var centre: Point
    var scale: Double

    func map(_ p: Point, in size: Size) -> Point {
        Point(x: size.width / 2 + (p.x - centre.x) * scale, y: size.height / 2 + (p.y - centre.y) * scale)
    }
}

private let tapColor = Color(rgb: 0x007aff)
private let panColor = Color(rgb: 0x34c759)
private let pressColor = Color(rgb: 0xff9500)
private let trailColor = Color(rgb: 0xff2d55)
private let textColor = Color(rgb: 0x1c1c1e)
private let secondaryText = Color(rgb: 0x6e6e73)

/// The picture's title and the key to the rings.
private final class PictureHeader: View {
    let title: String

    init(title: String) {
        self.title = title
        super.init()
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.drawText(title, in: Rect(x: 0, y: 6, width: bounds.width, height: 22), font: Font(size: 16, bold: true),
                        color: textColor, alignment: .left)
        var x = 0.0
        for (color, text) in [(tapColor, "tap slop"), (panColor, "pan slop"), (pressColor, "long-press movement"),
                              (trailColor, "touch trail")] {
            canvas.fillEllipse(in: Rect(x: x, y: 36, width: 10, height: 10), color: color)
            canvas.drawText(text, in: Rect(x: x + 14, y: 32, width: 160, height: 18), font: Font(size: 12),
                            color: secondaryText, alignment: .left)
            x += 30 + Double(text.count) * 6.5
        }
        canvas.drawText("numbered marks: where a recognizer decided", in: Rect(x: x, y: 32, width: 300, height: 18),
                        font: Font(size: 12), color: secondaryText, alignment: .left)
    }
}

/// One preset's panel: its name and thresholds, the zoomed touches, and
/// the list of decisions.
private final class PresetPanel: View {
    let run: PresetRun
    let verdicts: [Verdict]

    init(run: PresetRun, verdicts: [Verdict], trails: [TouchTrail], viewport: Viewport) {
        self.run = run
        self.verdicts = verdicts
        super.init()
        backgroundColor = .white
        cornerRadius = 10
        let zoom = ZoomedTouches(thresholds: run.thresholds, verdicts: verdicts, trails: trails, viewport: viewport)
        zoom.frame = Rect(x: 8, y: 30, width: PresetPanel.width - 16, height: ComparisonPicture.zoomHeight)
        addSubview(zoom)
    }

    static let width = ComparisonPicture.panelWidth

    /// The rings drawn around a touch-down point, largest first so the
    /// smaller ones stay visible.
    static func rings(of t: GestureThresholds) -> [(radius: Double, color: Color)] {
        [(t.logicalPixels(t.panSlop), panColor), (t.logicalPixels(t.longPressAllowableMovement), pressColor),
         (t.logicalPixels(t.tapSlop), tapColor)].sorted { $0.radius > $1.radius }
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        let t = run.thresholds
        canvas.drawText(t.name, in: Rect(x: 10, y: 4, width: 90, height: 22), font: Font(size: 15, bold: true),
                        color: textColor, alignment: .left)
        let summary = "tap \(formatCoordinate(t.logicalPixels(t.tapSlop))) px, pan \(formatCoordinate(t.logicalPixels(t.panSlop))) px, "
            + "press \(formatFixed(t.longPressDuration)) s within \(formatCoordinate(t.logicalPixels(t.longPressAllowableMovement))) px"
        canvas.drawText(summary, in: Rect(x: 90, y: 4, width: bounds.width - 100, height: 22), font: Font(size: 12),
                        color: secondaryText, alignment: .right)
        var y = 30 + ComparisonPicture.zoomHeight + 10
        if verdicts.isEmpty {
            canvas.drawText("no recognizer decided", in: Rect(x: 10, y: y, width: bounds.width - 20, height: 16),
                            font: Font(size: 12), color: secondaryText, alignment: .left)
        }
        for (i, v) in verdicts.enumerated() {
            let line = "\(i + 1)  \(v.recognizer) \(v.outcome) at \(formatFixed(v.time, digits: 3)) s"
                + (v.reason.map { ": \($0)" } ?? "")
            canvas.drawText(line, in: Rect(x: 10, y: y, width: bounds.width - 20, height: 16), font: Font(size: 12),
                            color: ZoomedTouches.color(of: v.state), alignment: .left)
            y += ComparisonPicture.rowHeight
        }
    }
}

/// The enlarged touches of one panel, clipped to its area.
private final class ZoomedTouches: View {
    let thresholds: GestureThresholds
    let verdicts: [Verdict]
    let trails: [TouchTrail]
    let viewport: Viewport

    init(thresholds: GestureThresholds, verdicts: [Verdict], trails: [TouchTrail], viewport: Viewport) {
        self.thresholds = thresholds
        self.verdicts = verdicts
        self.trails = trails
        self.viewport = viewport
        super.init()
        backgroundColor = Color(rgb: 0xfafafa)
        clipsToBounds = true
        cornerRadius = 6
    }

    static func color(of state: GestureRecognizer.State) -> Color {
        switch state {
        case .ended, .began: return Color(rgb: 0x248a3d)
        case .failed: return Color(rgb: 0xd70015)
        default: return Color(rgb: 0x6e6e73)
        }
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        let size = bounds.size
        let s = viewport.scale
        for trail in trails {
            let down = viewport.map(trail.start.location, in: size)
            // Thinner each time, so rings of the same radius show as stripes.
            for (i, ring) in PresetPanel.rings(of: thresholds).enumerated() where ring.radius > 0 {
                let r = ring.radius * s
                canvas.strokeRoundedRect(Rect(x: down.x - r, y: down.y - r, width: 2 * r, height: 2 * r), radius: r,
                                         color: ring.color, lineWidth: 5 - 1.5 * Double(i))
            }
        }
        for trail in trails {
            let points = trail.samples.map { viewport.map($0.location, in: size) }
            for (a, b) in zip(points, points.dropFirst()) {
                canvas.strokeLine(from: a, to: b, color: trailColor, lineWidth: 2)
            }
            for p in points {
                canvas.fillEllipse(in: Rect(x: p.x - 2.5, y: p.y - 2.5, width: 5, height: 5), color: trailColor)
            }
        }
        for (i, v) in verdicts.enumerated() {
            let p = viewport.map(v.location, in: size)
            // Marks at one place fan out to the right so each stays legible.
            let earlier = verdicts[..<i].filter { viewport.map($0.location, in: size).distance(to: p) < 9 }.count
            let mark = Rect(x: p.x - 8 + Double(earlier) * 17, y: p.y - 26, width: 16, height: 16)
            canvas.fillEllipse(in: mark, color: Self.color(of: v.state))
            canvas.drawText("\(i + 1)", in: mark, font: Font(size: 10, bold: true), color: .white, alignment: .center)
        }
        // A scale bar: 10 logical pixels and 1 millimetre at this density.
        let bar10 = 10 * s, barMM = thresholds.pixelsPerMillimetre * s
        let y = size.height - 12
        canvas.strokeLine(from: Point(x: 10, y: y), to: Point(x: 10 + bar10, y: y), color: textColor, lineWidth: 2)
        canvas.drawText("10 px", in: Rect(x: 14 + bar10, y: y - 8, width: 60, height: 16), font: Font(size: 11),
                        color: textColor, alignment: .left)
        let x2 = 70 + bar10
        canvas.strokeLine(from: Point(x: x2, y: y), to: Point(x: x2 + barMM, y: y), color: secondaryText, lineWidth: 2)
        canvas.drawText("1 mm", in: Rect(x: x2 + barMM + 4, y: y - 8, width: 60, height: 16), font: Font(size: 11),
                        color: secondaryText, alignment: .left)
    }
}
