import DemoApp
import Foundation
import GestureKit
import GestureScript

/// What a script player needs to know of this app, for headless runs and
/// live replays alike: its pages, FlatCube's counters, where snapshots
/// go, and where records are written.
enum ScriptSetup {
    /// The counters `expect counter NAME` reads: FlatCube's counts, which
    /// its labels show.
    static let counterNames = ["single", "double"]

    /// Parses a script against the app's pages and counters. A malformed
    /// script is a usage error (exit 2); several malformed lines are each
    /// reported, compiler style, before the summary.
    static func parse(_ text: String, name: String, report: (String) -> Void) throws -> Script {
        do {
            return try ScriptParser.parse(text, fileName: name, pages: DemoPage.allCases.map(\.rawValue),
                                          counters: counterNames)
        } catch {
            guard error.errors.count > 1 else { throw ExitError.usage(error.description) }
            for line in error.errors { report(line.description) }
            throw ExitError.usage("\(error.errors.count) malformed lines in \(name); nothing was run")
        }
    }

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
        player.onPage = { name in
            if let page = DemoPage(rawValue: name) { DemoApp.show(page, in: window) }
        }
        let tabs = window.rootViewController as? TabBarController
        player.currentPage = {
            tabs.flatMap { DemoPage.allCases.indices.contains($0.selectedIndex) ? DemoPage.allCases[$0.selectedIndex].rawValue : nil }
        }
        let flatcube = tabs?.viewControllers.lazy.compactMap { $0 as? FlatCubeViewController }.first
        player.counters = [
            "single": { flatcube?.singleCount ?? 0 },
            "double": { flatcube?.doubleCount ?? 0 },
        ]
    }
}
