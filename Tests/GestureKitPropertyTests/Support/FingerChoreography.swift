import GestureKit
import PropertyBased

/// A multi-finger gesture, one frame per step: two fingers land, then every
/// step either moves each finger by at most `maxStep` px, or one finger
/// joins (up to five), or one lifts (never the last, so it stays one
/// gesture). Positions are per mille of a stage rectangle, so the same
/// choreography can be played on any area.
struct FingerChoreography: Sendable, CustomStringConvertible {
    enum Step: Sendable, CustomStringConvertible {
        /// Displacements in px, one per finger in arrival order (extra ones
        /// are unused).
        case move([Point])
        /// A finger lands at per-mille stage coordinates.
        case join(Int, Int)
        /// The finger at this index (modulo the number down) lifts.
        case lift(Int)

        var description: String {
            switch self {
            case let .move(d): "move\(d)"
            case let .join(x, y): "join(\(x)‰, \(y)‰)"
            case let .lift(i): "lift(\(i))"
            }
        }
    }

    static let maxFingers = 5
    /// How far any finger moves in one frame.
    static let maxStep = 5.0

    var steps: [Step]

    var description: String { steps.map(\.description).joined(separator: ", ") }

    static func choreographies(maxSteps: Int = 60) -> Generator<FingerChoreography, some Sequence & SendableMetatype> {
        let step = zip(Gen.int(in: 0...99), Gen.int(in: -50...50).array(of: 2 * maxFingers),
                       Gen.int(in: 0...1000), Gen.int(in: 0...1000))
            .map { choice -> Step in
                switch choice.0 {
                case 0..<70:
                    let d = choice.1
                    return .move((0..<maxFingers).map { i in
                        clamped(Point(x: Double(d[2 * i]) / 10, y: Double(d[2 * i + 1]) / 10))
                    })
                case 70..<85: return .join(choice.2, choice.3)
                default: return .lift(choice.2)
                }
            }
        return zip(Gen.int(in: 0...1000).array(of: 4), step.array(of: 1...maxSteps))
            .map { start, steps in
                FingerChoreography(steps: [.join(start[0], start[1]), .join(start[2], start[3])] + steps)
            }
    }

    /// Keeps a displacement within `maxStep` (the square's corners reach
    /// beyond it).
    private static func clamped(_ d: Point) -> Point {
        let length = d.distance(to: .zero)
        return length <= maxStep ? d : d * (maxStep / length)
    }
}
