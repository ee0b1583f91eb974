import Foundation
import TestSupport
import Testing

/// `gesture-demo compare` and the `--thresholds` and `--dpi` flags, run as
/// a user runs them.
@Suite("compare command and threshold flags")
struct CompareCommandTests {
    /// Runs the app binary with `arguments` in a scratch folder holding
    /// `files`, and hands that folder to `check`.
    func run(_ arguments: [String], files: [String: String] = [:],
             check: (CommandResult, URL) throws -> Void) throws {
        let scratch = try temporaryDirectory("compare")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (name, text) in files {
            let file = scratch.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        try check(runGestureDemo(arguments, in: scratch), scratch)
    }

    static let wobblyTap = packageRoot.appendingPathComponent("docs/gesture-lab/wobbly-tap.gds").path

    @Test("the documented wobbly tap compares to a table: a tap for UIKit and Flutter, a pan for Android, nothing for GTK; exit 0")
    func documentedExample() throws {
        try run(["compare", Self.wobblyTap]) { output, _ in
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout.contains("preset   recognizer     view     decision    at (s)  why"), "\(output.stdout)")
            for line in ["  uikit    lab.tap, tap", "  android  lab.pan", "  gtk      nothing recognized",
                         "  flutter  lab.tap, tap"] {
                #expect(output.stdout.contains(line + "\n"), "\(line) in \(output.stdout)")
            }
        }
    }

