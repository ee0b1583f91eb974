/// Modifier keys held during a key or pointer event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
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
    public var modifiers: KeyModifiers
    public var isPressed: Bool
    public var isRepeat: Bool
    /// The text the key types (empty for function keys).
    public var text: String
    public var time: Double

    public init(keysym: UInt32, baseKeysym: UInt32? = nil, modifiers: KeyModifiers = [], isPressed: Bool = true,
                isRepeat: Bool = false, text: String = "", time: Double = 0) {
        self.keysym = keysym
        self.baseKeysym = baseKeysym ?? keysym
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
    public static let escape: UInt32 = 0xff1b
    public static let `return`: UInt32 = 0xff0d
    public static let tab: UInt32 = 0xff09
    public static let space: UInt32 = 0x0020
    public static let question: UInt32 = 0x003f
    public static let slash: UInt32 = 0x002f
    public static func digit(_ n: Int) -> UInt32 { 0x0030 + UInt32(max(0, min(9, n))) }
    /// Lower-case letter keysyms equal their ASCII codes.
    public static func letter(_ c: Character) -> UInt32 {
        UInt32(c.lowercased().unicodeScalars.first?.value ?? 0)
    }
    public static let a: UInt32 = 0x0061
    public static let d: UInt32 = 0x0064
    public static let g: UInt32 = 0x0067
    public static let o: UInt32 = 0x006f
    public static let q: UInt32 = 0x0071
    public static let r: UInt32 = 0x0072
    public static let s: UInt32 = 0x0073
    public static let t: UInt32 = 0x0074
    public static let z: UInt32 = 0x007a
    public static func function(_ n: Int) -> UInt32 { 0xffbe + UInt32(max(1, min(12, n)) - 1) }
    public static let f1: UInt32 = 0xffbe
    public static let f11: UInt32 = 0xffc8
    public static let f12: UInt32 = 0xffc9
}
