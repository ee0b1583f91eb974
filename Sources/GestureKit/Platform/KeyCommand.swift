/// A keyboard shortcut, as UIKit's `UIKeyCommand`: a keysym plus the exact
/// modifiers, a title for the help overlay and README, and what it does.
/// An app registers all of its shortcuts in one table on the window.
public struct KeyCommand {
    /// The key, as an XKB keysym (see ``Keysym``). A letter is its lower-case
    /// keysym whether or not Shift is among the ``modifiers``.
    public var keysym: UInt32
    /// The modifiers that must be held, exactly: Ctrl+Q does not run while
    /// Ctrl+Shift+Q is pressed. Shift that only produced a symbol ("?") is not
    /// counted.
    public var modifiers: KeyModifiers
    /// Shown in help: e.g. "Quit".
    public var title: String
    /// Called on press (and on repeats when `repeats` is true).
    public var action: () -> Void
    /// Called when the key is released (for "held" shortcuts, like shaking).
    public var releaseAction: (() -> Void)?
    /// Whether holding the keys runs `action` again at the keyboard's
    /// repeat rate, after its repeat delay (both the compositor's), as
    /// undo does in an editor. When false, a held shortcut acts once per
    /// press: right for page keys, toggles and anything that would flicker
    /// or run away.
    public var repeats: Bool

    /// Creates a shortcut.
    /// - Parameters:
    ///   - keysym: the key, e.g. `Keysym.q`.
    ///   - modifiers: the modifiers that must be held, exactly; none by default.
    ///   - title: what the help overlay shows, e.g. "Quit".
    ///   - repeats: whether a held key runs `action` again at the keyboard's
    ///     repeat rate; false by default.
    ///   - action: run when the key is pressed (and on repeats if `repeats`).
    ///   - onRelease: run when the key that started the command is released,
    ///     or when keyboard focus leaves the window while it is held.
    public init(keysym: UInt32, modifiers: KeyModifiers = [], title: String, repeats: Bool = false,
                action: @escaping () -> Void, onRelease: (() -> Void)? = nil) {
        self.keysym = keysym
        self.modifiers = modifiers
        self.title = title
        self.repeats = repeats
        self.action = action
        self.releaseAction = onRelease
    }

    /// A human-readable form such as "Ctrl+Q" or "F11".
    public var keyDescription: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        if modifiers.contains(.logo) { parts.append("Super") }
        parts.append(Self.name(of: keysym))
        return parts.joined(separator: "+")
    }

    static func name(of keysym: UInt32) -> String {
        switch keysym {
        case Keysym.f1...Keysym.function(12): return "F\(keysym - Keysym.f1 + 1)"
        case Keysym.escape: return "Esc"
        case Keysym.space: return "Space"
        case Keysym.return: return "Enter"
        case 0x21...0x7e:
            return String(UnicodeScalar(UInt8(keysym))).uppercased()
        default: return "0x" + String(keysym, radix: 16)
        }
    }

    /// A command for a symbol that Shift produces on the user's layout
    /// ("?" on a US keyboard) matches without naming Shift: Shift was used
    /// up making the symbol, so it is not a modifier of the shortcut.
    ///
    /// The keypad's digits (with Num Lock on) and Enter match the main
    /// block's: "2" shows the second page from either.
    ///
    /// On a layout that types no Latin on the key, the letter another
    /// layout of the keymap has there matches (``KeyEvent/latinKeysym``).
    func matches(_ event: KeyEvent) -> Bool {
        var held = event.modifiers.intersection([.control, .alt, .shift, .logo])
        if keysym == Keysym.mainBlock(event.keysym) {
            if event.keysym != event.baseKeysym { held.remove(.shift) }
            return modifiers == held
        }
        guard modifiers == held else { return false }
        return keysym == event.baseKeysym || keysym == event.latinKeysym
    }
}
