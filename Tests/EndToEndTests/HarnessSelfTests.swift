import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// End-to-end tests need weston and the inject module, so they only run
/// when asked for (see README.md in this folder).
let endToEndEnabled = ProcessInfo.processInfo.environment["GESTURE_E2E"] == "1"

/// Proves the harness against clients that are not ours: if these fail,
/// an end-to-end failure of the app says nothing about the app.
@Suite("End-to-end harness", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct HarnessSelfTests {
    private static let simpleTouch = URL(fileURLWithPath: "/usr/bin/weston-simple-touch")
    private static let westonInfo = URL(fileURLWithPath: "/usr/bin/weston-info")

    /// weston-simple-touch draws a fixed 600x500 buffer; kiosk-shell centres
    /// it on the 800x600 output, i.e. at (100, 50)...(699, 549).
    private static let windowCentre = (x: 400, y: 300)

    private func startSimpleTouch(in session: WestonSession) throws -> Screenshot {
        try session.launchClient(executable: Self.simpleTouch)
        var mapped: Screenshot?
        let appeared = try session.waitFor {
            let shot = try session.screenshot()
            mapped = shot
            return shot.pixel(x: Self.windowCentre.x, y: Self.windowCentre.y) != .black
        }
        try #require(appeared, "weston-simple-touch never appeared; weston log:\n\(session.westonLogTail())")
        return try #require(mapped)
    }

    @Test("a touch injected into weston paints in weston-simple-touch exactly where it landed")
    func injectedTouchReachesClient() throws {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        let before = try startSimpleTouch(in: session)
        let background = before.pixel(x: 400, y: 300)

        try session.send([
            "touch-down 0 400 300", "touch-frame",
            "touch-motion 0 420 300", "touch-frame",
            "touch-motion 0 440 300", "touch-frame",
            "touch-up 0", "touch-frame",
        ])

        var after = before
        let painted = try session.waitFor {
            after = try session.screenshot()
            return after.pixel(x: 440, y: 300) != background
        }
        #expect(painted, "no change at the last touch position")

        for x in [400, 420, 440] {
            let pixel = after.pixel(x: x, y: 300)
            #expect(pixel != background, "touch point (\(x), 300) unpainted: \(pixel)")
            #expect(pixel.r > 200 && pixel.g < 60 && pixel.b < 60, "touch 0 paints red, got \(pixel)")
        }
        // Only the touched strip changed: the rest of the window and the
        // output around it are as before.
        let difference = after.difference(from: before)
        #expect(difference.count > 0)
        #expect(difference.isWithin(x: 390...450, y: 290...310),
                "changed area \(difference.minX)...\(difference.maxX) x \(difference.minY)...\(difference.maxY)")
    }

    @Test("a malformed command gets an error reply and the session keeps working")
    func malformedCommandIsRejected() throws {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }

        for bad in ["touch-down banana 1 2", "touch-down 0 nan 2", "button 272 sideways",
                    "warp-drive engage", "capabilities touch,sonar", "touch-up"] {
            #expect(throws: WestonSessionError.self, "\(bad) should be refused") {
                try session.send(bad)
            }
        }
        do {
            try session.send("touch-down x 1 2")
            Issue.record("bad touch id accepted")
        } catch WestonSessionError.commandFailed(_, let reason) {
            #expect(reason.contains("touch id"), "reason: \(reason)")
        }

        try session.send("ping")
        let before = try startSimpleTouch(in: session)
        try session.send(["touch-down 0 300 200", "touch-frame", "touch-up 0", "touch-frame"])
        let painted = try session.waitFor {
            try session.screenshot().pixel(x: 300, y: 200) != before.pixel(x: 300, y: 200)
        }
        #expect(painted, "touch after the errors had no effect")
    }

    @Test("seat capabilities follow the capabilities command, and touch commands need touch",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/weston-info")))
    func capabilitiesReachClients() throws {
        let session = try WestonSession(width: 320, height: 240)
        defer { session.stop() }

        func seatCapabilities() throws -> String {
            let info = try session.launchClient(executable: Self.westonInfo)
            let exited = session.waitFor { !info.isRunning }
            try #require(exited, "weston-info did not finish")
            let line = session.output(of: info).split(separator: "\n")
                .first { $0.contains("capabilities:") && !$0.contains("presentation") }
            return line.map { $0.trimmingCharacters(in: .whitespaces) } ?? "<none>"
        }

        #expect(try seatCapabilities() == "capabilities: pointer keyboard touch")
        try session.send("capabilities pointer,keyboard")
        #expect(try seatCapabilities() == "capabilities: pointer keyboard")
        #expect(throws: WestonSessionError.self) { try session.send("touch-down 0 10 10") }
        try session.send("capabilities touch,pointer,keyboard")
        try session.send(["touch-down 0 10 10", "touch-frame", "touch-up 0", "touch-frame"])
    }

    @Test("pointer and keyboard input reach a client, with modifiers tracked by weston",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/weston-eventdemo")))
    func pointerAndKeyboardReachClient() throws {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        let blank = try session.screenshot()
        // stdbuf: the demo's stdout is a file here, which would otherwise
        // be flushed only at an exit that SIGTERM never lets happen.
        let demo = try session.launchClient(
            executable: URL(fileURLWithPath: "/usr/bin/stdbuf"),
            arguments: ["-oL", "/usr/bin/weston-eventdemo", "--log-button", "--log-axis", "--log-key"])
        // It draws a red box on black, away from the centre.
        let mapped = try session.waitFor { try !session.screenshot().difference(from: blank).isEmpty }
        try #require(mapped, "weston-eventdemo never appeared")

        try session.send([
            "pointer-motion 250 200", "pointer-frame",
            "button 272 pressed", "pointer-frame", "button 272 released", "pointer-frame",
            "axis-source wheel", "axis vertical 15", "pointer-frame",
            "key 29 pressed", "key 16 pressed", "key 16 released", "key 29 released",
        ])
        let expected = [
            "button: 272, state: pressed",
            "button: 272, state: released",
            "axis: vertical, value: 15.0",
            // KEY_Q while KEY_LEFTCTRL is down: 'q' with the control mask.
            "key: 16, unicode: 113, state: pressed, modifiers: 0x4",
        ]
        let seen = session.waitFor { expected.allSatisfy(session.output(of: demo).contains) }
        #expect(seen, "eventdemo printed:\n\(session.output(of: demo))")
    }

    @Test("screenshots are in buffer pixels: an output at scale 2 captures at twice its size")
    func scaledScreenshot() throws {
        let session = try WestonSession(width: 320, height: 240, scale: 2)
        defer { session.stop() }
        let shot = try session.screenshot()
        #expect(shot.width == 640 && shot.height == 480)
        #expect(shot.pixel(x: 639, y: 479) == .black)
    }

    @Test("clients start with no signals blocked, as when started from a shell")
    func clientsHaveCleanSignalMask() throws {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        let client = try session.launchClient(executable: Self.simpleTouch)

        func blockedSignals(_ pid: Int32) throws -> String {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            let line = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
            return try #require(line).dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces)
        }
        #expect(try blockedSignals(client.processIdentifier) == "0000000000000000")
    }

    @Test("a weston that cannot start is reported with the tail of its log")
    func startupFailureIsReported() throws {
        let bogus = FileManager.default.temporaryDirectory
            .appendingPathComponent("not-a-module-\(getpid()).so")
        try Data("not an ELF file".utf8).write(to: bogus)
        defer { try? FileManager.default.removeItem(at: bogus) }

        do {
            _ = try WestonSession(width: 320, height: 240, module: bogus)
            Issue.record("weston started with a bogus module")
        } catch WestonSessionError.startupFailed(let reason, let logTail) {
            #expect(reason.contains("weston exited"), "reason: \(reason)")
            #expect(logTail.contains(bogus.lastPathComponent), "log tail: \(logTail)")
        }
    }

    @Test("stop() ends weston and its clients and removes the runtime directory")
    func stopLeavesNothingBehind() throws {
        let session = try WestonSession(width: 800, height: 600)
        #expect(session.startupDuration < 5)
        let client = try session.launchClient(executable: Self.simpleTouch)
        let directory = session.runtimeDirectory
        let westonLog = session.westonLogURL
        #expect(FileManager.default.fileExists(atPath: westonLog.path))

        let westonPID = session.westonProcessIdentifier
        #expect(session.isWestonRunning)

        session.stop()
        #expect(!session.isWestonRunning)
        #expect(kill(westonPID, 0) == -1 && errno == ESRCH, "weston \(westonPID) still exists")
        #expect(!client.isRunning)
        #expect(kill(client.processIdentifier, 0) == -1 && errno == ESRCH)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        #expect(throws: WestonSessionError.self) { try session.send("ping") }
        session.stop()
    }
}
