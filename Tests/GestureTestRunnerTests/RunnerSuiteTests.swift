import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GestureRender
import TestSupport
import Testing

/// `gesture-demo test` over `Tests/RunnerFixtures/suite`: three passing
/// scripts, two failing ones, one past the virtual time limit, one
/// malformed, one that hangs (minutes of real time) and one whose worker
/// crashes (`crashing-worker.sh` stands in for the worker and dies of
/// SIGSEGV on it), with two workers, a 5-second watchdog, JUnit and the
/// HTML report. One run, read by every test.
@Suite("gesture-demo test over a folder of passing, failing, malformed, hanging and crashing scripts")
struct RunnerSuiteTests {
    struct SuiteRun {
        var process: CommandResult
        var folder: URL
        var junit: URL { folder.appendingPathComponent("junit.xml") }
        var report: URL { folder.appendingPathComponent("report") }
    }

    /// One run for every test here; its folder goes when the tests end.
    static let shared: Result<SuiteRun, Error> = Result {
        let folder = try temporaryDirectoryRemovedAtExit("runner-out")
        let process = try RunnerProcess.test([
            RunnerProcess.suite, "--jobs", "2", "--watchdog", "5",
            "--worker", RunnerProcess.fixtures + "/crashing-worker.sh",
            "--junit", folder.appendingPathComponent("junit.xml").path,
            "--report", folder.appendingPathComponent("report").path,
        ])
        return SuiteRun(process: process, folder: folder)
    }

    static let expected: [String: String] = [
        "passing/tap.gds": "passed", "passing/pinch.gds": "passed", "passing/flatcube.gds": "passed",
        "failing/tap-slides.gds": "failed", "failing/golden-mismatch.gds": "failed", "failing/endless.gds": "stopped",
        "malformed/typo.gds": "malformed", "broken/hanging.gds": "hung", "broken/crashing.gds": "crashed",
    ]

    @Test("exit 2 (a malformed script), and the closing line counts 3 passed, 6 failed")
    func summary() throws {
        let run = try Self.shared.get()
        #expect(run.process.status == 2, "\(run.process.stdout)\n\(run.process.stderr)")
        #expect(run.process.summary == "3 passed, 6 failed")
        #expect(run.process.stdout.contains("2 failed, 1 stopped, 1 malformed, 1 crashed, 1 hung"))
    }

