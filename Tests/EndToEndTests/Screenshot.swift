import CCairo
import Foundation

/// A decoded PNG of the compositor output, in output buffer pixels
/// (logical size times the output scale), origin top left.
struct Screenshot: Sendable {
    /// One pixel as straight (not premultiplied) 8-bit RGBA.
    struct Pixel: Equatable, Sendable, CustomStringConvertible {
        var r: UInt8
        var g: UInt8
        var b: UInt8
        var a: UInt8

        init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
            self.r = r
            self.g = g
            self.b = b
            self.a = a
        }

        static let black = Pixel(r: 0, g: 0, b: 0)

        var description: String { "rgba(\(r), \(g), \(b), \(a))" }

        /// Largest per-channel difference; renderers may round differently.
        func distance(to other: Pixel) -> Int {
            max(abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)),
                abs(Int(b) - Int(other.b)), abs(Int(a) - Int(other.a)))
        }
    }

    /// Where two screenshots of the same size differ.
    struct Difference: Sendable {
        var count = 0
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

        var isEmpty: Bool { count == 0 }

        /// Whether every differing pixel lies inside the given inclusive ranges.
        func isWithin(x: ClosedRange<Int>, y: ClosedRange<Int>) -> Bool {
            isEmpty || (x.contains(minX) && x.contains(maxX) && y.contains(minY) && y.contains(maxY))
        }
    }

    let width: Int
    let height: Int
    /// Row-major, `width * height` cairo words (native-endian, alpha in the
    /// top byte, premultiplied), decoded only on access: converting every
    /// pixel up front costs tens of milliseconds in debug builds.
    private let words: [UInt32]
    private let hasAlpha: Bool

    /// Loads a PNG through cairo. Cairo hands back native-endian 32-bit
    /// words, premultiplied for ARGB32 and with an undefined top byte for
    /// RGB24; `pixel(x:y:)` undoes both so callers compare plain colours.
    init(contentsOfPNG url: URL) throws {
        guard let surface = cairo_image_surface_create_from_png(url.path) else {
            throw WestonSessionError.screenshot("cairo returned no surface for \(url.path)")
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw WestonSessionError.screenshot(
                "cannot load \(url.path): \(String(cString: cairo_status_to_string(status)))")
        }
        cairo_surface_flush(surface)

        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            throw WestonSessionError.screenshot("unexpected cairo format \(format.rawValue) in \(url.path)")
        }
        let hasAlpha = format == CAIRO_FORMAT_ARGB32
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            throw WestonSessionError.screenshot("no pixel data in \(url.path)")
        }

        words = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            let destination = UnsafeMutableRawBufferPointer(buffer)
            for y in 0..<height {
                destination.baseAddress!.advanced(by: y * width * 4)
                    .copyMemory(from: data + y * stride, byteCount: width * 4)
            }
            count = width * height
        }
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
    }

    /// The pixel at (x, y); traps when out of bounds, like an array.
    func pixel(x: Int, y: Int) -> Pixel {
        precondition((0..<width).contains(x) && (0..<height).contains(y),
                     "pixel (\(x), \(y)) outside \(width)x\(height) screenshot")
        return decode(words[y * width + x])
    }

    /// Pixels whose colour differs from `other` by more than `tolerance`
    /// in some channel. Both screenshots must have the same size.
    func difference(from other: Screenshot, tolerance: Int = 0) -> Difference {
        precondition(width == other.width && height == other.height, "screenshot sizes differ")
        // RGB24 leaves the top byte undefined, so it must not count.
        let mask: UInt32 = hasAlpha || other.hasAlpha ? .max : 0x00FF_FFFF
        var result = Difference()
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                guard words[index] & mask != other.words[index] & mask,
                      decode(words[index]).distance(to: other.decode(other.words[index])) > tolerance
                else { continue }
                result.count += 1
                result.minX = min(result.minX, x)
                result.maxX = max(result.maxX, x)
                result.minY = min(result.minY, y)
                result.maxY = max(result.maxY, y)
            }
        }
        return result
    }

    private func decode(_ word: UInt32) -> Pixel {
        let alpha = hasAlpha ? UInt8(truncatingIfNeeded: word >> 24) : 255
        return Pixel(r: Self.unpremultiply(UInt8(truncatingIfNeeded: word >> 16), alpha),
                     g: Self.unpremultiply(UInt8(truncatingIfNeeded: word >> 8), alpha),
                     b: Self.unpremultiply(UInt8(truncatingIfNeeded: word), alpha),
                     a: alpha)
    }

    private static func unpremultiply(_ channel: UInt8, _ alpha: UInt8) -> UInt8 {
        guard alpha != 0, alpha != 255 else { return alpha == 0 ? 0 : channel }
        return UInt8(min(255, (Int(channel) * 255 + Int(alpha) / 2) / Int(alpha)))
    }
}
