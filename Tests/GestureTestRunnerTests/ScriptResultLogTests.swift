import Foundation
import Glibc
import GestureScript
import TestSupport
import Testing
@testable import GestureTestRunner

/// How a result reads its worker's `log.jsonl`: within a size limit, and
/// only from a regular file, saying why when it did not.
@Suite("Script results: reading the worker's log")
struct ScriptResultLogTests {
    static let script = ScriptFile(path: "s/fail.gds", size: 40)
    /// A log with one failed check, as a worker writes it.
    static let log = """
        {"t":0,"type":"start","script":"s/fail.gds"}
        {"t":0.1,"type":"assert","line":3,"subject":"page","op":"==","expected":"touches","actual":"flatcube","ok":false}
        {"t":0.2,"type":"end","checks":1}

        """
    static let printed = "s/fail.gds:3:1: assertion failed: page == touches: actual flatcube"

    /// A failed run's result for a script folder whose `log.jsonl` is made
    /// by `makeLog` (given its path).
    func result(limit: Int = ScriptResult.logLimit, _ makeLog: (String) throws -> Void) throws -> ScriptResult {
        let folder = try temporaryDirectoryRemovedAtExit("script-result")
        try makeLog(folder.appendingPathComponent("log.jsonl").path)
        return ScriptResult(script: Self.script, exit: .exited(1), output: Self.printed + "\n", seconds: 0.1,
                            folder: folder.path, logLimit: limit)
    }

    @Test("a log within the limit is read: the failed check, the count of checks, no problem")
    func readsLog() throws {
        let read = try result { try Self.log.write(toFile: $0, atomically: false, encoding: .utf8) }
        #expect(read.logProblem == nil)
        #expect(read.status == .failed)
        #expect(read.checks == 1)
        #expect(read.failedChecks.map(\.message) == [Self.printed])
    }

    @Test("a log larger than the limit is not read, and the reason says so; the exit still fails the script")
    func refusesLargeLog() throws {
        let size = Self.log.utf8.count
        let exact = try result(limit: size) { try Self.log.write(toFile: $0, atomically: false, encoding: .utf8) }
        #expect(exact.logProblem == nil, "a log of exactly the limit is read")
        let large = try result(limit: size - 1) { try Self.log.write(toFile: $0, atomically: false, encoding: .utf8) }
        #expect(large.log.isEmpty)
        #expect(large.logProblem == "larger than \(size - 1) bytes")
        #expect(large.status == .failed, "the printed failure says what the log would have")
        #expect(large.details == [Self.printed, "(its log.jsonl was not read: larger than \(size - 1) bytes)"])
        #expect(large.reason.hasSuffix("(its log.jsonl was not read: larger than \(size - 1) bytes)"), "\(large.reason)")
        #expect(ScriptResult.logLimit == 256 << 20)
    }

    @Test("a folder, a pipe with no writer or a device where the log should be is not read, and nothing blocks")
    func refusesOtherFiles() throws {
        let makers: [(String, (String) throws -> Void)] = [
            ("folder", { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) }),
            ("pipe", { path in #expect(mkfifo(path, 0o600) == 0) }),
            ("device", { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "/dev/zero") }),
        ]
        for (what, make) in makers {
            let read = try result(make)
            #expect(read.log.isEmpty, "\(what)")
            #expect(read.logProblem == "not a regular file", "\(what)")
            #expect(read.reason.contains("its log.jsonl was not read: not a regular file"), "\(what): \(read.reason)")
        }
    }

