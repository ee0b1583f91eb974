#if canImport(Glibc)
import Glibc
#endif
import CCairo
import CPNG
import CPosix
import GestureKit

/// An image in memory: a rendered window (headless snapshots, tests), a
/// PNG read back (golden comparisons), or a blank canvas (diff images).
/// Pixels are premultiplied ARGB words, as cairo and the renderer store
/// them; cairo stays inside this module.
public final class RenderedImage {
    /// Width in pixels (buffer pixels, not logical ones); at least 1.
    public let width: Int
    /// Height in pixels (buffer pixels, not logical ones); at least 1.
    public let height: Int
    private let surface: OpaquePointer
    /// True for images without alpha (a PNG saved without it).
    private let isOpaque: Bool

    /// Renders `window` at `scale` into a new image: the part `area`
    /// covers (logical pixels, such as its `contentFrame`), or the whole
    /// window.
    public init(window: Window, scale: Double = 1, area: Rect? = nil) {
        let area = area ?? window.bounds
        width = Swift.max(1, Int((area.width * scale).rounded()))
        height = Swift.max(1, Int((area.height * scale).rounded()))
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        isOpaque = false
        window.layoutIfNeeded()
        Renderer().draw(window, on: surface, scale: scale, clip: nil, origin: area.origin)
        cairo_surface_flush(surface)
    }

    /// A transparent image of the given size.
    public init(width: Int, height: Int) {
        self.width = Swift.max(1, width)
        self.height = Swift.max(1, height)
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(self.width), Int32(self.height))
        isOpaque = false
    }

    /// Reads a PNG file.
    public init(contentsOfPNG path: String) throws {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw RenderError.pngRead(path: path, reason: "no image")
        }
        let status = cairo_surface_status(surface)
        let format = cairo_image_surface_get_format(surface)
        guard status == CAIRO_STATUS_SUCCESS, format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            let reason = status == CAIRO_STATUS_SUCCESS ? "unsupported pixel format" : String(cString: cairo_status_to_string(status))
            cairo_surface_destroy(surface)
            throw RenderError.pngRead(path: path, reason: reason)
        }
        self.surface = surface
        isOpaque = format == CAIRO_FORMAT_RGB24
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }

    private var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    private func row(_ y: Int) -> UnsafeMutablePointer<UInt32>? {
        guard y >= 0, y < height, let data = cairo_image_surface_get_data(surface) else { return nil }
        return UnsafeMutableRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
    }

    /// The premultiplied ARGB word at a pixel (0 outside the image).
    public func argb(x: Int, y: Int) -> UInt32 {
        guard x >= 0, x < width, let row = row(y) else { return 0 }
        return isOpaque ? row[x] | 0xff00_0000 : row[x]
    }

    /// Sets the premultiplied ARGB word at a pixel inside the image.
    public func setARGB(_ word: UInt32, x: Int, y: Int) {
        guard x >= 0, x < width, let row = row(y) else { return }
        cairo_surface_flush(surface)
        row[x] = word
        cairo_surface_mark_dirty(surface)
    }

    /// Whether row `y` holds the same pixels in both images, as `argb`
    /// reads them (the fast path of a comparison: most rows of a matching
    /// snapshot are identical).
    public func rowEquals(_ y: Int, in other: RenderedImage) -> Bool {
        guard width == other.width, let a = row(y), let b = other.row(y) else { return false }
        if isOpaque == other.isOpaque { return memcmp(a, b, width * 4) == 0 }
        // An image without alpha (a PNG read back) against one with it (a
        // window drawn): the first one's alpha bytes mean nothing.
        for x in 0..<width where a[x] | 0xff00_0000 != b[x] | 0xff00_0000 || (isOpaque ? b[x] : a[x]) >> 24 != 0xff {
            return false
        }
        return true
    }

    /// The straight-alpha colour at a pixel, components 0...255.
    public func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
        let word = argb(x: x, y: y)
        let a = Int(word >> 24), r = Int((word >> 16) & 0xff), g = Int((word >> 8) & 0xff), b = Int(word & 0xff)
        guard a > 0 else { return (0, 0, 0, 0) }
        if a == 255 { return (r, g, b, a) }
        return (r * 255 / a, g * 255 / a, b * 255 / a, a)
    }

    /// Writes a PNG to `path` atomically (a temporary file renamed into
    /// place), so a reader never sees half a file. The temporary file is
    /// one of this write alone (`PATH.PID-RANDOM.partial`, made new, as
    /// `ScriptFiles` makes its own): two runs writing the same snapshot
    /// never write into one file, and a link planted at a temporary name
    /// is never followed. An image whose pixels are all opaque is stored
    /// without alpha, as cairo stores it (`cpng_write` says how, and why it
    /// is not cairo's writer).
    ///
    /// - Returns: whether the file holds exactly these pixels, as it does
    ///   when they are all opaque; translucent colours are stored
    ///   unpremultiplied, to 8 bits, and may read back rounded.
    @discardableResult
    public func writePNG(to path: String) throws -> Bool {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            // A surface cairo could not make (say, too large to allocate).
            throw RenderError.pngWrite(path: path, reason: String(cString: cairo_status_to_string(cairo_surface_status(surface))))
        }
        let (temporary, fd) = try Self.createPartial(of: path)
        var reason = [CChar](repeating: 0, count: 256)
        var storedAlpha: Int32 = 0
        let written = cpng_write(fd, UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                 Int32(width), Int32(height), stride, isOpaque ? 0 : 1, &storedAlpha,
                                 &reason, reason.count)
        guard written == 0 else {
            unlink(temporary)
            throw RenderError.pngWrite(path: path, reason: reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        guard rename(temporary, path) == 0 else {
            let failure = RenderError.pngWrite(path: path, reason: String(cString: strerror(errno)))
            unlink(temporary)
            throw failure
        }
        return storedAlpha == 0
    }

    /// Creates the temporary file `path` is written in
    /// (`cposix_create_partial`); returns its path and descriptor.
    private static func createPartial(of path: String) throws(RenderError) -> (path: String, fd: Int32) {
        var name = [CChar](repeating: 0, count: path.utf8.count + 40)
        let fd = cposix_create_partial(path, &name, name.count)
        guard fd >= 0 else { throw .pngWrite(path: path, reason: String(cString: strerror(errno))) }
        return (name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }, fd)
    }
}

/// A PNG that could not be read or written; the description names the file
/// and the reason, for a one-line error.
public enum RenderError: Error, CustomStringConvertible {
    /// Writing `path` failed (libpng's or the C library's reason, also
    /// for the final rename).
    case pngWrite(path: String, reason: String)
    /// Reading `path` failed: cairo's error (e.g. "file not found"), or a
    /// pixel format other than 32-bit RGB with or without alpha.
    case pngRead(path: String, reason: String)

    /// E.g. `cannot read golden.png: file not found`.
    public var description: String {
        switch self {
        case .pngWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .pngRead(let path, let reason): return "cannot read \(path): \(reason)"
        }
    }
}
