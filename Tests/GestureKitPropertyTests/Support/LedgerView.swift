import GestureKit

/// A view that keeps a ledger of the touch callbacks it gets and does not
/// pass them on. Unless it is a container that expects touches passed up the
/// responder chain, a touch of another view reaching it is a violation too.
final class LedgerView: View {
    private(set) var ledger: TouchLedger
    private let recordsForwardedTouches: Bool
    private var misdelivered: [String] = []

    init(name: String, frame: Rect, recordsForwardedTouches: Bool = false) {
        ledger = TouchLedger(owner: name)
        self.recordsForwardedTouches = recordsForwardedTouches
        super.init(frame: frame)
        self.name = name
    }

    /// The ledger's violations plus touches that were not this view's.
    var violations: [String] { ledger.violations + misdelivered }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for t in sorted(touches) { check(t, "touchesBegan"); ledger.began(t) }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        for t in sorted(touches) { check(t, "touchesMoved"); ledger.moved(t) }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for t in sorted(touches) { check(t, "touchesEnded"); ledger.finished(t, cancelled: false) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        for t in sorted(touches) { check(t, "touchesCancelled"); ledger.finished(t, cancelled: true) }
    }

    private func check(_ t: Touch, _ callback: String) {
        guard !recordsForwardedTouches, t.view !== self else { return }
        misdelivered.append("\(ledger.owner): \(callback) with touch #\(t.identifier) of \(t.view?.name ?? "no view")")
    }

    private func sorted(_ touches: Set<Touch>) -> [Touch] {
        touches.sorted { $0.identifier < $1.identifier }
    }
}
