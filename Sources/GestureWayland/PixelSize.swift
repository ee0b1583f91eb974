import GestureKit

/// A size in whole pixels, as the protocol speaks it (surface-local or
/// buffer pixels; equal while the buffer scale is 1).
struct PixelSize: Equatable {
    var width: Int32
    var height: Int32

    /// Whether both sides are positive, i.e. something can be drawn.
    var isDrawable: Bool { width > 0 && height > 0 }

    /// The same size in the toolkit's logical units.
    var logical: Size { Size(width: Double(width), height: Double(height)) }

    /// A rect covering the whole size, from the origin.
    var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }
}

extension PixelSize {
    /// The nearest whole-pixel size to a toolkit size, at least 1x1.
    init(rounding size: Size) {
        // Clamped so the conversion cannot trap; a side beyond 32767 px
        // could not be allocated anyway (wl_shm pools are Int32-sized).
        func side(_ value: Double) -> Int32 {
            guard value.isFinite else { return 1 }
            return Int32(min(max(value.rounded(), 1), Double(Int16.max)))
        }
        self.init(width: side(size.width), height: side(size.height))
    }
}
