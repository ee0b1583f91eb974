/// A picture shown as a bitmap, as a `UIImage` is: its content is drawn once,
/// at its natural size, and then scaled, turned and faded as a whole. A view
/// that shows one (`ImageView`) can be pinched or rotated every frame
/// without its content being drawn again; the renderer keeps the bitmap.
///
/// The content is a drawing, so the renderer makes the bitmap at the
/// resolution the screen needs (the buffer scale, and room for the image to
/// be shown larger than natural size) and draws it again only when it is
/// shown larger than that.
public final class Image: Sendable {
    /// The size it is meant to be shown at, in logical pixels.
    public let size: Size
    /// Draws the content into a rectangle of `size`'s proportions.
    public let draw: @Sendable (Canvas, Rect) -> Void

    /// Creates an image of natural `size` whose content `draw` paints.
    /// - Parameters:
    ///   - size: the size the image is meant to be shown at, in logical pixels.
    ///   - draw: paints the content with the canvas into the given rectangle;
    ///     it may be called again at any time (for a sharper bitmap), so it
    ///     must draw the same picture each time.
    public init(size: Size, draw: @escaping @Sendable (Canvas, Rect) -> Void) {
        self.size = size
        self.draw = draw
    }
}
