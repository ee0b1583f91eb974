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

    /// Calls `body` with each pixel of `image` and where its centre lands
    /// in `view`, in the view's units and in the image's own (`bounds`
    /// across the view's bounds).
    static func eachPixel(of image: RenderedImage, in view: ImageView,
                          _ body: (_ x: Int, _ y: Int, _ inView: Point, _ inImage: Point) -> Void) {
        let scaleX = bounds.width / view.bounds.width, scaleY = bounds.height / view.bounds.height
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = view.convert(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), from: nil)
                body(x, y, p, Point(x: p.x * scaleX, y: p.y * scaleY))
            }
        }
    }
}
