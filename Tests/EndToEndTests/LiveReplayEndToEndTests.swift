import Foundation
import Testing

/// `--live --script`: a scenario replayed into the real window under
/// weston, in real time, with its checks.
@Suite("Live replay end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct LiveReplayEndToEndTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios")

    /// Replays `script` live and returns the app's exit status and output.
    func replay(_ script: URL, in session: WestonSession) throws -> (status: Int32, output: String) {
        let app = try session.launchClient(executable: AppBinary.locate(),
                                           arguments: ["--live", "--script", script.path,
                                                       "--out", session.runtimeDirectory.appendingPathComponent("out").path])
        let exited = session.waitFor(timeout: 30, pollInterval: 0.1) { !app.isRunning }
        try #require(exited, "the replay never ended: \(session.output(of: app))")
        return (app.terminationStatus, session.output(of: app))
    }

    @Test("the FlatCube scenario replayed into a live window passes all its checks and closes the window")
    func scenarioPassesLive() throws {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        try session.send("capabilities touch,keyboard")
        let (status, output) = try replay(Self.scenarios.appendingPathComponent("flatcube-switch-off.gds"), in: session)
        #expect(status == 0, "output: \(output)")
    }

    @Test("a wrong expectation in a live replay exits 1 naming the line, expected and actual")
    func failingCheckLive() throws {
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        try session.send("capabilities touch,keyboard")
        let script = session.runtimeDirectory.appendingPathComponent("wrong.gds")
        try "page flatcube\ntap 400 120\nwait 400\nexpect label singleCounter == \"2\"\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let (status, output) = try replay(script, in: session)
        #expect(status == 1)
        #expect(output.contains("wrong.gds:4:1: assertion failed"), "output: \(output)")
        #expect(output.contains("actual \"1\""), "output: \(output)")
    }
}