    @Test("every script gets its own result: a hang and a crash stop nothing else")
    func eachScriptsResult() throws {
        let run = try Self.shared.get()
        let results = try String(contentsOf: run.report.appendingPathComponent("results.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        var seen: [String: String] = [:]
        for result in results {
            let script = (result["script"] as! String).replacingOccurrences(of: RunnerProcess.suite + "/", with: "")
            seen[script] = result["status"] as? String
        }
        #expect(seen == Self.expected)
    }

    @Test("failures are printed with their reason: file:line, expected and actual; the signal; the watchdog")
    func reasons() throws {
        let out = try Self.shared.get().process.stdout
        #expect(out.contains(#"FAILED Tests/RunnerFixtures/suite/failing/tap-slides.gds: Tests/RunnerFixtures/suite/failing/tap-slides.gds:7:1: assertion failed: expect label output == "Tapped (uikit)": expected "Tapped (uikit)", actual "Try a gesture in an area""#))
        #expect(out.contains("CRASHED Tests/RunnerFixtures/suite/broken/crashing.gds: crashed: killed by SIGSEGV (signal 11)"))
        #expect(out.contains("HUNG Tests/RunnerFixtures/suite/broken/hanging.gds: hung: still running after 5 s of real time (--watchdog); killed"))
        #expect(out.contains("Tests/RunnerFixtures/suite/failing/endless.gds:4:1: stopped: the script runs past the time limit of 600 s"))
        #expect(out.contains("MALFORMED Tests/RunnerFixtures/suite/malformed/typo.gds: Tests/RunnerFixtures/suite/malformed/typo.gds:3:1: unknown command 'tapp'"))
        #expect(!out.contains("PASSED"), "passing scripts are counted, not listed")
    }

    @Test("the JUnit file has what the schema requires, one test case per script, failures with file:line, expected and actual")
    func junit() throws {
        let run = try Self.shared.get()
        let document = try XMLDocument(contentsOf: run.junit)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 1)
        let suite = try #require(suites.first)
        for attribute in ["name", "tests", "failures", "errors", "time", "timestamp", "hostname"] {
            #expect(suite.attribute(forName: attribute)?.stringValue?.isEmpty == false, "testsuite \(attribute)")
        }
        #expect(suite.attribute(forName: "timestamp")?.stringValue?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) != nil)
        for element in ["properties", "system-out", "system-err"] {
            #expect(suite.elements(forName: element).count == 1, "testsuite has one \(element)")
        }
        #expect(suite.attribute(forName: "tests")?.stringValue == "9")
        #expect(suite.attribute(forName: "failures")?.stringValue == "3")
        #expect(suite.attribute(forName: "errors")?.stringValue == "3")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.count == 9)
        for testCase in cases {
            for attribute in ["name", "classname", "time"] {
                #expect(testCase.attribute(forName: attribute)?.stringValue?.isEmpty == false)
            }
            #expect(Double(testCase.attribute(forName: "time")?.stringValue ?? "") != nil)
            for outcome in testCase.elements(forName: "failure") + testCase.elements(forName: "error") {
                #expect(outcome.attribute(forName: "type")?.stringValue?.isEmpty == false)
                #expect(outcome.attribute(forName: "message")?.stringValue?.isEmpty == false)
            }
        }
        let slides = try #require(cases.first { $0.attribute(forName: "file")?.stringValue == "Tests/RunnerFixtures/suite/failing/tap-slides.gds" })
        #expect(slides.attribute(forName: "line")?.stringValue == "7")
        let failure = try #require(slides.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue?.hasPrefix("Tests/RunnerFixtures/suite/failing/tap-slides.gds:7:1: ") == true)
        #expect(failure.stringValue?.contains("expected: Tapped (uikit)\n  actual:   Try a gesture in an area") == true, "\(failure.stringValue ?? "")")
        let kinds = cases.map { ($0.elements(forName: "failure").first ?? $0.elements(forName: "error").first)?.name ?? "passed" }
        #expect(kinds.filter { $0 == "passed" }.count == 3)
    }

    /// The report's page, parsed (it is well-formed XML as well as HTML).
    func page() throws -> (XMLDocument, URL) {
        let report = try Self.shared.get().report
        return (try XMLDocument(contentsOf: report.appendingPathComponent("index.html")), report)
    }

    @Test("the HTML report is self-contained: no script, no network, every image it shows is in its folder")
    func reportIsSelfContained() throws {
        let (page, report) = try page()
        #expect(try page.nodes(forXPath: "//script").isEmpty)
        #expect(try page.nodes(forXPath: "//link").isEmpty)
        let sources = try page.nodes(forXPath: "//img/@src | //*[local-name()='image']/@href").compactMap(\.stringValue)
        #expect(sources.count >= 10)
        for source in sources {
            #expect(!source.contains("://") && !source.hasPrefix("/"), "\(source) is relative")
            #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent(source).path), "\(source)")
        }
    }

    @Test("the report shows each script's result, the failing check, and the golden and diff of a mismatching snapshot")
    func reportContents() throws {
        let (page, _) = try page()
        let sections = try page.nodes(forXPath: "//details[contains(@class,'script')]") as! [XMLElement]
        #expect(sections.count == 9)
        let classes = sections.compactMap { $0.attribute(forName: "class")?.stringValue }
        for status in Set(Self.expected.values) {
            #expect(classes.filter { $0 == "script \(status)" }.count == Self.expected.values.filter { $0 == status }.count)
        }
        let golden = try #require(sections.first { $0.stringValue?.contains("golden-mismatch.gds") == true })
        let images = try golden.nodes(forXPath: ".//img/@src").compactMap(\.stringValue)
        #expect(images.contains { $0.hasSuffix("/flatcube.png") })
        #expect(images.contains { $0.hasSuffix("/flatcube.golden.png") })
        #expect(images.contains { $0.hasSuffix("/flatcube.diff.png") })
        #expect(golden.stringValue?.contains(/\d+ of 172800 pixels differ/) == true)
    }

    @Test("the picture of a failed tap shows why: the finger's trail, where the tap failed and the reason, on the time axis")
    func gesturePicture() throws {
        let (page, _) = try page()
        let sections = try page.nodes(forXPath: "//details[contains(@class,'script')]") as! [XMLElement]
        let slides = try #require(sections.first { $0.stringValue?.contains("tap-slides.gds") == true })
        // (FoundationXML reads the SVG elements' attributes through XPath
        // only.)
        let classes = try slides.nodes(forXPath: ".//*[local-name()='svg']/@class").compactMap(\.stringValue)
        #expect(classes.contains("trails") && classes.contains("trails closeup") && classes.contains("timeline"))
        let trail = try slides.nodes(forXPath: ".//*[local-name()='polyline']/@points").first?.stringValue
        #expect((trail?.split(separator: " ").count ?? 0) >= 3, "the drag's samples: \(trail ?? "none")")
        let timeline = try slides.nodes(forXPath: ".//*[local-name()='svg'][@class='timeline']").first?.stringValue ?? ""
        #expect(timeline.contains("failed: moved 12 px > 10 px"), "the tap's reason: \(timeline)")
        #expect(timeline.contains(#"line 7: label output == "Tapped (uikit)", actual "Try a gesture in an area""#))
        let closeUp = try slides.nodes(forXPath: ".//*[local-name()='svg'][@class='trails closeup']").first?.stringValue
        #expect(closeUp?.contains("tap, doubleTap failed") == true)
    }

    /// Headless Chromium, when installed (scripts/setup.sh --test installs
    /// it; without it the parsed checks above still hold).
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test("a real browser engine shows the report with its images (headless Chromium, when installed)",
          .enabled(if: RunnerSuiteTests.chromium != nil, "Chromium is not installed: scripts/setup.sh --test installs it"))
    func browser() throws {
        let chromium = try #require(Self.chromium)
        let run = try Self.shared.get()
        let shot = run.folder.appendingPathComponent("report.png")
        _ = try runCommand([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            "--window-size=1200,6000", "--screenshot=\(shot.path)",
                            run.report.appendingPathComponent("index.html").absoluteString])
        let image = try RenderedImage(contentsOfPNG: shot.path)
        #expect(image.width == 1200)
        // FlatCube's yellow squares are only in the final frames and
        // snapshots beside the page: seeing them means the browser loaded
        // the images.
        var yellow = 0, red = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let p = image.pixel(x: x, y: y)
                if p.r > 240 && p.g > 240 && p.b < 170 { yellow += 1 }
                if p.r > 200 && p.g < 60 && p.b < 60 { red += 1 }
            }
        }
        #expect(yellow > 2000, "FlatCube's yellow from the images: \(yellow) samples")
        #expect(red > 200, "the red failure marks and diff: \(red) samples")
    }
}
