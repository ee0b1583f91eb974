import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing

/// `gesture-demo test` as a CI matrix uses it: shards, their reports
/// merged, and its exit codes and errors.
@Suite("gesture-demo test: shards, merged reports, exit codes")
struct RunnerCommandTests {
    /// The suite without the scripts that hang or crash (they need the
    /// stand-in worker and a watchdog).
    static let quickFolders = ["passing", "failing", "malformed"].map { RunnerProcess.suite + "/" + $0 }
    /// Their scripts, in the order `--list` prints them.
    static let quickScripts = ["failing/endless", "failing/golden-mismatch", "failing/tap-slides", "malformed/typo",
                               "passing/flatcube", "passing/pinch", "passing/tap"].map { RunnerProcess.suite + "/\($0).gds" }

    func testCases(in junit: URL) throws -> [String] {
        let document = try XMLDocument(contentsOf: junit)
        return try document.nodes(forXPath: "//testcase/@file").compactMap(\.stringValue)
    }

    /// A new scratch folder holding the file `name` with `text` in it; the
    /// caller removes the folder.
    func scratchFolder(with name: String, _ text: String) throws -> (folder: URL, file: URL) {
        let folder = try temporaryDirectory("runner-out")
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (folder, file)
    }

    @Test("every shard of 1/3, 2/3, 3/3 runs its part, the scripts its --list names; together exactly the suite, none twice; merged, one report of all")
    func shardsUnionIsTheSuite() throws {
        let folder = try temporaryDirectory("runner-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.xml")
        _ = try RunnerProcess.test(Self.quickFolders + ["--junit", whole.path])
        let suite = try testCases(in: whole)
        #expect(suite.count == 7)
        var union: [String] = []
        for i in 1...3 {
            let junit = folder.appendingPathComponent("shard-\(i).xml")
            let run = try RunnerProcess.test(Self.quickFolders + ["--shard", "\(i)/3", "--junit", junit.path,
                                                                  "--report", folder.appendingPathComponent("report-\(i)").path])
            let cases = try testCases(in: junit)
            #expect(!cases.isEmpty, "shard \(i) of 7 scripts")
            #expect(run.stdout.contains("shard \(i)/3: \(cases.count) of 7 scripts"), "\(run.stdout)")
            let listed = try RunnerProcess.test(Self.quickFolders + ["--shard", "\(i)/3", "--list"])
            #expect(listed.stdout.split(separator: "\n").map(String.init) == cases.sorted(),
                    "the list is what shard \(i) plays")
            union += cases
        }
        #expect(union.count == suite.count)
        #expect(Set(union) == Set(suite))

