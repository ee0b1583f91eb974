import GestureKit

/// A key with the modifiers held for it, as written in a script:
/// `ctrl+z`, `ctrl+shift+z`, `F11`, `?`, `alt`. Names are case-insensitive
/// except single characters, which are the character they type (`Z` is
/// Shift+z on the US layout scripts assume).
public struct KeyChord: Equatable, Sendable, CustomStringConvertible {
    /// Modifier keys pressed before the key, in the order written.
    public var modifiers: [ModifierKey]
    /// The key itself, by its canonical name (see `ScriptKeys`).
    public var key: String

    public init(modifiers: [ModifierKey] = [], key: String) {
        self.modifiers = modifiers
        self.key = key
    }

    public var description: String {
        (modifiers.map(\.rawValue) + [key]).joined(separator: "+")
    }

    /// Parses `MOD+MOD+KEY`, or fails naming the part no table knows.
    static func parse(_ text: String) -> Result<KeyChord, ScriptKeys.UnknownKey> {
        let split = { (s: Substring) in s.split(separator: "+", omittingEmptySubsequences: false).map(String.init) }
        // "+" is a key too: "+" alone, or after a modifier's "+" ("ctrl++").
        let parts = text == "+" ? ["+"] : text.hasSuffix("++") ? split(text.dropLast(2)) + ["+"] : split(Substring(text))
        guard let last = parts.last, let key = ScriptKeys.canonicalName(last) else {
            return .failure(.init(name: parts.last.map { $0.isEmpty ? text : $0 } ?? text))
        }
        var modifiers: [ModifierKey] = []
        for part in parts.dropLast() {
            guard let modifier = ModifierKey(name: part) else { return .failure(.init(name: part.isEmpty ? text : part)) }
            modifiers.append(modifier)
        }
        return .success(KeyChord(modifiers: modifiers, key: key))
    }
}

/// A modifier key a chord can hold.
public enum ModifierKey: String, CaseIterable, Sendable {
    case ctrl, shift, alt, `super`

    init?(name: String) {
        switch name.lowercased() {
        case "ctrl", "control": self = .ctrl
        case "shift": self = .shift
        case "alt": self = .alt
        case "super", "logo", "meta": self = .super
        default: return nil
        }
    }

    /// The left-hand key's keysym (what xkbcommon reports for it).
    public var keysym: UInt32 {
        switch self {
        case .shift: return 0xffe1
        case .ctrl: return 0xffe3
        case .alt: return 0xffe9
        case .super: return 0xffeb
        }
    }

    /// The modifier bit the key sets while held.
    public var modifier: KeyModifiers {
        switch self {
        case .shift: return .shift
        case .ctrl: return .control
        case .alt: return .alt
        case .super: return .logo
        }
    }

    init?(keysym: UInt32) {
        guard let m = ModifierKey.allCases.first(where: { $0.keysym == keysym }) else { return nil }
        self = m
    }

    /// The modifier a left- or right-hand key is (`Control_R` is ctrl).
    init?(anyKeysym keysym: UInt32) {
        let left: UInt32
        switch keysym {
        case 0xffe2, 0xffe4, 0xffea, 0xffec: left = keysym - 1
        case 0xffe7, 0xffe8: left = ModifierKey.super.keysym  // Meta_L/R
        default: left = keysym
        }
        self.init(keysym: left)
    }
}

/// Key names and the keyboard layout scripts assume (US QWERTY), kept
/// in the script layer because the toolkit knows keysyms, not names.
public enum ScriptKeys {
    /// A key name no table knows.
    struct UnknownKey: Error {
        var name: String
    }

    /// Named keys and their XKB keysyms (from xkbcommon's keysym table).
    static let named: [(names: [String], keysym: UInt32)] = [
        (["escape", "esc"], Keysym.escape),
        (["return", "enter"], Keysym.return),
        (["tab"], Keysym.tab),
        (["space"], Keysym.space),
        (["backspace"], 0xff08),
        (["delete", "del"], 0xffff),
        (["insert"], 0xff63),
        (["home"], 0xff50),
        (["end"], 0xff57),
        (["pageup"], 0xff55),
        (["pagedown"], 0xff56),
        (["left"], 0xff51),
        (["up"], 0xff52),
        (["right"], 0xff53),
        (["down"], 0xff54),
        (["plus"], 0x2b),
        (["minus"], 0x2d),
        (["numbersign"], 0x23),
    ] + (1...12).map { (["f\($0)"], Keysym.function($0)) }
        + ModifierKey.allCases.map { ([$0.rawValue], $0.keysym) }

