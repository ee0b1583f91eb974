import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The live benchmark's harness (tools/bench, weston-inject's timing)
/// against weston-simple-touch, whose answers are known: it commits a new
/// buffer for every touch down and motion. These check that the harness
/// measures what it says, never how fast anything is.
@Suite("Live benchmark harness", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct BenchHarnessEndToEndTests {
    private static let simpleTouch = "/usr/bin/weston-simple-touch"

    // MARK: weston-inject timing

    @Test("timing-dump gives every injected touch event its time, the touched client's next buffer commit and the repaint after it, in order")
    func timingRecordsEveryEvent() throws {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        let pid = try Self.startTimedSimpleTouch(in: session)

        // One frame every 20 ms: each is answered before the next comes.
        let frames = [["touch-down 0 400 300"], ["touch-motion 0 410 300"], ["touch-motion 0 420 305"],
                      ["touch-down 1 300 250", "touch-motion 0 430 310"], ["touch-up 0", "touch-up 1"]]
        for frame in frames {
            try session.send(frame + ["touch-frame"])
            Thread.sleep(forTimeInterval: 0.02)
        }
        var record = try Self.dump(session)
        _ = try session.waitFor(timeout: 3) {
            record = try Self.dump(session)
            return record.events.filter { $0.type != "up" }.allSatisfy { $0.repaint != nil }
        }

        #expect(record.events.map(\.type) == ["down", "motion", "motion", "down", "motion", "up", "up"])
        #expect(record.events.map(\.id) == [0, 0, 0, 1, 0, 0, 1])
        #expect(record.events.allSatisfy { $0.pid == pid }, "every event went to the client: \(record.events)")
        for (earlier, later) in zip(record.events, record.events.dropFirst()) {
            #expect(earlier.event <= later.event, "events out of order: \(earlier) then \(later)")
        }
        for event in record.events where event.type != "up" {
            let commit = try #require(event.commit, "no commit answered \(event)")
            let repaint = try #require(event.repaint, "no repaint after the commit answering \(event)")
            #expect(event.event < commit && commit < repaint, "\(event)")
            #expect(record.commits.contains { $0.time == commit && $0.pid == pid },
                    "the answer is one of the client's commits")
            #expect(record.repaints.contains(repaint), "the repaint is one of the output's repaints")
        }
        let first = try #require(record.clients.first { $0.pid == pid })
        #expect(first.firstCommit < (first.firstRepaint ?? 0))
        #expect(first.firstCommit < record.events[0].event)
        #expect(record.commits.map(\.time) == record.commits.map(\.time).sorted())
        #expect(record.repaints == record.repaints.sorted())
    }

    @Test("timing commands refuse a dump before timing-start and a relative path, and stop keeps the record")
    func timingCommandsRefuseBadInput() throws {
        let session = try WestonSession(width: 320, height: 240)
        defer { session.stop() }
        #expect(throws: WestonSessionError.self) { try session.send("timing-dump /tmp/never.json") }
        #expect(throws: WestonSessionError.self) { try session.send("timing-stop") }
        try session.send("timing-start")
        #expect(throws: WestonSessionError.self) { try session.send("timing-dump relative.json") }
        #expect(throws: WestonSessionError.self) { try session.send("timing-dump") }
        try session.send(["touch-down 0 10 10", "touch-frame", "timing-stop", "touch-up 0", "touch-frame"])
        let record = try Self.dump(session)
        // No client: the event went to no surface; the one after the stop is not recorded.
        #expect(record.events.count == 1)
        #expect(record.events.first?.pid == 0)
        #expect(record.events.first?.commit == nil)
    }

    // MARK: weston-inject replay

    /// CLOCK_MONOTONIC in nanoseconds, the clock of the module's times.
    private static func monotonicNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    @Test("replay runs queued steps on the compositor's own clock: each step's events carry its slot's time, and the client answers them")
    func replayRunsStepsOnTime() throws {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        let pid = try Self.startTimedSimpleTouch(in: session)

        let steps = ["touch-down 0 400 300; touch-frame", "touch-motion 0 410 300; touch-frame",
                     "touch-motion 0 420 300;touch-down 1 300 250 ; touch-frame",
                     "touch-up 0; touch-up 1; touch-frame"]
        try session.send(steps.map { "replay-add \($0)" })
        let interval = 30_000_000
        let start = Self.monotonicNanoseconds() + 50_000_000
        try session.send("replay-start \(start) \(interval)")
        // Queued steps wait while a replay runs.
        #expect(throws: WestonSessionError.self) { try session.send("replay-add touch-frame") }
        try session.send("replay-wait")
        let finished = Self.monotonicNanoseconds()
        #expect(finished >= start + 3 * interval, "replay-wait answered before the last step's slot")

        var record = try Self.dump(session)
        _ = try session.waitFor(timeout: 3) {
            record = try Self.dump(session)
            return record.events.filter { $0.type != "up" }.allSatisfy { $0.repaint != nil }
        }
        #expect(record.events.map(\.type) == ["down", "motion", "motion", "down", "up", "up"])
        let stepOfEvent = [0, 1, 2, 2, 3, 3]
        for (event, step) in zip(record.events, stepOfEvent) {
            let late = event.event - (start + step * interval)
            // Never early; late by no more than a busy machine's dispatch.
            #expect(late >= 0 && late < 10_000_000, "\(event) is \(late) ns after its slot")
            #expect(event.pid == pid)
        }
        for event in record.events where event.type != "up" {
            #expect(event.commit != nil, "unanswered \(event)")
        }
        // The queue was used up: a second wait has nothing to wait for.
        #expect(throws: WestonSessionError.self) { try session.send("replay-wait") }
    }

    @Test("replay refuses steps it cannot run and reports the first failing command when its run ends")
    func replayRefusesBadInput() throws {
        let session = try WestonSession(width: 320, height: 240)
        defer { session.stop() }
        func reason(_ command: String) -> String? {
            do {
                try session.send(command)
                return nil
            } catch WestonSessionError.commandFailed(_, let reason) {
                return reason
            } catch {
                return "\(error)"
            }
        }
        #expect(reason("replay-wait") == "no replay was started")
        #expect(reason("replay-start 1 8000000") == "no steps queued (replay-add)")
        #expect(reason("replay-add") == "wrong number of arguments")
        #expect(reason("replay-add screenshot /tmp/x.png") == "only input commands can be replayed")
        #expect(reason("replay-add touch-frame; timing-start") == "only input commands can be replayed")
        #expect(reason("replay-add touch-frame;; touch-frame") == "empty command in step")
        #expect(reason("replay-add warp-drive engage") == "only input commands can be replayed")

        try session.send(["replay-add touch-down 0 10 10; touch-frame", "replay-add touch-motion 0 banana 10",
                          "replay-add touch-up 0; touch-frame"])
        let now = Self.monotonicNanoseconds()
        #expect(reason("replay-start \(now - 1_000_000_000) 8000000") == "start is in the past")
        #expect(reason("replay-start \(now + 120_000_000_000) 8000000") == "start is more than 60 s away")
        #expect(reason("replay-start \(now + 50_000_000) 10") == "interval must be 1000 to 10000000000 ns")
        #expect(reason("replay-start soon 8000000") == "start must be CLOCK_MONOTONIC nanoseconds")
        try session.send("replay-start \(Self.monotonicNanoseconds() + 20_000_000) 8000000")
        #expect(reason("replay-start \(Self.monotonicNanoseconds() + 20_000_000) 8000000") == "a replay is running")
        #expect(reason("replay-wait") == "step 2: coordinates must be finite numbers")
        // The steps after a failure still ran (the touch is up again), and
        // the control socket goes on answering.
        try session.send(["touch-down 0 20 20", "touch-frame", "touch-up 0", "touch-frame", "ping"])
    }

    // MARK: tools/bench/live.py

    @Test("the live benchmark plays a short round into weston-simple-touch and reports its figures from ordered timing records",
          arguments: ["compositor", "driver"])
    func liveBenchmarkShortRound(pacing: String) throws {
        let scratch = try temporaryDirectory("bench-e2e")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let json = scratch.appendingPathComponent("bench.json")
        let kept = scratch.appendingPathComponent("kept")
        // The module named relative to the working folder, as a user types it.
        let run = try Self.runBench(["--clients", "simple-touch", "--rounds", "1", "--starts", "2", "--workload", "short",
                                     "--settle", "0.2", "--json", json.path, "--keep", kept.path, "--pacing", pacing],
                                    moduleRelative: true)
        try #require(run.status == 0, "exit \(run.status); stderr:\n\(run.stderr)")
        #expect(run.stdout.contains("| weston-simple-touch |"), "no table row:\n\(run.stdout)")

        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let clients = try #require(report["clients"] as? [String: Any])
        let floor = try #require(clients["weston-simple-touch"] as? [String: Any])
        let summary = try #require(floor["summary"] as? [String: Any])
        // The short script: 2 taps (4 events), a 10-frame pinch (24), a 10-frame drag (12).
        #expect(summary["events"] as? Int == 40)
        #expect((report["settings"] as? [String: Any])?["events"] as? Int == 40, "\(report["settings"] ?? "none")")
        #expect(run.stdout.contains("short workload (40 events)"), "no headline:\n\(run.stdout)")
        #expect(run.stdout.contains("paced by the \(pacing)"), "no pacing in the headline:\n\(run.stdout)")
        #expect((report["settings"] as? [String: Any])?["pacing"] as? String == pacing)
        // Every down and motion (35) is drawn; an up is answered only by the next touch's commit.
        #expect((summary["events_answered"] as? Int ?? 0) >= 35, "\(summary)")
        let commit = try #require(summary["commit_median_ms"] as? Double)
        let repaint = try #require(summary["repaint_median_ms"] as? Double)
        #expect(commit >= 0 && commit <= repaint, "\(summary)")
        #expect((summary["cpu_us_per_event"] as? Double ?? 0) > 0)
        #expect((summary["peak_rss_mib"] as? Double ?? 0) > 0)
        let start = try #require(summary["first_commit_ms"] as? Double)
        #expect(start > 0 && start <= (summary["first_repaint_ms"] as? Double ?? 0), "\(summary)")
        // Start-up over the round's launch and the two starts after it:
        // their median, with the fastest and slowest beside it.
        let starts = try #require(floor["starts"] as? [[String: Any]])
        #expect(starts.count == 2 && summary["start_samples"] as? Int == 3, "\(starts) \(summary)")
        let launches = ((floor["runs"] as? [[String: Any]]) ?? []).compactMap { $0["first_commit_ms"] as? Double }
            + starts.compactMap { $0["first_commit_ms"] as? Double }
        #expect(launches.count == 3 && launches.sorted()[1] == start, "\(launches) against \(start)")
        let range = try #require(summary["first_commit_ms_range"] as? [Double])
        #expect(range == [launches.min()!, launches.max()!], "\(range) against \(launches)")
        #expect(run.stdout.range(of: #"\| weston-simple-touch \|.* \| \d+ ms \(\d+-\d+\) \| \d+ ms \|"#,
                                 options: .regularExpression) != nil,
                "no range beside the median:\n\(run.stdout)")

        // The CPU of each part of the script: the parts split the round's
        // CPU between them, to the nanosecond, and each one's events.
        #expect(run.stdout.contains("| client | taps (4 events) | pinch (24 events) | drag (12 events) |"),
                "no table of the parts:\n\(run.stdout)")
        let round = try #require((floor["runs"] as? [[String: Any]])?.first)
        let parts = try #require(round["cpu_parts"] as? [[String: Any]])
        #expect(parts.map { $0["part"] as? String } == ["taps", "pinch", "drag"])
        #expect(parts.map { $0["events"] as? Int } == [4, 24, 12])
        let partNanoseconds = parts.map { $0["cpu_ns"] as? Int ?? -1 }
        #expect(partNanoseconds.allSatisfy { $0 > 0 }, "\(parts)")
        #expect(partNanoseconds.reduce(0, +) == round["cpu_ns"] as? Int, "\(parts) against \(round["cpu_ns"] ?? "none")")
        let summaryParts = try #require(summary["cpu_parts"] as? [[String: Any]])
        for (part, nanoseconds) in zip(summaryParts, partNanoseconds) {
            // One round: its figure is the summary's.
            let perEvent = try #require(part["cpu_us_per_event"] as? Double)
            let events = Double(part["events"] as? Int ?? 0)
            #expect(abs(perEvent - Double(nanoseconds) / events / 1000) < 1e-6, "\(part)")
        }
        // The floor reads and draws each touch frame as it comes: its
        // thread is put on a CPU at least once for each of the script's
        // 28 frames, counted from schedstat over the same window as its CPU.
        let runs = try #require(round["cpu_runs"] as? Int, "no count of runs: \(round)")
        // And a handful at most for each (its frame callbacks and buffer
        // releases wake it too), not a time.
        #expect(runs >= 28 && runs <= 10 * 28, "\(runs) runs for 28 touch frames")
        let runsPerEvent = try #require(summary["runs_per_event"] as? Double)
        #expect(abs(runsPerEvent - Double(runs) / 40) < 1e-9, "\(runsPerEvent) against \(runs) runs for 40 events")
        #expect(run.stdout.contains("put on a CPU per event"), "no such column:\n\(run.stdout)")
        let partRatios = try #require(summary["part_ratios"] as? [String: [String: Any]])
        #expect(partRatios["pinch"]?["floor"] as? Double == 1, "the floor over itself: \(partRatios)")

        let record = try Self.decodeRecord(kept.appendingPathComponent("round1-weston-simple-touch/timing.json"))
        #expect(record.events.count == 40)
        let pids = Set(record.events.map(\.pid))
        #expect(pids.count == 1 && !pids.contains(0), "all events went to the one client: \(pids)")
        for (earlier, later) in zip(record.events, record.events.dropFirst()) {
            #expect(earlier.event <= later.event)
        }
        for event in record.events where event.type != "up" {
            let commit = try #require(event.commit, "unanswered \(event)")
            let repaint = try #require(event.repaint, "no repaint for \(event)")
            #expect(event.event < commit && commit < repaint, "\(event)")
        }
    }

    @Test("the live benchmark skips a peer that is not installed and stops with one line when a peer cannot start")
    func liveBenchmarkReportsBadInput() throws {
        let scratch = try temporaryDirectory("bench-e2e")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let missing = scratch.appendingPathComponent("no-such-gtk4-demo").path
        let quitter = "/bin/false"
        let started = Date()
        let crashed = try Self.runBench(["--clients", "simple-touch,gtk", "--rounds", "1", "--workload", "short",
                                         "--simple-touch", quitter, "--gtk-demo", missing])
        #expect(crashed.status == 1)
        #expect(crashed.stderr.contains("gtk4-demo gestures skipped: \(missing) not found (Debian package gtk-4-examples)"),
                "\(crashed.stderr)")
        #expect(crashed.stderr.contains("weston-simple-touch exited with status 1 before showing a frame"),
                "\(crashed.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)

        // A client that runs but never connects: the wait for its frame ends.
        let silent = scratch.appendingPathComponent("silent-client")
        try "#!/bin/sh\nexec sleep 60\n".write(to: silent, atomically: true, encoding: .utf8)
        chmod(silent.path, 0o755)
        let hung = try Self.runBench(["--clients", "simple-touch", "--rounds", "1", "--workload", "short",
                                      "--simple-touch", silent.path, "--timeout", "1"])
        #expect(hung.status == 1)
        #expect(hung.stderr.contains("weston-simple-touch showed no frame within 1 s"), "\(hung.stderr)")

        let noWeston = try Self.runBench(["--clients", "simple-touch", "--rounds", "1", "--workload", "short",
                                          "--weston", quitter])
        #expect(noWeston.status == 1)
        #expect(noWeston.stderr.contains("bench: weston did not start: exited with status 1"), "\(noWeston.stderr)")
    }

    // MARK: Helpers

    struct Event: CustomStringConvertible {
        let type: String
        let id: Int
        let pid: Int
        let event: Int
        let commit: Int?
        let repaint: Int?
        var description: String { "\(type) \(id) pid \(pid): \(event) -> \(commit ?? -1) -> \(repaint ?? -1)" }
    }

    struct Record {
        let events: [Event]
        let clients: [(pid: Int, firstCommit: Int, firstRepaint: Int?)]
        let commits: [(time: Int, pid: Int)]
        let repaints: [Int]
    }

    /// Starts timing and weston-simple-touch, and waits until its first
    /// frame is on the output; returns its pid.
    private static func startTimedSimpleTouch(in session: WestonSession) throws -> Int {
        try session.send(["capabilities touch,keyboard", "timing-start"])
        let client = try session.launchClient(executable: URL(fileURLWithPath: simpleTouch))
        let pid = Int(client.processIdentifier)
        let shown = try session.waitFor(timeout: 10) {
            try dump(session).clients.contains { $0.pid == pid && $0.firstRepaint != nil }
        }
        try #require(shown, "weston-simple-touch never showed a frame; weston log:\n\(session.westonLogTail())")
        return pid
    }

    private static func dump(_ session: WestonSession) throws -> Record {
        let url = session.runtimeDirectory.appendingPathComponent("timing.json")
        try session.send("timing-dump \(url.path)")
        return try decodeRecord(url)
    }

    private static func decodeRecord(_ url: URL) throws -> Record {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(object["clock"] as? String == "CLOCK_MONOTONIC")
        #expect(object["overflow"] as? Bool == false)
        let events = (object["events"] as? [[String: Any]] ?? []).map {
            Event(type: $0["type"] as? String ?? "?", id: $0["id"] as? Int ?? -1, pid: $0["pid"] as? Int ?? -1,
                  event: $0["event"] as? Int ?? -1, commit: $0["commit"] as? Int, repaint: $0["repaint"] as? Int)
        }
        let clients = (object["clients"] as? [[String: Any]] ?? []).map {
            (pid: $0["pid"] as? Int ?? -1, firstCommit: $0["first_commit"] as? Int ?? -1,
             firstRepaint: $0["first_repaint"] as? Int)
        }
        let commits = (object["commits"] as? [[Int]] ?? []).map { (time: $0[0], pid: $0[1]) }
        return Record(events: events, clients: clients, commits: commits, repaints: object["repaints"] as? [Int] ?? [])
    }

    /// Runs tools/bench/live.py with the test build's inject module (named
    /// by its file name alone, from its own folder, if `moduleRelative`);
    /// ends it after 120 s (it has deadlines of its own, far shorter).
    private static func runBench(_ arguments: [String], moduleRelative: Bool = false) throws -> CommandResult {
        let module = try WestonSession.locateModule()
        let run = try runCommand(["/usr/bin/python3", packageRoot.appendingPathComponent("tools/bench/live.py").path,
                                  "--module", moduleRelative ? module.lastPathComponent : module.path] + arguments,
                                 in: moduleRelative ? module.deletingLastPathComponent() : packageRoot, timeout: 120)
        if run.timedOut {
            Issue.record("tools/bench/live.py did not finish within 120 s")
        }
        return run
    }
}
