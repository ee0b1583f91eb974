import GestureKit

/// The text `gesture-demo compare` prints: each preset's thresholds as the
/// window applied them, a table of every decision, and one line per preset
/// saying what the touches were.
public struct ComparisonReport {
    public var scriptName: String
    public var runs: [PresetRun]
    /// The window size and density the runs used, for the heading.
    public var size: Size
    public var density: OutputDensity

    public init(scriptName: String, runs: [PresetRun], size: Size, density: OutputDensity) {
        self.scriptName = scriptName
        self.runs = runs
        self.size = size
        self.density = density
    }

    public var text: String {
        var lines = ["Compared \(scriptName) under \(runs.map(\.thresholds.name).joined(separator: ", ")) "
                     + "at \(formatCoordinate(size.width))x\(formatCoordinate(size.height)), \(density)", ""]
        lines.append("Thresholds:")
        let nameWidth = runs.map(\.thresholds.name.count).max() ?? 0
        for run in runs {
            lines.append("  " + pad(run.thresholds.name, nameWidth) + "  " + Self.summary(of: run.thresholds))
        }
        lines.append("")
        lines += table
        lines.append("")
        lines.append("In short:")
        for run in runs {
            var line = "  " + pad(run.thresholds.name, nameWidth) + "  " + Self.gist(of: run)
            if let stopped = run.stopped { line += " (stopped: \(stopped))" }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One row per decision: preset, recognizer, view, decision, time and
    /// reason, in columns.
    public var table: [String] {
        var rows = [["preset", "recognizer", "view", "decision", "at (s)", "why"]]
        for run in runs {
            for v in run.verdicts {
                rows.append([run.thresholds.name, v.recognizer, v.view, v.outcome, formatFixed(v.time, digits: 3),
                             v.reason ?? ""])
            }
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).enumerated().map { index, cell in
                index == row.count - 1 ? cell.0 : pad(cell.0, cell.1)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }

    /// The thresholds a touch meets first, as the window applied them:
    /// `tap slop 8 dp = 1.27 mm = 4.8 px; pan slop ...`.
    public static func summary(of t: GestureThresholds) -> String {
        var doubleTap = "double tap within \(formatFixed(t.multiTapInterval)) s"
        if t.multiTapMinimumInterval > 0 { doubleTap = "double tap after \(formatFixed(t.multiTapMinimumInterval))-"
            + "\(formatFixed(t.multiTapInterval)) s" }
        if t.multiTapIntervalStart == .press { doubleTap += " of the first press" }
        return ["tap slop \(t.describe(t.tapSlop))", "pan slop \(t.describe(t.panSlop))",
                "long press \(formatFixed(t.longPressDuration)) s within \(t.describe(t.longPressAllowableMovement))",
                "\(doubleTap) and \(t.describe(t.multiTapDistance))",
                "pinch slop \(t.describe(t.pinchSlop))"].joined(separator: "; ")
    }

    /// What the preset made of the touches: the recognizers that
    /// recognized or began, in order, or that nothing did.
    public static func gist(of run: PresetRun) -> String {
        var names: [String] = []
        for v in run.verdicts where v.state == .ended || v.state == .began {
            if !names.contains(v.recognizer) { names.append(v.recognizer) }
        }
        return names.isEmpty ? "nothing recognized" : names.joined(separator: ", ")
    }
}

private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
