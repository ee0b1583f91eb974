import Foundation
import TestSupport
import Testing

/// `--live --script`: a scenario replayed into the real window under
/// weston, in real time, with its checks.
@Suite("Live replay end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct LiveReplayEndToEndTests {
    static let scenarios = packageRoot.appendingPathComponent("Tests/Scenarios")

    /// Replays `script` live and returns the app's exit status and output.
    func replay(_ script: URL, in session: WestonSession, arguments: [String] = []) throws -> (status: Int32, output: String) {
        let app = try session.launchClient(executable: gestureDemoBinary(),
                                           arguments: ["--live", "--script", script.path,
                                                       "--out", session.runtimeDirectory.appendingPathComponent("out").path]
                                               + arguments)
        let exited = session.waitFor(timeout: 30, pollInterval: 0.1) { !app.isRunning }
        try #require(exited, "the replay never ended: \(session.output(of: app))")
        return (app.terminationStatus, session.output(of: app))
    }

    /// Replays the script `text` live in a fresh 800x600 session, with
    /// `--log`; returns the exit status, the output and the log.
    func replay(text: String, name: String, arguments: [String] = []) throws
        -> (status: Int32, output: String, log: AppLog) {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        try session.send("capabilities touch,keyboard")
        let script = session.runtimeDirectory.appendingPathComponent(name)
        try text.write(to: script, atomically: true, encoding: .utf8)
        // The log is read after the session ends, by the caller.
        let log = try temporaryDirectoryRemovedAtExit("live-log").appendingPathComponent("live.jsonl")
        let (status, output) = try replay(script, in: session, arguments: arguments + ["--log", log.path])
        return (status, output, AppLog(url: log))
    }

    @Test("the FlatCube scenario replayed into a live window passes all its checks and closes the window")
    func scenarioPassesLive() throws {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        try session.send("capabilities touch,keyboard")
        let (status, output) = try replay(Self.scenarios.appendingPathComponent("flatcube-switch-off.gds"), in: session)
        #expect(status == 0, "output: \(output)")
    }

    // Touches without a `frame` line end their frame at the next wait, as
    // headless: a tap's down and up, 20 ms, a second tap is a double tap,
    // not one frame holding both taps. (The window is left idle first: a
    // batch of the compositor's events would also end the frame.)
    @Test("a touch frame left open ends at the next wait, live as headless: the thresholds scenario passes live")
    func openFrameEndsAtWait() throws {
        let (status, output, log) = try replay(text: """
            size 800 600
            page gestures
            wait 1000
            down 1 @tapArea
            up 1
            wait 20
            down 1 @tapArea
            up 1
            wait 400
            expect label output == "Double tapped (uikit)"
            """, name: "open-frames.gds")
        #expect(status == 0, "output: \(output)")
        // The double tap is seen when its second tap lifts, 20 ms in, not
        // when the check 400 ms later ends a frame holding both taps.
        let firstDown = log.records.first { $0["type"] as? String == "input" && $0["event"] as? String == "down" }
        let doubleTap = log.records.first { $0["type"] as? String == "label" && $0["text"] as? String == "Double tapped (uikit)" }
        let start = try #require(firstDown?["t"] as? Double), seen = try #require(doubleTap?["t"] as? Double, "\(log.lines)")
        #expect(seen - start < 0.2, "double tap seen \(seen - start) s after the first down")
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        try session.send("capabilities touch,keyboard")
        let scenario = try replay(Self.scenarios.appendingPathComponent("thresholds.gds"), in: session)
        #expect(scenario.status == 0, "output: \(scenario.output)")
    }

    // Under desktop-shell the window floats and draws its own title bar
    // (weston has no server-side decorations): a script's size is the
    // page's, the window grows by the bar, and its surface follows.
    // (Desktop-shell places a window at random, so its bottom may be off
    // the output: the buffer's size is read from the protocol instead.)
    @Test("a floating window with its own title bar: a live replay's size and points are its page's, and its buffer follows")
    func floatingWindowWithTitleBar() throws {
        let session = try WestonSession(width: 1024, height: 768, shell: "desktop-shell.so")
        defer { session.stop() }
        try session.send("capabilities touch,keyboard")
        let script = session.runtimeDirectory.appendingPathComponent("floating.gds")
        try """
            size 800 600
            page touches
            tap 600 420
            expect label interaction == "Single tap ended (600,420)->(600,420)"
            expect label windowSize == "Window: 800x600 logical px"
            wait 500
            """.write(to: script, atomically: true, encoding: .utf8)
        let app = try session.launchClient(executable: gestureDemoBinary(), arguments: ["--live", "--script", script.path],
                                           extraEnv: ["WAYLAND_DEBUG": "1"])
        let ended = session.waitFor(timeout: 10) { !app.isRunning }
        let output = session.output(of: app)
        #expect(ended && app.terminationStatus == 0, "its checks pass: \(output.suffix(2000))")
        let buffers = output.matches(of: /create_buffer\(new id wl_buffer@\d+, \d+, (\d+), (\d+),/).map { "\($0.1)x\($0.2)" }
        #expect(buffers.first == "800x600", "the window opens at its default size: \(buffers)")
        #expect(buffers.last == "800x644", "then takes the page's 800x600 and its 44 px title bar: \(buffers)")
    }

    // A script sizes the window; under a compositor that keeps the
    // surface at its own size (kiosk-shell here, a tiling one in use), the
    // surface's part outside the window must not keep an earlier frame.
    @Test("a live replay that sizes the window below the surface shows one grey outside it, not an earlier frame")
    func smallerWindowLive() throws {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        try session.send("capabilities touch,keyboard")
        let script = session.runtimeDirectory.appendingPathComponent("smaller.gds")
        try "page gestures\nwait 500\nsize 500 400\nwait 20000\n".write(to: script, atomically: true, encoding: .utf8)
        let app = try session.launchClient(executable: gestureDemoBinary(), arguments: ["--live", "--script", script.path])
        let grey = Screenshot.Pixel(r: 0x3c, g: 0x3c, b: 0x3c)
        var last: Screenshot?
        // The first frame fills 800x600 (its tab bar reaches the right
        // edge); after the resize every pixel right of x = 500 or below
        // y = 400 is the grey.
        let shown = try session.waitFor(timeout: 10, pollInterval: 0.2) {
            let shot = try session.screenshot()
            last = shot
            for y in 0..<shot.height {
                for x in 0..<shot.width where x >= 500 || y >= 400 {
                    if shot.pixel(x: x, y: y) != grey { return false }
                }
            }
            return true
        }
        #expect(shown, "outside the window: \(last.map { "\($0.pixel(x: 700, y: 20)) at (700, 20), \($0.pixel(x: 100, y: 500)) at (100, 500)" } ?? "no screenshot")")
        // The window itself is drawn: the page's white at its middle.
        #expect(last?.pixel(x: 250, y: 200) != grey)
        #expect(app.isRunning, "output: \(session.output(of: app))")
    }

    @Test("a wrong expectation in a live replay exits 1 naming the line, expected and actual")
    func failingCheckLive() throws {
        let (status, output, _) = try replay(text: "page flatcube\ntap 400 120\nwait 400\nexpect label singleCounter == \"2\"\n",
                                             name: "wrong.gds")
        #expect(status == 1)
        #expect(output.contains("wrong.gds:4:1: assertion failed"), "output: \(output)")
        #expect(output.contains("actual \"1\""), "output: \(output)")
    }

    @Test("a live replay's --log has the headless log's records: input with its line, labels, gestures, checks, end")
    func liveLog() throws {
        let (status, output, log) = try replay(text: "page flatcube\ntap @single\nwait 400\nexpect label singleCounter == \"1\"\n",
                                               name: "logged.gds")
        defer { try? FileManager.default.removeItem(at: log.url) }
        #expect(status == 0, "output: \(output)")
        let records = log.records
        #expect(records.contains { $0["type"] as? String == "input" && $0["event"] as? String == "down"
                    && $0["line"] as? Int == 2 }, "\(log.lines)")
        #expect(records.contains { $0["type"] as? String == "gesture" && $0["name"] as? String == "oneFingerTap" })
        #expect(log.hasLabel("singleCounter", "1"))
        #expect(records.contains { $0["type"] as? String == "assert" && $0["ok"] as? Bool == true && $0["line"] as? Int == 4 })
        #expect(records.last?["type"] as? String == "end")
        #expect(records.last?["checks"] as? Int == 1 && records.last?["completed"] as? Bool == true)
    }

    @Test("a live replay plays up to --time-limit seconds of real time, then stops (exit 1) saying so")
    func timeLimitLive() throws {
        let (status, output, log) = try replay(
            text: "page touches\ntap 600 420\nwait 3200\nexpect label interaction == \"None\"\nwait 60000\n",
            name: "long.gds", arguments: ["--time-limit", "4"])
        defer { try? FileManager.default.removeItem(at: log.url) }
        #expect(status == 1)
        #expect(output.contains("long.gds:5:1: stopped: the script runs past the time limit of 4 s (--time-limit)"),
                "output: \(output)")
        #expect(!output.contains("virtual"))
        #expect(log.records.contains { $0["type"] as? String == "assert" && $0["ok"] as? Bool == true },
                "the check due before the limit ran: \(log.lines)")
        #expect(log.records.contains { $0["type"] as? String == "error" && $0["line"] as? Int == 5 })
        #expect(log.records.last?["completed"] as? Bool == false)
    }
}
