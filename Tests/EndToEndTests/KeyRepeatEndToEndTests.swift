import Foundation
import Testing

/// Held shortcuts in real weston: the compositor announces its key repeat
/// (`wl_keyboard.repeat_info`, set here through weston-inject's
/// `key-repeat`), the app repeats the held key itself, and only undo and
/// redo act on the repeats.
///
/// Linux key codes used: 2 KEY_1, 19 KEY_R, 29 KEY_LEFTCTRL, 42
/// KEY_LEFTSHIFT, 44 KEY_Z.
@Suite("Key repeat end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct KeyRepeatEndToEndTests {
    static let key1 = 2, keyR = 19, keyLeftCtrl = 29, keyLeftShift = 42, keyZ = 44
    /// Repeat settings short enough for a test: the first repeat 150 ms
    /// after the press, then one every 50 ms.
    static let repeatSetting = "key-repeat 20 150"
    static let red = (x: 400, y: 120)

    /// FlatCube with its red counter at `count`, one tap (an undoable
    /// change) at a time.
    static func flatCube(counting count: Int) throws -> RunningApp {
        let run = try FlatCubeEndToEndTests.start()
        for n in 1...count {
            try run.tap(red.x, red.y)
            try #require(run.session.waitFor { run.log.texts(of: "singleCounter").last == String(n) },
                         "log: \(run.log.lines)")
            // Past the multi-tap interval, so each tap is a first tap.
            Thread.sleep(forTimeInterval: 0.4)
        }
        return run
    }

    /// Presses `keys` in order, holds them `seconds`, releases them in
    /// reverse order; returns how long they were held at most.
    static func hold(_ keys: [Int], for seconds: TimeInterval, in run: RunningApp) throws -> TimeInterval {
        let pressed = monotonicSeconds()
        try run.session.send(keys.map { "key \($0) pressed" })
        Thread.sleep(forTimeInterval: seconds)
        try run.session.send(keys.reversed().map { "key \($0) released" })
        return monotonicSeconds() - pressed
    }

    @Test("Ctrl+Z held for 0.5 s with a 150 ms repeat delay undoes four taps on red, down to 0; Ctrl+Shift+Z held redoes them")
    func heldUndoAndRedoRepeat() throws {
        let run = try Self.flatCube(counting: 4)
        try run.session.send(Self.repeatSetting)
        _ = try Self.hold([Self.keyLeftCtrl, Self.keyZ], for: 0.5, in: run)
        #expect(run.session.waitFor { run.log.texts(of: "singleCounter").last == "0" }, "log: \(run.log.lines)")
        #expect(run.log.texts(of: "singleCounter") == ["1", "2", "3", "4", "3", "2", "1", "0"],
                "one undo per step: \(run.log.texts(of: "singleCounter"))")

        _ = try Self.hold([Self.keyLeftCtrl, Self.keyLeftShift, Self.keyZ], for: 0.5, in: run)
        #expect(run.session.waitFor { run.log.texts(of: "singleCounter").last == "4" }, "log: \(run.log.lines)")
        #expect(run.log.texts(of: "singleCounter").suffix(4) == ["1", "2", "3", "4"])
    }

    @Test("with repeat turned off (rate 0) a held Ctrl+Z undoes once")
    func noRepeatWhenTheCompositorTurnsItOff() throws {
        let run = try Self.flatCube(counting: 3)
        try run.session.send("key-repeat 0 150")
        _ = try Self.hold([Self.keyLeftCtrl, Self.keyZ], for: 0.5, in: run)
        #expect(run.session.waitFor { run.log.texts(of: "singleCounter").last == "2" }, "log: \(run.log.lines)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(run.log.texts(of: "singleCounter") == ["1", "2", "3", "2"])
    }

    @Test("Ctrl+R held for 0.6 s rotates once: one orientation text")
    func heldRotationActsOnce() throws {
        let run = try TouchesEndToEndTests.start()
        try run.session.send(Self.repeatSetting)
        let held = try Self.hold([Self.keyLeftCtrl, Self.keyR], for: 0.6, in: run)
        try #require(held < 2.5, "held \(held) s, past the label's 3 s reset")
        Thread.sleep(forTimeInterval: 0.2)
        let texts = run.log.texts(of: "interaction")
        // The 1024x768 window is held turned left; a quarter right sets it upright.
        #expect(texts == ["Device is oriented normally"], "\(texts)")
    }

    @Test("with 1 held, a tap on the FlatCube tab shows FlatCube and 1's repeats do not switch back to Touches")
    func heldPageKeyActsOnce() throws {
        let run = try FlatCubeEndToEndTests.start()
        try run.session.send(Self.repeatSetting)
        try run.session.send("key \(Self.key1) pressed")
        let green = Screenshot.Pixel(r: 52, g: 199, b: 89)   // a Touches switch
        let touchesShown = try run.session.waitFor(timeout: 3) {
            try run.session.screenshot().pixel(x: 630, y: 282) == green
        }
        try #require(touchesShown, "1 did not show Touches")
        let tab = TouchesEndToEndTests.tabCentre(1)
        try run.tap(tab.x, tab.y)
        let redPixel = Screenshot.Pixel(r: 255, g: 102, b: 102)
        #expect(try run.session.waitFor(timeout: 3) {
            try run.session.screenshot().pixel(x: Self.red.x, y: Self.red.y) == redPixel
        }, "the tab did not show FlatCube")
        // Ten repeat intervals with 1 still held.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try run.session.screenshot().pixel(x: Self.red.x, y: Self.red.y) == redPixel,
                "a repeat of 1 switched back to Touches")
        try run.session.send("key \(Self.key1) released")
    }
}
