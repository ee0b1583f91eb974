import GestureScript
import Testing
@testable import GestureTestRunner

@Suite("Report parts: markup, log reading, gesture story, discovery")
struct ReportPartsTests {
    @Test("text and attributes are escaped, so a label reading <b>&\"x\" shows as written")
    func markupEscapes() {
        let page = Markup.el("p", [("title", "a \"quote\" & <tag>")]) { "<b>&\"x\"" }
        #expect(page.render() == #"<p title="a &quot;quote&quot; &amp; &lt;tag&gt;">&lt;b&gt;&amp;"x"</p>"#)
        #expect(Markup.el("div").render() == "<div></div>", "HTML closes non-void elements")
        #expect(Markup.el("div").render(xml: true) == "<div/>")
        #expect(Markup.el("img", [("src", "a.png")]).render() == #"<img src="a.png"/>"#)
        #expect(Markup.text("bell\u{7} and tab\t").render() == "bell and tab\t", "XML cannot carry control characters")
    }

    @Test("log lines read back into the records EventLog wrote: escapes, unicode, numbers, booleans")
    func logReader() {
        let record = ScriptRecord(time: 1.25, type: "label", line: 7,
                                  [("name", .string("output")), ("text", .string("a \"b\"\n\\ é 👍 \u{1}")),
                                   ("x", .number(-3.5e-3)), ("ok", .bool(false))])
        let back = LogReader.records(in: record.jsonLine + "\nnot json\n{\"t\":2,\"type\":\"end\",\"n\":null}\n")
        #expect(back.count == 2)
        #expect(back.first == record)
        #expect(back.last?.type == "end" && back.last?.time == 2 && back.last?["n"] == nil)
    }

    @Test("the story of a run: fingers' trails, recognizer transitions with reasons, and the gesture before the failure")
    func story() {
        let lines = """
            {"t":0,"type":"input","event":"down","id":1000,"x":10,"y":10}
            {"t":0.016,"type":"input","event":"move","id":1000,"x":20,"y":10}
            {"t":0.05,"type":"input","event":"up","id":1000}
            {"t":0.05,"type":"gesture","name":"tap","state":"ended"}
            {"t":1,"type":"input","event":"down","id":1000,"x":100,"y":100}
            {"t":1.01,"type":"input","event":"down","id":1001,"x":150,"y":100}
            {"t":1.05,"type":"gesture","name":"tap","state":"failed","reason":"moved 12 px > 10 px"}
            {"t":1.2,"type":"input","event":"cancel"}
            {"t":1.5,"type":"assert","line":9,"ok":false,"subject":"label output","op":"==","expected":"Tapped","actual":"None"}
            {"t":1.5,"type":"end","checks":1,"failed":1,"completed":true}
            """
        let story = GestureStory(records: LogReader.records(in: lines))
        #expect(story.trails.map(\.id) == ["1000", "1000", "1001"])
        #expect(story.trails.map(\.end) == ["up", "cancel", "cancel"])
        #expect(story.trails[0].points.map(\.x) == [10, 20, 20])
        #expect(story.recognizers.map(\.name) == ["tap"])
        #expect(story.recognizers[0].transitions.map(\.state) == ["ended", "failed"])
        #expect(story.recognizers[0].transitions[1].reason == "moved 12 px > 10 px")
        #expect(story.failureTime == 1.5)
        #expect(story.focus == 1...1.5, "the two-finger touch that began at 1 s, not the tap before it")
    }

    @Test("a folder gives its .gds scripts and its subfolders', sorted, once each, whatever the spelling of the path")
    func discovery() throws {
        let scripts = try ScriptDiscovery.scripts(in: ["./Tests/RunnerFixtures/suite/passing/", "Tests/RunnerFixtures/suite/passing/tap.gds"])
        #expect(scripts.map(\.path) == ["Tests/RunnerFixtures/suite/passing/flatcube.gds",
                                        "Tests/RunnerFixtures/suite/passing/pinch.gds",
                                        "Tests/RunnerFixtures/suite/passing/tap.gds"])
        let all = try ScriptDiscovery.scripts(in: ["Tests/RunnerFixtures/suite"])
        #expect(all.count == 9)
        #expect(!all.contains { $0.path.hasSuffix(".png") })
    }

    @Test("each script's report folder is named after its path, unique and the same on every machine")
    func folderNames() {
        let names = TestRunner.folderNames(for: [ScriptFile(path: "a/b c.gds", size: 1), ScriptFile(path: "a--b_c.gds", size: 1),
                                                 ScriptFile(path: "a/b_c.gds", size: 1), ScriptFile(path: "../x.gds", size: 1)])
        #expect(names == ["a--b_c.gds", "a--b_c.gds-2", "a--b_c.gds-3", "_..--x.gds"])
    }
}
