import GestureKit

/// The life of every touch as one party (a view, or the window's input
/// router) saw it. A touch must begin once, may move while open, and must
/// end or be cancelled exactly once; anything else is written down as a
/// violation naming the owner and the touch.
struct TouchLedger {
    enum Standing: Equatable { case open, ended, cancelled }

    let owner: String
    private(set) var standing: [Int: Standing] = [:]
    private(set) var violations: [String] = []

    init(owner: String) {
        self.owner = owner
    }

    /// Touches that began and have not ended, by identifier.
    var openTouches: [Int] { standing.filter { $0.value == .open }.map(\.key).sorted() }
    /// How many touches began here.
    var beganCount: Int { standing.count }

    mutating func began(_ touch: Touch) {
        if let s = standing[touch.identifier] {
            violations.append("\(owner): touch #\(touch.identifier) began again (was \(s))")
        }
        standing[touch.identifier] = .open
    }

    mutating func moved(_ touch: Touch) {
        switch standing[touch.identifier] {
        case .open: break
        case nil: violations.append("\(owner): touch #\(touch.identifier) moved without beginning")
        case let s?: violations.append("\(owner): touch #\(touch.identifier) moved after it \(s)")
        }
    }

    mutating func finished(_ touch: Touch, cancelled: Bool) {
        let verb = cancelled ? "was cancelled" : "ended"
        switch standing[touch.identifier] {
        case .open: standing[touch.identifier] = cancelled ? .cancelled : .ended
        case nil: violations.append("\(owner): touch #\(touch.identifier) \(verb) without beginning")
        case let s?: violations.append("\(owner): touch #\(touch.identifier) \(verb) after it had \(s)")
        }
    }
}
