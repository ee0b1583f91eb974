import CXkbCommon
import Foundation
import GestureKit
@testable import GestureWayland
import Testing

/// Keys as the backend hands them to the toolkit: by keysym in the layout
/// the compositor's keymap and modifier state say, with the unshifted
/// keysym for shortcut matching and the typed text. The keymaps are the
/// stock XKB layouts, serialised as a compositor sends them.
@Suite("Keymap")
struct KeymapTests {
    /// Evdev codes plus 8, as XKB numbers keys.
    static let q: xkb_keycode_t = 16 + 8, a: xkb_keycode_t = 30 + 8
    static let f11: xkb_keycode_t = 87 + 8, leftShift: xkb_keycode_t = 42 + 8

    @Test("with the US layout the Q key gives q; with Shift Q, whose base keysym stays q")
    func shiftChangesKeysymNotBase() throws {
        let fixture = try Fixture(layout: "us")
        #expect(fixture.keymap.keysym(for: Self.q) == Keysym.q)
        #expect(fixture.keymap.text(for: Self.q) == "q")
        #expect(fixture.keymap.modifiers == [])

        fixture.hold(["Shift"])
        #expect(fixture.keymap.keysym(for: Self.q) == 0x51) // Q
        #expect(fixture.keymap.baseKeysym(for: Self.q) == Keysym.q)
        #expect(fixture.keymap.text(for: Self.q) == "Q")
        #expect(fixture.keymap.modifiers == .shift)
    }

    @Test("Control, Mod1 and Mod4 read as control, alt and logo; with Ctrl a letter types nothing")
    func modifiers() throws {
        let fixture = try Fixture(layout: "us")
        fixture.hold(["Control", "Mod1", "Mod4"])
        #expect(fixture.keymap.modifiers == [.control, .alt, .logo])
        #expect(fixture.keymap.keysym(for: Self.q) == Keysym.q, "Ctrl+Q is still the keysym q")
        #expect(fixture.keymap.text(for: Self.q) == "", "a control character is no text")
    }

    @Test("the French layout puts a on the Q key and q on the A key")
    func frenchLayout() throws {
        let fixture = try Fixture(layout: "fr")
        #expect(fixture.keymap.keysym(for: Self.q) == Keysym.a)
        #expect(fixture.keymap.keysym(for: Self.a) == Keysym.q)
        #expect(fixture.keymap.baseKeysym(for: Self.a) == Keysym.q)
    }

    @Test("the layout group from wl_keyboard.modifiers picks the layout: group 1 of us,fr is French")
    func layoutGroup() throws {
        let fixture = try Fixture(layout: "us,fr")
        #expect(fixture.keymap.keysym(for: Self.a) == Keysym.a)
        fixture.keymap.updateModifiers(depressed: 0, latched: 0, locked: 0, group: 1)
        #expect(fixture.keymap.keysym(for: Self.a) == Keysym.q)
        #expect(fixture.keymap.baseKeysym(for: Self.a) == Keysym.q, "the base keysym follows the layout too")
    }

    @Test("with Russian in effect on a ru,us keymap the Q key types й and carries the Latin q; with US in effect, none")
    func latinLetterOfNonLatinLayout() throws {
        let fixture = try Fixture(layout: "ru,us")
        #expect(fixture.keymap.keysym(for: Self.q) == 0x6ca)  // Cyrillic_shorti
        #expect(fixture.keymap.latinKeysym(for: Self.q) == Keysym.q)
        #expect(fixture.keymap.latinKeysym(for: Self.f11) == nil, "a function key is no letter")
        fixture.keymap.updateModifiers(depressed: 0, latched: 0, locked: 0, group: 1)
        #expect(fixture.keymap.keysym(for: Self.q) == Keysym.q)
        #expect(fixture.keymap.latinKeysym(for: Self.q) == nil, "the layout in effect types Latin")
    }

    @Test("Greek and Hebrew, whose Q key types a sign (; and /), carry the Latin q too; their digits nothing")
    func latinLetterOfGreekAndHebrew() throws {
        let two: xkb_keycode_t = 3 + 8
        for layout in ["gr,us", "il,us"] {
            let fixture = try Fixture(layout: layout)
            #expect(fixture.keymap.keysym(for: Self.q) == (layout == "gr,us" ? 0x3b : 0x2f), "\(layout)")
            #expect(fixture.keymap.latinKeysym(for: Self.q) == Keysym.q, "\(layout)")
            #expect(fixture.keymap.latinKeysym(for: Self.a) == Keysym.a, "\(layout)")
            #expect(fixture.keymap.latinKeysym(for: two) == nil, "\(layout): the US layout has a digit there")
        }
    }

    @Test("no Latin letter is put on keys typing Latin-1 or Latin-2 (é, ě), nor where no layout has a letter")
    func noLatinLetterForLatinScripts() throws {
        let two: xkb_keycode_t = 3 + 8
        let czech = try Fixture(layout: "cz,us")
        #expect(czech.keymap.keysym(for: two) == 0x1ec)  // ecaron
        #expect(czech.keymap.latinKeysym(for: two) == nil)
        let french = try Fixture(layout: "fr")
        #expect(french.keymap.keysym(for: two) == 0xe9)  // eacute
        #expect(french.keymap.latinKeysym(for: two) == nil)
        let russian = try Fixture(layout: "ru")
        #expect(russian.keymap.keysym(for: Self.q) == 0x6ca)
        #expect(russian.keymap.latinKeysym(for: Self.q) == nil, "no layout of the keymap has a letter there")
    }

    @Test("letters repeat; Shift does not; F11 gives its keysym and no text")
    func repeatsAndFunctionKeys() throws {
        let fixture = try Fixture(layout: "us")
        #expect(fixture.keymap.repeats(Self.q))
        #expect(!fixture.keymap.repeats(Self.leftShift))
        #expect(fixture.keymap.keysym(for: Self.f11) == Keysym.f11)
        #expect(fixture.keymap.text(for: Self.f11) == "")
    }

    @Test("a keymap that does not compile is refused")
    func garbage() throws {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES))
        defer { xkb_context_unref(context) }
        let text = "xkb_keymap { this is not a keymap };"
        let keymap = text.withCString { Keymap(context: context, text: $0, length: strlen($0) + 1) }
        #expect(keymap == nil)
    }

    /// A stock layout compiled and serialised the way a compositor sends
    /// it (with the trailing NUL), then loaded by `Keymap`.
    final class Fixture {
        let context: OpaquePointer
        let keymap: Keymap
        private let source: OpaquePointer

        init(layout: String) throws {
            let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
            var names = xkb_rule_names()
            let source = try layout.withCString { name in
                names.layout = name
                return try #require(xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS),
                                    "layout \(layout) is not installed")
            }
            let text = try #require(xkb_keymap_get_as_string(source, XKB_KEYMAP_FORMAT_TEXT_V1))
            defer { free(text) }
            self.context = context
            self.source = source
            keymap = try #require(Keymap(context: context, text: text, length: strlen(text) + 1))
        }

        deinit {
            xkb_keymap_unref(source)
            xkb_context_unref(context)
        }

        /// Sets the named modifiers as held (a `wl_keyboard.modifiers`).
        func hold(_ modifierNames: [String]) {
            let mask = modifierNames.reduce(UInt32(0)) { mask, name in
                mask | (1 << xkb_keymap_mod_get_index(source, name))
            }
            keymap.updateModifiers(depressed: mask, latched: 0, locked: 0, group: 0)
        }
    }
}
