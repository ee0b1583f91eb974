/// Shows an image stretched to fill its bounds (UIKit's `scaleToFill`). Like
/// UIKit's `UIImageView`, it ignores touches by default, so they reach the
/// view below it.
open class ImageView: View {
    /// The image shown, stretched to the bounds; nil shows only the background.
    /// Setting another image redraws the view.
    public var image: Image? { didSet { if image !== oldValue { setNeedsDisplay() } } }

    /// An image view showing `image` in `frame`, with user interaction off.
    public init(frame: Rect = .zero, image: Image? = nil) {
        self.image = image
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        if let image { canvas.drawImage(image, in: bounds) }
    }
}
