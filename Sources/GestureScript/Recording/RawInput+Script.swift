import GestureKit

/// How the script language names raw input from a compositor, for the
/// recorder (script lines) and the log (`input` records) alike.
extension RawInput {
    /// A touch id in the script's one id space: seat N's ids start at
    /// N * 1000, so several seats stay apart.
    static func scriptTouchID(_ id: Int32, seat: Int) -> Int32 {
        let value = Int(id) + max(0, seat) * 1000
        return Int32(clamping: max(0, value))
    }

    /// The button's script name, nil for buttons the language has none for.
    static func buttonName(_ code: UInt32) -> MouseButton? {
        MouseButton.allCases.first { $0.code == code }
    }
}
