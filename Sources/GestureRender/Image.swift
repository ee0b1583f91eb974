#if canImport(Glibc)
import Glibc
#endif
import CCairo
import GestureKit

/// A rendered window held in memory: for headless snapshots and tests.
public final class RenderedImage {
    public let width: Int
    public let height: Int
    private let surface: OpaquePointer

    /// Renders `window` at `scale` into a new image.
    public init(window: Window, scale: Double = 1) {
        width = Swift.max(1, Int((window.bounds.width * scale).rounded()))
        height = Swift.max(1, Int((window.bounds.height * scale).rounded()))
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        window.layoutIfNeeded()
        Renderer().draw(window, on: surface, scale: scale, clip: nil)
        cairo_surface_flush(surface)
    }

    deinit { cairo_surface_destroy(surface) }

    /// The straight-alpha colour at a pixel, components 0...255.
    public func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        guard x >= 0, y >= 0, x < width, y < height, let data = cairo_image_surface_get_data(surface) else {
            return (0, 0, 0, 0)
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        let a = Int(word >> 24), r = Int((word >> 16) & 0xff), g = Int((word >> 8) & 0xff), b = Int(word & 0xff)
        guard a > 0 else { return (0, 0, 0, 0) }
        if a == 255 { return (r, g, b, a) }
        return (r * 255 / a, g * 255 / a, b * 255 / a, a)
    }

    /// Writes a PNG to `path` atomically (a temporary file renamed into
    /// place), so a reader never sees half a file.
    public func writePNG(to path: String) throws {
        let temporary = path + ".partial"
        let status = cairo_surface_write_to_png(surface, temporary)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.pngWrite(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        guard rename(temporary, path) == 0 else {
            throw RenderError.pngWrite(path: path, reason: "cannot rename \(temporary)")
        }
    }
}

public enum RenderError: Error, CustomStringConvertible {
    case pngWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .pngWrite(let path, let reason): return "cannot write \(path): \(reason)"
        }
    }
}
