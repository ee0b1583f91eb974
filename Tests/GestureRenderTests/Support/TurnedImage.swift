import GestureKit
import GestureRender

/// An image of 200x160 shown in a 100x80 view at 1.6 times and turned by
/// half a radian (1.6 pixels to one unit of the image), alone in a white
/// 320x320 window: how the image-drawing suites look at a scaled, turned
/// picture.
enum TurnedImage {
    /// The image's rectangle in its own units.
    static let bounds = Rect(x: 0, y: 0, width: 200, height: 160)

    /// Renders `content` as that image. The window comes back too: the view
    /// only knows its place in it while the window lives.
    static func render(_ rendering: Image.Rendering, cornerRadius: Double = 0,
                       _ content: @escaping @Sendable (Canvas, Rect) -> Void)
        -> (image: RenderedImage, window: Window, view: ImageView) {
        let window = Window(size: Size(width: 320, height: 320), timeSource: VirtualTimeSource())
        window.backgroundColor = .white
        let image = Image(size: bounds.size, rendering: rendering, cornerRadius: cornerRadius, draw: content)
        let view = ImageView(frame: Rect(x: 110, y: 120, width: 100, height: 80), image: image)
        view.transform = AffineTransform(scaleX: 1.6, y: 1.6).concatenating(AffineTransform(rotationAngle: 0.5))
        window.addSubview(view)
        return (RenderedImage(window: window), window, view)
    }
}
