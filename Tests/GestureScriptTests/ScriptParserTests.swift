import GestureKit
@testable import GestureScript
import Testing

/// The language as docs/scripting.md describes it: every form parses to
/// the command it means, and every malformed line gives one error naming
/// file, line, column and what was expected there.
@Suite("Script parser")
struct ScriptParserTests {
    func commands(_ text: String) throws -> [ScriptCommand] {
        try ScriptParser.parse(text, fileName: "s.gds").commands.map(\.command)
    }

    func errors(_ text: String, pages: [String]? = nil, counters: [String]? = nil) -> [String] {
        errors(text, vocabulary: ScriptVocabulary(pages: pages, counters: counters))
    }

    func errors(_ text: String, vocabulary: ScriptVocabulary) -> [String] {
        do {
            _ = try ScriptParser.parse(text, fileName: "s.gds", vocabulary: vocabulary)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    func error(_ text: String) -> String? { errors(text).first }

    func at(_ x: Double, _ y: Double) -> ScriptPoint { .absolute(Point(x: x, y: y)) }

    @Test("the raw touch commands parse as before; comments and blank lines are skipped")
    func rawCommands() throws {
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
            .size(Size(width: 800, height: 600)), .down(id: 1, at: at(10.5, -3)),
            .move(id: 1, to: at(20, 30)), .up(id: 1), .frame, .cancel,
            .wait(milliseconds: 250), .snapshot(name: "after-tap"),
        ])
        #expect(script.commands.map(\.line) == [2, 3, 4, 5, 7, 8, 9, 10])
    }

    @Test("Windows and classic Mac line ends and a byte-order mark read as the same script")
    func windowsLineEnds() throws {
        let unix = "# a comment\nsize 800 600\ntap 10 20\n\nexpect label interaction == \"None\"\n"
        let windows = unix.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        let mac = unix.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r")
        let expected = try ScriptParser.parse(unix, fileName: "s.gds")
        for text in [windows, mac, "\u{FEFF}" + unix, "\u{FEFF}" + windows] {
            let script = try ScriptParser.parse(text, fileName: "s.gds")
            #expect(script.commands.map(\.command) == expected.commands.map(\.command))
            #expect(script.commands.map(\.line) == [2, 3, 5])
        }
        // A malformed line is still found, on its own line number.
        #expect(error("size 800 600\r\nwait soon\r\n") == "s.gds:2:6: expected MS as a non-negative number, got 'soon'")
    }

    @Test("a control character anywhere, or an invisible space between words, is an error at its column")
    func unprintableCharacters() {
        #expect(error("tap 10\u{0}10 20") == "s.gds:1:7: control character U+0000: a script line holds printable text only")
        #expect(error("wait 400\u{1b}[2J") == "s.gds:1:9: control character U+001B: a script line holds printable text only")
        #expect(error("\u{85}wait 10") == "s.gds:1:1: control character U+0085: a script line holds printable text only")
        #expect(error("tap\u{a0}10 20") == "s.gds:1:4: invisible space U+00A0 outside a string: separate words with plain spaces or tabs")
        #expect(error("expect label output == \"a\u{a0}b\"") == nil, "inside a string it is text")
        #expect(error("wait\t400") == nil)
    }

    @Test("numbers are decimal: hexadecimal, inf and nan are refused")
    func decimalNumbers() {
        #expect(error("wait 0x10") == "s.gds:1:6: expected MS as a non-negative number, got '0x10'")
        #expect(error("tap 0x10 20")?.contains("expected X as a number or @VIEW, got '0x10'") == true)
        #expect(error("tap @single+0x1,5")?.contains("expected an offset such as +10,-5") == true)
        #expect(error("wait 1e3") == nil)
        #expect(error("tap -0.5 +2") == nil)
    }

    @Test("a snapshot NAME is at most 200 bytes of UTF-8, since it names files; the error says so")
    func snapshotNameLength() {
        #expect(error("snapshot " + String(repeating: "a", count: 200)) == nil)
        let cjk = String(repeating: "漢", count: 70)
        #expect(error("snapshot " + cjk) == "s.gds:1:10: snapshot NAME of 210 bytes: at most 200 bytes of UTF-8, since it names files")
        #expect(error("snapshot " + String(repeating: "漢", count: 66)) == nil)
    }

