import CXkbCommon
import GestureKit
import Glibc

/// A keyboard's XKB keymap, as the compositor sent it, and the modifier
/// and layout state the compositor reports for it.
///
/// The state is only ever set from `wl_keyboard.modifiers`
/// (`xkb_state_update_mask`), never advanced from key events: the
/// compositor owns it, and latches, locks and layout switches it decides
/// would otherwise drift apart.
final class Keymap {
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// Modifier indices of the toolkit's modifiers, by their XKB names
    /// (Alt is Mod1 and the logo key Mod4 in every stock keymap).
    private let modifierIndices: [(index: xkb_mod_index_t, modifier: KeyModifiers)]

    /// Compiles a text (XKB v1) keymap of `length` bytes at `text`; nil when
    /// xkbcommon rejects it.
    init?(context: OpaquePointer, text: UnsafePointer<CChar>, length: Int) {
        // The compositor's buffer ends with a NUL that is not part of the
        // keymap; xkbcommon wants the length without it.
        let textLength = strnlen(text, length)
        guard let keymap = xkb_keymap_new_from_buffer(context, text, textLength, XKB_KEYMAP_FORMAT_TEXT_V1,
                                                      XKB_KEYMAP_COMPILE_NO_FLAGS) else { return nil }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            return nil
        }
        self.keymap = keymap
        self.state = state
        let names: [(String, KeyModifiers)] = [
            (XKB_MOD_NAME_SHIFT, .shift), (XKB_MOD_NAME_CTRL, .control),
            (XKB_MOD_NAME_ALT, .alt), (XKB_MOD_NAME_LOGO, .logo),
        ]
        modifierIndices = names.compactMap { name, modifier in
            let index = xkb_keymap_mod_get_index(keymap, name)
            return index == XKB_MOD_INVALID ? nil : (index, modifier)
        }
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
    }

    /// Applies a `wl_keyboard.modifiers` event.
    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        _ = xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// The toolkit modifiers now in effect.
    var modifiers: KeyModifiers {
        var result: KeyModifiers = []
        for entry in modifierIndices
        where xkb_state_mod_index_is_active(state, entry.index, XKB_STATE_MODS_EFFECTIVE) > 0 {
            result.insert(entry.modifier)
        }
        return result
    }

    /// The keysym `key` (an XKB keycode) produces now, with the modifiers
    /// and layout in effect; `XKB_KEY_NoSymbol` (0) when none or several.
    func keysym(for key: xkb_keycode_t) -> UInt32 {
        xkb_state_key_get_one_sym(state, key)
    }

    /// The keysym `key` produces in the current layout with no modifiers
    /// (shift level 1), so Ctrl+Shift+Z can be matched as "z with Shift".
    func baseKeysym(for key: xkb_keycode_t) -> UInt32 {
        let layout = xkb_state_key_get_layout(state, key)
        guard layout != XKB_LAYOUT_INVALID else { return 0 }
        var symbols: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(keymap, key, layout, 0, &symbols)
        guard count == 1, let symbols else { return 0 }
        return symbols[0]
    }

    /// The letter (a-z) the first of the keymap's layouts with one on
    /// `key` gives unshifted, when the layout in effect types no Latin
    /// letters (Russian, Greek, Hebrew: on a letter key a letter of its
    /// own, or a sign where Latin layouts have a letter, as Greek's ";" on
    /// the Q key); nil on a layout that types Latin letters, and for keys
    /// no layout has a letter on. Shortcuts named by letters match it, as
    /// GTK and Qt do.
    func latinKeysym(for key: xkb_keycode_t) -> UInt32? {
        let layout = xkb_state_key_get_layout(state, key)
        guard layout != XKB_LAYOUT_INVALID, !typesLatinLetters(layout) else { return nil }
        let layouts = xkb_keymap_num_layouts_for_key(keymap, key)
        for other in 0..<layouts where other != layout {
            var symbols: UnsafePointer<xkb_keysym_t>?
            let count = xkb_keymap_key_get_syms_by_level(keymap, key, other, 0, &symbols)
            if count == 1, let symbols, (Keysym.a...Keysym.z).contains(symbols[0]) { return symbols[0] }
        }
        return nil
    }

    /// Whether `layout` types a Latin letter (a-z, unshifted) on any key
    /// of the letter block, by layout; computed on first use.
    private var latinLayouts: [xkb_layout_index_t: Bool] = [:]

    /// The evdev codes of the three rows of letter keys (Q to P, A to L,
    /// Z to M on a US keyboard), as XKB keycodes.
    private static let letterKeys: [xkb_keycode_t] = (Array(16...25) + Array(30...38) + Array(44...50)).map { $0 + 8 }

    private func typesLatinLetters(_ layout: xkb_layout_index_t) -> Bool {
        if let known = latinLayouts[layout] { return known }
        let latin = Self.letterKeys.contains { key in
            var symbols: UnsafePointer<xkb_keysym_t>?
            let count = xkb_keymap_key_get_syms_by_level(keymap, key, layout, 0, &symbols)
            return count == 1 && symbols.map { (Keysym.a...Keysym.z).contains($0[0]) } == true
        }
        latinLayouts[layout] = latin
        return latin
    }

    /// The text `key` types now (empty for keys that type nothing, such as
    /// arrows, and for control characters).
    func text(for key: xkb_keycode_t) -> String {
        // 64 bytes hold any keysym's UTF-8 with room to spare; xkbcommon
        // truncates (and NUL-terminates) beyond the buffer.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let length = xkb_state_key_get_utf8(state, key, buffer.baseAddress, buffer.count)
            guard length > 0, let first = buffer.first, UInt8(bitPattern: first) >= 0x20, first != 0x7f else {
                return ""
            }
            return String(cString: buffer.baseAddress!)
        }
    }

    /// Whether holding `key` should repeat it (per the keymap: letters do,
    /// modifiers do not).
    func repeats(_ key: xkb_keycode_t) -> Bool {
        xkb_keymap_key_repeats(keymap, key) != 0
    }
}
