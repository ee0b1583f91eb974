import Foundation
import Testing

/// Input-to-present latency under weston 10, whose `wp_presentation` clock
/// is `CLOCK_MONOTONIC_RAW` while the app stamps input on
/// `CLOCK_MONOTONIC`: the app converts between the two, so the figure it
/// reports (the debug overlay, and its note at exit) is a real latency.
@Suite("Latency end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct LatencyEndToEndTests {
    @Test("a touch dragged over Touches for 20 frames reports an input-to-present median above 0 and below 100 ms")
    func dragLatencyIsPlausible() throws {
        let run = try TouchesEndToEndTests.start(extraEnv: ["GESTURE_VERBOSE": "1"])
        let start = TouchesEndToEndTests.pageSpot
        try run.session.send(["touch-down 0 \(start.x) \(start.y)", "touch-frame"])
        for step in 1...20 {
            Thread.sleep(forTimeInterval: 0.02)
            try run.session.send(["touch-motion 0 \(start.x - 5 * step) \(start.y)", "touch-frame"])
        }
        try run.session.send(["touch-up 0", "touch-frame"])
        _ = try run.settledScreenshot()
        let output = try run.quitWithCtrlQ()
        #expect(output.contains("wp_presentation clock: CLOCK_MONOTONIC_RAW"), "weston 10's clock: \(output)")
        let match = try #require(output.firstMatch(of: #/input to present median ([0-9.]+) ms \((\d+) frames\)/#),
                                 "no latency reported: \(output)")
        let milliseconds = try #require(Double(match.1))
        #expect(milliseconds > 0 && milliseconds < 100, "\(milliseconds) ms")
        #expect((Int(match.2) ?? 0) >= 5, "only \(match.2) frames with a latency")
    }

    @Test("a pinch streamed every 8 ms, faster than weston repaints, is read in batches held for frames on their way, and none of it is lost")
    func streamedPinchIsReadInHeldBatches() throws {
        let run = try GesturesEndToEndTests.start(extraEnv: ["GESTURE_VERBOSE": "1"])
        _ = try run.settledScreenshot()
        let input = GesturesEndToEndTests.RecordedTouches(session: run.session)
        let steps = 60
        try GesturesEndToEndTests.spreadFingers(input, frames: steps, by: 0.5, pause: 0.008)

        #expect(run.session.waitFor { run.log.gestureStates("pinch").contains("ended") }, "log: \(run.log.lines)")
        let scales = run.log.texts(of: "output").compactMap { GesturesEndToEndTests.figure("Scale", in: $0) }
        let scale = try #require(scales.last, "no Pinched label; log: \(run.log.lines)")
        #expect(abs(scale - 1.6) <= 0.02, "the last move counts: final scale \(scale)")
        let (_, difference) = try run.waitForScreen(matching: run.headlessReference(input.script, name: "streamed-pinch"),
                                                    ignoredRows: 0...GesturesEndToEndTests.labelRowsEnd)
        #expect(difference.isWithin(x: 0...799, y: 0...GesturesEndToEndTests.labelRowsEnd),
                "below the output label the window equals the headless rendering; differs in \(difference)")

        let output = try run.quitWithCtrlQ()
        let match = try #require(output.firstMatch(of: #/read in (\d+) batches; (\d+) times they waited/#),
                                 "no read counts noted: \(output)")
        let held = try #require(Int(match.2))
        // Some 20 frames at weston's pace; the first few teach the app when
        // presentations come.
        #expect(held >= 5, "\(held) batches held in \(steps) frames of input: \(output)")
    }

    @Test("a compositor killed mid-pinch, while the app may be holding its events for a frame on its way, ends the app with one line and exit code 1")
    func lostCompositorWhileEventsWait() throws {
        let run = try GesturesEndToEndTests.start()
        _ = try run.settledScreenshot()
        let input = GesturesEndToEndTests.RecordedTouches(session: run.session)
        // Long enough for the app to learn when presentations come and
        // start holding events; the fingers stay down.
        try GesturesEndToEndTests.spreadFingers(input, frames: 40, by: 1, pause: 0.008, lift: false)
        try run.expectEndsOnLostCompositor()
    }
}