    @Test("at --dpi 150 Android's 8 dp is 7.5 px, so the same wobble is a tap there too")
    func dpi() throws {
        try run(["compare", Self.wobblyTap, "--dpi", "150"]) { output, _ in
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout.contains("5.91 px/mm (150 dpi), given by --dpi"), "\(output.stdout)")
            #expect(output.stdout.contains("  android  lab.tap, tap\n"), "\(output.stdout)")
        }
    }

    @Test("--size and --page after 'compare' set the window a script without size or page lines starts with")
    func windowFlags() throws {
        let text = try String(contentsOfFile: Self.wobblyTap, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("size ") && !$0.hasPrefix("page ") }.joined(separator: "\n") + "\n"
        try run(["compare", "s.gds", "--size", "1000x700", "--page", "gestures"], files: ["s.gds": text]) { output, _ in
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout.contains(" at 1000x700, "), "\(output.stdout)")
            #expect(output.stdout.contains("  android  lab.pan\n"), "\(output.stdout)")
        }
    }

    @Test("--report writes a picture per gesture and an index.html naming them")
    func report() throws {
        try run(["compare", Self.wobblyTap, "--report", "lab"]) { output, folder in
            #expect(output.status == 0, "\(output.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("lab").path).sorted()
            #expect(files == ["gesture-1.png", "index.html"])
            let html = try String(contentsOf: folder.appendingPathComponent("lab/index.html"), encoding: .utf8)
            #expect(html.contains("<img src=\"gesture-1.png\"") && html.contains("lab.pan"))
        }
    }

    @Test("--report refuses a folder holding someone's files (exit 2, left as it was) and empties an earlier report")
    func reportFolder() throws {
        let text = try String(contentsOfFile: Self.wobblyTap, encoding: .utf8)
        let files = ["s.gds": text, "site/index.html": "<html>mine</html>\n", "mixed/notes.txt": "mine\n"]
        try run(["compare", "s.gds", "--report", "site"], files: files) { output, folder in
            #expect(output.status == 2)
            #expect(output.stderr.contains("--report site: the folder holds other files"), "\(output.stderr)")
            let site = folder.appendingPathComponent("site")
            let names = try FileManager.default.contentsOfDirectory(atPath: site.path)
            let page = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(names == ["index.html"])
            #expect(page == "<html>mine</html>\n")
        }
        try run(["compare", "s.gds", "--report", "mixed"], files: files) { output, folder in
            #expect(output.status == 2)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("mixed").path)
            #expect(names == ["notes.txt"])
        }
        // An earlier report of a longer recording: its extra picture goes.
        try run(["compare", "s.gds", "--report", "lab"], files: ["s.gds": text]) { output, folder in
            #expect(output.status == 0, "\(output.stderr)")
            let lab = folder.appendingPathComponent("lab")
            try Data().write(to: lab.appendingPathComponent("gesture-2.png"))
            let again = try runGestureDemo(["compare", "s.gds", "--report", "lab"], in: folder)
            #expect(again.status == 0, "\(again.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: lab.path).sorted()
            #expect(names == ["gesture-1.png", "index.html"])
        }
    }

    @Test("--report's index.html shows a script name with <, > and & as written, escaped")
    func reportEscapesNames() throws {
        let text = try String(contentsOfFile: Self.wobblyTap, encoding: .utf8)
        try run(["compare", "<a&b>.gds", "--report", "lab"], files: ["<a&b>.gds": text]) { output, folder in
            #expect(output.status == 0, "\(output.stderr)")
            let html = try String(contentsOf: folder.appendingPathComponent("lab/index.html"), encoding: .utf8)
            #expect(html.contains("<h1>gesture-demo compare &lt;a&amp;b&gt;.gds</h1>"), "\(html)")
            #expect(!html.contains("<a&b>"))
        }
    }

    @Test("a malformed script: exit 2 with file:line:column, and no report")
    func malformed() throws {
        try run(["compare", "bad.gds", "--report", "lab"], files: ["bad.gds": "size 800 600\ntapp 1 2\n"]) { output, folder in
            #expect(output.status == 2)
            #expect(output.stderr.contains("bad.gds:2:1: unknown command 'tapp'"), "\(output.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("lab").path))
        }
    }

    @Test("a recording without touches (keys and pointer moves only): exit 2, saying there is nothing to judge")
    func noTouches() throws {
        let recording = "page touches\nsize 800 600\npointer move 10 10\nkey press ctrl\nkey release ctrl\nwait 100\n"
        try run(["compare", "keys.gds"], files: ["keys.gds": recording]) { output, _ in
            #expect(output.status == 2)
            #expect(output.stderr.contains("keys.gds has no touches"), "\(output.stderr)")
            #expect(output.stdout.isEmpty)
        }
    }

    @Test("an unknown --thresholds: exit 2 listing the presets, headless and for compare's sibling flags")
    func unknownPreset() throws {
        try run(["--headless", "--thresholds", "ios"]) { output, _ in
            #expect(output.status == 2)
            #expect(output.stderr.contains("--thresholds expects one of: uikit, android, gtk, flutter; got 'ios'"),
                    "\(output.stderr)")
        }
        try run(["compare", Self.wobblyTap, "--dpi", "0"]) { output, _ in
            #expect(output.status == 2)
            #expect(output.stderr.contains("--dpi expects logical pixels per inch from 20 to 1000, got '0'"), "\(output.stderr)")
        }
    }

    @Test("compare refuses the app's run flags and --update-goldens, naming them: exit 2, nothing printed",
          arguments: [["--out", "elsewhere"], ["--script", "x.gds"], ["--update-goldens"], ["--headless", "--record", "r.gds"]])
    func runFlagsRefused(_ flags: [String]) throws {
        try run(["compare", Self.wobblyTap] + flags) { output, _ in
            #expect(output.status == 2)
            let named = flags.filter { $0.hasPrefix("--") }.joined(separator: ", ")
            #expect(output.stderr.contains("writes only --report: \(named) does not apply to it"), "\(output.stderr)")
            #expect(output.stdout.isEmpty)
        }
    }

    @Test("compare refuses --thresholds, even the default's name and after FILE: exit 2, saying it judges under every preset",
          arguments: [["--thresholds", "android", "FILE"], ["--thresholds", "uikit", "FILE"], ["FILE", "--thresholds", "gtk"]])
    func thresholdsRefused(_ arguments: [String]) throws {
        try run(["compare"] + arguments.map { $0 == "FILE" ? Self.wobblyTap : $0 }) { output, _ in
            #expect(output.status == 2)
            #expect(output.stderr.contains("compare judges under every preset; --thresholds does not apply to it"),
                    "\(output.stderr)")
            #expect(output.stdout.isEmpty)
        }
    }

    @Test("--thresholds android judges a headless run by Android's rules: the label says so")
    func headlessPreset() throws {
        let script = "size 800 600\npage gestures\ntap @tapArea\nwait 400\nexpect label output == \"Tapped (android)\"\n"
        try run(["--script", "s.gds", "--out", "out", "--thresholds", "android"], files: ["s.gds": script]) { output, _ in
            #expect(output.status == 0, "\(output.stderr)")
        }
    }
}
