import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The Touches page, the tab bar and the motion shortcuts in real weston,
/// on real time, as a new user meets them: touches and keys injected
/// through the compositor's seat, results read from the app's log (label
/// texts with the app's CLOCK_MONOTONIC times, switch changes) and from
/// screenshots, compared with the app's headless rendering of the same
/// input or with the colours the page is drawn in.
///
/// Layout at 800x600 (from `gesture-demo --dump-tree --page touches`): the
/// tab bar is y 0...43, three tabs of 266.7 px, the selected one underlined
/// in system blue at y 41...43. The interaction label is at y 56...91, the
/// output label (live: weston's output, headless: none) at y 148...169 and
/// the fingers label below it; the image fills (24, 208) 352x264; the
/// switches `multipleTouch`, `imageInteraction` and `shakeToEdit` are
/// 60x44 at x 616, y 208, 260 and 312. (600, 420) is bare page, right of
/// the image and below the switches.
///
/// Linux key codes used: 19 KEY_R, 29 KEY_LEFTCTRL, 31 KEY_S.
@Suite("Touches end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct TouchesEndToEndTests {
    static let keyR = 19, keyLeftCtrl = 29, keyS = 31

    // MARK: Layout at 800x600

    /// The pages in tab order, and where to touch each tab.
    static let tabs = ["touches", "flatcube", "gestures"]
    static func tabCentre(_ index: Int) -> (x: Int, y: Int) { (133 + 267 * index, 22) }
    /// The row of the selected tab's underline.
    static let underlineRow = 42
    static let systemBlue = Screenshot.Pixel(r: 0, g: 122, b: 255)
    static let tabBarBackground = Screenshot.Pixel(r: 0xf7, g: 0xf7, b: 0xf8)

    /// Bare page: touches here reach the page itself.
    static let pageSpot = (x: 600, y: 420)
    static let multipleTouchSwitch = (x: 646, y: 230)
    static let shakeToEditSwitch = (x: 646, y: 334)
    /// The output label, which names weston's output live and reads
    /// "none (headless)" in the headless reference.
    static let outputLabelRows = 148...169

    /// The interaction label's reset (seed 000: 3 s), and how late a
    /// loaded machine may fire it.
    static let resetDelay = 3.0
    static let resetLateness = 0.5

    // MARK: Tab bar

    @Test("tapping the FlatCube, Gestures and Touches tabs in turn shows each page with its tab underlined")
    func tabBarNavigatesByTouch() throws {
        let run = try Self.start()
        /// Pixels only that page has: red at 0.6 in FlatCube's red square,
        /// the pinch area's tint on Gestures, the on switch on Touches.
        let distinctive: [String: (x: Int, y: Int, colour: Screenshot.Pixel)] = [
            "flatcube": (400, 120, .init(r: 255, g: 102, b: 102)),
            "gestures": (700, 570, .init(r: 0xec, g: 0xef, b: 0xf1)),
            "touches": (630, 282, .init(r: 52, g: 199, b: 89)),
        ]
        for page in ["flatcube", "gestures", "touches"] {
            let index = try #require(Self.tabs.firstIndex(of: page))
            let tab = Self.tabCentre(index)
            try run.tap(tab.x, tab.y)
            let reference = try run.headlessReference("page \(page)", name: "tab-\(page)")
            let ignored = page == "touches" ? Self.outputLabelRows : nil
            let (shot, difference) = try run.waitForScreen(matching: reference, ignoredRows: ignored)
            #expect(ignored.map { difference.isWithin(x: 0...799, y: $0) } ?? difference.isEmpty,
                    "after tapping the \(page) tab the window differs from the headless \(page) page in \(difference)")
            let spot = try #require(distinctive[page])
            #expect(shot.pixel(x: spot.x, y: spot.y) == spot.colour,
                    "\(page) is not shown: (\(spot.x), \(spot.y)) is \(shot.pixel(x: spot.x, y: spot.y))")
            for other in Self.tabs.indices {
                let x = Self.tabCentre(other).x
                let expected = other == index ? Self.systemBlue : Self.tabBarBackground
                #expect(shot.pixel(x: x, y: Self.underlineRow) == expected,
                        "on \(page), tab \(Self.tabs[other]) at (\(x), \(Self.underlineRow)) is \(shot.pixel(x: x, y: Self.underlineRow))")
            }
        }
        #expect(run.log.texts(of: "interaction").isEmpty,
                "touches on the tab bar are no interaction on the page: \(run.log.texts(of: "interaction"))")
    }

    // MARK: Interaction texts

    @Test("a tap, a double tap and a swipe read Single tap ended (600,420)->(600,420), Double tap ended (600,420)->(602,421) and Swipe moved/ended")
    func tapDoubleTapAndSwipeTexts() throws {
        let run = try Self.start()
        let spot = Self.pageSpot
        try run.tap(spot.x, spot.y)
        let tapTexts = ["Single tap started (600,420)", "Single tap ended (600,420)->(600,420)"]
        #expect(run.session.waitFor { run.log.texts(of: "interaction") == tapTexts },
                "texts: \(run.log.texts(of: "interaction"))")
        // The window shows it as the headless run does (output label aside).
        let reference = try run.headlessReference("down 0 600 420\nframe\nup 0", name: "single-tap")
        let (_, difference) = try run.waitForScreen(matching: reference, ignoredRows: Self.outputLabelRows)
        #expect(difference.isWithin(x: 0...799, y: Self.outputLabelRows),
                "the window differs from the headless rendering of the tap in \(difference)")

        // A second tap 2 px away within the multi-tap interval (0.35 s) is
        // a double tap. A loaded machine may oversleep the 0.1 s between
        // them: then the pair proves nothing and is tried again.
        var doubleTapTexts: [String] = []
        for _ in 0..<3 {
            Thread.sleep(forTimeInterval: 0.5)
            let before = run.log.texts(of: "interaction").count
            try run.tap(spot.x, spot.y)
            let firstUp = monotonicSeconds()
            Thread.sleep(forTimeInterval: 0.1)
            let secondDown = monotonicSeconds()
            try run.tap(spot.x + 2, spot.y + 1)
            #expect(run.session.waitFor { run.log.texts(of: "interaction").count >= before + 4 },
                    "texts: \(run.log.texts(of: "interaction"))")
            doubleTapTexts = Array(run.log.texts(of: "interaction").dropFirst(before))
            if secondDown - firstUp < 0.3 { break }
        }
        #expect(doubleTapTexts == ["Single tap started (600,420)", "Single tap ended (600,420)->(600,420)",
                                   "Double tap started (602,421)", "Double tap ended (600,420)->(602,421)"],
                "texts of the double tap: \(doubleTapTexts)")

        // 100 px to the right in five frames: no tap any more.
        Thread.sleep(forTimeInterval: 0.5)
        let before = run.log.texts(of: "interaction").count
        try run.session.send(["touch-down 0 500 500", "touch-frame"])
        for step in 1...5 {
            Thread.sleep(forTimeInterval: 0.016)
            try run.session.send(["touch-motion 0 \(500 + 20 * step) 500", "touch-frame"])
        }
        try run.session.send("touch-up 0")
        let swipeEnd = "Swipe ended (500,500)->(600,500)"
        #expect(run.session.waitFor { run.log.texts(of: "interaction").last == swipeEnd },
                "texts: \(run.log.texts(of: "interaction"))")
        let swipeTexts = Array(run.log.texts(of: "interaction").dropFirst(before))
        #expect(swipeTexts == ["Single tap started (500,500)"] + (1...5).map { "Swipe moved (\(500 + 20 * $0),500)" } + [swipeEnd],
                "texts of the swipe: \(swipeTexts)")
    }

    @Test("two fingers on the page read Number of fingers: 1 with multiple touch off, and 2 once its switch is turned on by touch")
    func fingersFollowMultipleTouch() throws {
        let run = try Self.start()
        let fingers = { run.log.texts(of: "fingers") }
        /// Two fingers down together on bare page; lifted one after the
        /// other once `whileDown` has looked.
        func twoFingers(whileDown: () -> Void) throws {
            try run.session.send(["touch-down 0 600 420", "touch-down 1 700 450", "touch-frame"])
            whileDown()
            try run.session.send(["touch-up 0", "touch-frame", "touch-up 1"])
            #expect(run.session.waitFor { fingers().last == "Number of fingers: 0" }, "fingers: \(fingers())")
        }

        try twoFingers {
            #expect(run.session.waitFor { fingers().last == "Number of fingers: 1" }, "fingers: \(fingers())")
            // Time for a second finger to be counted, were it.
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(fingers() == ["Number of fingers: 1", "Number of fingers: 0"],
                "with multiple touch off only the first finger counts: \(fingers())")

        Thread.sleep(forTimeInterval: 0.4)
        try run.tap(Self.multipleTouchSwitch.x, Self.multipleTouchSwitch.y)
        #expect(run.session.waitFor { run.log.controlValues("multipleTouch") == ["on"] }, "log: \(run.log.lines)")
        #expect(fingers().count == 2, "a touch on the switch is none on the page: \(fingers())")

        try twoFingers {
            #expect(run.session.waitFor { fingers().last == "Number of fingers: 2" }, "fingers: \(fingers())")
        }
        #expect(fingers() == ["Number of fingers: 1", "Number of fingers: 0",
                              "Number of fingers: 2", "Number of fingers: 1", "Number of fingers: 0"],
                "fingers: \(fingers())")
    }

    // MARK: Reset to None

    @Test("the interaction label reads None 3 s after the last interaction, not earlier; an interaction after 2 s re-arms it")
    func labelResetsThreeSecondsAfterTheLastInteraction() throws {
        let run = try Self.start()
        let spot = Self.pageSpot
        try run.tap(spot.x, spot.y)
        #expect(run.session.waitFor(timeout: Self.resetDelay + 3) { run.log.texts(of: "interaction").last == "None" },
                "texts: \(run.log.texts(of: "interaction"))")
        let first = Self.interactionRecords(run.log)
        let ended = try #require(first.last { $0.text.hasPrefix("Single tap ended") }, "records: \(first)")
        let reset = try #require(first.last { $0.text == "None" }, "records: \(first)")
        let delay = reset.t - ended.t
        #expect(delay >= Self.resetDelay - 0.1 && delay <= Self.resetDelay + Self.resetLateness,
                "None came \(delay) s after the tap ended; records: \(first)")
        #expect(first.map(\.text) == ["Single tap started (600,420)", "Single tap ended (600,420)->(600,420)", "None"],
                "records: \(first)")

        // A tap, then another 2 s later, 100 px away (so no double tap).
        try run.tap(spot.x, spot.y)
        Thread.sleep(forTimeInterval: 2)
        try run.tap(spot.x - 100, spot.y + 60)
        let secondText = "Single tap ended (500,480)->(500,480)"
        #expect(run.session.waitFor { run.log.texts(of: "interaction").last == secondText },
                "texts: \(run.log.texts(of: "interaction"))")
        let beforeSecond = Self.interactionRecords(run.log).dropFirst(first.count)
        let tap1 = try #require(beforeSecond.first { $0.text.hasPrefix("Single tap ended") }, "records: \(beforeSecond)")
        let tap2 = try #require(beforeSecond.last, "records: \(beforeSecond)")
        try #require(tap2.t - tap1.t < Self.resetDelay - 0.3,
                     "the second tap came \(tap2.t - tap1.t) s after the first: too late to re-arm anything")
        #expect(run.session.waitFor(timeout: Self.resetDelay + 3) { run.log.texts(of: "interaction").last == "None" },
                "texts: \(run.log.texts(of: "interaction"))")
        let second = Array(Self.interactionRecords(run.log).dropFirst(first.count))
        #expect(second.filter { $0.text == "None" }.count == 1, "one reset, after the second tap: \(second)")
        let secondReset = try #require(second.last { $0.text == "None" })
        let secondDelay = secondReset.t - tap2.t
        #expect(secondDelay >= Self.resetDelay - 0.1 && secondDelay <= Self.resetDelay + Self.resetLateness,
                "None came \(secondDelay) s after the second tap ended (\(secondReset.t - tap1.t) s after the first); records: \(second)")
        #expect(second.map(\.text) == ["Single tap started (600,420)", "Single tap ended (600,420)->(600,420)",
                                       "Single tap started (500,480)", secondText, "None"],
                "records: \(second)")
    }

    // MARK: Motion shortcuts

    @Test("holding Ctrl+S 0.5 s on Touches reads Device was shaken; held 1.5 s it is cancelled and reads nothing")
    func shakeOnTouches() throws {
        let run = try Self.start()
        let long = try Self.holdCtrlS(1.5, in: run)
        // Long enough for a late motionEnded to show.
        Thread.sleep(forTimeInterval: 0.4)
        #expect(run.log.texts(of: "interaction").isEmpty,
                "a \(long) s shake is cancelled, not a shake: \(run.log.texts(of: "interaction"))")

        let short = try Self.holdCtrlS(0.5, in: run)
        try #require(short < 0.9, "could not hold Ctrl+S for just 0.5 s: \(short) s")
        #expect(run.session.waitFor { run.log.texts(of: "interaction") == ["Device was shaken"] },
                "after a \(short) s shake: \(run.log.texts(of: "interaction"))")
        let reference = try run.headlessReference("shake 500", name: "shaken")
        let (_, difference) = try run.waitForScreen(matching: reference, ignoredRows: Self.outputLabelRows)
        #expect(difference.isWithin(x: 0...799, y: Self.outputLabelRows),
                "the window differs from the headless rendering of a shake in \(difference)")
    }

    @Test("holding Ctrl+S 0.5 s on Gestures reads Shaken: image reset and puts a pinched image back")
    func shakeOnGestures() throws {
        let run = try GesturesEndToEndTests.start()
        let before = try run.settledScreenshot()
        // Pinch the image from a 100 px to a 150 px span.
        let input = GesturesEndToEndTests.RecordedTouches(session: run.session)
        try GesturesEndToEndTests.spreadFingers(input, frames: 5, by: 5, pause: GesturesEndToEndTests.frameInterval)
        #expect(run.session.waitFor { run.log.gestureStates("pinch").contains("ended") }, "log: \(run.log.lines)")
        let pinched = try run.settledScreenshot()
        let labelRows = 0...GesturesEndToEndTests.labelRowsEnd
        #expect(!pinched.difference(from: before).isWithin(x: 0...799, y: labelRows), "the pinch left the image as it was")

        let held = try Self.holdCtrlS(0.5, in: run)
        try #require(held < 0.9, "could not hold Ctrl+S for just 0.5 s: \(held) s")
        #expect(run.session.waitFor { run.log.texts(of: "output").last == "Shaken: image reset" },
                "after a \(held) s shake: \(run.log.texts(of: "output"))")
        let after = try run.settledScreenshot()
        let difference = after.difference(from: before)
        #expect(difference.isWithin(x: 0...799, y: labelRows),
                "below the output label the page is as before the pinch; differs in \(difference)")
    }

    @Test("on FlatCube with shake-to-edit off a 0.5 s Ctrl+S shake shows nothing new, though there is a count to undo")
    func shakeOnFlatCubeWithoutShakeToEdit() throws {
        let run = try FlatCubeEndToEndTests.start()
        try run.tap(400, 120)
        #expect(run.session.waitFor { run.log.texts(of: "singleCounter") == ["1"] }, "log: \(run.log.lines)")
        let before = try run.settledScreenshot()
        // The log records the keys too: what matters is that nothing shows.
        let shown = { run.log.lines.filter { !$0.contains(#""type":"input""#) } }
        let records = shown().count

        let held = try Self.holdCtrlS(0.5, in: run)
        try #require(held < 0.9, "could not hold Ctrl+S for just 0.5 s: \(held) s")
        // Long enough for a sheet to appear.
        Thread.sleep(forTimeInterval: 0.5)
        let after = try run.settledScreenshot()
        let difference = after.difference(from: before)
        #expect(difference.isEmpty, "the shake changed the window in \(difference)")
        #expect(shown().count == records, "new records: \(shown().dropFirst(records))")
    }

    @Test("with shake-to-edit turned on by touch, a shake on FlatCube after a red tap offers Undo Count, which sets the counter back to 0")
    func undoSheetUndoesACount() throws {
        let run = try Self.start()
        try run.tap(Self.shakeToEditSwitch.x, Self.shakeToEditSwitch.y)
        try #require(run.session.waitFor { run.log.controlValues("shakeToEdit") == ["on"] }, "log: \(run.log.lines)")
        let flatCubeTab = Self.tabCentre(1)
        try run.tap(flatCubeTab.x, flatCubeTab.y)
        let red = Screenshot.Pixel(r: 255, g: 102, b: 102)
        try #require(try run.session.waitFor(timeout: 3) { try run.session.screenshot().pixel(x: 400, y: 120) == red },
                     "FlatCube is not shown")
        try run.tap(400, 120)
        try #require(run.session.waitFor { run.log.texts(of: "singleCounter") == ["1"] }, "log: \(run.log.lines)")

        let held = try Self.holdCtrlS(0.5, in: run)
        try #require(held < 0.9, "could not hold Ctrl+S for just 0.5 s: \(held) s")
        let script = "down 0 646 334\nup 0\nwait 400\npage flatcube\nwait 400\ndown 0 400 120\nup 0\nwait 400\nshake 500"
        let (sheet, difference) = try run.waitForScreen(matching: run.headlessReference(script, name: "undo-sheet"))
        #expect(difference.isEmpty, "the window differs from the headless sheet in \(difference)")
        // The page behind is dimmed: white under 35 % black.
        #expect(sheet.pixel(x: 60, y: 520) == .init(r: 166, g: 166, b: 166), "not dimmed: \(sheet.pixel(x: 60, y: 520))")

        // ActionSheet's layout: a panel 360 px wide, centred, 16 px above
        // the bottom, a 40 px title, then 48 px rows 8 px apart: Undo
        // Count, Cancel. The rows are white on the panel's grey.
        let rowHeight = 48, gap = 8, actions = 2
        let panelTop = 600 - 16 - (40 + actions * (rowHeight + gap))
        let expectedRows = (0..<actions).map { i in panelTop + 40 + i * (rowHeight + gap) }
        let rows = Self.whiteRuns(in: sheet, x: 240, y: 400...599)
        #expect(rows.map(\.lowerBound) == expectedRows && rows.allSatisfy { $0.count == rowHeight },
                "button rows at x 240: \(rows); expected \(rowHeight) px rows from y \(expectedRows)")
        let undoRow = try #require(rows.first, "no buttons on the sheet")
        try run.tap(400, undoRow.lowerBound + rowHeight / 2)

        #expect(run.session.waitFor { run.log.texts(of: "singleCounter") == ["1", "0"] }, "log: \(run.log.lines)")
        // The sheet is gone and FlatCube is as it started.
        let (_, after) = try run.waitForScreen(matching: run.headlessReference("page flatcube", name: "undone"))
        #expect(after.isEmpty, "the window differs from the untouched FlatCube page in \(after)")
    }

    @Test("Ctrl+R on Touches turns the landscape window a quarter right: Device is oriented normally")
    func rotationShortcut() throws {
        let run = try Self.start()
        try run.session.send(["key \(Self.keyLeftCtrl) pressed", "key \(Self.keyR) pressed",
                              "key \(Self.keyR) released", "key \(Self.keyLeftCtrl) released"])
        #expect(run.session.waitFor { run.log.texts(of: "interaction") == ["Device is oriented normally"] },
                "texts: \(run.log.texts(of: "interaction"))")
    }

    // MARK: Helpers

    /// The Touches page is shown: its tab underlined and the image switch
    /// on (green).
    static func start(extraEnv: [String: String] = [:]) throws -> RunningApp {
        try RunningApp(page: "touches", extraEnv: extraEnv) { shot in
            shot.pixel(x: 133, y: underlineRow) == systemBlue
                && shot.pixel(x: 630, y: 282) == .init(r: 52, g: 199, b: 89)
        }
    }

    /// Holds Ctrl+S for `seconds` (a shake while held); returns how long it
    /// really was held at most, from before the press to after the release.
    static func holdCtrlS(_ seconds: TimeInterval, in run: RunningApp) throws -> TimeInterval {
        let pressed = monotonicSeconds()
        try run.session.send(["key \(keyLeftCtrl) pressed", "key \(keyS) pressed"])
        Thread.sleep(forTimeInterval: seconds)
        try run.session.send(["key \(keyS) released", "key \(keyLeftCtrl) released"])
        return monotonicSeconds() - pressed
    }

    /// Every text the interaction label showed, with its time.
    static func interactionRecords(_ log: AppLog) -> [(t: Double, text: String)] {
        log.records.filter { $0["type"] as? String == "label" && $0["name"] as? String == "interaction" }
            .compactMap { record in
                guard let t = (record["t"] as? NSNumber)?.doubleValue, let text = record["text"] as? String else { return nil }
                return (t, text)
            }
    }

    /// The runs of pure white in column `x` within `rows`.
    static func whiteRuns(in shot: Screenshot, x: Int, y rows: ClosedRange<Int>) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var start: Int?
        for y in rows {
            let white = shot.pixel(x: x, y: y) == .init(r: 255, g: 255, b: 255)
            if white, start == nil { start = y }
            if !white, let s = start { runs.append(s...(y - 1)); start = nil }
        }
        if let s = start { runs.append(s...rows.upperBound) }
        return runs
    }
}
