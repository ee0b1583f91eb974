import DemoApp
import GestureKit
import GestureScript

/// What a script player needs to know of this app, for headless runs and
/// live replays alike: its pages, view names and counters, where snapshots
/// go, and where records are written.
enum ScriptSetup {
    /// The counters `expect counter NAME` reads: FlatCube's counts, which
    /// its labels show.
    static let counterNames = ["single", "double"]

    /// Parses a script against the app's pages, views, recognizers and
    /// counters. A malformed script is a usage error (exit 2): each
    /// malformed line is reported, compiler style, then one summary.
    static func parse(_ text: String, name: String, report: (String) -> Void) throws -> Script {
        do {
            return try ScriptParser.parse(text, fileName: name, vocabulary: vocabulary)
        } catch {
            for line in error.errors { report(line.description) }
            let count = error.malformedLineCount
            let lines = "\(count) malformed line\(count == 1 ? "" : "s")"
            // A file that is no script is read only up to its 100th error,
            // which the last line says; that line is no malformed line.
            let cut = error.stoppedReading ? " (not read past line \(error.errors.last?.line ?? 0))" : ""
            throw ExitError.usage("\(lines) in \(name)\(cut); nothing was run")
        }
    }

    /// Every name the app can show, learnt from the app itself: each page,
    /// what each shortcut shows (the help and debug overlays), and the
    /// shake-to-edit sheet, whose buttons are named after the undo actions
    /// of the moment (a placeholder stands for those). Learnt once per
    /// process: a test runner's worker plays many scripts.
    static let vocabulary: ScriptVocabulary = {
        var vocabulary = ScriptVocabulary(pages: DemoPage.names, counters: counterNames)
        let window = DemoApp.makeWindow(timeSource: VirtualTimeSource(), output: { _ in })
        for page in DemoPage.allCases {
            DemoApp.show(page, in: window)
            vocabulary.addNames(shownIn: window)
        }
        for command in window.keyCommands {
            command.action()
            vocabulary.addNames(shownIn: window)
            command.releaseAction?()
        }
        let undo = window.application.undoManager
        let action = String(NameSet.placeholder)
        for _ in 0..<2 {
            undo.registerUndo(named: action) { undo.registerUndo(named: action) {} }
        }
        undo.undo()
        window.application.presentShakeToEdit?()
        vocabulary.addNames(shownIn: window)
        return vocabulary
    }()

    /// Wires `player` and `log` to the app's window: the log hears the
    /// window and its input and takes the player's records.
    static func configure(_ player: ScriptPlayer, window: Window, snapshots: SnapshotWriter, log: EventLog,
                          snapshotTaken: @escaping () -> Void) {
        log.player = player
        player.onRecord = { log.record($0) }
        player.onSnapshot = { request in
            snapshotTaken()
            return try snapshots.write(request)
        }
        connectApp(player, window: window)
    }

    /// Lets `player` switch the app's pages (its tabs, in `DemoPage`
    /// order) and read its counters.
    static func connectApp(_ player: ScriptPlayer, window: Window) {
        player.connectPages(DemoPage.names)
        let tabs = window.rootViewController as? TabBarController
        let flatcube = tabs?.viewControllers.lazy.compactMap { $0 as? FlatCubeViewController }.first
        player.counters = [
            "single": { flatcube?.singleCount ?? 0 },
            "double": { flatcube?.doubleCount ?? 0 },
        ]
    }
}