    @Test("a file of many bad lines stops after 100 errors; a huge word is quoted cut short")
    func errorFlood() {
        let flood = errors(String(repeating: "bogus\n", count: 500))
        #expect(flood.count == 101)
        #expect(flood.last == "s.gds:100:1: stopping after 100 errors: is this a script?")
        let huge = error("wait " + String(repeating: "9x", count: 50_000)) ?? ""
        #expect(huge.count < 400, "\(huge.count) characters")
        #expect(huge.hasSuffix("characters in all)"))
    }

    @Test("gesture commands take a point, their own arguments and optional MS and STEPS")
    func gestures() throws {
        #expect(try commands("""
            tap 10 20
            tap 250 420 550 420
            doubletap 5 5
            longpress 1 2
            longpress 1 2 600
            swipe 1 2 -80 0
            swipe 1 2 -80 0 120 4
            drag 1 2 30 40
            pinch 1 2 100 150 300 10
            rotate 1 2 100 0.5
            """) == [
            .gesture(.tap(at: [at(10, 20)], taps: 1)),
            .gesture(.tap(at: [at(250, 420), at(550, 420)], taps: 1)),
            .gesture(.tap(at: [at(5, 5)], taps: 2)),
            .gesture(.longPress(at: at(1, 2), milliseconds: ScriptDefaults.longPressMilliseconds)),
            .gesture(.longPress(at: at(1, 2), milliseconds: 600)),
            .gesture(.swipe(from: at(1, 2), by: Point(x: -80, y: 0), milliseconds: ScriptDefaults.swipeMilliseconds, steps: nil)),
            .gesture(.swipe(from: at(1, 2), by: Point(x: -80, y: 0), milliseconds: 120, steps: 4)),
            .gesture(.drag(from: at(1, 2), to: at(30, 40), milliseconds: ScriptDefaults.dragMilliseconds, steps: nil)),
            .gesture(.pinch(at: at(1, 2), fromSpan: 100, toSpan: 150, milliseconds: 300, steps: 10)),
            .gesture(.rotate(at: at(1, 2), span: 100, radians: 0.5, milliseconds: ScriptDefaults.twoFingerMilliseconds, steps: nil)),
        ])
    }

    @Test("a point is X Y or one @VIEW word with an optional anchor and offset")
    func viewReferences() throws {
        #expect(try commands("""
            tap @single
            tap @single.topleft
            tap @single+10,-5
            tap @single.bottomright-4,4.5
            tap @"Undo Count"
            drag @panArea @panArea+40,0
            """) == [
            .gesture(.tap(at: [.view(ViewReference(name: "single"))], taps: 1)),
            .gesture(.tap(at: [.view(ViewReference(name: "single", anchor: .topleft))], taps: 1)),
            .gesture(.tap(at: [.view(ViewReference(name: "single", offset: Point(x: 10, y: -5)))], taps: 1)),
            .gesture(.tap(at: [.view(ViewReference(name: "single", anchor: .bottomright, offset: Point(x: -4, y: 4.5)))], taps: 1)),
            .gesture(.tap(at: [.view(ViewReference(name: "Undo Count"))], taps: 1)),
            .gesture(.drag(from: .view(ViewReference(name: "panArea")),
                           to: .view(ViewReference(name: "panArea", offset: Point(x: 40, y: 0))),
                           milliseconds: ScriptDefaults.dragMilliseconds, steps: nil)),
        ])
    }

    @Test("pointer, touchpad, key, keyboard, shake, orientation and page commands")
    func deviceCommands() throws {
        #expect(try commands("""
            pointer move 10 20
            pointer down
            pointer up right
            pointer scroll 0 -15
            pointer leave
            touchpad pinch begin 2
            touchpad pinch update -1.5 0 1.25 10
            touchpad swipe update 20 -3
            touchpad hold end
            touchpad swipe end cancelled
            key ctrl+z
            key F11
            key ?
            key press alt
            key release alt
            key hold ctrl+s 600
            key ctrl++
            keyboard repeat 25 600
            shake 600
            shake begin
            shake end
            shake end 850.5
            orientation landscape-left
            page flatcube
            """) == [
            .pointer(.move(to: at(10, 20))), .pointer(.down(.left)), .pointer(.up(.right)),
            .pointer(.scroll(dx: 0, dy: -15)), .pointer(.leave),
            .touchpad(.begin(.pinch, fingers: 2)), .touchpad(.pinchUpdate(dx: -1.5, dy: 0, scale: 1.25, rotation: 10)),
            .touchpad(.swipeUpdate(dx: 20, dy: -3)), .touchpad(.end(.hold, cancelled: false)),
            .touchpad(.end(.swipe, cancelled: true)),
            .key(.type, KeyChord(modifiers: [.ctrl], key: "z")), .key(.type, KeyChord(key: "f11")),
            .key(.type, KeyChord(key: "?")), .key(.press, KeyChord(key: "alt")), .key(.release, KeyChord(key: "alt")),
            .key(.hold(milliseconds: 600), KeyChord(modifiers: [.ctrl], key: "s")),
            .key(.type, KeyChord(modifiers: [.ctrl], key: "+")),
            .keyboardRepeat(KeyRepeatSettings(rate: 25, delay: 600)),
            .shake(milliseconds: 600), .shakeBegin, .shakeEnd(milliseconds: nil), .shakeEnd(milliseconds: 850.5), .orientation(.landscapeLeft), .page(name: "flatcube"),
        ])
    }

    @Test("expectations cover labels, views, switches, recognizers, counters, the page and the orientation")
    func expectations() throws {
        #expect(try commands("""
            expect label output == "Double tapped"
            expect label singleCounter == 1
            expect label output != Tapped
            expect label output ~ "Pinched, Scale:1\\.50, .*"
            expect label output !~ "Swiped.*"
            expect view actionSheet exists
            expect view help absent
            expect view single frame == 263.75 64 272.5 272.5
            expect view single center == 400 200.25 within 0.5
            expect view image rotation == 0.5 within 0.01
            expect view single alpha < 1
            expect view touchImage interaction == false
            expect switch recognizeAny == on
            expect recognizer pinch state == possible
            expect recognizer doubleTap state != recognized
            expect recognizer doubleTap recognized >= 1
            expect last-gesture == doubleTap
            expect last-gesture == none
            expect counter single == 2
            expect page == gestures
            expect orientation == upside-down
            """).map { command -> ScriptAssertion? in if case .expect(let e) = command { e } else { nil } } == [
            .label(name: "output", .equals("Double tapped")),
            .label(name: "singleCounter", .equals("1")),
            .label(name: "output", .notEquals("Tapped")),
            .label(name: "output", .matches("Pinched, Scale:1\\.50, .*")),
            .label(name: "output", .notMatches("Swiped.*")),
            .view(name: "actionSheet", .exists(true)),
            .view(name: "help", .exists(false)),
            .view(name: "single", .frame(Rect(x: 263.75, y: 64, width: 272.5, height: 272.5), tolerance: nil)),
            .view(name: "single", .center(Point(x: 400, y: 200.25), tolerance: 0.5)),
            .view(name: "image", .number(.rotation, .equal, 0.5, tolerance: 0.01)),
            .view(name: "single", .number(.alpha, .less, 1, tolerance: nil)),
            .view(name: "touchImage", .flag(.interaction, false)),
            .switchIsOn(name: "recognizeAny", true),
            .recognizerState(name: "pinch", equal: true, .possible),
            .recognizerState(name: "doubleTap", equal: false, .ended),
            .recognizedCount(name: "doubleTap", .greaterOrEqual, 1),
            .lastGesture("doubleTap"),
            .lastGesture(nil),
            .counter(name: "single", .equal, 2),
            .page("gestures"),
            .orientation(.portraitUpsideDown),
        ])
    }

    @Test("a string literal keeps # and spaces; only \\\" and \\\\ are escapes, so regular expressions need no doubling")
    func stringLiterals() throws {
        #expect(try commands(#"expect label a == "say \"hi\" # not a comment""#)
                == [.expect(.label(name: "a", .equals(#"say "hi" # not a comment"#)))])
        #expect(try commands(#"expect label a ~ "\(\d+,\d+\)""#) == [.expect(.label(name: "a", .matches(#"\(\d+,\d+\)"#)))])
    }

    @Test("snapshots may name a golden image and a tolerance")
    func snapshots() throws {
        #expect(try commands("snapshot a vs goldens/a.png\nsnapshot b vs \"my goldens/b.png\" tolerance 8") == [
            .snapshot(name: "a", golden: GoldenComparison(path: "goldens/a.png")),
            .snapshot(name: "b", golden: GoldenComparison(path: "my goldens/b.png", tolerance: 8)),
        ])
    }

    @Test("every command's text parses back to the same command, so recorders can write commands")
    func roundTrip() throws {
        let text = """
            size 1024.5 600
            down 3 @single.top+0,5
            move 3 1e-7 -2.25
            up 3
            frame
            cancel
            tap @doubleLeft @doubleRight
            doubletap @"Undo Count"
            longpress 1 2 800
            swipe 1 2 -80 0 100 6
            drag 1 2 30 40 500
            pinch @pinchArea 100 150 300
            rotate 1 2 100 -0.5 300 10
            pointer move 3 4
            pointer down middle
            pointer up left
            pointer scroll 1.5 -2
            pointer leave
            touchpad hold begin 3
            touchpad pinch update 0.00390625 -2 1.19921875 -0.5
            touchpad swipe update -20 0
            touchpad pinch end cancelled
            touchpad swipe end
            key ctrl+shift+z
            key press shift+/
            key release numbersign
            key hold ctrl+s 600
            keyboard repeat 0 400
            wait 16.667
            snapshot x vs "a b.png" tolerance 3
            page touches
            shake 1500
            shake begin
            shake end 1000.25
            shake end
            orientation landscape-right
            expect label output ~ "a\\"b"
            expect view image rotation >= 0.5 within 0.01
            expect view single frame == 1 2 3 4
            expect view single hidden == true
            expect switch recognizeAny == off
            expect recognizer pinch state != failed
            expect recognizer tap recognized < 3
            expect last-gesture == "none"
            expect counter double > -1
            expect page == flatcube
            expect orientation == portrait
            """
        let first = try commands(text)
        let again = try commands(first.map(\.description).joined(separator: "\n"))
        #expect(again == first)
        #expect(first.count == text.split(separator: "\n").count)
    }

    @Test("what a live recording writes parses: raw touches with frames, pointer, keys held as pressed, waits")
    func recordedInput() throws {
        #expect(try commands("""
            # Recorded by gesture-demo
            size 800 600
            page flatcube
            down 0 400.5 120.25
            frame
            wait 16
            move 0 402 121
            frame
            up 0
            frame
            down 1001 10 10
            cancel
            pointer move 600 420
            pointer down left
            pointer scroll 0 -15
            pointer up left
            key press ctrl+s
            wait 600
            key release s
            key press shift+/
            key release /
            key press F11
            key release F11
            """).count == 22)
    }

    // MARK: Errors

    @Test("an unknown command names file, line, column, a near miss and the known commands")
    func unknownCommand() {
        #expect(error("frame\n  tapp 1 2")?.hasPrefix("s.gds:2:3: unknown command 'tapp' (did you mean 'tap'?); expected one of: size, down") == true)
    }

    @Test("a missing argument says which one, just after the line's last word (not past it), with the usage")
    func missingArgument() {
        #expect(error("down 1 10") == "s.gds:1:10: expected Y (usage: down ID X Y)")
        #expect(error("pinch 1 2 100") == "s.gds:1:14: expected TO_SPAN (usage: pinch X Y FROM_SPAN TO_SPAN [MS] [STEPS])")
        #expect(error("wait") == "s.gds:1:5: expected MS (usage: wait MS)")
        #expect(error("  wait   # comment") == "s.gds:1:7: expected MS (usage: wait MS)")
    }

    @Test("a bad number points at the word")
    func badNumber() {
        #expect(error("move 1 ten 3") == "s.gds:1:8: expected X as a number or @VIEW, got 'ten'")
        #expect(error("wait -5") == "s.gds:1:6: expected MS as a non-negative number, got '-5'")
        #expect(error("up -1") == "s.gds:1:4: expected ID as a whole number from 0 to 2147483647, got '-1'")
        #expect(error("swipe 1 2 3 4 100 0") == "s.gds:1:19: expected STEPS as a whole number from 1 to 10000, got '0'")
    }

    @Test("coordinates, offsets, distances and touchpad values stay within what a Wayland fixed-point value holds")
    func coordinatesBeyondWayland() {
        #expect(error("down 1 8388608 0") == "s.gds:1:8: expected X from -8388607 to 8388607 (the range of a Wayland fixed-point value), got '8388608'")
        #expect(error("move 1 0 -1e308") == "s.gds:1:10: expected Y from -8388607 to 8388607 (the range of a Wayland fixed-point value), got '-1e+308'")
        #expect(error("tap @single+1e308,2") == "s.gds:1:5: offset '+1e308,2' after '@single' is beyond 8388607 px (the range of a Wayland fixed-point value)")
        #expect(error("swipe 1 2 1e9 0") == "s.gds:1:11: expected DX from -8388607 to 8388607 (the range of a Wayland fixed-point value), got '1000000000'")
        #expect(error("pinch 1 2 100 9e6") == "s.gds:1:15: expected TO_SPAN from 0 to 8388607 (the range of a Wayland fixed-point value), got '9000000'")
        #expect(error("pointer scroll 0 -1e10") == "s.gds:1:18: expected DY from -8388607 to 8388607 (the range of a Wayland fixed-point value), got '-10000000000'")
        #expect(error("touchpad pinch update 0 0 1e12 0") == "s.gds:1:27: expected SCALE from -8388607 to 8388607 (the range of a Wayland fixed-point value), got '1000000000000'")
        // The limits themselves are input a compositor could send.
        #expect(error("down 1 8388607 -8388607") == nil)
        #expect(error("tap @single-8388607,8388607") == nil)
    }

    @Test("keyboard repeat takes a whole RATE per second and a whole DELAY in milliseconds")
    func badKeyboardRepeat() {
        #expect(error("keyboard repeat 20") == "s.gds:1:19: expected DELAY (usage: keyboard repeat RATE DELAY)")
        #expect(error("keyboard repeat -1 150") == "s.gds:1:17: expected RATE as a whole number from 0 to 2147483647, got '-1'")
        #expect(error("keyboard repeat 20 0.5") == "s.gds:1:20: expected DELAY as a whole number from 0 to 2147483647, got '0.5'")
        #expect(error("keyboard rate 20 150") == "s.gds:1:10: expected SETTING as repeat, got 'rate' (usage: keyboard repeat RATE DELAY)")
    }

    @Test("touchpad commands name a gesture and what it does; a hold has no update")
    func badTouchpad() {
        #expect(error("touchpad zoom begin 2")?.hasPrefix("s.gds:1:10: expected GESTURE as one of: pinch, swipe, hold, got 'zoom'") == true)
        #expect(error("touchpad hold update 1 2")?.hasPrefix("s.gds:1:15: expected ACTION as one of: begin, end, got 'update'") == true)
        #expect(error("touchpad pinch update 0 0 1.5") == "s.gds:1:30: expected ROTATION (usage: touchpad pinch update DX DY SCALE ROTATION)")
        #expect(error("touchpad swipe begin two") == "s.gds:1:22: expected FINGERS as a whole number from 0 to 4294967295, got 'two'")
        #expect(error("touchpad pinch end now") == "s.gds:1:20: expected 'cancelled' as cancelled, got 'now' (usage: touchpad pinch end [cancelled])")
    }

    @Test("shake takes MS, begin, or end with an optional MS")
    func badShake() {
        #expect(error("shake") == "s.gds:1:6: expected MS (usage: shake MS | shake begin | shake end [MS])")
        #expect(error("shake begin 500") == "s.gds:1:13: unexpected '500' (usage: shake begin)")
        #expect(error("shake end soon") == "s.gds:1:11: expected MS as a non-negative number, got 'soon'")
        #expect(error("shake start")?.hasPrefix("s.gds:1:7: expected MS as a non-negative number, got 'start'") == true)
    }

    @Test("extra arguments are refused")
    func extraArgument() {
        #expect(error("frame now") == "s.gds:1:7: unexpected 'now' (usage: frame)")
        #expect(error("longpress 1 2 600 7")?.hasPrefix("s.gds:1:19: unexpected '7'") == true)
    }

    @Test("a malformed view reference says what is wrong with it")
    func badReferences() {
        #expect(error("tap @")?.hasPrefix("s.gds:1:5: expected a view name after '@'") == true)
        #expect(error("tap @single.middle")?.hasPrefix("s.gds:1:5: unknown anchor '.middle' in '@single.middle'; expected one of: center, topleft") == true)
        #expect(error("tap @single+10") == "s.gds:1:5: expected an offset such as +10,-5 after '@single', got '+10'")
    }

    @Test("keys, choices and operators list what is accepted")
    func badWords() {
        #expect(error("key ctrl+banana")?.hasPrefix("s.gds:1:5: unknown key 'banana' in 'ctrl+banana'") == true)
        #expect(error("key hyper+a")?.hasPrefix("s.gds:1:5: unknown key 'hyper'") == true)
        #expect(error("key a+")?.hasPrefix("s.gds:1:5: unknown key 'a+' in 'a+'") == true)
        #expect(error("orientation sideways")?.hasPrefix("s.gds:1:13: expected ORIENTATION as one of: portrait, landscape-left, landscape-right, upside-down, got 'sideways'") == true)
        #expect(error("pointer down left extra")?.hasPrefix("s.gds:1:19: unexpected 'extra'") == true)
        #expect(error("expect label output = \"x\"")?.hasPrefix("s.gds:1:21: expected OPERATOR as one of: ==, !=, ~, !~, got '='") == true)
        #expect(error("expect view single colour == 1")?.hasPrefix("s.gds:1:20: expected PROPERTY as one of: exists, absent, frame") == true)
        #expect(error("expect recognizer pinch state == done")?.hasPrefix("s.gds:1:34: expected STATE as one of: possible, began") == true)
    }

    @Test("an invalid regular expression is caught before anything runs")
    func badPattern() {
        #expect(error("expect label output ~ \"a(b\"")?.hasPrefix("s.gds:1:23: expected PATTERN as a regular expression:") == true)
    }

    @Test("an unterminated string points at its opening quote")
    func unterminatedString() {
        #expect(error("expect label output == \"Tapped") == "s.gds:1:24: unterminated string: expected a closing '\"'")
    }

    @Test("page and counter names are checked against the host's vocabulary")
    func vocabulary() {
        #expect(errors("page settings", pages: ["touches", "flatcube"])
                == ["s.gds:1:6: expected NAME as one of: touches, flatcube, got 'settings'"])
        #expect(errors("expect counter triple == 1", counters: ["single", "double"])
                == ["s.gds:1:16: expected NAME as one of: single, double, got 'triple'"])
    }

    @Test("a view or recognizer name the app has nowhere is a syntax error at the name, with the closest names")
    func unknownNames() {
        var sheet = NameSet(["tabs", "single", "singleCounter", "doubleLeft", "caption"])
        sheet.insert("Undo \(NameSet.placeholder)")
        let vocabulary = ScriptVocabulary(views: sheet, recognizers: NameSet(["oneFingerTap", "pinch", "rotation"]))
        #expect(errors("page flatcube\ntap @singel\nexpect label singleCountr == 1\nexpect view captoin absent", vocabulary: vocabulary) == [
            "s.gds:2:5: no view named 'singel' on any page (closest names: single, tabs, caption)",
            "s.gds:3:14: no view named 'singleCountr' on any page (closest names: singleCounter, single, doubleLeft)",
            "s.gds:4:13: no view named 'captoin' on any page (closest names: caption, tabs, single)",
        ])
        #expect(errors("expect recognizer pinhc state == possible\nexpect last-gesture == rotaton", vocabulary: vocabulary) == [
            "s.gds:1:19: no recognizer named 'pinhc' on any page (closest names: pinch, rotation, oneFingerTap)",
            "s.gds:2:24: no recognizer named 'rotaton' on any page (closest names: rotation, pinch, oneFingerTap)",
        ])
        // Names made at run time match their pattern; `none` is no name.
        #expect(errors("tap @\"Undo Count\"\ntap @single.top+0,5 @doubleLeft\nexpect last-gesture == none", vocabulary: vocabulary)
                .isEmpty)
        #expect(errors("tap @\"Redo Count\"", vocabulary: vocabulary)
                == [#"s.gds:1:5: no view named 'Redo Count' on any page (closest names: "Undo ...", singleCounter, caption)"#])
        // Without a vocabulary any name goes (checked when the line runs).
        #expect(errors("tap @singel").isEmpty)
    }

    @Test("snapshot names cannot leave the output folder; goldens are PNG files")
    func snapshotNames() {
        #expect(error("snapshot ../x")?.hasPrefix("s.gds:1:10:") == true)
        #expect(error("snapshot a/b") != nil)
        #expect(error("snapshot .hidden") != nil)
        #expect(error("snapshot a vs b.jpg") == "s.gds:1:15: expected GOLDEN as a .png file, got 'b.jpg'")
        #expect(error("snapshot a vs b.png tolerance 300")?.hasPrefix("s.gds:1:31: expected N as a whole number from 0 to 255") == true)
    }

    @Test("every malformed line gives exactly one error, in line order")
    func oneErrorPerLine() {
        #expect(errors("tap 1\nwait 5\nmove 1 x y\nfrobnicate\nexpect label") == [
            "s.gds:1:6: expected Y (usage: tap X Y [X Y]...)",
            "s.gds:3:8: expected X as a number or @VIEW, got 'x'",
            "s.gds:4:1: unknown command 'frobnicate'; expected one of: size, down, move, up, frame, cancel, tap, doubletap, longpress, swipe, drag, pinch, rotate, pointer, touchpad, key, keyboard, wait, snapshot, page, shake, orientation, thresholds, expect",
            "s.gds:5:13: expected NAME (usage: expect label NAME ==|!=|~|!~ \"TEXT\")",
        ])
    }
}

/// How long a script may be: its commands are held in memory before the
/// first one plays, so their number is bounded.
@Suite("Script parser: long scripts")
struct LongScriptTests {
    @Test("a script past the command limit is one malformed line, where the first command past it stands")
    func commandLimit() throws {
        let text = "# header\n\nwait 1\nframe\n  # indented comment\nup 0\nframe\nwait 2\n"
        let three = try ScriptParser.parse("wait 1\nframe\nup 0", fileName: "s.gds", vocabulary: ScriptVocabulary(),
                                           commandLimit: 3)
        #expect(three.commands.count == 3)
        do {
            _ = try ScriptParser.parse(text, fileName: "s.gds", vocabulary: ScriptVocabulary(), commandLimit: 3)
            Issue.record("a fourth command parsed")
        } catch {
            #expect(error.errors.map(\.description)
                == ["s.gds:7:1: more than 3 commands: a script holds at most that many (split it into several)"])
        }
    }

    @Test("blank and comment lines do not count toward the limit; malformed lines are still all reported")
    func onlyCommandsCount() {
        let text = String(repeating: "# note\n\n", count: 50) + "frame\nbogus\nframe\n"
        do {
            _ = try ScriptParser.parse(text, fileName: "s.gds", vocabulary: ScriptVocabulary(), commandLimit: 2)
            Issue.record("a malformed line parsed")
        } catch {
            #expect(error.errors.count == 1)
            #expect(error.errors.first?.line == 102)
        }
    }

    @Test("the lines counted for the commands' room are those with a word before any comment")
    func commandLineCount() {
        #expect(ScriptParser.commandLineCount("") == 0)
        #expect(ScriptParser.commandLineCount("frame") == 1)
        #expect(ScriptParser.commandLineCount("frame\n\n  \t\r\n# c\n  #c\nup 0 # c\r\n  wait 1\n") == 3)
    }

    @Test("the real limit lets far more than the default time limit's worth of ten fingers through")
    func realLimit() {
        // Ten moves, a frame and a wait per frame, at 120 Hz, for the
        // default 10 minutes of virtual time.
        let tenFingersForTheTimeLimit = 12 * 120 * Int(ScriptDefaults.timeLimit)
        #expect(ScriptDefaults.maximumCommands > tenFingersForTheTimeLimit)
    }
}
