import DemoApp
import GestureKit
@testable import GestureScript
import Testing

/// The log of a live session (`--log`) has the record kinds of a headless
/// run's log.jsonl: the input as the window received it, what the app
/// showed, and an `end`.
@MainActor
@Suite("Event log")
struct EventLogTests {
    @Test("a compositor's input is logged as a script's is, without a line: touches by seat, pointer, keys, resizes")
    func liveInput() throws {
        let clock = VirtualTimeSource()
        let window = DemoApp.makeWindow(timeSource: clock, page: .flatcube)
        var lines: [String] = []
        let log = EventLog(timeSource: clock) { lines.append($0) }
        window.addObserver(log)
        window.input.tap = log
        let single = try #require(ViewReference(name: "single").resolve(in: window))
        window.input.touchDown(id: 3, seat: 1, at: single, time: 1915867.25)
        window.input.touchFrame()
        clock.advance(to: 0.05)
        window.input.touchUp(id: 3, seat: 1, time: 1915867.30)
        window.input.endOfInputBatch()
        window.input.pointerMotion(to: Point(x: 10, y: 20), time: 1915867.4)
        window.input.pointerButton(0x113, pressed: true, time: 1915867.5)
        window.input.pointerAxis(vertical: -15, horizontal: 0, time: 1915867.5)
        window.input.pointerLeave(time: 1915867.5)
        window.handleKey(KeyEvent(keysym: Keysym.z, modifiers: .control, isPressed: true, isRepeat: true, time: 0))
        window.resize(to: Size(width: 1024, height: 768))
        clock.advance(to: 0.5)
        window.scheduler.fireDueTimers()
        log.end(checks: 0, failed: 0, completed: true)
        let x = formatScriptNumber(single.x), y = formatScriptNumber(single.y)
        #expect(lines.filter { $0.contains(#""type":"input""#) } == [
            #"{"t":0,"type":"input","event":"down","id":1003,"x":\#(x),"y":\#(y)}"#,
            #"{"t":0,"type":"input","event":"frame"}"#,
            #"{"t":0.05,"type":"input","event":"up","id":1003}"#,
            #"{"t":0.05,"type":"input","event":"frame"}"#,
            #"{"t":0.05,"type":"input","event":"pointer-move","x":10,"y":20}"#,
            #"{"t":0.05,"type":"input","event":"pointer-down","button":275}"#,
            #"{"t":0.05,"type":"input","event":"pointer-scroll","dx":0,"dy":-15}"#,
            #"{"t":0.05,"type":"input","event":"pointer-leave"}"#,
            #"{"t":0.05,"type":"input","event":"key-press","key":"z","modifiers":"ctrl","repeat":true}"#,
            #"{"t":0.05,"type":"input","event":"size","width":1024,"height":768}"#,
        ])
        #expect(lines.contains(#"{"t":0.05,"type":"gesture","name":"oneFingerTap","state":"ended"}"#))
        #expect(lines.contains(#"{"t":0.05,"type":"label","name":"singleCounter","text":"1"}"#))
        #expect(lines.last == #"{"t":0.5,"type":"end","checks":0,"failed":0,"completed":true}"#)
    }
}
