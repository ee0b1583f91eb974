import GestureKit
import GestureScript

/// The self-contained HTML report of a run (`--report DIR`):
/// `DIR/index.html` with its stylesheet inline and no script or network
/// access, and beside it `DIR/scripts/NAME/` per script, holding what its
/// worker wrote (log.jsonl, snapshots, diff images, the final frame) and
/// copies of the golden images it was compared with.
///
/// Per script: its result and time; what failed (every failed check with
/// file:line, expected and actual, or why it stopped, crashed or hung);
/// the gesture (touch trails over the final frame) and the timeline of
/// touches, recognizer states, label changes and checks, zoomed to the
/// gesture before the first failure as well; the snapshots, with golden
/// and diff beside a mismatching one; and what the worker printed. Failed
/// scripts come first and open; passed ones are folded.
struct HTMLReport {
    static let indexName = "index.html"
    static let scriptsFolder = "scripts"
    /// The final frame a worker writes with `--final-frame`.
    static let finalFrame = "final.png"
    /// Failed checks a script's section spells out, expected and actual.
    static let maximumChecksShown = 50

    var results: [ScriptResult]
    /// The report's folder.
    var folder: String
    var title: String
    /// Sections already rendered (`renderSection`) by script path; the
    /// runner renders each as its worker ends, while the others still run.
    var rendered: [String: String] = [:]
    /// Whether a section copies the goldens of its failed comparisons from
    /// beside the script: a run's does; a merge's sections show the copies
    /// the merged reports hold, and copy nothing that their logs name from
    /// this machine.
    var copiesGoldens = true

    /// A script's folder relative to the report (`scripts/NAME`).
    static func relativeFolder(of result: ScriptResult, in report: String) -> String {
        let prefix = report.hasSuffix("/") ? report : report + "/"
        return result.folder.hasPrefix(prefix) ? String(result.folder.dropFirst(prefix.count)) : result.folder
    }

    func write() throws(RunnerError) {
        let page = "<!DOCTYPE html>\n" + document.render() + "\n"
        try FileSystem.write(page.utf8, to: ScriptFiles.path(folder, Self.indexName))
    }

    /// One script's section of the page, as HTML, with the goldens it
    /// shows copied beside it.
    func renderSection(_ result: ScriptResult) -> String {
        copyGoldens(result)
        return section(result).render()
    }

    /// Copies each golden a failed comparison names into the script's
    /// folder (`NAME.golden.png`), so the report needs nothing outside it.
    /// One that cannot be copied is left out of the page.
    private func copyGoldens(_ result: ScriptResult) {
        guard copiesGoldens else { return }
        for check in result.failedChecks {
            guard let golden = check.golden, let copy = goldenCopy(check) else { continue }
            let source = golden.hasPrefix("/") ? golden : ScriptFiles.path(ScriptFiles.folder(of: result.script.path), golden)
            let target = ScriptFiles.path(result.folder, copy)
            if !ScriptFiles.exists(target) { _ = try? FileSystem.copyRegularFile(source, to: target) }
        }
    }

    /// The file name of the copy of a failed comparison's golden in the
    /// script's folder; nil unless the check names a snapshot as a script
    /// can (letters, digits, `-`, `_` and `.`, not first), so that a
    /// damaged log's `../` never leads the copy out of the folder.
    private func goldenCopy(_ check: FailedCheck) -> String? {
        guard check.golden != nil, check.subject.hasPrefix("snapshot ") else { return nil }
        let name = check.subject.dropFirst("snapshot ".count)
        guard ScriptParser.isSnapshotName(name) else { return nil }
        return name + ".golden.png"
    }

    // MARK: The page

