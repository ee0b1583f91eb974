import GestureKit

/// The report's timeline of a run along its virtual time axis, one lane
/// per kind of thing, so a reader sees cause and effect line up:
///
/// - *touches*: one bar per finger, from down to up, numbered and coloured
///   as in the trails picture;
/// - one lane per recognizer that changed state: a bar while it was
///   active (began to ended or cancelled), a green dot where it
///   recognized, a red cross where it failed with the toolkit's reason
///   (`failed: moved 12 px > 10 px`), orange where it was cancelled;
/// - *labels*: each label change with its new text;
/// - *checks*: passed checks as green ticks, failed ones as red marks
///   with expected and actual, snapshots as squares;
/// - the first failure (or the stop) as a red line across every lane.
///
/// `range` zooms to part of the run (the gesture before a failure).
struct TimelinePicture {
    var story: GestureStory
    var range: ClosedRange<Double>
    var width = 980.0

    private let gutter = 150.0
    private let rightMargin = 16.0
    private let rowHeight = 16.0
    private let charWidth = 6.2
    /// Lanes with more text than this many rows stack the rest on the
    /// last row; every mark keeps its full text as a tooltip.
    private let maximumRows = 6

    init(story: GestureStory, range: ClosedRange<Double>? = nil) {
        self.story = story
        let end = max(story.endTime, 0.001)
        self.range = range ?? 0...end
    }

    private var plotWidth: Double { width - gutter - rightMargin }

    private func x(_ t: Double) -> Double {
        let span = max(range.upperBound - range.lowerBound, 0.001)
        return gutter + (t - range.lowerBound) / span * plotWidth
    }

    private func visible(_ t: Double) -> Bool { t >= range.lowerBound - 1e-9 && t <= range.upperBound + 1e-9 }

    /// Marks of one kind closer than this (pixels) on a lane are drawn as
    /// one, so that a run of a hundred thousand label changes draws a few
    /// hundred marks, not a picture no browser opens.
    private let mergeWidth = 2.0

    /// A mark on a lane: where, what to draw, and its text.
    private struct Mark {
        var time: Double
        var end: Double?
        var kind: String
        var text: String
        var tooltip: String
        var color: String?
        /// The marks drawn as this one, and the last of them.
        var count = 1
        var last: (time: Double, text: String, tooltip: String)?

        /// What the mark shows: for several, the last one's text (a bar's
        /// range of texts) and how many more there are.
        var shownText: String {
            guard let last, count > 1 else { return text }
            if kind == "bar" { return "\(text)–\(last.text)" }
            return last.text.isEmpty ? "\(count) marks" : "\(last.text) (+\(count - 1) more)"
        }

        var shownTooltip: String {
            guard let last, count > 1 else { return tooltip }
            return "\(count) marks from \(formatFixed(time, digits: 3)) s to \(formatFixed(last.time, digits: 3)) s; "
                + "the first: \(tooltip); the last: \(last.tooltip)"
        }

        /// Takes `other` (later) into this mark.
        mutating func absorb(_ other: Mark) {
            count += 1
            if let otherEnd = other.end { end = max(end ?? otherEnd, otherEnd) }
            last = (other.time, other.text, other.tooltip)
        }
    }

    /// A lane's marks within `range`, each merged as it is added into the
    /// mark of its kind it lies within `mergeWidth` of: a run of a million
    /// label changes never holds more marks than a lane draws.
    private struct Lane {
        var title: String
        private(set) var marks: [Mark] = []
        /// Per kind, the mark the next one of that kind may merge into.
        private var open: [String: Int] = [:]
        private let picture: TimelinePicture

        init(_ title: String, in picture: TimelinePicture) {
            self.title = title
            self.picture = picture
        }

        mutating func append(_ mark: Mark) {
            guard mark.end ?? mark.time >= picture.range.lowerBound - 1e-9,
                  mark.time <= picture.range.upperBound + 1e-9 else { return }
            if let index = open[mark.kind], abs(picture.x(mark.time) - picture.x(marks[index].time)) < picture.mergeWidth {
                marks[index].absorb(mark)
            } else {
                open[mark.kind] = marks.count
                marks.append(mark)
            }
        }
    }

