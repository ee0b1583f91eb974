import ArgumentParser
import DemoApp
import GestureKit
import GestureScript
import GestureTestRunner

/// `gesture-demo compare FILE`: the same input judged by every threshold
/// preset (docs/gesture-lab.md).
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Named here: the name ArgumentParser derives from the type's costs
        // every launch a lookup through all the runtime's conformances.
        commandName: "compare",
        abstract: "Replay a script or recording under every threshold preset and compare what each recognized.",
        discussion: """
            Plays FILE headless on a virtual clock once per preset (\(ThresholdOptions.presetNames)), \
            in the app's window plus one recognizer of every kind on the window itself (named lab.*), \
            and prints each preset's thresholds, every recognizer's decision with its time and reason, \
            and what each preset made of the touches. Exit codes: 0 compared, 1 the report could not \
            be written, 2 bad flags, a malformed script, one without touches, or a --report folder \
            holding other files.
            """)

    @Argument(help: "An input script or a --record recording (docs/scripting.md).")
    var file: String

    @OptionGroup var windowOptions: WindowOptions

    @OptionGroup var dpi: DensityOptions

    // The app's own flags are read wherever they stand on the command line
    // (ArgumentParser), so `compare --thresholds X` would reach the app and
    // be ignored here; this hidden group holds what was given, to refuse it.
    @OptionGroup(visibility: .private) var thresholds: ThresholdOptions
    // The app's run flags and --update-goldens, the same way.
    @OptionGroup(visibility: .private) var runOptions: RunOptions
    @OptionGroup(visibility: .private) var goldens: GoldensOption

    @Option(help: ArgumentHelp("Also write a picture of each gesture under every preset, and index.html, "
                                   + "here (a new folder or an earlier report's).",
                               valueName: "DIR"))
    var report: String?

    @OptionGroup var timeLimit: TimeLimitOption

    func validate() throws {
        // A bad --thresholds is reported as such, before it is refused as
        // not applying to compare.
        try checkSharedOptions(timeLimit, windowOptions, thresholds, dpi)
        if thresholds.presetName != nil {
            throw ValidationError("compare judges under every preset; --thresholds does not apply to it")
        }
        let given = runOptions.given + (goldens.update ? ["--update-goldens"] : [])
        if !given.isEmpty {
            throw ValidationError("compare plays FILE headless under every preset and writes only --report: "
                                  + "\(given.joined(separator: ", ")) does not apply to it")
        }
    }

    func run() throws {
        let text = try GestureDemo.readScript(file)
        let script = try ScriptSetup.parse(text, name: file, report: printError)
        let windowSize = try windowOptions.headlessSize()
        let density = try dpi.headlessDensity()
        var comparison = ThresholdComparison(script: script, makeWindow: { [page = windowOptions.page] preset, clock in
            HeadlessRun.makeWindow(size: windowSize, page: page, clock: clock, thresholds: preset, density: density)
        }, configure: { player, window in ScriptSetup.connectApp(player, window: window) })
        comparison.timeLimit = timeLimit.seconds
        let runs = comparison.run()
        guard let trails = runs.first?.trails, !trails.isEmpty else {
            throw ExitError.usage("\(file) has no touches (no down, tap, swipe... and no pointer drag): "
                                  + "nothing for the presets to judge")
        }
        for line in comparison.ignoredLines {
            printError("\(file):\(line.line):\(line.column): note: '\(line.text)' ignored: compare judges under every preset")
        }
        let summary = ComparisonReport(scriptName: file, runs: runs, size: windowSize, density: density)
        print(summary.text, terminator: "")
        if let report {
            try writeReport(summary, spans: GestureSpan.split(trails), to: report)
        }
    }

    /// What a report holds: index.html and a picture per gesture. An
    /// earlier one is emptied first, so no picture of a longer recording
    /// stays behind; any other folder that holds files is refused.
    static var reportFolder: ReportFolder {
        var folder = ReportFolder(flag: "--report", marker: ComparisonHTML.indexName) { name in
            name == ComparisonHTML.indexName || ComparisonHTML.isPictureName(name)
        }
        folder.isOwnMarker = { _, bytes in String(decoding: bytes, as: UTF8.self).contains(ComparisonHTML.titleOpening) }
        return folder
    }

    /// One picture per gesture and an index.html showing them with the
    /// table.
    private func writeReport(_ summary: ComparisonReport, spans: [GestureSpan], to directory: String) throws {
        do {
            try Self.reportFolder.prepare(directory)
        } catch {
            throw ExitError(code: error.exitCode, message: error.message)
        }
        var figures: [(file: String, caption: String)] = []
        let index = ScriptFiles.path(directory, ComparisonHTML.indexName)
        do {
            for (i, span) in spans.enumerated() {
                let name = ComparisonHTML.pictureName(i + 1)
                let fingers = span.trails.count == 1 ? "1 finger" : "\(span.trails.count) fingers"
                let caption = "Gesture \(i + 1) of \(spans.count): \(fingers), from \(formatFixed(span.start, digits: 3)) s"
                let picture = ComparisonPicture(runs: summary.runs, span: span, title: "\(file): \(caption)")
                try picture.writePNG(to: ScriptFiles.path(directory, name))
                figures.append((name, caption))
            }
            let page = ComparisonHTML.page(file: file, text: summary.text, figures: figures)
            try ScriptFiles.writeText(page, to: index)
        } catch {
            throw ExitError.runtime("\(error)")
        }
        printError("report: \(index) and \(figures.count) picture\(figures.count == 1 ? "" : "s")")
    }
}

/// The report's index page: the printed comparison, then each picture.
/// Built as `Markup`, which escapes the texts (a script's file name, a
/// label) as the runner's reports do.
enum ComparisonHTML {
    static let indexName = "index.html"

    /// The file of gesture `number`'s picture.
    static func pictureName(_ number: Int) -> String { "gesture-\(number).png" }

    /// Whether `name` is a picture's file name, as `pictureName` makes it.
    static func isPictureName(_ name: String) -> Bool {
        guard name.hasPrefix("gesture-"), name.hasSuffix(".png"),
              let number = Int(name.dropFirst("gesture-".count).dropLast(".png".count)), number > 0
        else { return false }
        return pictureName(number) == name
    }

    private static let titlePrefix = "gesture-demo compare "

    /// How the page's title starts, in its first few hundred bytes: what
    /// tells an earlier report's index.html from someone else's.
    static let titleOpening = "<title>" + titlePrefix

    static func page(file: String, text: String, figures: [(file: String, caption: String)]) -> String {
        let title = titlePrefix + file
        let document = Markup.el("html", [("lang", "en")]) {
            Markup.el("head") {
                Markup.el("meta", [("charset", "utf-8")])
                Markup.el("title") { title }
                Markup.el("style") { Markup.trusted(stylesheet) }
            }
            Markup.el("body") {
                Markup.el("h1") { title }
                Markup.el("pre") { text }
                for figure in figures {
                    Markup.el("figure") {
                        Markup.el("img", [("src", figure.file), ("alt", figure.caption)])
                        Markup.el("figcaption") { figure.caption }
                    }
                }
            }
        }
        return "<!DOCTYPE html>\n" + document.render() + "\n"
    }

    private static let stylesheet = """
        body{font-family:sans-serif;margin:2em;background:#f2f2f7}pre{background:#fff;padding:1em;overflow-x:auto}
        figure{margin:2em 0}img{max-width:100%;border:1px solid #d1d1d6}
        """
}
