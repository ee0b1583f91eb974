import Foundation
import Testing

/// `--record`: real input injected into weston, written by the app as a
/// script, must replay headless, as is, to what the live session showed
/// (its `--log`): whatever the window's size, the compositor's clock and
/// the first event (the pointer entering, a key, a touch).
@Suite("Recording end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct RecordingEndToEndTests {
    // Linux key codes.
    static let key1 = 2, key2 = 3, keyQ = 16, keyLeftCtrl = 29

    /// A recorded live session: the app under weston with `--record` and
    /// `--log`, driven by `drive`, then quit with Ctrl+Q as a user would.
    struct Recorded {
        var script: String
        var liveLog: AppLog
        var recording: URL
        var directory: URL
    }

    func record(width: Int, height: Int, capabilities: String, page: String = "touches",
                isReady: (AppLog) -> Bool = { _ in true },
                drive: (WestonSession, AppLog) throws -> Void) throws -> Recorded {
        let session = try WestonSession(width: width, height: height)
        defer { session.stop() }
        try session.send("capabilities \(capabilities)")
        let dir = session.runtimeDirectory
        let recording = dir.appendingPathComponent("session.gds")
        let liveLog = AppLog(url: dir.appendingPathComponent("live.jsonl"))
        let empty = try session.screenshot()
        let app = try session.launchClient(executable: AppBinary.locate(),
                                           arguments: ["--page", page, "--record", recording.path,
                                                       "--log", liveLog.url.path])
        let shown = try session.waitFor(timeout: 10) {
            guard isReady(liveLog) else { return false }
            return try !session.screenshot().difference(from: empty).isEmpty
        }
        try #require(shown, "the app never showed: \(session.output(of: app))")
        Thread.sleep(forTimeInterval: 0.3)
        try drive(session, liveLog)
        try session.send(["key \(Self.keyLeftCtrl) pressed", "key \(Self.keyQ) pressed",
                          "key \(Self.keyQ) released", "key \(Self.keyLeftCtrl) released"])
        let quit = session.waitFor(timeout: 5) { !app.isRunning }
        try #require(quit, "Ctrl+Q did not quit: \(session.output(of: app))")
        #expect(app.terminationStatus == 0, "\(session.output(of: app))")
        // The session's directory goes with the session: keep the files.
        let keep = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true)
        for file in [recording, liveLog.url] {
            try FileManager.default.copyItem(at: file, to: keep.appendingPathComponent(file.lastPathComponent))
        }
        return Recorded(script: try String(contentsOf: recording, encoding: .utf8),
                        liveLog: AppLog(url: keep.appendingPathComponent("live.jsonl")),
                        recording: keep.appendingPathComponent("session.gds"), directory: keep)
    }

    /// Plays the recording headless, as is; returns its exit status and log.
    func replay(_ recorded: Recorded) throws -> (status: Int32, log: AppLog) {
        let out = recorded.directory.appendingPathComponent("replay")
        let replay = Process()
        replay.executableURL = try AppBinary.locate()
        replay.arguments = ["--headless", "--script", recorded.recording.path, "--out", out.path]
        replay.standardOutput = FileHandle.nullDevice
        replay.standardError = FileHandle.nullDevice
        try replay.run()
        replay.waitUntilExit()
        return (replay.terminationStatus, AppLog(url: out.appendingPathComponent("log.jsonl")))
    }

    /// What the app showed: label changes and recognizer transitions, in
    /// order. The labels that describe the output (`output`,
    /// `bufferScale`) read what the compositor announces live and
    /// "none (headless)" without one, so they are left out.
    func shown(_ log: AppLog) -> [String] {
        log.records.compactMap { r -> String? in
            guard let type = r["type"] as? String, let name = r["name"] as? String else { return nil }
            switch type {
            case "label" where !["output", "bufferScale"].contains(name): return "\(name)=\(r["text"] as? String ?? "")"
            case "gesture": return "\(name):\(r["state"] as? String ?? "")"
            default: return nil
            }
        }
    }

    /// The waits of a recording, in milliseconds.
    func waits(_ script: String) -> [Double] {
        script.split(separator: "\n").filter { $0.hasPrefix("wait ") }.compactMap { Double($0.dropFirst(5)) }
    }

    /// The centre of view `name` on `page` at a window size, from
    /// `gesture-demo --dump-tree` (the layout the app itself computes).
    func center(of name: String, page: String, width: Int, height: Int) throws -> (Int, Int) {
        let dump = Process()
        dump.executableURL = try AppBinary.locate()
        dump.arguments = ["--dump-tree", "--page", page, "--size", "\(width)x\(height)"]
        let pipe = Pipe()
        dump.standardOutput = pipe
        try dump.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        dump.waitUntilExit()
        func find(_ node: Any) -> [Double]? {
            guard let view = node as? [String: Any] else { return nil }
            if view["name"] as? String == name, let frame = view["frame"] as? [Double] { return frame }
            return (view["subviews"] as? [Any] ?? []).lazy.compactMap(find).first
        }
        let frame = try #require(find(try JSONSerialization.jsonObject(with: data)), "no view \(name) in the dump")
        return (Int(frame[0] + frame[2] / 2), Int(frame[1] + frame[3] / 2))
    }

    /// What every recording must be: the configured size in its header,
    /// no wait anywhere near the machine's uptime, a live log with the
    /// headless log's record kinds, and a replay showing what the session
    /// showed.
    func expectReplaysLikeTheSession(_ recorded: Recorded, size: String) throws {
        let lines = recorded.script.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("size ") }.first == "size \(size)", "recording:\n\(recorded.script)")
        #expect(waits(recorded.script).allSatisfy { $0 < 10_000 }, "recording:\n\(recorded.script)")
        let kinds = Set(recorded.liveLog.records.compactMap { $0["type"] as? String })
        #expect(kinds.isSuperset(of: ["input", "label", "gesture", "end"]), "live log kinds: \(kinds)")
        #expect(recorded.liveLog.records.last?["type"] as? String == "end")
        #expect(recorded.liveLog.records.last?["completed"] as? Bool == true)
        let (status, replayLog) = try replay(recorded)
        #expect(status == 0)
        #expect(shown(replayLog) == shown(recorded.liveLog), "recording:\n\(recorded.script)")
        try? FileManager.default.removeItem(at: recorded.directory)
    }

    @Test("a 1024x768 session the pointer enters first replays headless to what it showed live")
    func pointerFirst() throws {
        let (w, h) = (1024, 768)
        let single = try center(of: "single", page: "flatcube", width: w, height: h)
        // The pointer sits at (100, 100): it enters the window as it maps.
        let recorded = try record(width: w, height: h, capabilities: "touch,pointer,keyboard",
                                  isReady: { log in log.records.contains { $0["event"] as? String == "pointer-move" } }) {
            session, log in
            // A click on Touches is a tap; key 2 shows FlatCube; two taps
            // on red by touch; a pause past the 3-second label reset.
            try session.send(["pointer-motion 600 420", "pointer-frame", "button 272 pressed", "pointer-frame"])
            Thread.sleep(forTimeInterval: 0.05)
            try session.send(["button 272 released", "pointer-frame"])
            Thread.sleep(forTimeInterval: 0.5)
            try session.send(["key \(Self.key2) pressed", "key \(Self.key2) released"])
            Thread.sleep(forTimeInterval: 0.3)
            for _ in 0..<2 {
                try session.send(["touch-down 0 \(single.0) \(single.1)", "touch-frame", "touch-up 0"])
                Thread.sleep(forTimeInterval: 0.45)
            }
            #expect(session.waitFor { log.hasLabel("singleCounter", "2") }, "live log: \(log.lines)")
            Thread.sleep(forTimeInterval: 3.2)
        }
        let lines = recorded.script.split(separator: "\n").map(String.init)
        #expect(lines.first { !$0.hasPrefix("#") && !$0.hasPrefix("page") && !$0.hasPrefix("size")
                    && !$0.hasPrefix("wait") } == "pointer move 100 100", "recording:\n\(recorded.script)")
        #expect(recorded.liveLog.hasLabel("interaction", "Single tap ended (600,420)->(600,420)"))
        try expectReplaysLikeTheSession(recorded, size: "\(w) \(h)")
    }

    @Test("a 1024x768 session that starts with a key replays headless to what it showed live")
    func keyFirst() throws {
        let (w, h) = (1024, 768)
        let single = try center(of: "single", page: "flatcube", width: w, height: h)
        let recorded = try record(width: w, height: h, capabilities: "touch,keyboard") { session, log in
            try session.send(["key \(Self.key2) pressed", "key \(Self.key2) released"])
            Thread.sleep(forTimeInterval: 0.3)
            try session.send(["touch-down 0 \(single.0) \(single.1)", "touch-frame", "touch-up 0"])
            #expect(session.waitFor { log.hasLabel("singleCounter", "1") }, "live log: \(log.lines)")
            try session.send(["key \(Self.key1) pressed", "key \(Self.key1) released"])
            Thread.sleep(forTimeInterval: 0.3)
            try session.send(["touch-down 3 500 600", "touch-frame", "touch-motion 3 560 580", "touch-frame",
                              "touch-up 3"])
            Thread.sleep(forTimeInterval: 3.3)
        }
        let events = recorded.script.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("wait") }
        #expect(Array(events.prefix(4)) == ["page touches", "size \(w) \(h)", "key press 2", "key release 2"],
                "recording:\n\(recorded.script)")
        #expect(recorded.liveLog.texts(of: "interaction").contains("None"), "the 3-second reset played live")
        try expectReplaysLikeTheSession(recorded, size: "\(w) \(h)")
    }

    @Test("a FlatCube session by touch (two fingers, the switch) replays headless to the same label changes")
    func touchFirst() throws {
        let recorded = try record(width: 800, height: 600, capabilities: "touch,keyboard", page: "flatcube") {
            session, log in
            // Red tap; two fingers in the yellows lifting apart; the switch;
            // the triple overlap (switch on: both count).
            try session.send(["touch-down 0 400 120", "touch-frame", "touch-up 0"])
            Thread.sleep(forTimeInterval: 0.45)
            try session.send(["touch-down 0 250 420", "touch-down 1 550 420", "touch-frame",
                              "touch-up 0", "touch-frame", "touch-up 1"])
            Thread.sleep(forTimeInterval: 0.45)
            try session.send(["touch-down 0 438 558", "touch-frame", "touch-up 0"])
            Thread.sleep(forTimeInterval: 0.45)
            try session.send(["touch-down 0 400 280", "touch-frame", "touch-up 0"])
            #expect(session.waitFor { log.hasLabel("singleCounter", "2") }, "live log: \(log.lines)")
        }
        #expect(recorded.script.contains("down 1 550 420"), "recording: \(recorded.script)")
        #expect(recorded.liveLog.hasLabel("doubleCounterLeft", "2"))
        try expectReplaysLikeTheSession(recorded, size: "800 600")
    }
}
