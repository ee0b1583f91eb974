import GestureKit

extension View {
    /// This view and every view below it, in drawing order.
    var subtree: [View] { [self] + subviews.flatMap(\.subtree) }
}
