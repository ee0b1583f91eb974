import DemoApp
import Foundation
import GestureKit
import GestureRender
import GestureScript

/// Plays a script without a compositor on a virtual clock, writing PNG
/// snapshots and `log.jsonl` into the output folder.
struct HeadlessRun {
    var scriptText: String
    var scriptName: String
    var outputDirectory: String
    var size: Size
    var page: DemoPage

    /// Returns a summary line for the user.
    func run() throws -> String {
        let script: Script
        do {
            script = try ScriptParser.parse(scriptText, fileName: scriptName, pages: DemoPage.allCases.map(\.rawValue))
        } catch {
            throw ExitError.usage(error.description)
        }
        // Only a well-formed script creates the output folder.
        do {
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw ExitError.runtime("cannot create output folder \(outputDirectory): \(error.localizedDescription)")
        }
        let clock = VirtualTimeSource()
        let window = DemoApp.makeWindow(size: size, timeSource: clock, page: page)
        var lines: [String] = []
        let log = EventLog(timeSource: clock) { lines.append($0) }
        window.addObserver(log)
        let player = ScriptPlayer(window: window, clock: clock)
        var written: [String] = []
        player.onSnapshot = { name in
            let path = (outputDirectory as NSString).appendingPathComponent(name + ".png")
            try RenderedImage(window: window).writePNG(to: path)
            log.record("snapshot", [("name", name), ("file", name + ".png")])
            written.append(path)
        }
        player.onPage = { name in
            if let page = DemoPage(rawValue: name) { DemoApp.show(page, in: window) }
        }
        var failure: Error?
        do {
            try player.run(script)
        } catch {
            failure = error
        }
        // The log is written even when the run fails, so the failure can be
        // traced.
        let logPath = (outputDirectory as NSString).appendingPathComponent("log.jsonl")
        let logText = lines.map { $0 + "\n" }.joined()
        do {
            try logText.write(toFile: logPath, atomically: true, encoding: .utf8)
        } catch {
            throw ExitError.runtime("cannot write \(logPath): \(error.localizedDescription)")
        }
        if let failure {
            throw ExitError.runtime("\(failure)")
        }
        return "played \(scriptName): \(written.count) snapshot(s) and log.jsonl in \(outputDirectory)"
    }
}
