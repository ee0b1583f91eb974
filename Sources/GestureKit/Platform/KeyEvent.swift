/// Modifier keys held during a key or pointer event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The modifiers as bits, one per static member.
    public let rawValue: UInt8
    /// The modifiers whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Either Shift key.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Either Ctrl key.
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Alt (XKB's "Mod1").
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    /// The "Super"/"Windows"/"Command" key.
    public static let logo = KeyModifiers(rawValue: 1 << 3)
}

/// A key press, repeat or release, by keysym (so shortcuts follow the
/// user's keyboard layout: Ctrl+Q is the key that types "q").
public struct KeyEvent: Hashable, Sendable {
    /// The XKB keysym (layout-dependent symbol), e.g. `Keysym.q`.
    public var keysym: UInt32
    /// The keysym the key gives with Shift and Caps Lock ignored, used to
    /// match shortcuts ("ctrl+shift+z" is keysym z with Shift held).
    public var baseKeysym: UInt32
    /// The Latin letter the keymap puts on this key when the layout in
    /// effect types no Latin there (Cyrillic, Greek, Hebrew...), so
    /// shortcuts named by letters keep working on the same keys, as GTK
    /// and Qt match them: Ctrl+Q quits from the key typing "й" on a
    /// "ru,us" keymap. The first of the keymap's layouts with a letter
    /// a-z (unshifted) on the key gives it; nil when the layout in effect
    /// types Latin on the key, or no layout has a letter there.
    public var latinKeysym: UInt32?
    /// The physical key (its Linux evdev code, as `wl_keyboard.key`
    /// carries it), when known: a key's release is matched to its press
    /// by it, whatever the layout in effect did in between. Nil for keys a
    /// script names by symbol.
    public var keyCode: UInt32?
    /// The modifiers held when the key event happened (Caps Lock and Num Lock
    /// are not modifiers here).
    public var modifiers: KeyModifiers
    /// True for a press or repeat, false for the release.
    public var isPressed: Bool
    /// True for a press synthesized by key repeat while the key is held (see
    /// ``KeyRepeat``), false for the real press and the release.
    public var isRepeat: Bool
    /// The text the key types (empty for function keys).
    public var text: String
    /// When the key event happened, in seconds on the clock of the input events'
    /// timestamps (for a repeat: when it was due).
    public var time: Double

    /// Creates a key event; `baseKeysym` defaults to `keysym`, there is no
    /// `latinKeysym` nor `keyCode`, and the event is an unmodified,
    /// non-repeat press at time 0 unless told otherwise.
    public init(keysym: UInt32, baseKeysym: UInt32? = nil, latinKeysym: UInt32? = nil, keyCode: UInt32? = nil,
                modifiers: KeyModifiers = [], isPressed: Bool = true, isRepeat: Bool = false, text: String = "",
                time: Double = 0) {
        self.keysym = keysym
        self.baseKeysym = baseKeysym ?? keysym
        self.latinKeysym = latinKeysym
        self.keyCode = keyCode
        self.modifiers = modifiers
        self.isPressed = isPressed
        self.isRepeat = isRepeat
        self.text = text
        self.time = time
    }
}

/// XKB keysym values the toolkit and app refer to (from xkbcommon's
/// keysym table; the toolkit imports no C).
public enum Keysym {
    /// The Escape key.
    public static let escape: UInt32 = 0xff1b
    /// The Return (Enter) key of the main block.
    public static let `return`: UInt32 = 0xff0d
    /// The Tab key.
    public static let tab: UInt32 = 0xff09
    /// The space bar.
    public static let space: UInt32 = 0x0020
    /// "?", which a US layout types with Shift and the slash key.
    public static let question: UInt32 = 0x003f
    /// "/".
    public static let slash: UInt32 = 0x002f
    /// The keysym of the digit `n` on the main block; `n` is clamped to 0...9.
    public static func digit(_ n: Int) -> UInt32 { 0x0030 + UInt32(max(0, min(9, n))) }
    /// The keypad's Enter.
    public static let keypadEnter: UInt32 = 0xff8d
    /// The keysym of the digit `n` on the keypad (Num Lock on); `n` is
    /// clamped to 0...9.
    public static func keypadDigit(_ n: Int) -> UInt32 { 0xffb0 + UInt32(max(0, min(9, n))) }
    /// The main block's key for a keypad digit or Enter; any other keysym
    /// as it is.
    public static func mainBlock(_ keysym: UInt32) -> UInt32 {
        switch keysym {
        case keypadDigit(0)...keypadDigit(9): digit(Int(keysym - keypadDigit(0)))
        case keypadEnter: `return`
        default: keysym
        }
    }
    /// Lower-case letter keysyms equal their ASCII codes.
    public static func letter(_ c: Character) -> UInt32 {
        UInt32(c.lowercased().unicodeScalars.first?.value ?? 0)
    }
    /// The letter key A (lower-case keysym).
    public static let a: UInt32 = 0x0061
    /// The letter key D (lower-case keysym).
    public static let d: UInt32 = 0x0064
    /// The letter key G (lower-case keysym).
    public static let g: UInt32 = 0x0067
    /// The letter key O (lower-case keysym).
    public static let o: UInt32 = 0x006f
    /// The letter key Q (lower-case keysym).
    public static let q: UInt32 = 0x0071
    /// The letter key R (lower-case keysym).
    public static let r: UInt32 = 0x0072
    /// The letter key S (lower-case keysym).
    public static let s: UInt32 = 0x0073
    /// The letter key T (lower-case keysym).
    public static let t: UInt32 = 0x0074
    /// The letter key Z (lower-case keysym).
    public static let z: UInt32 = 0x007a
    /// The keysym of function key F`n`; `n` is clamped to 1...12.
    public static func function(_ n: Int) -> UInt32 { 0xffbe + UInt32(max(1, min(12, n)) - 1) }
    /// Function key F1.
    public static let f1: UInt32 = 0xffbe
    /// Function key F11.
    public static let f11: UInt32 = 0xffc8
    /// Function key F12.
    public static let f12: UInt32 = 0xffc9
}