    @Test("with the log unread, a stop the worker printed makes a stopped run, and its printed failures a failed one")
    func judgesFromPrintedLines() throws {
        let stop = "gesture-demo: s/fail.gds:5:1: stopped: no view named 'knob' is on screen"
        let unread: (String) throws -> Void = { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) }
        let folder = try temporaryDirectoryRemovedAtExit("script-result")
        func judge(_ output: String) throws -> ScriptResult {
            let log = folder.appendingPathComponent("log.jsonl").path
            try? FileManager.default.removeItem(atPath: log)
            try unread(log)
            return ScriptResult(script: Self.script, exit: .exited(1), output: output, seconds: 0.1, folder: folder.path)
        }
        let stopped = try judge(Self.printed + "\n" + stop + " (and 1 failed check)\n")
        #expect(stopped.status == .stopped)
        #expect(stopped.reason.hasPrefix("s/fail.gds:5:1: stopped: no view named 'knob' is on screen (its log.jsonl"), "\(stopped.reason)")
        let second = "s/fail.gds:7:1: assertion failed: label output == \"Tapped\": expected \"Tapped\", actual \"\""
        let failed = try judge("note: output in /tmp/x\n" + Self.printed + "\n" + second + "\n")
        #expect(failed.status == .failed)
        #expect(failed.reason.hasPrefix("2 checks failed, first: " + Self.printed), "\(failed.reason)")
        #expect(failed.details == [Self.printed, second, "(its log.jsonl was not read: not a regular file)"])
        let xml = JUnitReport(results: [failed], name: "t").xml
        #expect(xml.contains(">" + Self.printed + "\n"), "JUnit's failure lists the printed failures: \(xml)")
        let neither = try judge("gesture-demo: cannot create the output folder\n")
        #expect(neither.status == .stopped)
        #expect(neither.reason.hasPrefix("gesture-demo: cannot create the output folder"))
    }

    @Test("a log read a chunk at a time gives every record, whole: lines across chunks, longer than one, the last unended")
    func readsAcrossChunks() throws {
        var lines: [String] = []
        for i in 0..<3000 {
            let text = i % 1000 == 7 ? String(repeating: "é", count: 70_000) : "n \(i)"
            lines.append(ScriptRecord(time: Double(i), type: "label", [("text", .string(text))]).jsonLine)
        }
        let text = lines.joined(separator: "\n")
        let path = try temporaryDirectoryRemovedAtExit("chunked-log").appendingPathComponent("log.jsonl").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        var streamed: [ScriptRecord] = []
        try LogReader.forEachRecord(atPath: path, atMost: 1 << 30) { streamed.append($0) }
        #expect(streamed.count == 3000)
        #expect(streamed == LogReader.records(in: text), "the same records as from the text in memory")
        #expect(streamed[7]["text"]?.string?.count == 70_000)
        #expect(streamed.last?["text"]?.string == "n 2999", "the last line, with no line end after it")
    }

    @Test("a result keeps what its log said: the failed check, the stop, the snapshots and the story")
    func keepsWhatTheLogSaid() throws {
        let log = Self.log.replacingOccurrences(of: "{\"t\":0.2,\"type\":\"end\"", with: """
            {"t":0.15,"type":"input","event":"down","id":0,"x":1,"y":2}
            {"t":0.15,"type":"snapshot","name":"a","file":"a.png"}
            {"t":0.16,"type":"error","line":4,"message":"no view named 'x' is on screen"}
            {"t":0.2,"type":"end"
            """)
        let read = try result { try log.write(toFile: $0, atomically: false, encoding: .utf8) }
        #expect(read.log.recordCount == 6)
        #expect(read.log.snapshots.map(\.file) == ["a.png"])
        #expect(read.log.stop?["line"]?.whole == 4)
        #expect(read.log.story?.trails.count == 1)
        #expect(read.status == .stopped)
        var kept = read
        kept.log.forgetStory()
        #expect(kept.log.story == nil && kept.log.snapshots.count == 1 && kept.failedChecks.count == 1)
        #expect(kept.log.story(readingAgainFrom: read.folder, limit: ScriptResult.logLimit).trails.count == 1,
                "told again from the file")
    }

    @Test("a result that keeps no story (a merged report's) still gets its pictures: its section reads the log again")
    func storyReadAgainForItsSection() throws {
        let log = Self.log.replacingOccurrences(of: "{\"t\":0.2,\"type\":\"end\"", with: """
            {"t":0.15,"type":"input","event":"down","id":0,"x":17,"y":23}
            {"t":0.2,"type":"end"
            """)
        let folder = try temporaryDirectoryRemovedAtExit("script-result")
        try log.write(toFile: folder.appendingPathComponent("log.jsonl").path, atomically: false, encoding: .utf8)
        let result = ScriptResult(script: Self.script, exit: .exited(1), output: Self.printed + "\n", seconds: 0.1,
                                  folder: folder.path, keepsStory: false)
        #expect(result.log.story == nil)
        #expect(result.failedChecks.map(\.message) == [Self.printed], "judged all the same")
        let html = HTMLReport(results: [result], folder: folder.deletingLastPathComponent().path, title: "t").renderSection(result)
        #expect(html.contains("touch 0: down at 0.150 s (\(Markup.number(17)),\(Markup.number(23)))"), "the trail's title: \(html)")
    }

    @Test("no log at all is no problem: a worker that died early wrote none")
    func missingLog() throws {
        let read = try result { _ in }
        #expect(read.logProblem == nil)
        #expect(read.log.isEmpty)
        #expect(read.reason == Self.printed)
    }

    @Test("a malformed script's reason counts its other malformed lines, not the parser's note that it stopped reading")
    func malformedCount() {
        let bad = (1...3).map { "s/fail.gds:\($0):1: unknown command 'bogus'" }
        let note = "s/fail.gds:3:1: " + ScriptParser.stoppedReadingMessage
        let summary = "gesture-demo: 3 malformed lines in s/fail.gds (not read past line 3); nothing was run"
        let output = (bad + [note, summary]).joined(separator: "\n") + "\n"
        let result = ScriptResult(script: Self.script, exit: .exited(2), output: output, seconds: 0.1, folder: "/nonexistent")
        #expect(result.status == .malformed)
        #expect(result.reason == bad[0] + " (and 2 more malformed lines)")
    }
}
