import Foundation
import TestSupport
import Testing

/// `--record`: real input injected into weston, written by the app as a
/// script, must replay headless, as is, to what the live session showed
/// (its `--log`): whatever the window's size, the compositor's clock and
/// the first event (the pointer entering, a key, a touch), with held keys
/// repeating and touchpad gestures, and however the session ends (Ctrl+Q
/// or a signal).
@Suite("Recording end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct RecordingEndToEndTests {
    // Linux key codes.
    static let key1 = 2, key2 = 3, keyQ = 16, keyLeftCtrl = 29, keyZ = 44

    /// A recorded live session: the app under weston with `--record` and
    /// `--log`, driven by `drive`, then quit with Ctrl+Q as a user would,
    /// or ended by `signal` (as a desktop logging out, or Ctrl+C in its
    /// terminal).
    struct Recorded {
        var script: String
        var liveLog: AppLog
        var recording: URL
        var directory: URL
    }

    func record(width: Int, height: Int, capabilities: String, page: String = "touches",
                arguments: [String] = [], endedBy signal: Int32? = nil, isReady: (AppLog) -> Bool = { _ in true },
                drive: (WestonSession, AppLog) throws -> Void) throws -> Recorded {
        let session = try WestonSession(width: width, height: height)
        defer { session.stop() }
        try session.send("capabilities \(capabilities)")
        let dir = session.runtimeDirectory
        let recording = dir.appendingPathComponent("session.gds")
        let liveLog = AppLog(url: dir.appendingPathComponent("live.jsonl"))
        let empty = try session.screenshot()
        let app = try session.launchClient(executable: gestureDemoBinary(),
                                           arguments: ["--page", page, "--record", recording.path,
                                                       "--log", liveLog.url.path] + arguments)
        let shown = try session.waitFor(timeout: 10) {
            guard isReady(liveLog) else { return false }
            return try !session.screenshot().difference(from: empty).isEmpty
        }
        try #require(shown, "the app never showed: \(session.output(of: app))")
        Thread.sleep(forTimeInterval: 0.3)
        try drive(session, liveLog)
        if let signal {
            kill(app.processIdentifier, signal)
        } else {
            try session.send(["key \(Self.keyLeftCtrl) pressed", "key \(Self.keyQ) pressed",
                              "key \(Self.keyQ) released", "key \(Self.keyLeftCtrl) released"])
        }
        let quit = session.waitFor(timeout: 5) { !app.isRunning }
        try #require(quit, "the app did not quit: \(session.output(of: app))")
        #expect(app.terminationReason == .exit && app.terminationStatus == 0, "\(session.output(of: app))")
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
        let replay = try runGestureDemo(["--headless", "--script", recorded.recording.path, "--out", out.path])
        return (replay.status, AppLog(url: out.appendingPathComponent("log.jsonl")))
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
        let frame = try #require(try AppBinary.frame(of: name, page: page, width: width, height: height),
                                 "no view \(name) in the dump")
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
                    && !$0.hasPrefix("wait") && !$0.hasPrefix("keyboard") } == "pointer move 100 100",
                "recording:\n\(recorded.script)")
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
        // Weston's key repeat (no weston.ini: 40 per second after 400 ms)
        // comes with the keyboard's focus.
        #expect(Array(events.prefix(5)) == ["page touches", "size \(w) \(h)", "keyboard repeat 40 400", "key press 2",
                                            "key release 2"],
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

    @Test("Ctrl+Z held on FlatCube with a short repeat delay replays headless to the same undos, repeats included")
    func heldUndoRepeats() throws {
        let red = KeyRepeatEndToEndTests.red
        let recorded = try record(width: 800, height: 600, capabilities: "touch,keyboard", page: "flatcube") {
            session, log in
            for n in 1...5 {
                try session.send(["touch-down 0 \(red.x) \(red.y)", "touch-frame", "touch-up 0"])
                #expect(session.waitFor { log.texts(of: "singleCounter").last == String(n) }, "live log: \(log.lines)")
                // Past the multi-tap interval, so each tap is a first tap.
                Thread.sleep(forTimeInterval: 0.4)
            }
            // A repeat 150 ms after the press, then every 200 ms: held
            // 0.45 s, the release falls between two repeats.
            try session.send("key-repeat 5 150")
            try session.send(["key \(Self.keyLeftCtrl) pressed", "key \(Self.keyZ) pressed"])
            Thread.sleep(forTimeInterval: 0.45)
            try session.send(["key \(Self.keyZ) released", "key \(Self.keyLeftCtrl) released"])
            Thread.sleep(forTimeInterval: 0.3)
        }
        let counts = recorded.liveLog.texts(of: "singleCounter")
        #expect(counts.count >= 5 + 3 && counts.last.flatMap { Int($0) }.map { $0 <= 2 } == true,
                "the press and at least two repeats undid: \(counts)")
        let lines = recorded.script.split(separator: "\n")
        #expect(lines.contains("keyboard repeat 5 150"), "recording:\n\(recorded.script)")
        #expect(lines.filter { $0.hasPrefix("key ") }.prefix(4) == ["key press ctrl", "key press z", "key release z",
                                                                    "key release ctrl"],
                "one press and one release of z, no repeats: \(recorded.script)")
        try expectReplaysLikeTheSession(recorded, size: "800 600")
    }

    @Test("a touchpad pinch on the Gestures page replays headless to the same Pinched, Scale and Velocity")
    func touchpadPinch() throws {
        let c = GesturesEndToEndTests.pinchCentre
        let recorded = try record(width: 800, height: 600, capabilities: "touch,pointer,keyboard", page: "gestures",
                                  isReady: { log in log.records.contains { $0["event"] as? String == "pointer-move" } }) {
            session, log in
            try session.send(["pointer-motion \(c.x) \(c.y)", "pointer-frame", "pinch-begin 2"])
            for scale in [1.1, 1.2, 1.3, 1.4, 1.5] {
                Thread.sleep(forTimeInterval: GesturesEndToEndTests.frameInterval)
                try session.send("pinch-update 0 0 \(scale) 0")
            }
            try session.send("pinch-end")
            #expect(session.waitFor { log.gestureStates("pinch") == ["began", "ended"] }, "live log: \(log.lines)")
            Thread.sleep(forTimeInterval: 0.3)
        }
        let pinched = recorded.liveLog.texts(of: "output").filter { $0.hasPrefix("Pinched") }
        #expect(pinched.last?.hasPrefix("Pinched, Scale:1.50, Velocity:") == true, "\(pinched)")
        let lines = recorded.script.split(separator: "\n")
        #expect(lines.contains("touchpad pinch begin 2") && lines.contains("touchpad pinch end"),
                "recording:\n\(recorded.script)")
        try expectReplaysLikeTheSession(recorded, size: "800 600")
    }

    @Test("a session ended by a signal closes the window the normal way: exit 0, the last wait recorded, the log's end written",
          arguments: [SIGTERM, SIGINT])
    func endedBySignal(signal: Int32) throws {
        let red = KeyRepeatEndToEndTests.red
        let recorded = try record(width: 800, height: 600, capabilities: "touch,keyboard", page: "flatcube",
                                  endedBy: signal) { session, log in
            try session.send(["touch-down 0 \(red.x) \(red.y)", "touch-frame", "touch-up 0"])
            #expect(session.waitFor { log.hasLabel("singleCounter", "1") }, "live log: \(log.lines)")
            try session.send(["key \(Self.key1) pressed", "key \(Self.key1) released"])
            Thread.sleep(forTimeInterval: 0.3)
            try session.send(["touch-down 0 600 420", "touch-frame", "touch-up 0"])
            #expect(session.waitFor { log.texts(of: "interaction").last?.hasPrefix("Single tap ended") == true },
                    "live log: \(log.lines)")
            // The label's 3-second reset plays live before the signal: a
            // replay without the session's last wait would miss it.
            Thread.sleep(forTimeInterval: 3.3)
        }
        #expect(recorded.liveLog.texts(of: "interaction").last == "None")
        #expect(recorded.script.split(separator: "\n").last?.hasPrefix("wait ") == true, "recording:\n\(recorded.script)")
        try expectReplaysLikeTheSession(recorded, size: "800 600")
    }

    /// A Linux IIO accelerometer as sysfs shows it (`--accelerometer-root`),
    /// at rest at a 30 degree tilt until `shake` moves it.
    struct FakeAccelerometer {
        let root: URL
        /// Counts to m/s^2: 1/1024 g per count, as common parts report.
        static let scale = 0.009576
        var device: URL { root.appendingPathComponent("iio:device0") }

        init() throws {
            root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("iio-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("iio:device0"),
                                                    withIntermediateDirectories: true)
            try "fake-accel\n".write(to: device.appendingPathComponent("name"), atomically: true, encoding: .utf8)
            try "\(Self.scale)\n".write(to: device.appendingPathComponent("in_accel_scale"), atomically: true,
                                        encoding: .utf8)
            write(x: 0)
        }

        /// Gravity at the tilt plus `x` m/s^2 along x; each file replaced
        /// at once, so the app never reads half of one.
        func write(x: Double) {
            let g = 9.81, tilt = 30 * Double.pi / 180
            for (axis, value) in [("x", x), ("y", g * sin(tilt)), ("z", g * cos(tilt))] {
                let counts = "\(Int((value / Self.scale).rounded()))\n"
                try? counts.write(to: device.appendingPathComponent("in_accel_\(axis)_raw"), atomically: true,
                                  encoding: .utf8)
            }
        }

        /// Shakes it side to side (20 m/s^2 at 5 Hz) for `seconds`, then
        /// keeps it still for `rest` seconds, writing every 5 ms (the app
        /// reads at 50 Hz).
        func shake(for seconds: TimeInterval, rest: TimeInterval) {
            let start = monotonicSeconds()
            while monotonicSeconds() - start < seconds + rest {
                let t = monotonicSeconds() - start
                write(x: t < seconds ? 20 * sin(2 * .pi * 5 * t) : 0)
                Thread.sleep(forTimeInterval: 0.005)
            }
        }
    }

    @Test("an accelerometer's shakes, a short one and one over a second, replay headless to the same results")
    func accelerometerShakes() throws {
        let accelerometer = try FakeAccelerometer()
        defer { try? FileManager.default.removeItem(at: accelerometer.root) }
        let tapArea = GesturesEndToEndTests.tapCentre
        let recorded = try record(width: 800, height: 600, capabilities: "touch,keyboard", page: "gestures",
                                  arguments: ["--accelerometer-root", accelerometer.root.path]) { session, log in
            try session.send(["touch-down 0 \(Int(tapArea.x)) \(Int(tapArea.y))", "touch-frame", "touch-up 0"])
            #expect(session.waitFor { log.texts(of: "output").last == "Tapped (uikit)" }, "live log: \(log.lines)")
            accelerometer.shake(for: 0.6, rest: 0.8)
            #expect(session.waitFor { log.texts(of: "output").last == "Shaken: image reset" }, "live log: \(log.lines)")
            accelerometer.shake(for: 1.6, rest: 0.8)
        }
        let shakes = recorded.script.split(separator: "\n").filter { $0.hasPrefix("shake") }
        #expect(shakes.count == 4 && shakes.first == "shake begin" && shakes[1].hasPrefix("shake end "),
                "recording:\n\(recorded.script)")
        let outputs = recorded.liveLog.texts(of: "output")
        #expect(outputs == ["Tapped (uikit)", "Shaken: image reset"], "the long shake is no shake: \(outputs)")
        try expectReplaysLikeTheSession(recorded, size: "800 600")
    }

    @Test("Shift + keys other layouts shift to other symbols (French 1, German ?) replay to the same page and help")
    func shiftedKeysOfOtherLayouts() throws {
        let tapArea = try center(of: "tapArea", page: "gestures", width: 800, height: 600)
        let keyLeftShift = 42, keyAmpersandOrOne = 2, keySharpSOrQuestion = 12
        func shifted(_ key: Int) -> [String] {
            ["key \(keyLeftShift) pressed", "key \(key) pressed", "key \(key) released", "key \(keyLeftShift) released"]
        }
        let recorded = try record(width: 800, height: 600, capabilities: "touch,keyboard", page: "gestures") {
            session, log in
            try session.send(["touch-down 0 \(tapArea.0) \(tapArea.1)", "touch-frame", "touch-up 0"])
            #expect(session.waitFor { log.texts(of: "output").last == "Tapped (uikit)" }, "live log: \(log.lines)")
            // AZERTY's 1 is Shift + the & key: the first page, Touches.
            try session.send("keymap fr")
            try session.send(shifted(keyAmpersandOrOne))
            #expect(session.waitFor { log.texts(of: "output").last?.hasPrefix("Output: ") == true }, "live log: \(log.lines)")
            // The German ? is Shift + the ß key: the help.
            try session.send("keymap de")
            try session.send(shifted(keySharpSOrQuestion))
            Thread.sleep(forTimeInterval: 0.3)
        }
        // The replay must end as live: on Touches, the help open.
        let checked = recorded.directory.appendingPathComponent("checked.gds")
        try (recorded.script + "\nexpect view touches exists\nexpect view help exists\n")
            .write(to: checked, atomically: true, encoding: .utf8)
        let run = try runGestureDemo(["--headless", "--script", checked.path,
                                      "--out", recorded.directory.appendingPathComponent("checked").path])
        #expect(run.status == 0, "\(run.stderr)\nrecording:\n\(recorded.script)")
        try expectReplaysLikeTheSession(recorded, size: "800 600")
    }

    /// Launches the app on FlatCube in `session` with `arguments`, taps its
    /// red square (seen in `liveLog`, which the arguments must name), quits
    /// it with Ctrl+Q as a user would, and returns it, ended, with its output.
    func tapFlatCubeAndQuit(_ session: WestonSession, liveLog: AppLog, arguments: [String],
                            extraEnv: [String: String] = [:]) throws -> (app: Process, output: String) {
        let empty = try session.screenshot()
        let app = try session.launchClient(executable: gestureDemoBinary(), arguments: ["--page", "flatcube"] + arguments,
                                           extraEnv: extraEnv)
        let shown = try session.waitFor(timeout: 10) { try !session.screenshot().difference(from: empty).isEmpty }
        try #require(shown, "the app never showed: \(session.output(of: app))")
        let red = KeyRepeatEndToEndTests.red
        try session.send(["touch-down 0 \(red.x) \(red.y)", "touch-frame", "touch-up 0"])
        #expect(session.waitFor { liveLog.hasLabel("singleCounter", "1") }, "live log: \(liveLog.lines)")
        try session.send(["key \(Self.keyLeftCtrl) pressed", "key \(Self.keyQ) pressed",
                          "key \(Self.keyQ) released", "key \(Self.keyLeftCtrl) released"])
        let quit = session.waitFor(timeout: 5) { !app.isRunning }
        try #require(quit, "the app did not quit: \(session.output(of: app))")
        return (app, session.output(of: app))
    }

    @Test("a recording the disk refuses (/dev/full) is reported when it fails and at the end, with exit 1; the log stays whole")
    func recordingOnAFullDisk() throws {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        try session.send("capabilities touch,keyboard")
        let liveLog = AppLog(url: session.runtimeDirectory.appendingPathComponent("live.jsonl"))
        let (app, output) = try tapFlatCubeAndQuit(session, liveLog: liveLog,
                                                   arguments: ["--record", "/dev/full", "--log", liveLog.url.path])
        #expect(app.terminationReason == .exit && app.terminationStatus == 1, "\(output)")
        // Once as it happens, in the app's log, and once as the run ends.
        #expect(output.contains("cannot write recording /dev/full: No space left on device; the lines after this are lost"),
                "\(output)")
        let last = output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("gesture-demo: cannot write recording /dev/full: No space left on device (")
                    && last.hasSuffix(" lines lost)"), "\(output)")
        // The log, on a disk with room, is whole: its end record is there.
        #expect(liveLog.records.last?["type"] as? String == "end", "live log: \(liveLog.lines)")
    }

    @Test("a log the file system refuses only as it closes (EIO from close) ends the run with exit 1 and says its end may be missing")
    func logFailingAsItCloses() throws {
        let scratch = try temporaryDirectory("fail-close")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let shim = scratch.appendingPathComponent("fail-close.so")
        let source = packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/fail-close.c")
        let built = try runCommand(["cc", "-shared", "-fPIC", "-O2", "-o", shim.path, source.path, "-ldl"], timeout: 60)
        try #require(built.status == 0, "\(built.transcript)")

        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        try session.send("capabilities touch,keyboard")
        let liveLog = AppLog(url: session.runtimeDirectory.appendingPathComponent("live.jsonl"))
        let logPath = liveLog.url.resolvingSymlinksInPath().path
        let (app, output) = try tapFlatCubeAndQuit(session, liveLog: liveLog, arguments: ["--log", logPath],
                                                   extraEnv: ["LD_PRELOAD": shim.path, "FAIL_CLOSE_PATH": logPath])
        #expect(app.terminationReason == .exit && app.terminationStatus == 1, "\(output)")
        let last = output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last == "gesture-demo: cannot write log file \(logPath): Input/output error "
                    + "(as it closed: its end may be missing)", "\(output)")
        // Every line was handed over before the close failed.
        #expect(liveLog.records.last?["type"] as? String == "end", "live log: \(liveLog.lines)")
    }
}