        let merged = folder.appendingPathComponent("merged.xml")
        let run = try RunnerProcess.test((1...3).flatMap { ["--merge", folder.appendingPathComponent("report-\($0)").path] }
                                         + ["--junit", merged.path, "--report", folder.appendingPathComponent("merged").path])
        #expect(run.status == 2, "the malformed script is in one shard: \(run.stdout)")
        #expect(run.summary == "3 passed, 4 failed")
        #expect(Set(try testCases(in: merged)) == Set(suite))
        let page = try String(contentsOf: folder.appendingPathComponent("merged/index.html"), encoding: .utf8)
        #expect(page.contains("failed: moved 12 px &gt; 10 px"), "the merged report has every script's pictures")
        #expect(page.contains("check(s) passed: "), "the merged report keeps what each worker printed")
    }

    @Test("a damaged report: numbers no run writes in its logs are read as absent; an impossible exit code stops the merge with one line")
    func mergeDamagedReport() throws {
        let folder = try temporaryDirectory("runner-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")
        _ = try RunnerProcess.test([RunnerProcess.suite + "/failing", "--report", report.path])
        // Every log's line numbers, touch ids and check counts become 1e300.
        let scripts = report.appendingPathComponent("scripts")
        var damaged = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: scripts.path) {
            let log = scripts.appendingPathComponent(name).appendingPathComponent("log.jsonl")
            let text = try String(contentsOf: log, encoding: .utf8)
            let bad = text.replacingOccurrences(of: #""(line|id|checks)":-?[0-9]+"#, with: #""$1":1e300"#,
                                                options: .regularExpression)
            if bad != text { damaged += 1 }
            try bad.write(to: log, atomically: true, encoding: .utf8)
        }
        #expect(damaged == 3)
        let junit = folder.appendingPathComponent("merged.xml")
        let merged = try RunnerProcess.test(["--merge", report.path, "--junit", junit.path,
                                             "--report", folder.appendingPathComponent("merged").path])
        #expect(merged.status == 1, "\(merged.stderr)")
        #expect(merged.stdout.contains("3 failed"), "\(merged.stdout)")
        #expect(try testCases(in: junit).count == 3)

        let results = report.appendingPathComponent("results.jsonl")
        let lines = try String(contentsOf: results, encoding: .utf8)
        try lines.replacingOccurrences(of: #""code":1"#, with: #""code":1e20"#).write(to: results, atomically: true, encoding: .utf8)
        let refused = try RunnerProcess.test(["--merge", report.path, "--junit", junit.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("results.jsonl:1: the result of"), "the file and its line: \(refused.stderr)")
        #expect(refused.stderr.contains("has exit code 1e+20, not a whole 32-bit number: the file is damaged"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
    }

    /// A script's line in results.jsonl as a run writes it, with `fields`
    /// put in place of the written ones (nil: left out).
    static func resultLine(_ fields: KeyValuePairs<String, String?> = [:]) -> String {
        var line: [(String, String?)] = [("t", "0"), ("type", #""result""#), ("script", #""x.gds""#), ("status", #""passed""#),
                                          ("seconds", "0.1"), ("folder", #""scripts/x.gds""#), ("exit", #""exited""#),
                                          ("code", "0"), ("size", "1")]
        for (name, value) in fields {
            if let i = line.firstIndex(where: { $0.0 == name }) { line[i].1 = value } else { line.append((name, value)) }
        }
        return "{" + line.compactMap { name, value in value.map { "\"\(name)\":\($0)" } }.joined(separator: ",") + "}"
    }

    /// Damaged results files, each with what the merge says of it after
    /// the file's path.
    static let damagedResults: [(contents: String, message: String)] = {
        let line = resultLine()
        let cut = #"{"t":0,"type":"result","script":"y.gds","sta"#
        var cases: [(String, String)] = []
        cases.append((line + "\n" + cut + "\n", ":2: not a JSON object"))
        cases.append((line + "\n" + cut, ":2: not a JSON object"))
        cases.append((line + "\nnot a result\n", ":2: not a JSON object"))
        cases.append((line, ":1: the last line has no end (the file was cut short)"))
        cases.append((resultLine(["folder": nil]) + "\n", #":1: the result of x.gds has no "folder" text"#))
        cases.append((resultLine(["seconds": nil]) + "\n", #":1: the result of x.gds has no "seconds" number"#))
        cases.append((#"{"t":0,"type":"note","text":"hi"}"# + "\n", #":1: not a script's result ("type":"result")"#))
        cases.append((resultLine(["script": nil]) + "\n", #":1: a result without its "script""#))
        cases.append((line + "\n" + line + "\n", ":2: a second result of x.gds (the first is on line 1)"))
        cases.append((resultLine(["status": #""green""#]) + "\n", ":1: the result of x.gds has status 'green', which no run has"))
        cases.append((resultLine(["seconds": "-1"]) + "\n", ":1: the result of x.gds took -1 s, which no run takes"))
        cases.append((resultLine(["size": "-3"]) + "\n", ":1: the result of x.gds has a script of -3 bytes, which no file has"))
        cases.append((resultLine(["exit": #""signaled""#, "code": "99"]) + "\n",
                      ":1: the result of x.gds was killed by signal 99, which is no signal (1 to 64)"))
        cases.append((resultLine(["exit": #""signaled""#, "code": "0"]) + "\n",
                      ":1: the result of x.gds was killed by signal 0, which is no signal (1 to 64)"))
        cases.append((resultLine(["code": "300"]) + "\n",
                      ":1: the result of x.gds has exit code 300, which no process exits with (0 to 255)"))
        cases.append((resultLine(["exit": #""hung""#, "code": "-5"]) + "\n",
                      ":1: the result of x.gds hung past a watchdog of -5 s, which no run has"))
        cases.append((resultLine(["exit": #""melted""#]) + "\n", ":1: the result of x.gds has exit 'melted', which no run has"))
        return cases
    }()

    @Test("a damaged results file stops the merge with one line naming the file and the line, exit 2, nothing written",
          arguments: damagedResults)
    func mergeDamagedResultsFile(_ contents: String, _ message: String) throws {
        let folder = try temporaryDirectory("runner-damaged")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("shard")
        try FileManager.default.createDirectory(at: report, withIntermediateDirectories: false)
        let results = report.appendingPathComponent("results.jsonl")
        try contents.write(to: results, atomically: true, encoding: .utf8)
        let junit = folder.appendingPathComponent("merged.xml"), merged = folder.appendingPathComponent("merged")
        let run = try RunnerProcess.test(["--merge", report.path, "--junit", junit.path, "--report", merged.path])
        #expect(run.status == 2, "\(run.transcript)")
        #expect(run.stderr.contains(results.path + message), "\(run.stderr)")
        #expect(run.stderr.contains(": the file is damaged"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: junit.path), "nothing merged, nothing written")
        #expect(!FileManager.default.fileExists(atPath: merged.path), "nothing merged, nothing written")
    }

    @Test("a whole results file merges: a passed script, and a crashed one killed by a signal")
    func mergeWholeResultsFile() throws {
        let folder = try temporaryDirectory("runner-whole")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("shard")
        try FileManager.default.createDirectory(at: report, withIntermediateDirectories: false)
        try (Self.resultLine() + "\n" + Self.resultLine(["script": #""y.gds""#, "status": #""crashed""#, "exit": #""signaled""#,
                                                       "code": "11", "folder": #""scripts/y.gds""#]) + "\n")
            .write(to: report.appendingPathComponent("results.jsonl"), atomically: true, encoding: .utf8)
        let run = try RunnerProcess.test(["--merge", report.path, "--junit", folder.appendingPathComponent("merged.xml").path])
        #expect(run.status == 1, "\(run.transcript)")
        #expect(run.summary == "1 passed, 1 failed", "\(run.transcript)")
        #expect(run.stdout.contains("crashed: killed by SIGSEGV (signal 11)"), "\(run.stdout)")
    }

    @Test("a result whose folder lies outside its report (absolute, through .., or a link out) stops the merge; linked files are not copied")
    func mergeFolderOutsideReport() throws {
        let folder = try temporaryDirectory("runner-outside")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = FileManager.default
        let report = folder.appendingPathComponent("shard"), outside = folder.appendingPathComponent("outside")
        try files.createDirectory(at: report.appendingPathComponent("scripts/x.gds"), withIntermediateDirectories: true)
        try files.createDirectory(at: outside, withIntermediateDirectories: false)
        try "secret".write(to: outside.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try files.createSymbolicLink(atPath: report.appendingPathComponent("scripts/out").path, withDestinationPath: outside.path)
        let results = report.appendingPathComponent("results.jsonl")
        let merged = folder.appendingPathComponent("merged")
        for (field, message) in [
            (#""/etc""#, "has folder '/etc', which is not inside the report"),
            (#""../outside""#, "has folder '../outside', which is not inside the report"),
            (#""scripts/../../outside""#, "has folder 'scripts/../../outside', which is not inside the report"),
            (#""""#, "has folder '', which is not inside the report"),
            (#""scripts/out""#, "has folder 'scripts/out', a link to \(try #require(realpathOf(outside.path))), which is not inside the report"),
        ] {
            try (Self.resultLine(["folder": field]) + "\n").write(to: results, atomically: true, encoding: .utf8)
            let run = try RunnerProcess.test(["--merge", report.path, "--report", merged.path])
            #expect(run.status == 2, "\(run.transcript)")
            #expect(run.stderr.contains("\(results.path):1: the result of x.gds \(message): the file is damaged"), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(!files.fileExists(atPath: merged.path), "nothing merged, nothing copied")
        }

        // Inside the report, a link among the script's files is not copied.
        try files.createSymbolicLink(atPath: report.appendingPathComponent("scripts/x.gds/notes.txt").path,
                                     withDestinationPath: outside.appendingPathComponent("secret.txt").path)
        try "{}\n".write(to: report.appendingPathComponent("scripts/x.gds/own.txt"), atomically: true, encoding: .utf8)
        try (Self.resultLine() + "\n").write(to: results, atomically: true, encoding: .utf8)
        let run = try RunnerProcess.test(["--merge", report.path, "--report", merged.path])
        #expect(run.status == 0, "\(run.transcript)")
        let copied = try files.contentsOfDirectory(atPath: merged.appendingPathComponent("scripts/x.gds").path)
        #expect(copied == ["own.txt"], "the link to a file outside is not copied: \(copied)")
    }

    @Test("a merged log naming a golden outside and a snapshot '../..': the merge copies no golden and writes nothing outside its report")
    func mergeCopiesNoGoldenFromALog() throws {
        let folder = try temporaryDirectory("runner-golden-log")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("shard"), merged = folder.appendingPathComponent("merged")
        let scriptFolder = report.appendingPathComponent("scripts/x.gds")
        try FileManager.default.createDirectory(at: scriptFolder, withIntermediateDirectories: true)
        let secret = folder.appendingPathComponent("secret.png")
        try "secret".write(to: secret, atomically: true, encoding: .utf8)
        let checks = ["../../../escape", "kept"].map { name in
            #"{"t":0.1,"type":"assert","line":3,"subject":"snapshot \#(name)","op":"==","expected":"matches \#(secret.path)","actual":"differs","ok":false}"#
        }
        try (checks.joined(separator: "\n") + "\n" + #"{"t":0.2,"type":"end","checks":2}"# + "\n")
            .write(to: scriptFolder.appendingPathComponent("log.jsonl"), atomically: true, encoding: .utf8)
        try (Self.resultLine(["status": #""failed""#, "code": "1"]) + "\n")
            .write(to: report.appendingPathComponent("results.jsonl"), atomically: true, encoding: .utf8)
        let run = try RunnerProcess.test(["--merge", report.path, "--report", merged.path])
        #expect(run.status == 1, "\(run.transcript)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("escape.golden.png").path),
                "nothing is written outside the report")
        let copied = try FileManager.default.contentsOfDirectory(atPath: merged.appendingPathComponent("scripts/x.gds").path)
        #expect(copied == ["log.jsonl"], "no golden is copied from this machine: \(copied)")
    }

    /// `path` with its links resolved, as the runner names it.
    func realpathOf(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    @Test("a report whose results file is a device, too large, or cannot be read stops the merge with one line, exit 2")
    func mergeUnreadableResults() throws {
        let folder = try temporaryDirectory("runner-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let endless = folder.appendingPathComponent("endless"), unreadable = folder.appendingPathComponent("unreadable")
        let large = folder.appendingPathComponent("large")
        try FileManager.default.createDirectory(at: endless, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: endless.appendingPathComponent("results.jsonl").path,
                                                   withDestinationPath: "/dev/zero")
        // A folder where the file should be: opened, but never read.
        try FileManager.default.createDirectory(at: unreadable.appendingPathComponent("results.jsonl"),
                                                withIntermediateDirectories: true)
        // A regular file one byte past the limit (sparse: it takes no room).
        try FileManager.default.createDirectory(at: large, withIntermediateDirectories: false)
        let largeFile = large.appendingPathComponent("results.jsonl")
        #expect(FileManager.default.createFile(atPath: largeFile.path, contents: nil))
        let handle = try FileHandle(forWritingTo: largeFile)
        try handle.truncate(atOffset: UInt64(64 << 20) + 1)
        try handle.close()
        let junit = folder.appendingPathComponent("merged.xml")
        for (report, message) in [
            (endless, "cannot read report file \(endless.path)/results.jsonl: a character device, not a regular file"),
            (unreadable, "cannot read report file \(unreadable.path)/results.jsonl: a folder, not a regular file"),
            (large, "report file \(large.path)/results.jsonl is larger than 64 MiB: not a results file"),
        ] {
            let run = try RunnerProcess.test(["--merge", report.path, "--junit", junit.path])
            #expect(run.status == 2, "\(run.transcript)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: junit.path), "nothing merged, nothing written")
        }
    }

    @Test("a named pipe as a report's results file, a durations file or the JUnit file is refused at once: exit 2, one line")
    func namedPipes() throws {
        let folder = try temporaryDirectory("runner-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report"), fifo = folder.appendingPathComponent("fifo")
        try FileManager.default.createDirectory(at: report, withIntermediateDirectories: false)
        let results = report.appendingPathComponent("results.jsonl")
        #expect(mkfifo(results.path, 0o600) == 0 && mkfifo(fifo.path, 0o600) == 0)
        let tap = RunnerProcess.suite + "/passing/tap.gds"
        for (arguments, message) in [
            (["--merge", report.path, "--junit", folder.appendingPathComponent("merged.xml").path],
             "cannot read report file \(results.path): a named pipe (FIFO), not a regular file"),
            ([tap, "--durations", fifo.path], "cannot read durations file \(fifo.path): a named pipe (FIFO), not a regular file"),
            ([tap, "--junit", fifo.path], "--junit \(fifo.path): a named pipe (FIFO), not a file to write"),
        ] {
            let run = try RunnerProcess.test(arguments, timeout: 60)
            #expect(!run.timedOut, "\(arguments) waited for a writer or reader of the pipe")
            #expect(run.status == 2, "\(run.transcript)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(!run.stdout.contains("passed"), "nothing ran: \(run.stdout)")
        }
    }

    @Test("a merged report whose script log is a link to /dev/zero: the log is named as not read, nothing else is lost, no crash")
    func mergeEndlessLog() throws {
        let folder = try temporaryDirectory("runner-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report"), merged = folder.appendingPathComponent("merged")
        let script = RunnerProcess.suite + "/failing/tap-slides.gds"
        let first = try RunnerProcess.test([script, "--report", report.path])
        #expect(first.status == 1, "\(first.transcript)")
        let scripts = report.appendingPathComponent("scripts")
        let scriptFolder = try #require(try FileManager.default.contentsOfDirectory(atPath: scripts.path).first)
        let log = scripts.appendingPathComponent(scriptFolder).appendingPathComponent("log.jsonl")
        try FileManager.default.removeItem(at: log)
        try FileManager.default.createSymbolicLink(atPath: log.path, withDestinationPath: "/dev/zero")

        let run = try RunnerProcess.test(["--merge", report.path, "--report", merged.path])
        #expect(run.status == 1, "the script failed, as in the run merged: \(run.transcript)")
        #expect(run.stdout.contains("(its log.jsonl was not read: not a regular file)"), "\(run.stdout)")
        let copied = merged.appendingPathComponent("scripts").appendingPathComponent(scriptFolder)
        let files = try FileManager.default.contentsOfDirectory(atPath: copied.path)
        #expect(files.contains("final.png"), "the run's final frame is kept: \(files)")
        #expect(!files.contains("log.jsonl"), "a device is no part of a run, and is not copied")
        let page = try String(contentsOf: merged.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("Its log.jsonl was not read (not a regular file)"))
    }

    @Test("the split is the same on every run, and a shard can be balanced by an earlier run's durations")
    func shardsAreStable() throws {
        let folder = try temporaryDirectory("runner-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")
        _ = try RunnerProcess.test(Self.quickFolders + ["--report", report.path])
        let durations = report.appendingPathComponent("results.jsonl").path
        var splits: [[String]] = []
        for (n, extra) in [[], [], ["--durations", durations]].enumerated() {
            let junit = folder.appendingPathComponent("s\(n).xml")
            _ = try RunnerProcess.test(Self.quickFolders + ["--shard", "1/2", "--junit", junit.path] + extra)
            splits.append(try testCases(in: junit).sorted())
        }
        #expect(splits[0] == splits[1])
        #expect(!splits[2].isEmpty)

        // A run's real times vary, so the split they give cannot be known
        // here; these can. tap.gds took 5 s and the six others 0.1 s each:
        // dealt heaviest first, tap.gds fills shard 1 alone and the others
        // (0.6 s) all go to shard 2. By size tap.gds shares its shard.
        let tap = RunnerProcess.suite + "/passing/tap.gds"
        let others = Self.quickScripts.filter { $0 != tap }
        let slowTap = folder.appendingPathComponent("slow-tap.jsonl")
        try ([(tap, 5.0)] + others.map { ($0, 0.1) })
            .map { #"{"type":"result","script":"\#($0.0)","seconds":\#($0.1)}"# + "\n" }.joined()
            .write(to: slowTap, atomically: true, encoding: .utf8)
        let junit = folder.appendingPathComponent("slow-tap.xml")
        _ = try RunnerProcess.test(Self.quickFolders + ["--shard", "1/2", "--junit", junit.path, "--durations", slowTap.path])
        #expect(splits[0] != [tap], "by size tap.gds is not alone: \(splits[0])")
        #expect(try testCases(in: junit) == [tap], "by durations the slow script has shard 1 to itself")
    }

    @Test("--list prints the scripts a run plays, one path a line, and plays none; with --shard, that shard's")
    func listsTheRunsScripts() throws {
        let whole = try RunnerProcess.test(Self.quickFolders + ["--list"])
        #expect(whole.status == 0, "\(whole.stderr)")
        let listed = whole.stdout.split(separator: "\n").map(String.init)
        #expect(listed == Self.quickScripts)

        // That each shard's list is what the shard plays is checked with
        // the shards' runs (shardsUnionIsTheSuite).
        let shard = try RunnerProcess.test(Self.quickFolders + ["--shard", "2/3", "--list"])
        let shardListed = shard.stdout.split(separator: "\n").map(String.init)
        #expect(!shardListed.isEmpty && shardListed.count < listed.count, "\(shard.stdout)")
    }

    @Test("the runner itself sets up no fonts, only its workers do: fontconfig, which a headless run sets up, is never set up by 'test'")
    func runnerPreparesNoFaces() throws {
        // fontconfig says its FC_DEBUG setting on standard output as it is
        // first set up: a headless run sets text, so it does.
        let debug = ["FC_DEBUG": "1024"]
        let out = try temporaryDirectory("runner-fonts")
        defer { try? FileManager.default.removeItem(at: out) }
        let alone = try runGestureDemo(["--headless", "--script", RunnerProcess.suite + "/passing/tap.gds",
                                        "--out", out.path], environment: debug)
        #expect(alone.status == 0 && alone.stdout.contains("FC_DEBUG="), "\(alone.transcript)")
        // The runner prints no worker's output for a passing script: what
        // it prints is its own.
        for arguments in [[RunnerProcess.suite + "/passing"], [RunnerProcess.suite + "/passing", "--list"]] {
            let run = try RunnerProcess.test(arguments, environment: debug)
            #expect(run.status == 0, "\(arguments): \(run.transcript)")
            #expect(!run.stdout.contains("FC_DEBUG"), "\(arguments): the runner set up fontconfig: \(run.stdout)")
        }
    }

    @Test("links in a loop (self -> ., up -> ..) and a link to a script: every folder searched once, every script run once")
    func discoveryFollowsLinksOnce() throws {
        let folder = try temporaryDirectory("runner-links")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = FileManager.default
        try files.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for name in ["a.gds", "sub/b.gds"] {
            try "size 200 200\npage touches\ntap 50 50\nwait 100\n"
                .write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        for (link, target) in [("self", "."), ("loop", "."), ("sub/up", ".."), ("sub/c.gds", "../a.gds")] {
            try files.createSymbolicLink(atPath: folder.appendingPathComponent(link).path, withDestinationPath: target)
        }
        let listed = try RunnerProcess.test([folder.path, "--list"], timeout: 60)
        #expect(!listed.timedOut, "two links back to the folder must not search it forever")
        #expect(listed.stdout == "\(folder.path)/a.gds\n\(folder.path)/sub/b.gds\n", "\(listed.transcript)")
        let run = try RunnerProcess.test([folder.path], timeout: 120)
        #expect(run.summary == "2 passed, 0 failed", "\(run.transcript)")
    }

    @Test("one worker playing the scenarios one after another gives each the log and snapshots of a process of its own")
    func workersKeepScriptsApart() throws {
        let folder = try temporaryDirectory("runner-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")
        let run = try RunnerProcess.test(["Tests/Scenarios", "--jobs", "1", "--report", report.path])
        #expect(run.status == 0, "\(run.stdout)")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Tests/Scenarios").path)
            .filter { $0.hasSuffix(".gds") }.sorted()
        #expect(scripts.count >= 6)
        for script in scripts {
            let alone = folder.appendingPathComponent("alone-" + script)
            _ = try runGestureDemo(["--headless", "--script", "Tests/Scenarios/" + script, "--out", alone.path])
            let shared = report.appendingPathComponent("scripts/Tests--Scenarios--" + script)
            for file in try FileManager.default.contentsOfDirectory(atPath: alone.path) {
                let a = try Data(contentsOf: alone.appendingPathComponent(file))
                let b = try Data(contentsOf: shared.appendingPathComponent(file))
                #expect(a == b, "\(script): \(file) differs between a worker's run and a process of its own")
            }
        }
    }

    @Test("a worker that gave up a pattern match ends with its job, and the scripts after it run in a fresh one")
    func workerRetiresAfterEndlessPattern() throws {
        let folder = try temporaryDirectory("runner-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sound = "page gestures\nexpect label output ~ \"Try a .*\"\n"
        try "page gestures\nexpect label output ~ \"(.*.*)*x\"\n".write(to: folder.appendingPathComponent("a-endless.gds"),
                                                                        atomically: true, encoding: .utf8)
        for name in ["b-sound.gds", "c-sound.gds"] {
            try sound.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let run = try RunnerProcess.test([folder.path, "--jobs", "1"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.summary == "2 passed, 1 failed", "\(run.stdout)")
        #expect(run.stdout.contains("the pattern was still matching after 2 s"), "\(run.stdout)")
        #expect(!run.stdout.contains("crashed"), "\(run.stdout)")
    }

    @Test("the help gives --jobs's default as the number of cores, not this machine's count")
    func jobsHelpDefault() throws {
        let run = try runGestureDemo(["help", "test"])
        #expect(run.status == 0)
        let help = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(help.contains("in as many worker processes (default: the number of cores). --shard"), "\(run.stdout)")
    }

    @Test("a folder of passing scripts exits 0 with one worker as with several", arguments: ["1", "3"])
    func passingSuite(jobs: String) throws {
        let run = try RunnerProcess.test([RunnerProcess.suite + "/passing", "--jobs", jobs])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.summary == "3 passed, 0 failed")
    }

    @Test("failed checks without a malformed script exit 1")
    func failingSuite() throws {
        let run = try RunnerProcess.test([RunnerProcess.suite + "/passing", RunnerProcess.suite + "/failing"])
        #expect(run.status == 1)
        #expect(run.summary == "3 passed, 3 failed")
    }

    @Test("bad flags and paths are usage errors: exit 2, one line saying what is wrong", arguments: [
        (["--jobs", "0"], "--jobs expects a number of workers of at least 1"),
        (["--jobs", "-2"], "--jobs expects a number of workers of at least 1, got -2"),
        (["--shard", "4/3"], "--shard expects INDEX/COUNT with 1 <= INDEX <= COUNT (e.g. 2/4), got '4/3'"),
        (["--watchdog", "-1"], "--watchdog expects a positive number of seconds"),
        (["Tests/RunnerFixtures/no-such-folder"], "no such file or folder: Tests/RunnerFixtures/no-such-folder"),
        (["Tests/RunnerFixtures/suite/goldens"], "no scripts (*.gds) in Tests/RunnerFixtures/suite/goldens"),
        (["--merge", "Tests/RunnerFixtures"], "--merge needs --report DIR or --junit FILE"),
        (["--list", "--junit", "out.xml"], "--list plays nothing: give no --merge, --report, --junit or --update-goldens"),
        (["--durations", "Tests/RunnerFixtures/none.jsonl"], "cannot read durations file Tests/RunnerFixtures/none.jsonl"),
        (["--durations", "/dev/zero"], "cannot read durations file /dev/zero: a character device, not a regular file"),
        ([""], "an empty PATH ('') names no script or folder"),
        (["Tests/RunnerFixtures/suite/passing", "--junit", "Tests"], "--junit 'Tests': a folder, not a file to write"),
        (["Tests/RunnerFixtures/suite/passing", "--report", "Package.swift"],
         "--report Package.swift: not a folder (a file is in the way)"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let run = try RunnerProcess.test(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!run.stderr.contains("\n\n"))
    }

    @Test("--time-limit after 'test' reaches the scripts: one waiting 5 s under a 1 s limit is stopped, exit 1")
    func timeLimit() throws {
        let (folder, script) = try scratchFolder(with: "long.gds", "size 800 600\nwait 5000\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try RunnerProcess.test([script.path, "--time-limit", "1", "--jobs", "1"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("the script runs past the time limit of 1 s of virtual time"), "\(run.stdout)")
    }

    @Test("--update-goldens after 'test' reaches the scripts: the missing golden is written, exit 0")
    func updateGoldens() throws {
        let (folder, script) = try scratchFolder(with: "golden.gds",
                                                 "size 360 480\npage touches\nsnapshot first vs first-golden.png\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("first-golden.png").path
        let run = try RunnerProcess.test([script.path, "--update-goldens", "--jobs", "1"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: golden), "\(run.stdout)")
    }

    @Test("more --jobs than the open-files limit allows workers: the scripts wait for the workers that started, and all pass")
    func jobsBeyondTheFileLimit() throws {
        let folder = try temporaryDirectory("runner-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        for i in 1...30 {
            try "size 200 200\npage touches\ntap 50 50\nwait 100\n"
                .write(to: folder.appendingPathComponent("tap-\(i).gds"), atomically: true, encoding: .utf8)
        }
        // Each worker holds two of the runner's descriptors: 40 leaves room
        // for fewer than 30.
        let run = try runCommand(["sh", "-c", "ulimit -n 40 && exec \"$0\" \"$@\"",
                                  try gestureDemoBinary().path, "test", folder.path, "--jobs", "30"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.summary == "30 passed, 0 failed", "\(run.stdout)")
        #expect(run.stdout.contains("workers (no more could start: Too many open files)"), "\(run.stdout)")
    }

    @Test("a durations file without a script's duration is named in a warning on standard error; the shard goes by size")
    func durationsWithoutResults() throws {
        let (folder, file) = try scratchFolder(with: "results.jsonl", "not a report\n{\"type\":\"note\"}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bySize = try RunnerProcess.test(Self.quickFolders + ["--shard", "1/2", "--list"])
        let run = try RunnerProcess.test(Self.quickFolders + ["--shard", "1/2", "--list", "--durations", file.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == bySize.stdout, "the same list as without the file")
        #expect(run.stderr.contains("durations file \(file.path) holds no script's duration"), "\(run.stderr)")
        let quiet = try RunnerProcess.test(Self.quickFolders + ["--shard", "1/2", "--list"])
        #expect(quiet.stderr.isEmpty, "no warning without the file: \(quiet.stderr)")
    }

    @Test("--merge into one of the reports it reads is refused before anything is emptied: exit 2, the report whole")
    func mergeIntoItsInput() throws {
        let folder = try temporaryDirectory("runner-merge-self")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("r").path
        let first = try RunnerProcess.test([RunnerProcess.suite + "/failing", "--report", report])
        #expect(first.status == 1)
        let before = try FileManager.default.subpathsOfDirectory(atPath: report).sorted()
        let merge = try RunnerProcess.test(["--merge", report, "--report", report + "/."])
        #expect(merge.status == 2)
        #expect(merge.stderr.contains("a report --merge reads: give another folder"), "\(merge.stderr)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: report).sorted() == before)
    }

    @Test("a --junit file inside the --report folder: the next run into the same folder replaces both")
    func junitInsideReport() throws {
        let folder = try temporaryDirectory("runner-junit-inside")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("ci").path
        let arguments = [RunnerProcess.suite + "/passing", "--report", report, "--junit", report + "/junit.xml"]
        for _ in 0..<2 {
            let run = try RunnerProcess.test(arguments)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try testCases(in: URL(fileURLWithPath: report + "/junit.xml")).count == 3)
        }
    }

    @Test("a --junit that is an input (a script, a link to one, a --durations file, a merged report's file) or the report's own file is refused before the run: exit 2, the file whole")
    func junitOverInputs() throws {
        let folder = try temporaryDirectory("runner-junit-inputs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let script = path("g.gds"), report = path("r2"), link = path("link.gds")
        try "size 200 200\npage touches\ntap 50 50\nwait 100\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: script)
        // A link to the report's page, which no run has written yet.
        let dangling = path("page.xml")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "rep/index.html")
        let first = try RunnerProcess.test([script, "--report", report])
        #expect(first.status == 0, "\(first.transcript)")
        let results = report + "/results.jsonl"
        for (arguments, message) in [
            ([script, "--junit", script], "--junit \(script) is the script \(script), which the run plays"),
            ([script, "--junit", link], "--junit \(link) is the script \(script), which the run plays"),
            ([folder.path, "--shard", "2/2", "--junit", script], "--junit \(script) is the script \(script), which the run plays"),
            ([script, "--durations", results, "--junit", results], "--junit \(results) is the --durations file \(results), which the run reads"),
            (["--merge", report, "--junit", results], "--junit \(results) lies in \(report), a report --merge reads"),
            (["--merge", report, "--junit", report + "/../r2/merged.xml"], "lies in \(report), a report --merge reads"),
            ([script, "--report", path("rep"), "--junit", path("rep/results.jsonl")],
             "--junit \(path("rep/results.jsonl")) is where the report (--report \(path("rep"))) writes its results.jsonl"),
            ([script, "--report", path("rep"), "--junit", path("rep/index.html")], "writes its index.html"),
            ([script, "--report", path("rep"), "--junit", dangling], "--junit \(dangling) is where the report (--report \(path("rep"))) writes its index.html"),
            ([script, "--report", path("rep"), "--junit", path("rep/x/../scripts/j.xml")], "writes its scripts folder"),
        ] {
            let before = try [script, results].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            let run = try RunnerProcess.test(arguments)
            #expect(run.status == 2, "\(arguments): \(run.transcript)")
            #expect(run.stderr.contains(message + ": give another file") || run.stderr.contains(message + ": give a file outside it"),
                    "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(try [script, results].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before, "\(arguments) replaced an input")
            #expect(!FileManager.default.fileExists(atPath: path("rep")), "nothing ran, no report")
        }
    }

    @Test("a run stopped midway (SIGTERM) leaves a report folder the same command empties and reuses")
    func interruptedReportIsReused() throws {
        let folder = try temporaryDirectory("runner-interrupted")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("srep")
        let script = packageRoot.appendingPathComponent(RunnerProcess.suite + "/broken/hanging.gds").path
        let pid = try spawnQuietly([try gestureDemoBinary().path, "test", script, "--report", report.path])
        // Stopped while its worker plays the script (it takes minutes).
        let deadline = Date().addingTimeInterval(30)
        let scripts = report.appendingPathComponent("scripts")
        while Date() < deadline, !FileManager.default.fileExists(atPath: scripts.path) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 1)
        kill(pid, SIGTERM)
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid)
        #expect(status & 0x7f == SIGTERM, "the run was stopped, not finished: status \(status)")
        let left = try FileManager.default.contentsOfDirectory(atPath: report.path)
        #expect(!left.contains("results.jsonl"), "a stopped run writes no results: \(left)")

        let rerun = try RunnerProcess.test([RunnerProcess.suite + "/passing/tap.gds", "--report", report.path])
        #expect(rerun.status == 0, "the stopped run's folder is this command's report: \(rerun.transcript)")
        let scriptFolders = try FileManager.default.contentsOfDirectory(atPath: scripts.path)
        #expect(scriptFolders.count == 1 && !scriptFolders[0].contains("hanging"), "emptied first: \(scriptFolders)")
    }

    /// Starts `arguments` with its output thrown
    /// away and no signal blocked (a test's thread may block SIGTERM, and a
    /// child inherits that); returns its process id, for the caller to
    /// signal and wait for.
    func spawnQuietly(_ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard error == 0 else { throw CommandError("cannot start \(arguments[0]): \(String(cString: strerror(error)))") }
        return pid
    }

    @Test("a --junit in a subfolder of the --report folder: the next run into the same folder replaces both, with or without --junit")
    func junitDeepInsideReport() throws {
        let folder = try temporaryDirectory("runner-junit-deep")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("jr").path, junit = report + "/ci/junit.xml"
        let script = RunnerProcess.suite + "/passing/tap.gds"
        for arguments in [[script, "--report", report, "--junit", junit], [script, "--report", report, "--junit", junit],
                          [script, "--report", report]] {
            let run = try RunnerProcess.test(arguments)
            #expect(run.status == 0, "\(arguments): \(run.transcript)")
        }
        #expect(!FileManager.default.fileExists(atPath: junit), "the earlier report's JUnit file went with it")
        _ = try RunnerProcess.test([script, "--report", report, "--junit", junit])
        #expect(try testCases(in: URL(fileURLWithPath: junit)) == [script])
    }

    @Test("--report still refuses what is not this command's report: a foreign file beside its JUnit file, a folder of scripts only, a marker not its own", arguments: [
        ["report.jsonl", "results.jsonl", "index.html", "scripts/a.gds/log.jsonl", "ci/junit.xml", "ci/notes.txt"],
        ["scripts/build.sh"],
        ["report.jsonl:not a report", "scripts/x"],
        ["report.jsonl", "scripts/a.gds/log.jsonl", "junit.xml"],
    ])
    func foreignFoldersRefused(_ files: [String]) throws {
        let folder = try temporaryDirectory("runner-foreign")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("rep")
        for entry in files {
            let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
            let file = report.appendingPathComponent(parts[0])
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let contents = parts.count > 1 ? parts[1]
                : parts[0] == "report.jsonl" ? #"{"t":0,"type":"report","program":"gesture-demo test","junit":"ci/junit.xml"}"# : "mine"
            try contents.write(to: file, atomically: false, encoding: .utf8)
        }
        let before = try FileManager.default.subpathsOfDirectory(atPath: report.path).sorted()
        let run = try RunnerProcess.test([RunnerProcess.suite + "/passing/tap.gds", "--report", report.path])
        #expect(run.status == 2, "\(run.transcript)")
        #expect(run.stderr.contains("the folder holds other files"), "\(run.stderr)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: report.path).sorted() == before, "nothing removed")
    }

    @Test("a --junit that cannot be written once the suite ran: the failures and closing line still print, exit 1")
    func junitUnwritable() throws {
        // A folder that exists, where no file can be made.
        let junit = "/proc/self/junit.xml"
        let run = try RunnerProcess.test([RunnerProcess.suite + "/failing", "--junit", junit])
        #expect(run.status == 1)
        #expect(run.stdout.contains("Failures:"), "\(run.stdout)")
        #expect(run.summary == "0 passed, 3 failed", "\(run.stdout)")
        #expect(run.stderr.contains(junit), "\(run.stderr)")
    }

    @Test("--report refuses a folder that holds other files, and deletes none of them")
    func reportFolderGuard() throws {
        let (folder, precious) = try scratchFolder(with: "notes.txt", "mine")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try RunnerProcess.test([RunnerProcess.suite + "/passing", "--report", folder.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("the folder holds other files"))
        #expect(FileManager.default.fileExists(atPath: precious.path))
    }
}
