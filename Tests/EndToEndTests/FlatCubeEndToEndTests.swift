import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The real app in real weston: touches injected into the compositor, the
/// result read back from the compositor's screenshots and the app's log.
/// Each live screenshot must equal, pixel for pixel, the app's headless
/// rendering of the same input: so what the window shows is what the
/// specification tests checked.
@Suite("FlatCube end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct FlatCubeEndToEndTests {
    /// FlatCube is shown: red at alpha 0.6 over white, in red's own area.
    static func start(capabilities: String = "touch,keyboard", extraEnv: [String: String] = [:]) throws -> RunningApp {
        try RunningApp(page: "flatcube", capabilities: capabilities, extraEnv: extraEnv) {
            $0.pixel(x: 400, y: 120) == .init(r: 255, g: 102, b: 102)
        }
    }

    @Test("a one-finger tap inside red raises the red counter to 1")
    func tapInRed() throws {
        let run = try Self.start()
        try run.tap(400, 120)
        #expect(run.session.waitFor { run.log.hasLabel("singleCounter", "1") }, "log: \(run.log.lines)")
        #expect(try run.waitForScreen(matching: run.headlessReference("down 1 400 120\nup 1", name: "red-1")).1.isEmpty)
    }

    @Test("a two-finger tap with one finger in each yellow raises the yellow counter in both squares")
    func twoFingersInYellows() throws {
        let run = try Self.start()
        try run.session.send(["touch-down 0 250 420", "touch-down 1 550 420", "touch-frame",
                              "touch-up 0", "touch-frame", "touch-up 1"])
        #expect(run.session.waitFor { run.log.hasLabel("doubleCounterRight", "1") }, "log: \(run.log.lines)")
        #expect(!run.log.hasLabel("singleCounter", "1"))
        #expect(try run.waitForScreen(matching: run.headlessReference("down 1 250 420\ndown 2 550 420\nframe\nup 1\nframe\nup 2", name: "yellow-1")).1.isEmpty)
    }

    @Test("with Recognize any on, a one-finger tap at the triple overlap raises both counters")
    func recognizeAnyTripleOverlap() throws {
        let run = try Self.start()
        try run.tap(438, 558)
        #expect(run.session.waitFor { run.log.lines.contains { $0.contains("\"name\":\"recognizeAny\",\"value\":\"on\"") } })
        try run.tap(400, 280)
        #expect(run.session.waitFor { run.log.hasLabel("singleCounter", "1") && run.log.hasLabel("doubleCounterLeft", "1") })
        #expect(try run.waitForScreen(matching: run.headlessReference("down 1 438 558\nup 1\nwait 400\ndown 1 400 280\nup 1", name: "both-1")).1.isEmpty)
    }

    @Test("a left click with the mouse in red counts like a one-finger tap")
    func mouseClick() throws {
        let run = try Self.start(capabilities: "touch,pointer,keyboard")
        try run.session.send(["pointer-motion 400 120", "pointer-frame",
                              "button 272 pressed", "pointer-frame", "button 272 released", "pointer-frame"])
        #expect(run.session.waitFor { run.log.hasLabel("singleCounter", "1") }, "log: \(run.log.lines)")
    }

    @Test("the squares are translucent, the counters crisp and the caption in red translucent")
    func translucency() throws {
        let run = try Self.start()
        let shot = try run.session.screenshot()
        #expect(shot.pixel(x: 270, y: 70) == .init(r: 255, g: 102, b: 102))   // red at 0.6
        #expect(shot.pixel(x: 160, y: 490) == .init(r: 255, g: 255, b: 102)) // yellow at 0.6
        func darkest(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) -> Int {
            var best = 255 * 3
            for y in ys { for x in xs { let p = shot.pixel(x: x, y: y); best = min(best, Int(p.r) + Int(p.g) + Int(p.b)) } }
            return best
        }
        #expect(darkest(380...420, 178...222) == 0, "the red counter is pure black")
        let caption = darkest(340...460, 85...110)
        #expect(caption > 150 && caption < 600, "the caption is drawn at red's alpha: \(caption)")
    }

    @Test("while idle the app commits no frames and uses no CPU")
    func idle() throws {
        let run = try Self.start(extraEnv: ["WAYLAND_DEBUG": "1"])
        Thread.sleep(forTimeInterval: 0.3)
        let commits = { run.session.output(of: run.app).components(separatedBy: ".commit(").count - 1 }
        let before = commits()
        let ticksBefore = cpuTicks(of: run.app.processIdentifier)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(commits() == before, "frames committed while idle")
        if let a = ticksBefore, let b = cpuTicks(of: run.app.processIdentifier) {
            #expect(b - a <= 1, "idle CPU: \(b - a) ticks in 1.5 s")
        }
        #expect(run.session.output(of: run.app).contains("set_title(\"Gesture Demo\")"))
    }

    @Test("a killed compositor ends the app with one line and exit code 1")
    func lostCompositor() throws {
        try Self.start().expectEndsOnLostCompositor()
    }
}
