import CCairo
import GestureKit

/// The bitmaps of the images a renderer has shown (`Image`): each image's
/// content is drawn once into an image surface and then only composited,
/// scaled and turned, frame after frame.
///
/// A bitmap is made at the image's natural size times a power of two: the
/// smallest that is at least as large as the image is shown on the buffer.
/// So a picture pinched larger or smaller keeps its bitmap until it
/// crosses a doubling, a bitmap is never scaled down by more than half (the
/// bilinear filter samples that well), and the bitmap depends only on how
/// large the image is shown now, never on how large it was before: the
/// same frame renders the same pixels however it was reached. The cache
/// holds a few bitmaps and forgets those of images that are gone.
final class RasterCache {
    private struct Entry {
        weak var image: Image?
        let surface: OpaquePointer
        let pixelSize: (width: Int, height: Int)
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The fonts an image's text is set in.
    private let fonts: CairoTextMeasurer
    /// No bitmap side is longer than this (pixels).
    static let maximumSide = 4096
    /// Bitmaps kept at most.
    static let capacity = 8

    init(fonts: CairoTextMeasurer) {
        self.fonts = fonts
    }

    deinit {
        for entry in entries.values { cairo_surface_destroy(entry.surface) }
    }

    /// A surface holding `image` drawn at its natural size times the power
    /// of two that covers `needed` pixels (width and height), or nil if it
    /// cannot be made.
    func surface(for image: Image, needed: (width: Double, height: Double)) -> (surface: OpaquePointer, width: Int, height: Int)? {
        let key = ObjectIdentifier(image)
        let (width, height) = Self.pixelSize(of: image, covering: needed)
        if let entry = entries[key], entry.image === image, entry.pixelSize == (width, height) {
            return (entry.surface, width, height)
        }
        if let old = entries.removeValue(forKey: key) { cairo_surface_destroy(old.surface) }
        forgetGoneImages()
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        guard let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_scale(cr, Double(width) / image.size.width, Double(height) / image.size.height)
        CairoCanvas(cr, rasters: nil, fonts: fonts).drawContent(of: image)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        entries[key] = Entry(image: image, surface: surface, pixelSize: (width, height))
        return (surface, width, height)
    }

    /// The image's natural size times the smallest power of two (maybe a
    /// negative one) at which both sides reach `needed`.
    static func pixelSize(of image: Image, covering needed: (width: Double, height: Double)) -> (Int, Int) {
        let ratio = Swift.max(needed.width / image.size.width, needed.height / image.size.height)
        var factor = 1.0
        while factor < ratio && factor < 4096 { factor *= 2 }
        while factor / 2 >= ratio && factor > 1.0 / 64 { factor /= 2 }
        func side(_ natural: Double) -> Int { Swift.max(1, Swift.min(maximumSide, Int((natural * factor).rounded(.up)))) }
        return (side(image.size.width), side(image.size.height))
    }

    private func forgetGoneImages() {
        for (key, entry) in entries where entry.image == nil {
            cairo_surface_destroy(entry.surface)
            entries.removeValue(forKey: key)
        }
        while entries.count >= Self.capacity, let victim = entries.keys.first {
            if let entry = entries.removeValue(forKey: victim) { cairo_surface_destroy(entry.surface) }
        }
    }
}
