import GestureKit

/// A view that records every touch callback it gets, in order.
final class RecordingView: View {
    var calls: [String] = []
    var began = 0, moved = 0, ended = 0, cancelled = 0
    var lastBegan: Set<Touch> = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        began += touches.count; lastBegan = touches
        calls.append("began \(touches.count)")
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        moved += touches.count
        calls.append("moved \(touches.count)")
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        ended += touches.count
        calls.append("ended \(touches.count)")
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        cancelled += touches.count
        calls.append("cancelled \(touches.count)")
    }
}
