import Foundation
import GestureScript
import TestSupport
import Testing
@testable import GestureTestRunner

/// A long run's report stays one a browser opens: its pictures draw a
/// bounded number of marks, trails and samples, saying what they left out,
/// and its section lists repeated snapshots once and a bounded number of
/// failed checks.
@Suite("Reports of long runs: bounded pictures that say what they leave out")
struct LongRunReportTests {
    static func story(_ records: [ScriptRecord]) -> GestureStory { GestureStory(records: records) }

    static func label(_ t: Double, _ text: String) -> ScriptRecord {
        ScriptRecord(time: t, type: "label", [("name", .string("output")), ("text", .string(text))])
    }

    static func input(_ t: Double, _ event: String, id: Int = 0, x: Double = 0, y: Double = 0) -> ScriptRecord {
        ScriptRecord(time: t, type: "input", [("event", .string(event)), ("id", .number(Double(id))),
                                              ("x", .number(x)), ("y", .number(y))])
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("twenty thousand label changes draw as a few hundred marks; the last says its text and how many it stands for")
    func timelineMergesCrowdedMarks() {
        let labels = (0..<20_000).map { Self.label(Double($0) / 1000, "n \($0)") }
        let svg = TimelinePicture(story: Self.story(labels)).svg.render(xml: true)
        let marks = Self.count(#"class="mark label""#, in: svg)
        // 814 px of axis, a mark at most every 2 px.
        #expect(marks > 100 && marks <= 410, "\(marks) label marks")
        #expect(svg.contains("n 19999 (+"), "the last mark shows the last text")
        #expect(svg.contains("the last: 19.999 s output: n 19999"), "its tooltip names the last change")
        #expect(!svg.contains(">n 5000<"), "a merged change is not drawn on its own")
    }

    @Test("label and control changes come back in order with their texts, whatever their characters")
    func labelNotesKeepTheirTexts() {
        let control = ScriptRecord(time: 3, type: "control", [("name", .string("thresholds")), ("value", .string("gtk"))])
        let story = Self.story([Self.label(1, "Panned, Translation:(10,3)"), Self.label(1, ""),
                                Self.label(2, "Tapped ×2 ✓ «é»"), control])
        let notes = Array(story.labels)
        #expect(notes.map(\.time) == [1, 1, 2, 3])
        #expect(notes.map(\.text) == ["output: Panned, Translation:(10,3)", "output: ", "output: Tapped ×2 ✓ «é»",
                                       "thresholds: gtk"])
        #expect(notes.allSatisfy { $0.line == nil })
        #expect(story.labels.count == 4)
    }

    @Test("marks far apart are drawn each as written")
    func timelineKeepsSparseMarks() {
        let svg = TimelinePicture(story: Self.story([Self.label(0, "first"), Self.label(5, "second")])).svg.render(xml: true)
        #expect(Self.count(#"class="mark label""#, in: svg) == 2)
        #expect(svg.contains(">output: first<") || svg.contains(">first<"), "\(svg)")
        #expect(!svg.contains("(+"))
    }

    @Test("a trail of a hundred thousand samples is drawn through 2000 of them, from its first to its last")
    func longTrailIsThinned() throws {
        var records = [Self.input(0, "down", x: 0, y: 0)]
        records += (1...100_000).map { Self.input(Double($0) / 1000, "move", x: Double($0 % 400), y: Double($0 % 7)) }
        records.append(Self.input(100.001, "up"))
        let story = Self.story(records)
        let svg = TrailsPicture(story: story, frame: nil, width: 800, height: 600).svg.render(xml: true)
        let points = try #require(svg.firstMatch(of: /points="([^"]*)"/)).output.1.split(separator: " ")
        #expect(points.count == TrailsPicture.maximumSamplesDrawn)
        let trail = story.trails[0]
        #expect(points.first == "\(Markup.number(trail.points[0].x)),\(Markup.number(trail.points[0].y))")
        #expect(points.last == "\(Markup.number(trail.points.last!.x)),\(Markup.number(trail.points.last!.y))")
        #expect(svg.contains("\(trail.points.count) samples, drawn through 2000 of them"))
    }