    private var lanes: [Lane] {
        var lanes: [Lane] = []
        var touches = Lane("touches", in: self)
        for (index, trail) in story.trails.enumerated() {
            touches.append(Mark(time: trail.start, end: trail.finish, kind: "bar", text: "\(index + 1)",
                                tooltip: "\(index + 1): touch \(trail.id), \(formatFixed(trail.start, digits: 3))–\(formatFixed(trail.finish, digits: 3)) s",
                                color: TrailsPicture.color(index)))
        }
        lanes.append(touches)
        for recognizer in story.recognizers {
            var marks = Lane(recognizer.name, in: self)
            var began: Double?
            for transition in recognizer.transitions {
                let because = transition.reason.map { ": \($0)" } ?? ""
                let at = " at \(formatFixed(transition.time, digits: 3)) s"
                switch transition.state {
                case "began":
                    began = transition.time
                case "ended", "cancelled":
                    if let start = began {
                        marks.append(Mark(time: start, end: transition.time, kind: "active", text: "",
                                          tooltip: "\(recognizer.name) active", color: nil))
                    }
                    began = nil
                    let recognized = transition.state == "ended"
                    let word = recognized ? "recognized" : "cancelled"
                    marks.append(Mark(time: transition.time, end: nil, kind: recognized ? "recognized" : "cancelled",
                                      text: word + because, tooltip: "\(recognizer.name) \(word)\(at)\(because)", color: nil))
                case "failed":
                    marks.append(Mark(time: transition.time, end: nil, kind: "failed", text: "failed" + because,
                                      tooltip: "\(recognizer.name) failed\(at)\(because)", color: nil))
                default:
                    break
                }
            }
            if let start = began {
                marks.append(Mark(time: start, end: story.endTime, kind: "active", text: "still active",
                                  tooltip: "\(recognizer.name) began and never ended", color: nil))
            }
            lanes.append(marks)
        }
        var labels = Lane("labels", in: self)
        for note in story.labels {
            labels.append(Mark(time: note.time, end: nil, kind: "label", text: note.text,
                               tooltip: "\(formatFixed(note.time, digits: 3)) s \(note.text)", color: nil))
        }
        lanes.append(labels)
        var checks = Lane("checks", in: self)
        for note in story.passedChecks {
            checks.append(Mark(time: note.time, end: nil, kind: "passed", text: "", tooltip: "passed: \(note.text)", color: nil))
        }
        for note in story.snapshots {
            checks.append(Mark(time: note.time, end: nil, kind: "snapshot", text: note.text, tooltip: "snapshot \(note.text)", color: nil))
        }
        for note in story.failedChecks {
            checks.append(Mark(time: note.time, end: nil, kind: "failedCheck", text: note.text, tooltip: "failed: \(note.text)", color: nil))
        }
        lanes.append(checks)
        return lanes
    }

