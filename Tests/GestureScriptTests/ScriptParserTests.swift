import GestureKit
@testable import GestureScript
import Testing

@Suite("Script parser")
struct ScriptParserTests {
    func error(_ text: String) -> ScriptError? {
        do {
            _ = try ScriptParser.parse(text, fileName: "s.gds")
            return nil
        } catch {
            return error
        }
    }

    @Test("every command parses, comments and blank lines are skipped")
    func parsesAll() throws {
        let script = try ScriptParser.parse("""
            # a comment
            size 800 600
            down 1 10.5 -3   # trailing comment
            move 1 20 30
            up 1

            frame
            cancel
            wait 250
            snapshot after-tap
            """, fileName: "s.gds")
        #expect(script.commands.map(\.command) == [
            .size(Size(width: 800, height: 600)), .down(id: 1, at: Point(x: 10.5, y: -3)),
            .move(id: 1, to: Point(x: 20, y: 30)), .up(id: 1), .frame, .cancel,
            .wait(milliseconds: 250), .snapshot(name: "after-tap"),
        ])
        #expect(script.commands.map(\.line) == [2, 3, 4, 5, 7, 8, 9, 10])
    }

    @Test("an unknown command names file, line, column and the known commands")
    func unknownCommand() {
        let e = error("frame\n  tapp 1 2")
        #expect(e?.description.hasPrefix("s.gds:2:3: unknown command 'tapp'; expected one of: size, down") == true)
    }

    @Test("a missing argument says which one, at the end of the line")
    func missingArgument() {
        #expect(error("down 1 10")?.description == "s.gds:1:11: expected Y (usage: down ID X Y)")
    }

    @Test("a bad number points at the token")
    func badNumber() {
        #expect(error("move 1 ten 3")?.description == "s.gds:1:8: expected X as a number, got 'ten'")
        #expect(error("wait -5")?.description == "s.gds:1:6: expected MS as a non-negative number, got '-5'")
        #expect(error("up -1")?.description == "s.gds:1:4: expected ID as a whole number from 0 to 2147483647, got '-1'")
    }

    @Test("extra arguments are refused")
    func extraArgument() {
        #expect(error("frame now")?.description == "s.gds:1:7: unexpected 'now' (usage: frame)")
    }

    @Test("snapshot names cannot leave the output folder")
    func snapshotNames() {
        #expect(error("snapshot ../x")?.line == 1)
        #expect(error("snapshot a/b") != nil)
        #expect(error("snapshot .hidden") != nil)
    }
}

@Suite("Script player")
struct ScriptPlayerTests {
    @Test("a wait fires timers at their own deadlines on the virtual clock")
    func waitFiresTimers() throws {
        let clock = VirtualTimeSource()
        let window = Window(size: Size(width: 100, height: 100), timeSource: clock)
        var firedAt: [Double] = []
        window.scheduler.schedule(after: 3) { _ in firedAt.append(clock.now) }
        window.scheduler.schedule(after: 1) { _ in
            firedAt.append(clock.now)
            window.scheduler.schedule(after: 0.5) { _ in firedAt.append(clock.now) }
        }
        try ScriptPlayer(window: window, clock: clock).run(ScriptParser.parse("wait 5000", fileName: "t"))
        #expect(firedAt == [1, 1.5, 3])
        #expect(clock.now == 5)
    }

    @Test("a script longer than the time limit stops with an error naming its line")
    func timeLimit() throws {
        let clock = VirtualTimeSource()
        let window = Window(size: Size(width: 100, height: 100), timeSource: clock)
        let player = ScriptPlayer(window: window, clock: clock)
        player.timeLimit = 10
        #expect(throws: ScriptRunError.self) {
            try player.run(ScriptParser.parse("wait 5000\nwait 6000", fileName: "t"))
        }
    }
}
