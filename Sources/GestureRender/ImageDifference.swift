/// How two images differ.
public struct ImageDifference: Equatable, Sendable {
    /// Pixels with a channel differing by more than the tolerance.
    public var differingPixels: Int
    /// The largest channel difference anywhere (0-255).
    public var largestDifference: Int

    /// True when no pixel differs by more than the tolerance.
    public var isMatch: Bool { differingPixels == 0 }

    /// A difference with the given counts (``compare(_:_:tolerance:diff:)``
    /// makes them).
    public init(differingPixels: Int, largestDifference: Int) {
        self.differingPixels = differingPixels
        self.largestDifference = largestDifference
    }

    /// Compares two images of the same size channel by channel; a pixel
    /// differs when any channel differs by more than `tolerance`. When
    /// `diff` is given, differing pixels are painted opaque red in it and
    /// the rest a faded grey copy of `actual`, so the failure is visible
    /// (a second pass, made only after a failed first one).
    public static func compare(_ actual: RenderedImage, _ golden: RenderedImage, tolerance: Int,
                               diff: RenderedImage? = nil) -> ImageDifference {
        var result = ImageDifference(differingPixels: 0, largestDifference: 0)
        for y in 0..<actual.height {
            if diff == nil && actual.rowEquals(y, in: golden) { continue }
            for x in 0..<actual.width {
                let a = actual.argb(x: x, y: y), g = golden.argb(x: x, y: y)
                var largest = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    let d = abs(Int((a >> UInt32(shift)) & 0xff) - Int((g >> UInt32(shift)) & 0xff))
                    largest = max(largest, d)
                }
                result.largestDifference = max(result.largestDifference, largest)
                if largest > tolerance { result.differingPixels += 1 }
                guard let diff else { continue }
                if largest > tolerance {
                    diff.setARGB(0xffff_0000, x: x, y: y)
                } else {
                    // Luma of the actual pixel, lightened to a quarter of its contrast.
                    let r = Int((a >> 16) & 0xff), gr = Int((a >> 8) & 0xff), b = Int(a & 0xff)
                    let grey = UInt32(191 + (r * 299 + gr * 587 + b * 114) / 1000 / 4)
                    diff.setARGB(0xff00_0000 | grey << 16 | grey << 8 | grey, x: x, y: y)
                }
            }
        }
        return result
    }
}
