import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The scenario files in `Tests/Scenarios`, run the way their users run
/// them: the built `gesture-demo --headless --script FILE --out DIR`. Each
/// seed rule has a scenario that must pass (exit 0); the deliberately
/// failing ones must exit 1 saying which check failed, where, expected vs
/// actual; the malformed ones must exit 2 with file:line:column.
@Suite("Scenario files")
struct ScenarioTests {
    @Test("each scenario passes: exit 0, nothing on stderr, every check in the log ok",
          arguments: Scenarios.passing)
    func scenarioPasses(_ name: String) throws {
        let run = try Scenarios.run(name)
        defer { run.remove() }
        #expect(run.exitCode == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.isEmpty)
        let asserts = run.records.filter { $0["type"] as? String == "assert" }
        #expect(!asserts.isEmpty, "a scenario checks something")
        #expect(asserts.allSatisfy { $0["ok"] as? Bool == true })
        #expect(run.records.last?["type"] as? String == "end")
        #expect(run.records.last?["completed"] as? Bool == true)
    }

    @Test("a failed check exits 1 naming file:line, expected and actual, and the run goes on to the end")
    func failedChecks() throws {
        let run = try Scenarios.run("failing/wrong-expectations.gds")
        defer { run.remove() }
        #expect(run.exitCode == 1)
        #expect(run.stderr.contains(#"wrong-expectations.gds:7:1: assertion failed: expect label singleCounter == "2": expected "2", actual "1""#))
        #expect(run.stderr.contains("wrong-expectations.gds:9:1: assertion failed: expect view single alpha > 0.9: expected > 0.9, actual 0.6"))
        #expect(run.stderr.contains("gesture-demo: 2 of 3 checks failed"))
        #expect(!run.stderr.contains(":8:1:"), "the passing check is not reported")
        #expect(FileManager.default.fileExists(atPath: run.out.appendingPathComponent("after-failures.png").path))
        let asserts = run.records.filter { $0["type"] as? String == "assert" }
        #expect(asserts.map { $0["line"] as? Int } == [7, 8, 9])
        #expect(asserts.map { $0["ok"] as? Bool } == [false, true, false])
        #expect(asserts.first?["expected"] as? String == "2" && asserts.first?["actual"] as? String == "1")
        #expect(run.records.last?["completed"] as? Bool == true)
    }

    @Test("a snapshot that differs from its golden exits 1 and writes a diff image")
    func goldenMismatch() throws {
        let run = try Scenarios.run("failing/golden-mismatch.gds")
        defer { run.remove() }
        #expect(run.exitCode == 1)
        #expect(run.stderr.contains("golden-mismatch.gds:7:1: assertion failed: snapshot flatcube-one-tap vs ../../Scenarios/goldens/flatcube-off.png"))
        #expect(run.stderr.contains("pixels differ"))
        #expect(FileManager.default.fileExists(atPath: run.out.appendingPathComponent("flatcube-one-tap.diff.png").path))
    }

    @Test("a view of the app that is not on screen stops the run with exit 1 at its file:line:column")
    func missingView() throws {
        let run = try Scenarios.run("failing/missing-view.gds")
        defer { run.remove() }
        #expect(run.exitCode == 1)
        #expect(run.stderr.contains("missing-view.gds:6:5: no view named 'tapArea' on screen (named views: tabs, flatcube, single,"))
        #expect(run.records.contains { $0["type"] as? String == "error" && $0["line"] as? Int == 6 })
        #expect(run.records.last?["completed"] as? Bool == false)
    }

