import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The Gestures page in real weston, on real time: touches are injected
/// with real pauses between frames, so every time stamp the recognizers
/// see comes from the compositor's clock. Results are read from the app's
/// log (label texts, recognizer transitions) and from screenshots, which
/// for the image are also compared with the headless rendering of the same
/// input.
///
/// At 800x600 the six areas form a 3x2 grid below y = 84 (each 252x247,
/// 10 px apart): tap (12...264, 84...331), long press (274...526) and pan
/// (536...788) on top; swipe, check mark and pinch-and-rotate (341...588)
/// below. The image rests at (618, 440), 89x83, in the middle of the
/// pinch area's picture frame (544...780, 383...580), which clips it.
@Suite("Gestures end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct GesturesEndToEndTests {
    // MARK: Layout at 800x600

    static let tapCentre = (x: 138.0, y: 220.0)
    static let longPressCentre = (x: 400.0, y: 220.0)
    static let panCentre = (x: 662.0, y: 220.0)
    static let swipeCentre = (x: 138.0, y: 468.0)
    static let checkMarkCentre = (x: 400.0, y: 468.0)
    /// Where the pinches and rotations turn: on the image, in the middle of
    /// the pinch area, so 75 px either side stays inside the area.
    static let pinchCentre = (x: 662.0, y: 468.0)
    /// The image's top-left corner, which a pinch keeps in place.
    static let imageOrigin = (x: 618, y: 440)
    /// Where the image is looked for: the pinch area plus the gap to its
    /// left, which a turned image may reach.
    static let imageRegion = (x: 520...799, y: 336...595)
    /// Below this row the page shows nothing but the areas; above it, the
    /// title and the output label (beside the preset chooser), whose
    /// velocity figures differ between live and headless runs.
    static let labelRowsEnd = 99

    /// One frame at 60 Hz: the pause between injected touch frames.
    static let frameInterval = 0.016

    // MARK: Tests

    @Test("pinching the image from a 100 px to a 150 px span reads Scale:1.50 and grows it by 1.5 from its corner")
    func pinchScalesImage() throws {
        let run = try Self.start()
        let before = try run.settledScreenshot()
        let boxBefore = try #require(ImageBox(in: before, caption: before), "no image on the page")

        let input = RecordedTouches(session: run.session)
        try Self.spreadFingers(input, frames: 5, by: 5, pause: Self.frameInterval)

        #expect(run.session.waitFor { run.log.gestureStates("pinch").contains("ended") }, "log: \(run.log.lines)")
        let scales = run.log.texts(of: "output").compactMap { Self.figure("Scale", in: $0) }
        let scale = try #require(scales.last, "no Pinched label; log: \(run.log.lines)")
        #expect(abs(scale - 1.5) <= 0.02, "final scale \(scale); labels: \(run.log.texts(of: "output"))")
        #expect(scales.count >= 3 && scales == scales.sorted(), "the scale grows step by step: \(scales)")
        #expect(run.log.texts(of: "output").last?.hasPrefix("Pinched, Scale:") == true, "labels: \(run.log.texts(of: "output"))")
        #expect(!run.log.gestureStates("rotation").contains("began"), "a straight pinch is no rotation")

        let (after, difference) = try run.waitForScreen(matching: run.headlessReference(input.script, name: "pinch"), ignoredRows: 0...Self.labelRowsEnd)
        #expect(difference.isWithin(x: 0...799, y: 0...Self.labelRowsEnd),
                "below the output label the window equals the headless rendering; differs in \(difference)")
        let boxAfter = try #require(ImageBox(in: after, caption: before), "the image vanished")
        let widthRatio = Double(boxAfter.width) / Double(boxBefore.width)
        let heightRatio = Double(boxAfter.height) / Double(boxBefore.height)
        #expect(abs(widthRatio - 1.5) <= 0.03 && abs(heightRatio - 1.5) <= 0.03,
                "image \(boxBefore) -> \(boxAfter): x\(widthRatio), x\(heightRatio)")
        #expect(abs(boxAfter.minX - boxBefore.minX) <= 1 && abs(boxAfter.minY - boxBefore.minY) <= 1,
                "the top-left corner stays: \(boxBefore) -> \(boxAfter)")
        #expect(abs(boxBefore.minX - Self.imageOrigin.x) <= 1 && abs(boxBefore.minY - Self.imageOrigin.y) <= 1,
                "image before: \(boxBefore)")
    }

    @Test("turning two fingers 0.5 rad clockwise around their midpoint reads Radians:0.50 and turns the image")
    func rotationTurnsImage() throws {
        let run = try Self.start()
        let before = try run.settledScreenshot()
        let boxBefore = try #require(ImageBox(in: before, caption: before), "no image on the page")

        let input = RecordedTouches(session: run.session)
        let c = Self.pinchCentre
        let radius = 50.0
        func place(_ angle: Double) throws {
            let dx = radius * cos(angle), dy = radius * sin(angle)
            try input.move(0, c.x - dx, c.y - dy)
            try input.move(1, c.x + dx, c.y + dy)
        }
        try input.down(0, c.x - radius, c.y)
        try input.down(1, c.x + radius, c.y)
        try input.frame()
        for step in 1...10 {
            input.pause(Self.frameInterval)
            try place(0.05 * Double(step))
            try input.frame()
        }
        input.pause(Self.frameInterval)
        try input.up(0)
        try input.frame()
        try input.up(1)

        #expect(run.session.waitFor { run.log.gestureStates("rotation").contains("ended") }, "log: \(run.log.lines)")
        let radians = run.log.texts(of: "output").compactMap { Self.figure("Radians", in: $0) }
        let final = try #require(radians.last, "no Rotated label; log: \(run.log.lines)")
        #expect(abs(final - 0.5) <= 0.03, "final rotation \(final); labels: \(run.log.texts(of: "output"))")
        #expect(radians.count >= 3 && radians == radians.sorted(), "the rotation grows step by step: \(radians)")
        #expect(run.log.texts(of: "output").last?.hasPrefix("Rotated, Radians:") == true, "labels: \(run.log.texts(of: "output"))")
        #expect(!run.log.gestureStates("pinch").contains("began"), "a turn at constant span is no pinch")

        let (after, difference) = try run.waitForScreen(matching: run.headlessReference(input.script, name: "rotation"), ignoredRows: 0...Self.labelRowsEnd)
        #expect(difference.isWithin(x: 0...799, y: 0...Self.labelRowsEnd),
                "below the output label the window equals the headless rendering; differs in \(difference)")
        let boxAfter = try #require(ImageBox(in: after, caption: before), "the image vanished")
        // Turning keeps the image's area and centre but widens its bounding
        // box: by |w cos a| + |h sin a|, less what the rounded corners (8 px)
        // cut off, 8 (cos a + sin a - 1).
        let w = Double(boxBefore.width), h = Double(boxBefore.height), a = 0.5
        let cut = 8 * (cos(a) + sin(a) - 1)
        let expectedWidth = w * cos(a) + h * sin(a) - cut, expectedHeight = w * sin(a) + h * cos(a) - cut
        #expect(abs(Double(boxAfter.width) - expectedWidth) <= 4 && abs(Double(boxAfter.height) - expectedHeight) <= 4,
                "image \(boxBefore) -> \(boxAfter); expected about \(Int(expectedWidth))x\(Int(expectedHeight))")
        #expect(abs(boxAfter.centreX - boxBefore.centreX) <= 1.5 && abs(boxAfter.centreY - boxBefore.centreY) <= 1.5,
                "it turns about its centre: \(boxBefore) -> \(boxAfter)")
        #expect(abs(Double(boxAfter.count) / Double(boxBefore.count) - 1) <= 0.05,
                "turning keeps the image's area: \(boxBefore.count) -> \(boxAfter.count) px")
        // Clockwise on screen, the top-left corner becomes the topmost point,
        // left of the centre (turned the other way it would be the top-right).
        #expect(Double(boxAfter.topmostX) < boxAfter.centreX - 10,
                "turned clockwise: topmost pixel at x \(boxAfter.topmostX), centre \(boxAfter.centreX)")
    }

    @Test("fast left and right strokes in the swipe area read Swiped left/right; upward or slow strokes are no swipe")
    func swipes() throws {
        let run = try Self.start()
        let c = Self.swipeCentre
        let input = RecordedTouches(session: run.session)
        /// One finger from `start`, `steps` frames of (dx, dy) `interval` apart.
        func stroke(from start: (x: Double, y: Double), by delta: (x: Double, y: Double), steps: Int,
                    interval: TimeInterval = Self.frameInterval) throws {
            try input.down(0, start.x, start.y)
            try input.frame()
            for step in 1...steps {
                input.pause(interval)
                try input.move(0, start.x + delta.x * Double(step), start.y + delta.y * Double(step))
                try input.frame()
            }
            try input.up(0)
            input.pause(0.05)
        }
        // 120 px in 6 frames (about 0.1 s): fast, but upwards.
        try stroke(from: (c.x, c.y + 60), by: (0, -20), steps: 6)
        // Left at 80 px/s: 50 px take over 0.6 s, more than a swipe may.
        try stroke(from: (c.x + 50, c.y), by: (-8, 0), steps: 10, interval: 0.1)
        try stroke(from: (c.x + 60, c.y), by: (-20, 0), steps: 6)
        #expect(run.session.waitFor { run.log.texts(of: "output").last == "Swiped left (uikit)" }, "labels: \(run.log.texts(of: "output"))")
        try stroke(from: (c.x - 60, c.y), by: (20, 0), steps: 6)
        #expect(run.session.waitFor { run.log.texts(of: "output").last == "Swiped right (uikit)" }, "labels: \(run.log.texts(of: "output"))")

        // The left and right swipes were handled, so the strokes before them
        // were too: they changed nothing.
        #expect(run.log.texts(of: "output") == ["Swiped left (uikit)", "Swiped right (uikit)"], "labels: \(run.log.texts(of: "output"))")
        #expect(run.log.gestureStates("swipe") == ["ended", "ended"], "log: \(run.log.lines)")
    }

    @Test("a double tap reads Double tapped and never Tapped; a single tap reads Tapped once the double-tap interval passed")
    func taps() throws {
        let run = try Self.start()
        let c = Self.tapCentre
        let input = RecordedTouches(session: run.session)
        try input.tap(c.x, c.y)
        input.pause(0.1)
        try input.tap(c.x + 3, c.y + 2)
        #expect(run.session.waitFor { run.log.texts(of: "output").contains("Double tapped (uikit)") }, "labels: \(run.log.texts(of: "output"))")
        // The single tap would report once the double tap failed, 0.35 s on.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(run.log.texts(of: "output") == ["Double tapped (uikit)"], "labels: \(run.log.texts(of: "output"))")
        #expect(run.log.gestureStates("doubleTap") == ["ended"] && run.log.gestureStates("tap").isEmpty,
                "log: \(run.log.lines)")

        // Taken before the tap, so no later than its time stamps.
        let tapped = monotonicSeconds()
        try input.tap(c.x, c.y)
        #expect(run.session.waitFor { run.log.texts(of: "output").last == "Tapped (uikit)" }, "labels: \(run.log.texts(of: "output"))")
        #expect(run.log.texts(of: "output") == ["Double tapped (uikit)", "Tapped (uikit)"], "labels: \(run.log.texts(of: "output"))")
        // The app's log uses CLOCK_MONOTONIC too.
        let shown = try #require(run.log.labelTimes(name: "output", text: "Tapped (uikit)").first)
        #expect(shown - tapped >= 0.34 && shown - tapped < 0.8,
                "Tapped waits for the double tap to fail (0.35 s): shown \(shown - tapped) s after the tap")
    }

    @Test("a press held 0.4 s is no long press; held 0.6 s it reads Long pressed after 0.5 s")
    func longPress() throws {
        let run = try Self.start()
        let c = Self.longPressCentre
        let input = RecordedTouches(session: run.session)

        // A loaded machine may oversleep; a press that lasted nearly 0.5 s
        // would prove nothing, so it is tried again (judging only the last).
        var shortHold = 0.0
        var labelsBefore = 0, transitionsBefore = 0
        for _ in 0..<3 {
            labelsBefore = run.log.texts(of: "output").count
            transitionsBefore = run.log.gestureStates("longPress").count
            // Measured from before the down to after the up: at least as
            // long as the compositor's time stamps say.
            let pressed = monotonicSeconds()
            try input.down(0, c.x, c.y)
            try input.frame()
            input.pause(0.4)
            try input.up(0)
            shortHold = monotonicSeconds() - pressed
            if shortHold < 0.46 { break }
            input.pause(0.1)
        }
        try #require(shortHold < 0.46, "could not hold a press for just 0.4 s: \(shortHold) s")
        // Long enough for a timer left running to fire.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(run.log.texts(of: "output").count == labelsBefore, "labels: \(run.log.texts(of: "output"))")
        #expect(run.log.gestureStates("longPress").count == transitionsBefore, "log: \(run.log.lines)")
        let labelsAfterShortPress = run.log.texts(of: "output")

        // Taken before the down, so no later than its time stamp.
        let pressed = monotonicSeconds()
        try input.down(0, c.x, c.y)
        try input.frame()
        input.pause(0.6)
        #expect(run.session.waitFor(timeout: 1) { run.log.texts(of: "output") == labelsAfterShortPress + ["Long pressed (uikit)"] },
                "labels: \(run.log.texts(of: "output"))")
        try input.up(0)
        let shown = try #require(run.log.labelTimes(name: "output", text: "Long pressed (uikit)").last)
        #expect(shown - pressed >= 0.49 && shown - pressed < 0.8,
                "the long press began \(shown - pressed) s after touch-down, not 0.5 s")
        #expect(run.session.waitFor { run.log.gestureStates("longPress").suffix(2) == ["began", "ended"] },
                "log: \(run.log.lines)")
    }

    @Test("dragging one finger by (80, 60) in the pan area reads Panned, Translation:(80,60)")
    func pan() throws {
        let run = try Self.start()
        let start = (x: Self.panCentre.x - 40, y: Self.panCentre.y - 30)
        let input = RecordedTouches(session: run.session)
        try input.down(0, start.x, start.y)
        try input.frame()
        for step in 1...8 {
            input.pause(Self.frameInterval)
            try input.move(0, start.x + 10 * Double(step), start.y + 7.5 * Double(step))
            try input.frame()
        }
        try input.up(0)
        #expect(run.session.waitFor { run.log.gestureStates("pan") == ["began", "ended"] }, "log: \(run.log.lines)")
        #expect(run.log.texts(of: "output").last == "Panned, Translation:(80,60) (uikit)", "labels: \(run.log.texts(of: "output"))")
        #expect(run.log.texts(of: "output").first?.hasPrefix("Panned, Translation:(") == true
                && run.log.texts(of: "output").count >= 4, "the translation is reported as it changes: \(run.log.texts(of: "output"))")
    }

    @Test("a stroke down-right then further up-right reads Check mark; a straight stroke does not")
    func checkMark() throws {
        let run = try Self.start()
        let c = Self.checkMarkCentre
        let input = RecordedTouches(session: run.session)
        func stroke(_ points: [(x: Double, y: Double)]) throws {
            try input.down(0, points[0].x, points[0].y)
            try input.frame()
            for p in points.dropFirst() {
                input.pause(Self.frameInterval)
                try input.move(0, p.x, p.y)
                try input.frame()
            }
            try input.up(0)
        }
        func line(_ from: (x: Double, y: Double), _ to: (x: Double, y: Double), steps: Int) -> [(x: Double, y: Double)] {
            (1...steps).map { i in
                let f = Double(i) / Double(steps)
                return (from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f)
            }
        }
        let start = (x: c.x - 60, y: c.y - 30), bottom = (x: c.x - 30, y: c.y + 10), end = (x: c.x + 50, y: c.y - 70)
        // Down-right only: no up-stroke.
        try stroke([start] + line(start, (start.x + 80, start.y + 80), steps: 6))
        input.pause(0.05)
        try stroke([start] + line(start, bottom, steps: 4) + line(bottom, end, steps: 8))
        #expect(run.session.waitFor { run.log.texts(of: "output").last == "Check mark" }, "labels: \(run.log.texts(of: "output"))")
        #expect(run.log.texts(of: "output") == ["Check mark"], "labels: \(run.log.texts(of: "output"))")
        #expect(run.log.gestureStates("checkMark") == ["ended"], "log: \(run.log.lines)")
    }

    // MARK: Helpers

    /// The number after `name:` in a label text ("Pinched, Scale:1.50, ...").
    static func figure(_ name: String, in text: String) -> Double? {
        guard let range = text.range(of: "\(name):") else { return nil }
        let number = text[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" }
        return Double(number)
    }

    /// The Gestures page is shown: the pinch area's tint, and the sky of
    /// the image inside it. `extraEnv` and `arguments` go to the app.
    static func start(extraEnv: [String: String] = [:], arguments: [String] = []) throws -> RunningApp {
        try RunningApp(page: "gestures", extraEnv: extraEnv, arguments: arguments) { shot in
            shot.pixel(x: 700, y: 570) == .init(r: 0xec, g: 0xef, b: 0xf1)
                && shot.pixel(x: 630, y: 445) == .init(r: 0x8e, g: 0xca, b: 0xe6)
        }
    }

    /// Puts two fingers down 100 px apart across the pinch centre, moves
    /// each `growth` px further out in each of `frames` touch frames,
    /// `pause` seconds apart, and (with `lift`) lifts them after one more
    /// pause.
    static func spreadFingers(_ input: RecordedTouches, frames: Int, by growth: Double, pause: TimeInterval,
                              lift: Bool = true) throws {
        let c = pinchCentre
        try input.down(0, c.x - 50, c.y)
        try input.down(1, c.x + 50, c.y)
        try input.frame()
        for step in 1...frames {
            input.pause(pause)
            let half = 50 + growth * Double(step)
            try input.move(0, c.x - half, c.y)
            try input.move(1, c.x + half, c.y)
            try input.frame()
        }
        guard lift else { return }
        input.pause(pause)
        try input.up(0)
        try input.frame()
        try input.up(1)
    }

    /// Injects touches into weston and writes the same input as a headless
    /// script. Coordinates are rounded to 1/256 px, the precision of
    /// `wl_fixed`, so both runs see exactly the same positions.
    final class RecordedTouches {
        let session: WestonSession
        private(set) var script = ""

        init(session: WestonSession) { self.session = session }

        private static func coordinate(_ value: Double) -> String {
            "\((value * 256).rounded() / 256)"
        }

        func down(_ id: Int, _ x: Double, _ y: Double) throws {
            let position = "\(id) \(Self.coordinate(x)) \(Self.coordinate(y))"
            try session.send("touch-down \(position)")
            script += "down \(position)\n"
        }

        func move(_ id: Int, _ x: Double, _ y: Double) throws {
            let position = "\(id) \(Self.coordinate(x)) \(Self.coordinate(y))"
            try session.send("touch-motion \(position)")
            script += "move \(position)\n"
        }

        /// Weston 10 sends no frame after the last touch-up; callers leave
        /// it out there too.
        func up(_ id: Int) throws {
            try session.send("touch-up \(id)")
            script += "up \(id)\n"
        }

        func frame() throws {
            try session.send("touch-frame")
            script += "frame\n"
        }

        /// Really sleeps, so the compositor's time stamps move on.
        func pause(_ seconds: TimeInterval) {
            Thread.sleep(forTimeInterval: seconds)
            script += "wait \(Int((seconds * 1000).rounded()))\n"
        }

        func tap(_ x: Double, _ y: Double, id: Int = 0) throws {
            try down(id, x, y)
            try frame()
            try up(id)
        }
    }

    /// The image's pixels in a screenshot: everything in the pinch area
    /// that is not its tint, except the caption where it is still as in
    /// `caption` (a screenshot taken before the image moved).
    struct ImageBox: CustomStringConvertible {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        var count = 0
        /// x of the leftmost pixel in the top row.
        var topmostX = 0

        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
        var centreX: Double { Double(minX + maxX) / 2 }
        var centreY: Double { Double(minY + maxY) / 2 }
        var description: String { "(\(minX), \(minY)) \(width)x\(height), \(count) px" }

        static let tint = Screenshot.Pixel(r: 0xec, g: 0xef, b: 0xf1)
        /// Every colour of the picture is further than this from the tint;
        /// white, the neighbouring area and their edges are nearer.
        static let threshold = 30
        /// Rows above the image where the caption is drawn.
        static let captionRows = 336...380

        init?(in shot: Screenshot, caption: Screenshot) {
            let region = GesturesEndToEndTests.imageRegion
            for y in region.y {
                for x in region.x {
                    let p = shot.pixel(x: x, y: y)
                    guard p.distance(to: Self.tint) > Self.threshold else { continue }
                    if Self.captionRows.contains(y) {
                        let q = caption.pixel(x: x, y: y)
                        if q.distance(to: Self.tint) > Self.threshold && q.distance(to: p) <= 8 { continue }
                    }
                    if count == 0 || y < minY { topmostX = x }
                    count += 1
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                }
            }
            if count == 0 { return nil }
        }
    }
}
