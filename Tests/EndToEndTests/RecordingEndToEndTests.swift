import Foundation
import Testing

/// `--record`: real input injected into weston, written by the app as a
/// script, must replay headless to the same result.
@Suite("Recording end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct RecordingEndToEndTests {
    @Test("a recorded live FlatCube session replays headless to the same label changes")
    func recordAndReplay() throws {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        try session.send("capabilities touch,keyboard")
        let dir = session.runtimeDirectory
        let recording = dir.appendingPathComponent("session.gds")
        let liveLog = AppLog(url: dir.appendingPathComponent("live.jsonl"))
        let app = try session.launchClient(executable: AppBinary.locate(),
                                           arguments: ["--page", "flatcube", "--record", recording.path,
                                                       "--log", liveLog.url.path])
        let shown = try session.waitFor(timeout: 10) {
            try session.screenshot().pixel(x: 400, y: 120) == .init(r: 255, g: 102, b: 102)
        }
        try #require(shown, "the app never showed FlatCube: \(session.output(of: app))")

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
        #expect(session.waitFor { liveLog.hasLabel("singleCounter", "2") }, "live log: \(liveLog.lines)")
        app.terminate()
        app.waitUntilExit()

        let script = try String(contentsOf: recording, encoding: .utf8)
        #expect(script.contains("down 1 550 420"), "recording: \(script)")
        let out = dir.appendingPathComponent("replay")
        let replay = Process()
        replay.executableURL = try AppBinary.locate()
        replay.arguments = ["--headless", "--script", recording.path, "--out", out.path]
        replay.standardOutput = FileHandle.nullDevice
        replay.standardError = FileHandle.nullDevice
        try replay.run()
        replay.waitUntilExit()
        #expect(replay.terminationStatus == 0)
        let replayLog = AppLog(url: out.appendingPathComponent("log.jsonl"))
        let labels = { (log: AppLog) in
            log.records.filter { $0["type"] as? String == "label" }.compactMap { r -> String? in
                guard let name = r["name"] as? String, let text = r["text"] as? String else { return nil }
                return "\(name)=\(text)"
            }
        }
        #expect(labels(replayLog) == labels(liveLog))
        #expect(labels(liveLog).contains("doubleCounterLeft=2"))
    }
}
