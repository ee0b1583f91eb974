/// Which finger a raw touch event is about: a compositor's touch point
/// (its id, kept apart per seat, since each seat numbers from 0) or one of
/// the touches the toolkit makes up from other input (pointer, touchpad).
struct TouchKey: Hashable, Comparable {
    let rawValue: Int64

    /// A compositor's touch point. Compositor keys are never negative.
    static func compositor(id: Int32, seat: Int) -> TouchKey {
        TouchKey(rawValue: (Int64(max(0, seat)) << 32) | Int64(UInt32(bitPattern: id)))
    }

    /// Made-up touches have negative keys, apart from every compositor id.
    static let pointer = TouchKey(rawValue: -1)
    static let pointerMirror = TouchKey(rawValue: -2)
    static let touchpadPinch = (TouchKey(rawValue: -10), TouchKey(rawValue: -11))
    static let touchpadStroke = TouchKey(rawValue: -12)

    /// The seat of a compositor touch point; nil for made-up touches.
    var seat: Int? { rawValue >= 0 ? Int(rawValue >> 32) : nil }

    static func < (a: TouchKey, b: TouchKey) -> Bool { a.rawValue < b.rawValue }
}
