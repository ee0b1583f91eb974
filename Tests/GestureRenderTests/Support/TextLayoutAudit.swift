import GestureKit

/// Reads a laid-out window the way a user looks at it and lists what is
/// wrong with its text and controls:
/// - a label whose text is cut (`Label.isTruncated`), spills out of the
///   label, lies outside the window or outside an ancestor that clips;
/// - two visible labels whose text rectangles intersect, unless an opaque
///   enough view drawn between them covers the intersection (the help
///   overlay over the page, the debug panel, a sheet's panel);
/// - a switch, button, tab or segment smaller than 44x44 px, outside the window or
///   clipped, or over another label's text.
/// Text rectangles are the measured ones (`Label.textFrame`), so the
/// window must measure with the renderer's fonts.
struct TextLayoutAudit {
    /// A view with a background at least this opaque (its own alpha and
    /// its ancestors' included) hides the text drawn before it.
    static let occludingAlpha = 0.8
    static let minimumTarget = 44.0
    /// Rounding in layout and measurement.
    static let tolerance = 0.5

    private struct Entry {
        let view: View
        let order: Int
        /// The area of the window the view may draw in (its ancestors'
        /// clips and the window).
        let clip: Rect
        let clippedBy: String?
        let opacity: Double
    }

    private var entries: [Entry] = []
    let window: Window

    init(_ window: Window) {
        self.window = window
        window.layoutIfNeeded()
        collect(window, clip: window.bounds, clippedBy: nil, opacity: 1)
    }

    private mutating func collect(_ view: View, clip: Rect, clippedBy: String?, opacity: Double) {
        guard !view.isHidden, view.alpha >= 0.01 else { return }
        let opacity = opacity * view.alpha
        entries.append(Entry(view: view, order: entries.count, clip: clip, clippedBy: clippedBy, opacity: opacity))
        var clip = clip, clippedBy = clippedBy
        if view.clipsToBounds && !(view is Window) {
            clip = clip.intersection(view.convert(view.bounds, to: nil))
            clippedBy = Self.describe(view)
        }
        for sub in view.subviews { collect(sub, clip: clip, clippedBy: clippedBy, opacity: opacity) }
    }

    static func describe(_ view: View) -> String {
        if let label = view as? Label { return "label \(label.name.map { "\($0) " } ?? "")\"\(label.text)\"" }
        return "\(view.typeName)\(view.name.map { " \($0)" } ?? "")"
    }

    private func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - Self.tolerance && inner.maxX <= outer.maxX + Self.tolerance
            && inner.minY >= outer.minY - Self.tolerance && inner.maxY <= outer.maxY + Self.tolerance
    }

    private func overlap(_ a: Rect, _ b: Rect) -> Rect? {
        let r = a.intersection(b)
        return r.width > Self.tolerance && r.height > Self.tolerance ? r : nil
    }

    private var labels: [(entry: Entry, label: Label, text: Rect)] {
        entries.compactMap { e in
            guard let label = e.view as? Label, !label.text.isEmpty else { return nil }
            return (e, label, label.convert(label.textFrame, to: nil))
        }
    }

    /// Whether a view drawn after `lower` and before `upper` hides `area`.
    private func covered(_ area: Rect, between lower: Entry, and upper: Entry) -> Bool {
        entries[(lower.order + 1)..<upper.order].contains { e in
            guard let bg = e.view.backgroundColor, bg.alpha * e.opacity >= Self.occludingAlpha,
                  !lower.view.isDescendant(of: e.view) else { return false }
            return contains(e.view.convert(e.view.bounds, to: nil).intersection(e.clip), area)
        }
    }

    var problems: [String] {
        var problems: [String] = []
        let labels = self.labels
        for (entry, label, text) in labels {
            let name = Self.describe(label)
            if label.isTruncated { problems.append("\(name) is cut") }
            if !contains(label.bounds, label.textFrame) {
                problems.append("\(name): text \(text) spills out of its label \(label.convert(label.bounds, to: nil))")
            }
            if !contains(window.bounds, text) { problems.append("\(name): text \(text) is outside the window") }
            if let by = entry.clippedBy, !contains(entry.clip, text) {
                problems.append("\(name): text \(text) is clipped by \(by)")
            }
        }
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] {
                guard let area = overlap(a.text, b.text), !covered(area, between: a.entry, and: b.entry) else { continue }
                problems.append("\(Self.describe(a.label)) and \(Self.describe(b.label)) overlap at \(area)")
            }
        }
        for entry in entries {
            let targets: [Rect]
            switch entry.view {
            case is Switch, is Button: targets = [entry.view.convert(entry.view.bounds, to: nil)]
            case let bar as TabBar: targets = bar.subviews.indices.map { bar.convert(bar.tabFrame($0), to: nil) }
            case let control as SegmentedControl:
                targets = control.titles.indices.map { control.convert(control.segmentFrame($0), to: nil) }
            default: continue
            }
            let name = Self.describe(entry.view)
            for target in targets {
                if target.width < Self.minimumTarget - Self.tolerance || target.height < Self.minimumTarget - Self.tolerance {
                    problems.append("\(name): touch target \(target) is under 44x44 px")
                }
                if !contains(window.bounds, target) { problems.append("\(name) at \(target) is outside the window") }
                if let by = entry.clippedBy, !contains(entry.clip, target) {
                    problems.append("\(name) at \(target) is clipped by \(by)")
                }
            }
            for other in labels where !other.label.isDescendant(of: entry.view) {
                let (lower, upper) = other.entry.order < entry.order ? (other.entry, entry) : (entry, other.entry)
                for target in targets {
                    if let area = overlap(target, other.text), !covered(area, between: lower, and: upper) {
                        problems.append("\(name) at \(target) and the text of \(Self.describe(other.label)) overlap at \(area)")
                    }
                }
            }
        }
        return problems
    }
}