    var svg: Markup {
        var body: [Markup] = []
        var y = 30.0
        for lane in lanes {
            let (nodes, height) = draw(lane, top: y)
            body.append(.el("g", [("class", "lane")]) {
                Markup.el("line", [("x1", "0"), ("x2", n(width)), ("y1", n(y)), ("y2", n(y)), ("class", "sep")])
                Markup.el("text", [("x", "6"), ("y", n(y + 13)), ("class", "lanename")]) { clip(lane.title, to: 22) }
                nodes
            })
            y += height
        }
        let height = y + 6
        return .el("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("class", "timeline"),
                           ("viewBox", "0 0 \(n(width)) \(n(height))"), ("width", n(width)), ("height", n(height)),
                           ("role", "img")]) {
            Markup.el("title") { "Timeline from \(formatFixed(range.lowerBound, digits: 3)) s to \(formatFixed(range.upperBound, digits: 3)) s of virtual time" }
            axis(bottom: height)
            body
            if let failure = story.failureTime, visible(failure) {
                Markup.el("line", [("x1", n(x(failure))), ("x2", n(x(failure))), ("y1", "18"), ("y2", n(height)), ("class", "failure")])
            }
        }
    }

    private func axis(bottom: Double) -> [Markup] {
        let span = max(range.upperBound - range.lowerBound, 0.001)
        let raw = span / 8
        var step = 1.0
        while step > raw { step /= 10 }
        while step * 10 <= raw { step *= 10 }
        if step * 5 <= raw { step *= 5 } else if step * 2 <= raw { step *= 2 }
        var nodes: [Markup] = [.el("text", [("x", "6"), ("y", "14"), ("class", "axisname")]) { "virtual time (s)" }]
        var t = (range.lowerBound / step).rounded(.up) * step
        let digits = step >= 1 ? 0 : (step >= 0.1 ? 1 : (step >= 0.01 ? 2 : 3))
        while t <= range.upperBound + step * 1e-6 {
            nodes.append(.el("line", [("x1", n(x(t))), ("x2", n(x(t))), ("y1", "20"), ("y2", n(bottom)), ("class", "tick")]))
            nodes.append(.el("text", [("x", n(x(t))), ("y", "14"), ("class", "ticklabel")]) { formatFixed(t, digits: digits) })
            t += step
        }
        return nodes
    }

    /// The lane's marks, with texts placed on the first row where they
    /// overlap nothing; returns the nodes and the lane's height.
    private func draw(_ lane: Lane, top: Double) -> ([Markup], Double) {
        // Each row holds the spans (marks and their texts) placed on it.
        var rows: [[ClosedRange<Double>]] = []
        var nodes: [Markup] = []
        for mark in lane.marks.sorted(by: { $0.time < $1.time }) {
            let start = max(x(mark.time), gutter), end = mark.end.map { min(x($0), gutter + plotWidth) }
            let label = clip(mark.shownText, to: 80)
            let textWidth = Double(label.count) * charWidth
            // A text that would run off the right edge goes left of its mark.
            let leftward = mark.kind != "bar" && start + 8 + textWidth > width - 2
            let span: ClosedRange<Double>
            if mark.kind == "bar" {
                span = start - 2...max(end ?? start, start + textWidth + 4)
            } else if leftward {
                span = start - 8 - textWidth...start + 6
            } else {
                span = start - 6...start + 8 + textWidth
            }
            var row = rows.firstIndex { $0.allSatisfy { !$0.overlaps(span) } } ?? rows.count
            if row >= maximumRows { row = maximumRows - 1 }
            if row == rows.count { rows.append([]) }
            rows[row].append(span)
            let y = top + 8 + Double(row) * rowHeight
            nodes.append(.el("g", [("class", "mark \(mark.kind)")]) {
                Markup.el("title") { mark.shownTooltip }
                shape(mark, start: start, end: end, y: y)
                if !label.isEmpty {
                    let tx = mark.kind == "bar" ? start + 3 : (leftward ? start - 8 : start + 8)
                    Markup.el("text", [("x", n(tx)), ("y", n(y + 4))] + (leftward ? [("text-anchor", "end")] : [])) { label }
                }
            })
        }
        return (nodes, 16 + Double(max(rows.count, 1)) * rowHeight)
    }

    private func shape(_ mark: Mark, start: Double, end: Double?, y: Double) -> Markup {
        switch mark.kind {
        case "bar":
            return .el("rect", [("x", n(start)), ("y", n(y - 6)), ("width", n(max((end ?? start) - start, 2))),
                                ("height", "12"), ("rx", "3"), ("fill", mark.color ?? "#666"), ("fill-opacity", "0.35"),
                                ("stroke", mark.color ?? "#666")])
        case "active":
            return .el("rect", [("x", n(start)), ("y", n(y - 4)), ("width", n(max((end ?? start) - start, 2))),
                                ("height", "8"), ("rx", "2")])
        case "recognized", "passed":
            return .el("circle", [("cx", n(start)), ("cy", n(y)), ("r", mark.kind == "passed" ? "3.5" : "5")])
        case "snapshot":
            return .el("rect", [("x", n(start - 4)), ("y", n(y - 4)), ("width", "8"), ("height", "8")])
        default:
            // failed, cancelled, failedCheck, label: a cross or a tick.
            if mark.kind == "label" {
                return .el("line", [("x1", n(start)), ("x2", n(start)), ("y1", n(y - 6)), ("y2", n(y + 6))])
            }
            return .el("path", [("d", "M\(n(start - 5)),\(n(y - 5)) l10,10 m0,-10 l-10,10")])
        }
    }

    private func clip(_ s: String, to count: Int) -> String {
        s.count <= count ? s : String(s.prefix(count - 1)) + "…"
    }

    private func n(_ v: Double) -> String { Markup.number(v) }
}