    private var document: Markup {
        let failed = results.filter { !$0.status.isPassed }
        let ordered = failed + results.filter { $0.status.isPassed }
        return .el("html", [("lang", "en")]) {
            Markup.el("head") {
                Markup.el("meta", [("charset", "utf-8")])
                Markup.el("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")])
                Markup.el("title") { "\(title): \(results.count - failed.count) passed, \(failed.count) failed" }
                Markup.el("style") { Markup.trusted(Self.stylesheet) }
            }
            Markup.el("body") {
                Markup.el("header") {
                    Markup.el("h1") { title }
                    Markup.el("p", [("class", "totals")]) {
                        Markup.el("span", [("class", "badge passed")]) { "\(results.count - failed.count) passed" }
                        " "
                        Markup.el("span", [("class", failed.isEmpty ? "badge" : "badge failed")]) { "\(failed.count) failed" }
                        for status in ScriptStatus.allCases where status != .passed && status != .failed {
                            let count = failed.filter { $0.status == status }.count
                            if count > 0 { Markup.el("span", [("class", "badge \(status.rawValue)")]) { " \(count) \(status.rawValue)" } }
                        }
                        " \(results.count) script\(results.count == 1 ? "" : "s"), \(formatFixed(results.reduce(0) { $0 + $1.seconds }, digits: 2)) s of worker time"
                    }
                    index(ordered)
                }
                for result in ordered {
                    Markup.trusted(rendered[result.script.path] ?? renderSection(result))
                }
            }
        }
    }

    private func anchor(_ result: ScriptResult) -> String {
        "s-" + ScriptFiles.lastComponent(of: Self.relativeFolder(of: result, in: folder))
    }

    private func index(_ ordered: [ScriptResult]) -> Markup {
        .el("table", [("class", "index")]) {
            Markup.el("tr") {
                Markup.el("th") { "script" }
                Markup.el("th") { "result" }
                Markup.el("th") { "time" }
                Markup.el("th") { "first failure" }
            }
            for result in ordered {
                Markup.el("tr") {
                    Markup.el("td") { Markup.el("a", [("href", "#" + anchor(result))]) { result.script.path } }
                    Markup.el("td") { Markup.el("span", [("class", "badge \(result.status.rawValue)")]) { result.status.rawValue } }
                    Markup.el("td", [("class", "num")]) { formatFixed(result.seconds, digits: 3) + " s" }
                    Markup.el("td", [("class", "why")]) { result.status.isPassed ? "" : result.headline }
                }
            }
        }
    }

    private func section(_ result: ScriptResult) -> Markup {
        let relative = Self.relativeFolder(of: result, in: folder)
        let story = result.log.story(readingAgainFrom: result.folder, limit: ScriptResult.logLimit)
        var attributes = [("id", anchor(result)), ("class", "script \(result.status.rawValue)")]
        if !result.status.isPassed { attributes.append(("open", "open")) }
        return .el("details", attributes) {
            Markup.el("summary") {
                Markup.el("span", [("class", "badge \(result.status.rawValue)")]) { result.status.rawValue }
                " "
                Markup.el("span", [("class", "path")]) { result.script.path }
                Markup.el("span", [("class", "time")]) {
                    " \(formatFixed(result.seconds, digits: 3)) s real, \(formatFixed(story.endTime, digits: 3)) s virtual, \(result.checks) checks"
                }
            }
            if !result.status.isPassed { failure(result) }
            if !result.log.isEmpty {
                pictures(result, story: story, relative: relative)
            } else if let problem = result.logProblem {
                Markup.el("p", [("class", "note")]) { "Its log.jsonl was not read (\(problem)), so there is no picture of this run." }
            } else if result.status == .hung || result.status == .crashed {
                Markup.el("p", [("class", "note")]) { "The worker ended before its log was whole, so there is no picture of this run (what it wrote, if anything, is a log.jsonl.*.partial file in its folder)." }
            }
            snapshots(result, relative: relative)
            if !result.output.isEmpty {
                Markup.el("details", [("class", "output")]) {
                    Markup.el("summary") { "worker output" }
                    Markup.el("pre") { result.output }
                }
            }
        }
    }

    private func failure(_ result: ScriptResult) -> Markup {
        .el("div", [("class", "failure")]) {
            for check in result.failedChecks.prefix(Self.maximumChecksShown) {
                Markup.el("p", [("class", "check")]) {
                    Markup.el("code") { check.message }
                }
                Markup.el("table", [("class", "expect")]) {
                    Markup.el("tr") {
                        Markup.el("th") { "expected" }
                        Markup.el("td") { Markup.el("code") { (check.op == "==" ? "" : check.op + " ") + check.expected } }
                    }
                    Markup.el("tr") {
                        Markup.el("th") { "actual" }
                        Markup.el("td") { Markup.el("code") { check.actual } }
                    }
                }
            }
            if result.failedChecks.count > Self.maximumChecksShown {
                Markup.el("p", [("class", "note")]) {
                    "and \(result.failedChecks.count - Self.maximumChecksShown) more failed checks (the worker output and its log.jsonl list every one)"
                }
            }
            if result.status != .failed {
                Markup.el("p", [("class", "check")]) { Markup.el("code") { result.reason } }
            }
        }
    }

    private func pictures(_ result: ScriptResult, story: GestureStory, relative: String) -> Markup {
        // A failed run's worker saves its final frame; a passing one's
        // trails go over its last snapshot, or over a blank window.
        var frame: (file: String, what: String)?
        if ScriptFiles.exists(ScriptFiles.path(result.folder, Self.finalFrame)) {
            frame = (Self.finalFrame, "the final frame")
        } else if let last = result.log.snapshots.last {
            frame = (last.file, "the last snapshot (\(last.name), at \(formatFixed(last.time, digits: 3)) s)")
        }
        let size = frame.flatMap { PNGSize(path: ScriptFiles.path(result.folder, $0.file)) }
        let width = size?.width ?? story.windowSize?.width ?? 800
        let height = size?.height ?? story.windowSize?.height ?? 600
        let over = size == nil ? "a blank window (no snapshot was taken)" : frame!.what
        return .el("div", [("class", "pictures")]) {
            let trails = TrailsPicture(story: story, frame: size == nil ? nil : relative + "/" + frame!.file,
                                       width: width, height: height)
            Markup.el("div", [("class", "row")]) {
                Markup.el("figure", [("class", "gesture")]) {
                    trails.svg
                    Markup.el("figcaption") {
                        if story.trails.isEmpty {
                            "No finger touched in this script; the picture is \(over)."
                        } else if story.focus == nil {
                            "Touch trails over \(over): a numbered dot where a finger went down (numbered as in the timeline), a ring where it lifted, a cross where it was cancelled."
                        } else {
                            "Touch trails over \(over); in colour the gesture before the first failure, grey the others."
                        }
                    }
                }
                if let closeUp = trails.closeUp() {
                    Markup.el("figure", [("class", "gesture closeup")]) {
                        closeUp
                        Markup.el("figcaption") { "Close-up of that gesture: every touch sample, where recognizers failed (red cross), and a scale in window pixels." }
                    }
                }
            }
            Markup.el("figure", [("class", "timeline")]) {
                Markup.el("figcaption") { "Timeline of the whole run" }
                TimelinePicture(story: story).svg
            }
            if let focus = story.focus, focus.upperBound - focus.lowerBound < story.endTime * 0.7 {
                let pad = max((focus.upperBound - focus.lowerBound) * 0.08, 0.02)
                Markup.el("figure", [("class", "timeline")]) {
                    Markup.el("figcaption") {
                        "The gesture before the first failure: \(formatFixed(focus.lowerBound, digits: 3)) s to \(formatFixed(focus.upperBound, digits: 3)) s"
                    }
                    TimelinePicture(story: story, range: max(focus.lowerBound - pad, 0)...(focus.upperBound + pad)).svg
                }
            }
        }
    }

    private func snapshots(_ result: ScriptResult, relative: String) -> Markup {
        // A snapshot taken again under its name wrote the same file: it is
        // shown once.
        var seen: Set<String> = []
        let taken = result.log.snapshots.map(\.file).filter { seen.insert($0).inserted }
        return .el("div", [("class", "snapshots")]) {
            for file in taken {
                let name = file.hasSuffix(".png") ? String(file.dropLast(4)) : file
                let check = result.failedChecks.first { $0.subject == "snapshot \(name)" }
                Markup.el("div", [("class", check == nil ? "snapshot" : "snapshot mismatch")]) {
                    image(relative + "/" + file, caption: "snapshot \(name)")
                    if let check, let golden = goldenCopy(check), ScriptFiles.exists(ScriptFiles.path(result.folder, golden)) {
                        image(relative + "/" + golden, caption: "golden \(check.golden ?? "")")
                    }
                    if let diff = check?.diffFile {
                        image(relative + "/" + diff, caption: "diff: differing pixels in red")
                    }
                }
            }
        }
    }

    private func image(_ path: String, caption: String) -> Markup {
        .el("figure") {
            Markup.el("a", [("href", path)]) { Markup.el("img", [("src", path), ("alt", caption), ("loading", "lazy")]) }
            Markup.el("figcaption") { caption }
        }
    }

    private static let stylesheet = """
        body{font:14px/1.4 system-ui,-apple-system,"DejaVu Sans",sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#222;background:#fafafa}
        h1{font-size:22px;margin:0 0 8px}
        .badge{display:inline-block;padding:1px 8px;border-radius:10px;background:#ddd;font-weight:600;font-size:12px}
        .badge.passed{background:#cdeccd;color:#185c18}
        .badge.failed,.badge.stopped{background:#f7c8c8;color:#8a1010}
        .badge.malformed{background:#fde2b0;color:#7a4a00}
        .badge.crashed,.badge.hung{background:#e2c8f7;color:#4b1a7a}
        table.index{border-collapse:collapse;width:100%;margin:12px 0 20px;background:#fff}
        table.index td,table.index th{border-bottom:1px solid #e4e4e4;padding:3px 8px;text-align:left;vertical-align:top}
        td.num{text-align:right;white-space:nowrap}
        td.why{font-family:"DejaVu Sans Mono",monospace;font-size:12px;word-break:break-word}
        details.script{background:#fff;border:1px solid #ddd;border-radius:6px;margin:10px 0;padding:6px 12px}
        details.script>summary{cursor:pointer;font-size:15px}
        details.script.passed{border-left:5px solid #4caf50}
        details.script:not(.passed){border-left:5px solid #d32f2f}
        .path{font-weight:600}.time{color:#777;font-size:12px}
        .failure{background:#fff4f4;border:1px solid #f1c0c0;border-radius:4px;padding:6px 10px;margin:8px 0}
        .failure code{white-space:pre-wrap;word-break:break-word}
        table.expect th{text-align:right;padding-right:8px;color:#555;font-weight:normal}
        .row{display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start}
        .row figure.gesture{flex:1 1 400px;max-width:560px}
        .row figure.closeup{flex:0 0 360px}
        svg.trails .failedhere text{fill:#b71c1c;stroke:#fff;stroke-width:.3px;paint-order:stroke;font-family:sans-serif;font-weight:bold}
        svg.trails .scale text{fill:#000;stroke:none;font-family:sans-serif}
        .pictures figure,.snapshots figure{margin:10px 0}
        figcaption{color:#555;font-size:12px;margin:2px 0 4px}
        svg.trails{max-width:min(100%,560px);height:auto;border:1px solid #ccc;background:#fff}
        svg.trails .id{fill:#fff;font-family:sans-serif;font-weight:bold;text-anchor:middle;stroke:none}
        svg.trails .faint{opacity:.55}
        svg.trails text.none{fill:#555;font:14px sans-serif}
        svg.timeline{max-width:100%;height:auto;border:1px solid #ddd;background:#fff;font:11px "DejaVu Sans",sans-serif}
        svg.timeline .sep{stroke:#e4e4e4}
        svg.timeline .tick{stroke:#f0f0f0}
        svg.timeline .ticklabel{fill:#777;text-anchor:middle}
        svg.timeline .axisname,svg.timeline .lanename{fill:#333;font-weight:600}
        svg.timeline .axisname{fill:#777;font-weight:normal}
        svg.timeline .failure{stroke:#d32f2f;stroke-width:1.5;stroke-dasharray:4 3}
        svg.timeline .mark text{fill:#222}
        svg.timeline .active rect{fill:#1f77b4;fill-opacity:.6}
        svg.timeline .recognized circle{fill:#2e7d32}
        svg.timeline .recognized text{fill:#2e7d32}
        svg.timeline .failed path{stroke:#d32f2f;stroke-width:2.5}
        svg.timeline .failed text{fill:#b71c1c}
        svg.timeline .cancelled path{stroke:#ef6c00;stroke-width:2.5}
        svg.timeline .cancelled text{fill:#ef6c00}
        svg.timeline .label line{stroke:#555;stroke-width:1.5}
        svg.timeline .passed circle{fill:#66bb6a}
        svg.timeline .snapshot rect{fill:#1f77b4}
        svg.timeline .failedCheck path{stroke:#d32f2f;stroke-width:3}
        svg.timeline .failedCheck text{fill:#b71c1c;font-weight:600}
        .snapshots{display:flex;flex-wrap:wrap;gap:12px}
        .snapshot{display:flex;gap:8px;flex-wrap:wrap}
        .snapshot img{max-width:320px;border:1px solid #ccc;background:#fff}
        .snapshot.mismatch img{border-color:#d32f2f}
        .output pre{background:#f4f4f4;padding:6px;overflow:auto;max-height:300px;font-size:12px}
        """
}

/// A PNG's size, from its header (the IHDR chunk right after the
/// signature); nil when the file is missing or no PNG.
struct PNGSize {
    var width: Double
    var height: Double

    init?(path: String) {
        guard let bytes = try? ScriptFiles.readBytes(path, upTo: 24), bytes.count >= 24,
              bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func word(_ at: Int) -> Double { Double(bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }) }
        width = word(16)
        height = word(20)
    }
}
