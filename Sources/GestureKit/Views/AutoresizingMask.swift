/// Which of a view's dimensions follow its superview's size.
public struct AutoresizingMask: OptionSet, Sendable {
    /// The dimensions as bits, one per static member.
    public let rawValue: Int
    /// The mask whose bits are set in `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The width grows and shrinks with the superview's.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 0)
    /// The height grows and shrinks with the superview's.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 1)
}
