/// Shows a picture scaled to fill its bounds. Like UIKit's `UIImageView`,
/// it ignores touches by default, so they reach the view below it.
open class ImageView: View {
    /// Draws the picture into the given rectangle (the view's bounds).
    public var picture: ((Canvas, Rect) -> Void)? { didSet { setNeedsDisplay() } }

    public init(frame: Rect = .zero, picture: ((Canvas, Rect) -> Void)? = nil) {
        self.picture = picture
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        picture?(canvas, bounds)
    }
}
