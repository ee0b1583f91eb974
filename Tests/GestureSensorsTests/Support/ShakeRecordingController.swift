import GestureKit

/// A controller that wants shakes (it can become first responder, as a
/// UIKit controller handling motion must) and records each motion call
/// with its timestamp.
final class ShakeRecordingController: ViewController {
    private(set) var motions: [(kind: String, time: Double)] = []
    var kinds: [String] { motions.map(\.kind) }

    override var canBecomeFirstResponder: Bool { true }

    override func motionBegan(_ motion: MotionSubtype, with event: MotionEvent) {
        motions.append(("began", event.timestamp))
    }

    override func motionEnded(_ motion: MotionSubtype, with event: MotionEvent) {
        motions.append(("ended", event.timestamp))
    }

    override func motionCancelled(_ motion: MotionSubtype, with event: MotionEvent) {
        motions.append(("cancelled", event.timestamp))
    }
}