    /// What Shift makes of each key on the US layout (unshifted ->
    /// shifted); letters are upper-cased.
    static let shifted: [Character: Character] = {
        var map: [Character: Character] = [:]
        for (plain, shift) in zip("1234567890-=[]\\;',./`", "!@#$%^&*()_+{}|:\"<>?~") { map[plain] = shift }
        for letter in "abcdefghijklmnopqrstuvwxyz" { map[letter] = Character(letter.uppercased()) }
        return map
    }()

    /// The name a chord stores for `name`, or nil when it is no key: a
    /// single printable ASCII character as written, a known name in lower
    /// case (modifier aliases folded), or a keysym in hex (`0xff1b`).
    static func canonicalName(_ name: String) -> String? {
        // A bare "#" would start a comment where a chord is written alone.
        if name == "#" { return "numbersign" }
        if name.count == 1, let scalar = name.unicodeScalars.first, (0x21...0x7e).contains(scalar.value) {
            return name
        }
        let lower = name.lowercased()
        if let modifier = ModifierKey(name: lower) { return modifier.rawValue }
        if named.contains(where: { $0.names.contains(lower) }) { return lower }
        if lower.hasPrefix("0x"), let value = UInt32(lower.dropFirst(2), radix: 16), value > 0 {
            return "0x" + String(value, radix: 16)
        }
        return nil
    }

    /// A key as the player presses it: the keysym the key gives unshifted,
    /// and whether typing it needs Shift (`?` is Shift+/ on the US layout).
    static func unshiftedKey(for name: String) -> (keysym: UInt32, needsShift: Bool) {
        if name.count == 1, let ch = name.first, let scalar = name.unicodeScalars.first {
            if let plain = shifted.first(where: { $0.value == ch })?.key {
                return (plain.unicodeScalars.first!.value, true)
            }
            return (scalar.value, false)
        }
        if name.hasPrefix("0x"), let value = UInt32(name.dropFirst(2), radix: 16) { return (value, false) }
        if let entry = named.first(where: { $0.names.contains(name) }) {
            // "plus" and "numbersign" name shifted symbols, typed as "+" and "#" are.
            if (0x21...0x7e).contains(entry.keysym), let scalar = UnicodeScalar(entry.keysym) {
                return unshiftedKey(for: String(Character(scalar)))
            }
            return (entry.keysym, false)
        }
        return (0, false)
    }

    /// The keysym a key gives with Shift held (US layout); the key's own
    /// keysym for keys Shift does not change.
    static func shiftedKeysym(_ keysym: UInt32) -> UInt32 {
        guard keysym < 0x7f, let scalar = UnicodeScalar(keysym),
              let shift = shifted[Character(scalar)] else { return keysym }
        return shift.unicodeScalars.first!.value
    }

    /// The name a log or a recorder writes for a keysym: the canonical
    /// name where one exists, else hex.
    public static func name(of keysym: UInt32) -> String {
        if let modifier = ModifierKey(keysym: keysym) { return modifier.rawValue }
        // A bare "#" would start a comment.
        if keysym == 0x23 { return "numbersign" }
        if let entry = named.first(where: { $0.keysym == keysym }), keysym >= 0x7f || keysym == 0x20 {
            return entry.names[0]
        }
        if (0x21...0x7e).contains(keysym), let scalar = UnicodeScalar(keysym) { return String(Character(scalar)) }
        return "0x" + String(keysym, radix: 16)
    }

    /// The name a recording writes for a key's base keysym: one that makes
    /// the player send this very keysym without adding Shift, so a key of
    /// any layout replays as the same keysym (`&`, the base of a French
    /// layout's 1 key, is Shift+7 on the US layout and so goes in hex).
    public static func recordedName(of keysym: UInt32) -> String {
        let name = name(of: keysym)
        let (played, needsShift) = unshiftedKey(for: name)
        return played == keysym && !needsShift ? name : "0x" + String(keysym, radix: 16)
    }

    /// Whether holding the key repeats it, as in xkbcommon's keymaps
    /// (`xkb_keymap_key_repeats`, which the live backend asks): every key
    /// but the modifiers and the lock and group keys.
    public static func repeats(_ keysym: UInt32) -> Bool {
        switch keysym {
        case 0xffe1...0xffee: return false  // Shift, Control, Caps_Lock, Shift_Lock, Meta, Alt, Super, Hyper
        case 0xff7e, 0xff7f: return false  // Mode_switch, Num_Lock
        case 0xfe01...0xfe13: return false  // ISO_Lock, the level 2/3/5 and group shifts, latches and locks
        default: return true
        }
    }

    /// The text a key types (empty for function and modifier keys).
    static func text(of keysym: UInt32) -> String {
        guard (0x20...0x7e).contains(keysym), let scalar = UnicodeScalar(keysym) else { return "" }
        return String(Character(scalar))
    }
}
