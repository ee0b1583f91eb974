import Foundation
import Testing

/// Thresholds in millimetres under real weston: the app reads the output's
/// physical size from `wl_output.geometry` and converts Android's 8 dp
/// touch slop with it. Weston 10's headless backend reports 1 mm per pixel
/// and cannot be configured otherwise, so the output's size is set through
/// weston-inject's `output-physical-size`, which sends clients a new
/// geometry as a compositor does for a swapped monitor. What the app
/// believes is read from its notices (`GESTURE_VERBOSE=1`) and its view
/// tree (Ctrl+T, with the debug overlay up); what it judges, from its log.
///
/// Linux key codes used: 20 KEY_T, 29 KEY_LEFTCTRL, 32 KEY_D.
@Suite("Gesture lab end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct GestureLabEndToEndTests {
    static func start() throws -> RunningApp {
        try GesturesEndToEndTests.start(extraEnv: ["GESTURE_VERBOSE": "1"], arguments: ["--thresholds", "android"])
    }

    /// A slow tap in the middle of the tap area that rolls 7.3 px (7 right,
    /// 2 down) before it lifts.
    static func wobblyTap(_ run: RunningApp) throws {
        let (x, y) = GesturesEndToEndTests.tapCentre
        let input = GesturesEndToEndTests.RecordedTouches(session: run.session)
        try input.down(0, x, y)
        try input.frame()
        for (dx, dy) in [(2.0, 1.0), (4, 1), (6, 2), (7, 2)] {
            input.pause(0.04)
            try input.move(0, x + dx, y + dy)
            try input.frame()
        }
        try input.up(0)
    }

    /// Waits until the app has printed every one of `lines` (its notices
    /// and the view tree go to its output).
    static func printed(_ run: RunningApp, _ lines: String...) -> Bool {
        run.session.waitFor {
            let output = run.session.output(of: run.app)
            return lines.allSatisfy { output.contains($0) }
        }
    }

    /// Lets a late label arrive, then counts Android's taps.
    static func tapsAfterSettling(_ run: RunningApp) -> Int {
        Thread.sleep(forTimeInterval: 0.6)
        return taps(run)
    }

    static func taps(_ run: RunningApp) -> Int {
        run.log.texts(of: "output").filter { $0 == "Tapped (android)" }.count
    }

    @Test("headless weston's 1 mm per pixel is refused, said, and 8 dp is 4.8 px: a 7 px wobble is no tap")
    func implausibleSizeFallsBack() throws {
        let run = try Self.start()
        #expect(Self.printed(run, "density: 3.78 px/mm (96 dpi), default: 800x600 mm for 800x600 px is 25 dpi, implausible"),
                "\(run.session.output(of: run.app))")
        try Self.wobblyTap(run)
        #expect(Self.tapsAfterSettling(run) == 0, "labels: \(run.log.texts(of: "output"))")
    }

    @Test("an output of 133x100 mm (152 dpi) makes 8 dp 7.6 px, so the wobble taps; 0 mm falls back to 4.8 px and it fails")
    func physicalSizeConverts() throws {
        let run = try Self.start()
        try run.session.send("output-physical-size 133 100")
        #expect(Self.printed(run, "density: 6.01 px/mm (153 dpi), measured from 133x100 mm"),
                "\(run.session.output(of: run.app))")
        try Self.wobblyTap(run)
        #expect(run.session.waitFor { Self.taps(run) == 1 }, "labels: \(run.log.texts(of: "output"))")

        try run.session.send("output-physical-size 0 0")
        #expect(Self.printed(run, "density: 3.78 px/mm (96 dpi), default: the output reports no physical size (0x0 mm)"),
                "\(run.session.output(of: run.app))")
        try Self.wobblyTap(run)
        #expect(Self.tapsAfterSettling(run) == 1, "labels: \(run.log.texts(of: "output"))")
    }

    @Test("the debug overlay shows the conversion: android's tap slop in dp, mm and px, and the measured density")
    func overlayShowsConversion() throws {
        let run = try Self.start()
        try run.session.send("output-physical-size 133 100")
        try run.session.send(["key 29 pressed", "key 32 pressed", "key 32 released", "key 29 released"])
        #expect(Self.printed(run, "measured from 133x100 mm"))
        try run.session.send(["key 29 pressed", "key 20 pressed", "key 20 released", "key 29 released"])
        let lines = ["android: tap slop 8 dp = 1.27 mm = 7.6 px, pan slop 8 dp = 1.27 mm = 7.6 px",
                     "density 6.01 px/mm (153 dpi), measured from 133x100 mm"]
        #expect(Self.printed(run, lines[0], lines[1]), "\(run.session.output(of: run.app))")
    }
}
