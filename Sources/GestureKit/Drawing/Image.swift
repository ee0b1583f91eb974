/// A picture with a natural size, shown scaled, turned and faded as a whole,
/// as a `UIImage` is. Its content is a drawing; how the renderer shows it
/// is its `rendering`: by default drawn once into a bitmap (at the
/// resolution the screen needs, and again only when it is shown larger
/// than that) and then composited, so costly content is not drawn every
/// frame; or drawn again each time, under the view's transformation.
public final class Image: Sendable {
    /// How a renderer shows an image.
    public enum Rendering: Sendable {
        /// Drawn once into a bitmap that is then scaled and turned
        /// (resampled) frame after frame: for content that is costly to
        /// draw, such as much text.
        case bitmap
        /// Drawn again each time it is shown, clipped to its rectangle:
        /// sharp at every scale and turn, and for a few filled shapes
        /// cheaper than resampling every pixel of a bitmap.
        case drawing
    }

    /// The size it is meant to be shown at, in logical pixels.
    public let size: Size
    /// Draws the content into a rectangle of `size`'s proportions.
    public let draw: @Sendable (Canvas, Rect) -> Void
    /// Whether it is shown through a bitmap or drawn each time.
    public let rendering: Rendering
    /// The radius of the corners its content is cut to, in the units of
    /// `size` (0: square corners): content that reaches into a corner
    /// beyond the curve is not shown, as a `UIImageView` with rounded,
    /// clipping corners shows it.
    public let cornerRadius: Double

    /// Creates an image of natural `size` whose content `draw` paints.
    /// - Parameters:
    ///   - size: the size the image is meant to be shown at, in logical pixels.
    ///   - rendering: through a bitmap (the default) or drawn each time.
    ///   - cornerRadius: the radius its content is cut to at the corners
    ///     (in the units of `size`; at most half the shorter side).
    ///   - draw: paints the content with the canvas into the given rectangle;
    ///     it may be called again at any time (for a sharper bitmap), so it
    ///     must draw the same picture each time.
    public init(size: Size, rendering: Rendering = .bitmap, cornerRadius: Double = 0,
                draw: @escaping @Sendable (Canvas, Rect) -> Void) {
        self.size = size
        self.rendering = rendering
        self.cornerRadius = Rect(origin: .zero, size: size).fittingCornerRadius(cornerRadius)
        self.draw = draw
    }
}
