import GestureKit
import Testing

/// What a held shortcut does as the backend's key repeats arrive: the
/// window runs a command again only if the command says it repeats.
@Suite("Key command repeat")
struct KeyCommandRepeatTests {
    let window = Window(size: Size(width: 400, height: 300), timeSource: VirtualTimeSource())

    static func ctrlZ(repeat isRepeat: Bool = false) -> KeyEvent {
        KeyEvent(keysym: Keysym.z, modifiers: .control, isRepeat: isRepeat)
    }

    @Test("a command marked repeats runs once for the press and once for each repeat")
    func repeatingCommandRunsOnEachRepeat() {
        var undos = 0
        window.keyCommands = [KeyCommand(keysym: Keysym.z, modifiers: .control, title: "Undo", repeats: true) {
            undos += 1
        }]
        window.handleKey(Self.ctrlZ())
        for _ in 0..<3 { window.handleKey(Self.ctrlZ(repeat: true)) }
        window.handleKey(KeyEvent(keysym: Keysym.z, modifiers: .control, isPressed: false))
        #expect(undos == 4)
    }

    @Test("a command not marked repeats runs once per press however many repeats follow, and hears one release")
    func nonRepeatingCommandRunsOncePerPress() {
        var presses = 0, releases = 0
        window.keyCommands = [KeyCommand(keysym: Keysym.digit(2), title: "Show page 2", repeats: false,
                                         action: { presses += 1 }, onRelease: { releases += 1 })]
        window.handleKey(KeyEvent(keysym: Keysym.digit(2)))
        for _ in 0..<5 {
            #expect(window.handleKey(KeyEvent(keysym: Keysym.digit(2), isRepeat: true)),
                    "the repeat is the shortcut's, so it is consumed")
        }
        window.handleKey(KeyEvent(keysym: Keysym.digit(2), isPressed: false))
        window.handleKey(KeyEvent(keysym: Keysym.digit(2)))
        #expect(presses == 2 && releases == 1)
    }

    @Test("a repeat runs the command its key and modifiers match now: Ctrl let go, a held Z undoes no more")
    func repeatsFollowTheModifiersHeldNow() {
        var undos = 0
        window.keyCommands = [KeyCommand(keysym: Keysym.z, modifiers: .control, title: "Undo", repeats: true) {
            undos += 1
        }]
        window.handleKey(Self.ctrlZ())
        window.handleKey(Self.ctrlZ(repeat: true))
        #expect(!window.handleKey(KeyEvent(keysym: Keysym.z, isRepeat: true)), "plain z is no shortcut")
        #expect(undos == 2)
    }
}
