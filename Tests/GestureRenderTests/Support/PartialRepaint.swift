import GestureKit
import GestureRender

/// A square window rendered whole, or only within a clip over a buffer of
/// another colour, and the two compared: how the suites hold a partial
/// repaint to the pixels of a whole one.
enum PartialRepaint {
    /// `window` (`size` x `size` pixels, scale 1) rendered within `clip`
    /// (nil: all of it) into a buffer that held `fill` everywhere.
    static func render(_ window: Window, size: Int, clip: Region?, over fill: UInt32 = 0) -> [UInt32] {
        var pixels = [UInt32](repeating: fill, count: size * size)
        pixels.withUnsafeMutableBytes { raw in
            Renderer().render(window, into: raw.baseAddress!, width: size, height: size,
                              stride: size * 4, scale: 1, clip: clip)
        }
        return pixels
    }

    /// How many pixels whose centre lies in `clip` differ between the two
    /// buffers.
    static func differing(_ partial: [UInt32], _ whole: [UInt32], size: Int, within clip: Region) -> Int {
        var count = 0
        for y in 0..<size {
            for x in 0..<size where clip.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                if partial[y * size + x] != whole[y * size + x] { count += 1 }
            }
        }
        return count
    }
}