    @Test("a short trail is drawn through every sample")
    func shortTrailIsWhole() {
        let story = Self.story([Self.input(0, "down", x: 1, y: 2), Self.input(0.1, "move", x: 3, y: 4), Self.input(0.2, "up")])
        #expect(TrailsPicture.drawnSamples(of: story.trails[0]).map(\.x) == story.trails[0].points.map(\.x))
    }

    @Test("of a thousand taps, 400 trails are drawn: the gesture before the failure and the last ones")
    func manyTrailsAreCapped() {
        var records: [ScriptRecord] = []
        for i in 0..<1000 {
            let t = Double(i)
            // The first tap is where the failure came from: at x 5.
            records += [Self.input(t, "down", x: i == 0 ? 5 : 100, y: Double(i)), Self.input(t + 0.1, "up")]
            if i == 0 {
                records.append(ScriptRecord(time: 0.5, type: "assert", line: 3,
                                            [("subject", .string("label output")), ("op", .string("==")),
                                             ("expected", .string("Tapped")), ("actual", .string("None")), ("ok", .bool(false))]))
            }
        }
        let story = Self.story(records)
        #expect(story.focus != nil)
        let svg = TrailsPicture(story: story, frame: nil, width: 800, height: 600).svg.render(xml: true)
        #expect(Self.count(#"<g class="trail"#, in: svg) == TrailsPicture.maximumTrailsDrawn)
        #expect(svg.contains("(400 of its 1000 trails drawn)"))
        func dot(_ x: Double, _ y: Double) -> String { #"cx="\#(Markup.number(x))" cy="\#(Markup.number(y))""# }
        #expect(svg.contains(dot(5, 0)), "the failing tap's trail is among them")
        #expect(svg.contains(dot(100, 999)), "and the last tap's")
        #expect(!svg.contains(dot(100, 300)), "an early tap of no interest is left out")
    }

    @Test("a snapshot taken again under its name shows once; past 50 failed checks the section says how many more")
    func sectionIsBounded() throws {
        let folder = try temporaryDirectoryRemovedAtExit("long-run-report")
        let scriptFolder = folder.appendingPathComponent("scripts/s.gds")
        try FileManager.default.createDirectory(at: scriptFolder, withIntermediateDirectories: true)
        var records = [ScriptRecord(time: 0, type: "start", [("script", .string("s.gds"))])]
        for i in 0..<60 {
            records.append(ScriptRecord(time: 0, type: "snapshot", line: i + 1,
                                        [("name", .string("same")), ("file", .string("same.png"))]))
            records.append(ScriptRecord(time: 0, type: "assert", line: i + 1,
                                        [("subject", .string("page")), ("op", .string("==")), ("expected", .string("touches")),
                                         ("actual", .string("flatcube")), ("ok", .bool(false))]))
        }
        records.append(ScriptRecord(time: 0, type: "end", [("checks", .number(60))]))
        try records.map { $0.jsonLine + "\n" }.joined()
            .write(to: scriptFolder.appendingPathComponent("log.jsonl"), atomically: false, encoding: .utf8)
        let result = ScriptResult(script: ScriptFile(path: "s.gds", size: 1), exit: .exited(1), output: "", seconds: 0.1,
                                  folder: scriptFolder.path)
        #expect(result.failedChecks.count == 60)
        let html = HTMLReport(results: [result], folder: folder.path, title: "t").renderSection(result)
        #expect(Self.count(#"<img src="scripts/s.gds/same.png""#, in: html) == 1, "\(html)")
        #expect(Self.count(#"<table class="expect">"#, in: html) == HTMLReport.maximumChecksShown)
        #expect(html.contains("and 10 more failed checks"))
    }
}