    @Test("a view name no page of the app has is a malformed line: exit 2, the closest names, nothing run or written")
    func unknownView() throws {
        let run = try Scenarios.run("malformed/unknown-view.gds")
        defer { run.remove() }
        #expect(run.exitCode == 2)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("unknown-view.gds:5:5: no view named 'singel' on any page (closest names: single, ") == true,
                "\(run.stderr)")
        #expect(lines.last == "gesture-demo: 1 malformed line in \(Scenarios.path("malformed/unknown-view.gds")); nothing was run")
        #expect(!FileManager.default.fileExists(atPath: run.out.path))
    }

    @Test("names of every page, the overlays and the shake-to-edit sheet are known before anything runs")
    func knownNames() throws {
        let run = try Scenarios.run(text: """
            expect view help absent
            expect view debugOverlay absent
            expect view actionSheet absent
            expect view pinchArea absent
            expect recognizer checkMark state == possible
            expect last-gesture == none
            page flatcube
            expect label singleCounter == "0"
            """, name: "names.gds")
        defer { run.remove() }
        #expect(run.exitCode == 1, "parsed and ran: \(run.stderr)")
        #expect(run.stderr.contains("names.gds:5:1: assertion failed: expect recognizer checkMark state == possible"),
                "the Gestures page's recognizer is not on screen on Touches: \(run.stderr)")
        #expect(run.stderr.contains("1 of 7 checks failed"))
    }

    @Test("a script that runs past the time limit is stopped with exit 1; --time-limit sets the limit")
    func timeLimit() throws {
        let endless = try Scenarios.run("failing/endless.gds")
        defer { endless.remove() }
        #expect(endless.exitCode == 1)
        #expect(endless.stderr.contains("endless.gds:5:1: stopped: the script runs past the time limit of 600 s of virtual time"))
        #expect(!FileManager.default.fileExists(atPath: endless.out.appendingPathComponent("never-written.png").path))
        let short = try Scenarios.run("touches.gds", arguments: ["--time-limit", "5"])
        defer { short.remove() }
        #expect(short.exitCode == 1)
        #expect(short.stderr.contains("the time limit of 5 s of virtual time"))
        #expect(short.records.last?["t"] as? Double == 5, "played up to the limit exactly")
    }

    @Test("the time limit plays everything due before it: a label's 3-second reset at 3.05 s within a 3.5 s limit")
    func timeLimitPlaysUpToIt() throws {
        let run = try Scenarios.run(text: "tap 100 100\nwait 5000\n", name: "reset.gds", arguments: ["--time-limit", "3.5"])
        defer { run.remove() }
        #expect(run.exitCode == 1)
        let reset = run.records.first { $0["type"] as? String == "label" && $0["text"] as? String == "None" }
        #expect(reset?["t"] as? Double == 3.05, "\(run.records)")
        #expect(run.records.last?["t"] as? Double == 3.5)
        #expect(run.stderr.contains("reset.gds:2:1: stopped: the script runs past the time limit of 3.5 s of virtual time"))
    }

    @Test("a malformed script exits 2 with one file:line:column error per bad line, and writes nothing")
    func malformed() throws {
        let run = try Scenarios.run("malformed/typos.gds")
        defer { run.remove() }
        #expect(run.exitCode == 2)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 9)
        for (index, position) in ["3:1", "4:8", "5:28", "6:6", "7:7", "8:6", "9:5", "10:23"].enumerated() {
            #expect(lines[index].contains("typos.gds:\(position): "), "\(lines[index])")
        }
        #expect(lines.last == "gesture-demo: 8 malformed lines in \(Scenarios.path("malformed/typos.gds")); nothing was run")
        #expect(!FileManager.default.fileExists(atPath: run.out.path))
    }

    @Test("a script that is not one is refused with exit 2 and one line: no end (/dev/zero), past 64 MiB, not UTF-8, a folder",
          arguments: [("/dev/zero", "larger than 64 MiB, too large for a script"),
                      ("huge", "larger than 64 MiB, too large for a script"),
                      ("binary", "not UTF-8 text"), ("/tmp", "a folder, not a script file")])
    func notAScript(_ file: String, _ reason: String) throws {
        let scratch = try temporaryDirectory("scenario")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var path = file
        if !file.hasPrefix("/") {
            path = scratch.appendingPathComponent(file + ".gds").path
            let bytes = file == "huge" ? [UInt8](repeating: UInt8(ascii: "\n"), count: (64 << 20) + 1) : [0xff, 0xfe, 0x0a]
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        let run = try Scenarios.run(script: path, in: scratch)
        #expect(run.exitCode == 2)
        #expect(run.stderr == "gesture-demo: cannot read script \(path): \(reason)\n", "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: run.out.path), "nothing was run")
    }

    @Test("one malformed line gets the same report as several: the line, then the summary")
    func oneMalformedLine() throws {
        let run = try Scenarios.run(text: "page flatcube\nwait\n", name: "one.gds")
        defer { run.remove() }
        #expect(run.exitCode == 2)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix("one.gds:2:5: expected MS (usage: wait MS)") == true, "\(run.stderr)")
        #expect(lines.last?.hasPrefix("gesture-demo: 1 malformed line in ") == true)
        #expect(lines.last?.hasSuffix("one.gds; nothing was run") == true)
    }

    @Test("--help gives the exit codes a script run has: 1 for a failed check too, not only a runtime failure")
    func helpExitCodes() throws {
        let run = try runGestureDemo(["--help"])
        #expect(run.status == 0, "\(run.transcript)")
        let help = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("Exit codes: 0 success (every check passed), 1 a failed check or a runtime failure"),
                "\(run.stdout)")
    }

    @Test("a file that is no script stops at 100 errors, and the summary counts the 100 lines, not the note")
    func errorFloodSummary() throws {
        let run = try Scenarios.run(text: String(repeating: "bogus\n", count: 150), name: "flood.gds")
        defer { run.remove() }
        #expect(run.exitCode == 2)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 102)
        #expect(lines[100].hasSuffix("flood.gds:100:1: stopping after 100 errors: is this a script?"), "\(lines[100])")
        #expect(lines.last?.hasPrefix("gesture-demo: 100 malformed lines in ") == true, "\(lines.last ?? "")")
        #expect(lines.last?.hasSuffix("flood.gds (not read past line 100); nothing was run") == true)
    }

    @Test("a bad --time-limit is a usage error: exit 2, saying it must be positive (a negative one too)",
          arguments: ["0", "-5", "-0.5"])
    func badTimeLimit(_ value: String) throws {
        let run = try Scenarios.run("touches.gds", arguments: ["--time-limit", value])
        defer { run.remove() }
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains("--time-limit expects a positive number of seconds, got '\(value)'"), "\(run.stderr)")
    }

    @Test("a negative --size or --dpi is refused for its value (exit 2, the flag's own message), not taken for a flag",
          arguments: [(["--size", "-5x5"], "--size expects WIDTHxHEIGHT from 1x1 to 16384x16384, got '-5x5'"),
                      (["--dpi", "-3"], "--dpi expects logical pixels per inch from 20 to 1000, got '-3'")])
    func negativeValues(_ flag: [String], _ message: String) throws {
        let run = try Scenarios.run("touches.gds", arguments: flag)
        defer { run.remove() }
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test("--record and --log with a headless run are refused (exit 2): a headless run has no live input or log",
          arguments: [["--record", "x.gds"], ["--log", "x.jsonl"]])
    func liveFlagsHeadless(_ flag: [String]) throws {
        let run = try Scenarios.run("touches.gds", arguments: flag)
        defer { run.remove() }
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains("\(flag[0]) "), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: run.out.path), "nothing was run")
        #expect(!FileManager.default.fileExists(atPath: flag[1]))
    }

    @Test("--live, --record or --log with no compositor fail (exit 1) saying so, and play nothing headless",
          arguments: [["--live"], ["--live", "--record", "x.gds"], ["--live", "--log", "x.jsonl"]])
    func liveWithoutCompositor(_ flags: [String]) throws {
        let scratch = try temporaryDirectory("no-compositor")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = Scenarios.path("touches.gds")
        // An empty WAYLAND_DISPLAY and a runtime folder without wayland-0:
        // no compositor to connect to.
        let run = try runGestureDemo(["--script", script, "--out", "out"] + flags, in: scratch,
                                     environment: ["WAYLAND_DISPLAY": "", "XDG_RUNTIME_DIR": scratch.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("no Wayland compositor (WAYLAND_DISPLAY is unset)"), "\(run.stderr)")
        #expect(!run.stderr.contains("built-in tour"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out").path), "nothing was played")
    }

    @Test("a snapshot that would be written over its golden (--out is the script's folder) stops the run with exit 1, the golden untouched")
    func snapshotOverItsGolden() throws {
        let scratch = try temporaryDirectory("golden-out")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let golden = scratch.appendingPathComponent("a.png")
        try FileManager.default.copyItem(at: Scenarios.folder.appendingPathComponent("goldens/flatcube-off.png"), to: golden)
        let before = try Data(contentsOf: golden)
        let script = scratch.appendingPathComponent("t.gds")
        try "page touches\nsnapshot a vs a.png\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try runGestureDemo(["--headless", "--script", script.path, "--out", scratch.path])
        #expect(run.status == 1)
        #expect(run.stderr == "gesture-demo: \(script.path):2:1: cannot write \(golden.path): it is the golden image a.png itself; "
                    + "write the snapshots to another folder (--out)\n", "\(run.stderr)")
        #expect(try Data(contentsOf: golden) == before)
    }

    @Test("a golden that is a FIFO fails its check at once, saying so (the run does not wait on it)")
    func fifoGolden() throws {
        let scratch = try temporaryDirectory("fifo-golden")
        defer { try? FileManager.default.removeItem(at: scratch) }
        #expect(mkfifo(scratch.appendingPathComponent("gf.png").path, 0o600) == 0)
        let script = scratch.appendingPathComponent("f.gds")
        try "snapshot b vs gf.png\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try runCommand([gestureDemoBinary().path, "--headless", "--script", script.path,
                                  "--out", scratch.appendingPathComponent("out").path], timeout: 30)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(run.stderr.contains("f.gds:1:1: assertion failed: snapshot b vs gf.png: expected matches gf.png, "
                                        + "actual \(scratch.path)/gf.png is a FIFO, not a PNG file"), "\(run.stderr)")
    }

    @Test("a script read from a pipe (--script <(...)) still plays")
    func scriptFromAPipe() throws {
        let scratch = try temporaryDirectory("pipe-script")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try runCommand(["bash", "-c", "exec \"$0\" --headless --script <(printf 'tap 100 100\\nsnapshot p\\n') --out out",
                                  gestureDemoBinary().path], in: scratch, timeout: 30)
        #expect(run.status == 0, "\(run.transcript)")
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out/p.png").path))
    }

    /// Runs `body` with a scratch folder (removed after) holding a FIFO
    /// named in.gds, and the FIFO's path.
    func withScriptFIFO(_ label: String, _ body: (URL, String) throws -> Void) throws {
        let scratch = try temporaryDirectory(label)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let fifo = scratch.appendingPathComponent("in.gds").path
        try #require(mkfifo(fifo, 0o600) == 0)
        try body(scratch, fifo)
    }

    /// `gesture-demo --headless --script FIFO --out out` started in
    /// `scratch`, without a compositor, its standard error going to
    /// `scratch/stderr` so that a test can read it while it runs.
    func startOnFIFO(_ fifo: String, in scratch: URL) throws -> (process: Process, stderr: URL) {
        let stderr = scratch.appendingPathComponent("stderr")
        #expect(FileManager.default.createFile(atPath: stderr.path, contents: nil))
        let process = Process()
        process.executableURL = try gestureDemoBinary()
        process.arguments = ["--headless", "--script", fifo, "--out", "out"]
        process.currentDirectoryURL = scratch
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "WAYLAND_DISPLAY" }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
        return (process, stderr)
    }

    @Test("a script that is a FIFO no writer has opened says it waits for one, then plays what a writer sends")
    func fifoScriptWaitsForAWriter() throws { try withScriptFIFO("fifo-script") { scratch, fifo in
        let (process, stderr) = try startOnFIFO("in.gds", in: scratch)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let notice = "gesture-demo: waiting for a writer on FIFO in.gds\n"
        let deadline = Date().addingTimeInterval(5)
        var said = ""
        while Date() < deadline, !said.contains("\n") {
            Thread.sleep(forTimeInterval: 0.02)
            said = try String(contentsOf: stderr, encoding: .utf8)
        }
        #expect(said == notice)
        try #require(process.isRunning, "it waits for the writer")
        // Opening for writing returns at once: the run is reading.
        let writer = try #require(FileHandle(forWritingAtPath: fifo))
        writer.write(Data("tap 100 100\nsnapshot p\n".utf8))
        try writer.close()
        #expect(waitForExit(process, seconds: 30))
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOf: stderr, encoding: .utf8) == notice, "said once, and nothing else")
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out/p.png").path))
    } }

    @Test("a script that is a FIFO a writer has open already plays without a word of waiting")
    func fifoScriptWithAWriter() throws { try withScriptFIFO("fifo-writer") { scratch, fifo in
        // Opened for reading and writing, which Linux does without waiting:
        // a writer from the start, and a reader that keeps what is written
        // until the run has opened the FIFO too.
        let held = open(fifo, O_RDWR | O_CLOEXEC)
        try #require(held >= 0)
        let script = Array("tap 100 100\nsnapshot p\n".utf8)
        #expect(script.withUnsafeBytes { write(held, $0.baseAddress, $0.count) } == script.count)
        let (process, stderr) = try startOnFIFO("in.gds", in: scratch)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Once the run has read the script, the FIFO is empty; closing the
        // last writer then ends its input.
        var entry = pollfd(fd: held, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, poll(&entry, 1, 0) > 0 { Thread.sleep(forTimeInterval: 0.02) }
        #expect(poll(&entry, 1, 0) == 0, "the run read the script")
        close(held)
        #expect(waitForExit(process, seconds: 30))
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOf: stderr, encoding: .utf8) == "")
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out/p.png").path))
    } }

    @Test("a live session's --record or --log that is the script it replays, or both one file, is refused (exit 2) before anything is opened",
          arguments: [(["--live", "--script", "x.gds", "--log", "x.gds"],
                       "--log x.gds is the script --script replays: the session would write over it (give --log another file)"),
                      (["--live", "--script", "x.gds", "--record", "./x.gds"],
                       "--record ./x.gds is the script --script replays: the session would write over it (give --record another file)"),
                      (["--live", "--script", "x.gds", "--log", "link.gds"],
                       "--log link.gds is the script --script replays: the session would write over it (give --log another file)"),
                      (["--record", "same.txt", "--log", "same.txt"],
                       "--record and --log name the same file (same.txt): their lines would be mixed (give each its own file)"),
                      (["--record", "same.txt", "--log", "sub/../same.txt"],
                       "--record and --log name the same file (sub/../same.txt): their lines would be mixed (give each its own file)"),
                      (["--record", "to-same.txt", "--log", "same.txt"],
                       "--record and --log name the same file (same.txt): their lines would be mixed (give each its own file)"),
                      (["--record", "-", "--log", "-"],
                       "--record and --log name the same file (standard output): their lines would be mixed (give each its own file)")])
    func liveFilesOverEachOther(_ flags: [String], _ message: String) throws {
        let scratch = try temporaryDirectory("live-files")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = scratch.appendingPathComponent("x.gds")
        try "tap 100 100\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: scratch.appendingPathComponent("link.gds").path, withDestinationPath: "x.gds")
        // A link to a file not there yet: writing through it makes same.txt.
        try FileManager.default.createSymbolicLink(atPath: scratch.appendingPathComponent("to-same.txt").path,
                                                   withDestinationPath: "same.txt")
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("sub"), withIntermediateDirectories: false)
        // A display that is not there: refused or not, nothing could play.
        let run = try runGestureDemo(flags + ["--out", "out"], in: scratch,
                                     environment: ["WAYLAND_DISPLAY": "nonexistent", "XDG_RUNTIME_DIR": scratch.path])
        #expect(run.status == 2)
        #expect(run.stderr == "gesture-demo: \(message)\n", "\(run.stderr)")
        #expect(try String(contentsOf: script, encoding: .utf8) == "tap 100 100\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("same.txt").path))
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out").path))
    }

    @Test("a live replay's --record or --log that a snapshot of the script would write (its PNG or diff image in --out) is refused (exit 2) before anything is opened",
          arguments: [(["--record", "out/shot.png"],
                       "--record out/shot.png is where the script's snapshot shot is written (out/shot.png): "
                           + "give --record another file, or --out another folder"),
                      (["--log", "./out/cmp.diff.png"],
                       "--log ./out/cmp.diff.png is where the script's snapshot cmp is written (out/cmp.diff.png): "
                           + "give --log another file, or --out another folder")])
    func liveFilesUnderSnapshots(_ flags: [String], _ message: String) throws {
        let scratch = try temporaryDirectory("live-snapshots")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try "tap 100 100\nsnapshot shot\nsnapshot cmp vs golden.png\n"
            .write(to: scratch.appendingPathComponent("x.gds"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("out"), withIntermediateDirectories: false)
        let run = try runGestureDemo(["--live", "--script", "x.gds", "--out", "out"] + flags, in: scratch,
                                     environment: ["WAYLAND_DISPLAY": "nonexistent", "XDG_RUNTIME_DIR": scratch.path])
        #expect(run.status == 2)
        #expect(run.stderr == "gesture-demo: \(message)\n", "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("out").path).isEmpty)
        // Another file passes the check and meets the missing compositor.
        let elsewhere = try runGestureDemo(["--live", "--script", "x.gds", "--out", "out", "--record", "out/input.gds"],
                                           in: scratch,
                                           environment: ["WAYLAND_DISPLAY": "nonexistent", "XDG_RUNTIME_DIR": scratch.path])
        #expect(elsewhere.status == 1, "\(elsewhere.stderr)")
    }

    @Test("a live session whose compositor cannot be reached (exit 1) leaves earlier --record and --log files as they were",
          arguments: [[], ["--live", "--script", "x.gds"]])
    func unreachableCompositorKeepsFiles(_ flags: [String]) throws {
        let scratch = try temporaryDirectory("unreachable")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try "tap 100 100\n".write(to: scratch.appendingPathComponent("x.gds"), atomically: true, encoding: .utf8)
        let earlier = ["prev.gds": "tap 5 5\n", "prev.log": "{\"type\":\"end\"}\n"]
        for (name, text) in earlier {
            try text.write(to: scratch.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let run = try runGestureDemo(flags + ["--record", "prev.gds", "--log", "prev.log", "--out", "out"], in: scratch,
                                     environment: ["WAYLAND_DISPLAY": "nonexistent", "XDG_RUNTIME_DIR": scratch.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot connect to Wayland compositor (WAYLAND_DISPLAY=nonexistent"), "\(run.stderr)")
        for (name, text) in earlier {
            #expect(try String(contentsOf: scratch.appendingPathComponent(name), encoding: .utf8) == text, "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("out").path))
    }

    /// A headless run of a script that takes seconds of real time (a
    /// million touch moves) into `out`, started, and returned once it
    /// plays: its temporary log is there.
    func startLongRun(out: URL) throws -> Process {
        let script = out.deletingLastPathComponent().appendingPathComponent("long.gds")
        try String(repeating: "drag 100 100 300 300 5000 10000\n", count: 100).write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = try gestureDemoBinary()
        process.arguments = ["--headless", "--script", script.path, "--out", out.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, process.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
            if names.contains(where: { $0.hasSuffix(".partial") }) { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        try #require(process.isRunning, "the run plays for seconds")
        return process
    }

    /// Waits for `process` to end, for at most `seconds`.
    func waitForExit(_ process: Process, seconds: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return false
        }
        return true
    }

    @Test("an earlier log.jsonl is removed as a run starts: a run killed outright leaves no old log beside its files")
    func earlierLogRemoved() throws {
        let scratch = try temporaryDirectory("earlier-log")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        try "{\"type\":\"end\",\"checks\":3,\"failed\":0,\"completed\":true}\n"
            .write(to: out.appendingPathComponent("log.jsonl"), atomically: true, encoding: .utf8)
        let process = try startLongRun(out: out)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("log.jsonl").path), "gone once the run plays")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(!names.contains("log.jsonl"), "\(names)")
    }

    @Test("a script that is the run's own log.jsonl is refused (exit 2), not removed")
    func scriptIsTheLog() throws {
        let scratch = try temporaryDirectory("script-log")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = scratch.appendingPathComponent("log.jsonl")
        try "tap 100 100\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try runGestureDemo(["--headless", "--script", "log.jsonl", "--out", "."], in: scratch)
        #expect(run.status == 2)
        #expect(run.stderr == "gesture-demo: --script log.jsonl is where the run writes its log (log.jsonl in --out): "
                    + "give --out another folder\n", "\(run.stderr)")
        #expect(try String(contentsOf: script, encoding: .utf8) == "tap 100 100\n")
    }

    @Test("a termination signal stops a headless run at its next step: the log ends with the error and end, exit 128 + N",
          arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")])
    func stoppedBySignal(_ signal: Int32, _ name: String) throws {
        let scratch = try temporaryDirectory("signal")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let process = try startLongRun(out: out)
        kill(process.processIdentifier, signal)
        #expect(waitForExit(process), "the run stopped")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        let log = String(decoding: try Data(contentsOf: out.appendingPathComponent("log.jsonl")), as: UTF8.self)
        let records = GestureScriptTests.records(log.split(separator: "\n").map(String.init))
        let error = records.dropLast().last
        #expect(error?["type"] as? String == "error")
        #expect(error?["message"] as? String == "stopped: interrupted by \(name)")
        #expect(records.last?["type"] as? String == "end")
        #expect(records.last?["completed"] as? Bool == false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["log.jsonl"])
    }

    @Test("a second signal ends a headless run at once, as the signal would (one that waits on a step still stops)")
    func secondSignal() throws {
        let scratch = try temporaryDirectory("signals")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = try startLongRun(out: scratch.appendingPathComponent("out"))
        // Stopped, the run takes both at once when it goes on: the first
        // is noted, the second ends it before any step could look.
        kill(process.processIdentifier, SIGSTOP)
        kill(process.processIdentifier, SIGINT)
        kill(process.processIdentifier, SIGTERM)
        kill(process.processIdentifier, SIGCONT)
        #expect(waitForExit(process), "the run ended")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect([SIGINT, SIGTERM].contains(process.terminationStatus))
    }

    @Test("the same script gives the same log and the same PNG bytes every run")
    func deterministic() throws {
        let first = try Scenarios.run("gestures.gds"), second = try Scenarios.run("gestures.gds")
        defer { first.remove(); second.remove() }
        #expect(first.exitCode == 0 && second.exitCode == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: first.out.path).sorted()
        #expect(files == ["gestures-rotated.png", "log.jsonl"])
        for file in files {
            let a = try Data(contentsOf: first.out.appendingPathComponent(file))
            let b = try Data(contentsOf: second.out.appendingPathComponent(file))
            #expect(a == b, "\(file) differs between runs")
        }
    }

    @Test("every example in docs/scripting.md runs and passes its checks")
    func documentedExamples() throws {
        let docs = packageRoot.appendingPathComponent("docs/scripting.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let examples = text.components(separatedBy: "## Examples").last?.components(separatedBy: "```\n")
            .enumerated().filter { $0.offset % 2 == 1 }.map(\.element) ?? []
        #expect(examples.count == 4)
        for (index, example) in examples.enumerated() {
            let run = try Scenarios.run(text: example, name: "example-\(index + 1).gds", arguments: ["--update-goldens"])
            defer { run.remove() }
            #expect(run.exitCode == 0, "example \(index + 1): \(run.stderr)")
        }
    }

    // How fast a scenario plays is a benchmark figure (scripts/bench.sh),
    // not a test: a loaded machine must not fail the suite.
    @Test("waits run on the virtual clock: the touches scenario spans the 3-second reset several times")
    func virtualTime() throws {
        let run = try Scenarios.run("touches.gds")
        defer { run.remove() }
        let virtualSeconds = run.records.compactMap { ($0["t"] as? NSNumber)?.doubleValue }.max() ?? 0
        #expect(virtualSeconds > 15, "the scenario spans the 3-second reset several times")
    }
}

/// Finds, runs and reads the scenarios.
enum Scenarios {
    static let folder = packageRoot.appendingPathComponent("Tests/Scenarios")

    /// The deliberately failing and malformed scripts (`failing/...`,
    /// `malformed/...`), kept out of the suite's folder so that
    /// `gesture-demo test Tests/Scenarios` runs exactly the suite.
    static let fixtures = folder.deletingLastPathComponent().appendingPathComponent("ScenarioFixtures")

    /// The scenarios that must pass: `Tests/Scenarios/*.gds`.
    static var passing: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".gds") }.sorted()
    }

    static func path(_ name: String) -> String {
        let fixture = name.hasPrefix("failing/") || name.hasPrefix("malformed/")
        return (fixture ? fixtures : folder).appendingPathComponent(name).path
    }

    struct Run {
        var exitCode: Int32
        var stdout: String
        var stderr: String
        /// The `--out` folder.
        var out: URL
        /// `log.jsonl`, parsed.
        var records: [[String: Any]]
        /// The run's scratch folder (script copy, output, captured streams).
        var scratch: URL

        /// Removes the scratch folder once the test has read what it needs.
        func remove() {
            try? FileManager.default.removeItem(at: scratch)
        }
    }

    /// Runs `gesture-demo --headless --script NAME --out TMP ARGUMENTS`.
    static func run(_ name: String, arguments: [String] = []) throws -> Run {
        try run(script: path(name), in: temporaryDirectory("scenario"), arguments: arguments)
    }

    /// Runs a script written into a scratch folder (its goldens go there).
    static func run(text: String, name: String, arguments: [String] = []) throws -> Run {
        let scratch = try temporaryDirectory("scenario")
        let script = scratch.appendingPathComponent(name)
        try text.write(to: script, atomically: true, encoding: .utf8)
        return try run(script: script.path, in: scratch, arguments: arguments)
    }

    /// Runs the script at `script`, its output going into `scratch`.
    static func run(script: String, in scratch: URL, arguments: [String] = []) throws -> Run {
        let out = scratch.appendingPathComponent("out")
        let output = try runGestureDemo(["--headless", "--script", script, "--out", out.path] + arguments)
        let log = String(decoding: (try? Data(contentsOf: out.appendingPathComponent("log.jsonl"))) ?? Data(), as: UTF8.self)
        return Run(exitCode: output.status, stdout: output.stdout, stderr: output.stderr, out: out,
                   records: records(log.split(separator: "\n").map(String.init)), scratch: scratch)
    }
}
