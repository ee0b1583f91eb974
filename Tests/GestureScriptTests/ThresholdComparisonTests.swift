import DemoApp
import Foundation
import GestureKit
import GestureRender
@testable import GestureScript
import TestSupport
import Testing

/// The `thresholds` command and the comparison behind `gesture-demo
/// compare`: the same input played under every preset, with each
/// recognizer's decision, time and reason.
@MainActor
@Suite("Threshold comparison")
struct ThresholdComparisonTests {
    /// A slow 7 px wobble at (138, 230), in the Gestures page's tap area.
    static let wobblyTap = """
        size 800 600
        page gestures
        down 1 138 230
        frame
        wait 100
        move 1 142 231
        frame
        wait 100
        move 1 145 232
        frame
        wait 100
        up 1
        frame
        wait 500
        """

    func comparison(_ text: String) throws -> ThresholdComparison {
        ThresholdComparison(script: try ScriptParser.parse(text, fileName: "t.gds"), makeWindow: { preset, clock in
            let window = DemoApp.makeWindow(timeSource: clock)
            window.gestureThresholds = preset
            return window
        }, configure: { player, _ in player.connectPages(DemoPage.names) })
    }

    @Test("'thresholds android' parses, prints back, and switches the window; an unknown preset is malformed, listing the names")
    func command() throws {
        let script = try ScriptParser.parse("thresholds android", fileName: "s.gds")
        #expect(script.commands.map(\.command) == [.thresholds(name: "android")])
        #expect(ScriptCommand.thresholds(name: "gtk").description == "thresholds gtk")
        let clock = VirtualTimeSource()
        let window = DemoApp.makeWindow(timeSource: clock)
        var records: [ScriptRecord] = []
        let player = ScriptPlayer(window: window, clock: clock)
        player.onRecord = { records.append($0) }
        try player.run(script)
        #expect(window.gestureThresholds.name == "android")
        #expect(records.first?.type == "input" && records.first?["event"] == .string("thresholds")
                && records.first?["name"] == .string("android"))
        do {
            _ = try ScriptParser.parse("thresholds ios", fileName: "s.gds")
            Issue.record("an unknown preset parsed")
        } catch {
            #expect(error.errors.map(\.description) == [
                "s.gds:1:12: expected PRESET as one of: uikit, android, gtk, flutter, got 'ios' (usage: thresholds uikit|android|gtk|flutter)",
            ])
        }
    }

    @Test("a slow 7 px wobbly tap is a tap for UIKit and Flutter, a pan for Android (4.8 px), nothing for GTK (5 px click, 8 px drag)")
    func wobblyTap() throws {
        let runs = try comparison(Self.wobblyTap).run()
        #expect(runs.map(\.thresholds.name) == ["uikit", "android", "gtk", "flutter"])
        #expect(runs.map(ComparisonReport.gist(of:)) == ["lab.tap, tap", "lab.pan", "nothing recognized", "lab.tap, tap"])
        let android = runs[1].verdicts
        #expect(android.contains(Verdict(recognizer: "tap", view: "tapArea", state: .failed, time: 0.2,
                                         reason: "moved 7 px > 4.8 px", location: Point(x: 145, y: 232))))
        let pan = try #require(android.first { $0.recognizer == "lab.pan" && $0.state == .began })
        #expect(pan.reason == "moved 7 px > 4.8 px" && pan.time == 0.2)
        // UIKit's single tap waits for its double tap to fail: 0.35 s after the lift.
        let tap = try #require(runs[0].verdicts.first { $0.recognizer == "tap" })
        #expect(tap.state == .ended && abs(tap.time - 0.65) < 1e-9 && tap.reason == "doubleTap failed")
    }

    @Test("the lab's probes change nothing the app does: its labels read the same with and without them")
    func probesAreInvisible() throws {
        let text = try String(contentsOfFile: Scenarios.path("gestures.gds"), encoding: .utf8)
        let script = try ScriptParser.parse(text, fileName: "gestures.gds")
        func labels(withProbes: Bool) throws -> [String] {
            let clock = VirtualTimeSource()
            let window = DemoApp.makeWindow(timeSource: clock)
            let probes = withProbes ? LabRecognizers(window: window) : nil
            let recorder = LabelTexts()
            window.addObserver(recorder)
            let player = ScriptPlayer(window: window, clock: clock)
            player.connectPages(DemoPage.names)
            // Checks of the last gesture see the probes; the labels must not.
            try player.run(script)
            withExtendedLifetime(probes) {}
            return recorder.texts
        }
        let plain = try labels(withProbes: false)
        #expect(plain.count > 10)
        #expect(try labels(withProbes: true) == plain)
    }

    @Test("a script's own 'thresholds' lines are left out: each run keeps its preset")
    func ignoresThresholdsLines() throws {
        let comparison = try comparison("thresholds gtk\n" + Self.wobblyTap)
        #expect(comparison.ignoredLines.map(\.line) == [1])
        #expect(comparison.run().map(\.thresholds.name) == ["uikit", "android", "gtk", "flutter"])
    }

    @Test("touches split into gestures: fingers down together are one, a later touch-down starts the next")
    func gestureSpans() {
        func trail(_ id: Int, _ from: Double, _ to: Double) -> TouchTrail {
            TouchTrail(identifier: id, samples: [.init(time: from, location: .zero), .init(time: to, location: .zero)])
        }
        let spans = GestureSpan.split([trail(1, 0, 0.5), trail(2, 0.2, 0.6), trail(3, 1, 1.1)])
        #expect(spans.map { $0.trails.map(\.identifier) } == [[1, 2], [3]])
        #expect(spans.map(\.start) == [0, 1] && spans[0].until == 1 && spans[1].until == .infinity)
    }

    @Test("the report lists each preset's thresholds as applied and every decision in columns")
    func reportText() throws {
        let runs = try comparison(Self.wobblyTap).run()
        let text = ComparisonReport(scriptName: "t.gds", runs: runs, size: Size(width: 800, height: 600),
                                    density: .default).text
        #expect(text.contains("  android  tap slop 8 dp = 1.27 mm = 4.8 px; pan slop 8 dp = 1.27 mm = 4.8 px;"), "\(text)")
        #expect(text.contains("android  tap            tapArea  failed      0.200   moved 7 px > 4.8 px"), "\(text)")
        #expect(text.contains("  gtk      nothing recognized"), "\(text)")
    }

    @Test("the picture shows every preset at one scale at which Flutter's 36 px pan ring still fits, and writes a PNG of its size")
    func picture() throws {
        let runs = try comparison(Self.wobblyTap).run()
        let span = try #require(GestureSpan.split(runs[0].trails).first)
        let picture = ComparisonPicture(runs: runs, span: span, title: "t")
        let window = picture.window()
        #expect(window.subviews.count == 1 + runs.count, "a header and a panel per preset")
        let viewport = picture.viewport()
        #expect(2 * (36 + 7) * viewport.scale <= ComparisonPicture.zoomHeight + 1e-9)
        #expect(viewport.scale > 3, "a 7 px wobble spans over 20 px of picture")
        let folder = try temporaryDirectory("comparison")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("comparison.png").path
        try picture.writePNG(to: path)
        let image = try RenderedImage(contentsOfPNG: path)
        #expect(Double(image.width) == window.bounds.width && Double(image.height) == window.bounds.height)
    }
}

final class LabelTexts: WindowObserver {
    var texts: [String] = []
    func labelTextDidChange(_ label: Label, from oldText: String) { texts.append("\(label.name ?? ""): \(label.text)") }
}
