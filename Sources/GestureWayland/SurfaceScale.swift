import GestureKit

/// How the window's logical size maps to its buffer's pixels.
///
/// Input coordinates, configure sizes and the toolkit's geometry stay
/// logical under either kind; only buffers and their damage are in buffer
/// pixels.
enum SurfaceScale: Equatable {
    /// `wl_surface.set_buffer_scale(n)`: the buffer is exactly n times the
    /// logical size, and the compositor divides it back.
    case integer(Int32)
    /// `wp_fractional_scale_v1` with a `wp_viewport`: the buffer is the
    /// logical size times the scale, rounded, at buffer scale 1, and the
    /// viewport maps it onto the logical size.
    case fractional(Double)

    /// Buffer pixels per logical pixel, what the renderer scales by.
    var factor: Double {
        switch self {
        case let .integer(scale): return Double(scale)
        case let .fractional(scale): return scale
        }
    }

    /// The value for `wl_surface.set_buffer_scale`.
    var bufferScale: Int32 {
        switch self {
        case let .integer(scale): return scale
        case .fractional: return 1
        }
    }

    /// Whether the buffer needs a viewport to cover the logical size.
    var needsViewport: Bool {
        if case .fractional = self { return true }
        return false
    }

    /// The buffer size for a window of `logical` size.
    func bufferSize(forLogical logical: PixelSize) -> PixelSize {
        switch self {
        case let .integer(scale):
            return PixelSize(width: logical.width * scale, height: logical.height * scale)
        case let .fractional(scale):
            // The protocol's rule: round half away from zero, which is what
            // `rounded()` does.
            return PixelSize(rounding: Size(width: Double(logical.width) * scale,
                                            height: Double(logical.height) * scale))
        }
    }

    /// The whole buffer pixels touched by the logical `rect`.
    func pixelRect(covering rect: Rect) -> Rect {
        rect.integral(scale: factor)
    }

    /// The logical rect a whole-pixel buffer rect covers. Exact, so a clip
    /// built from it falls on pixel boundaries and partial redraws match a
    /// full one.
    func logicalRect(for pixelRect: Rect) -> Rect {
        pixelRect.unscaled(by: factor)
    }

    /// The whole surface-coordinate rect covering a buffer-pixel rect (for
    /// `wl_surface.damage`, which has no sub-pixel precision).
    func surfaceRect(covering pixelRect: Rect) -> Rect {
        pixelRect.integral(scale: 1 / factor)
    }
}
