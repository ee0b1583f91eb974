import Glibc

/// The first image of one size in an XCursor file, the format of cursor
/// themes (`/usr/share/icons/THEME/cursors/NAME`): a table of contents,
/// then one chunk per image, each for a nominal size, with premultiplied
/// ARGB pixels (`WL_SHM_FORMAT_ARGB8888`, little-endian like the file).
///
/// A file holds several sizes and, for animated cursors, several frames
/// of each; the image taken is the first frame of the nominal size
/// nearest the one asked for (the earliest listed on a tie), as
/// libXcursor and libwayland-cursor choose.
struct XCursorImage: Equatable {
    var width: Int
    var height: Int
    var hotspotX: Int
    var hotspotY: Int
    /// Row by row, `width * height` words.
    var pixels: [UInt32]

    /// A chunk of the table of contents that holds an image.
    private static let imageType: UInt32 = 0xfffd_0002
    /// Larger files are no cursor (the biggest themes' files are a few MB).
    static let maximumFileSize = 16 << 20
    /// libXcursor's limit on an image's side.
    private static let maximumSide = 0x7fff

    /// The image from the file at `path`; nil when it cannot be read or
    /// is no XCursor file.
    init?(contentsOf path: String, nominalSize: Int) {
        guard let bytes = SmallFile.contents(of: path, limit: Self.maximumFileSize) else { return nil }
        self.init(bytes: bytes, nominalSize: nominalSize)
    }

    /// The image from a file's bytes; nil when they are no XCursor file,
    /// have no image, or are cut short.
    init?(bytes: [UInt8], nominalSize: Int) {
        func word(_ offset: Int) -> UInt32? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
                | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        }
        // "Xcur", the header's length, the version, the number of entries.
        guard word(0) == 0x7275_6358, let headerLength = word(4), let entries = word(12),
              entries <= UInt32(bytes.count / 12) else { return nil }
        var best: (distance: Int, position: Int)?
        for index in 0..<Int(entries) {
            let entry = Int(headerLength) + index * 12
            guard let type = word(entry), let subtype = word(entry + 4), let position = word(entry + 8) else { return nil }
            guard type == Self.imageType else { continue }
            let distance = abs(Int(subtype) - nominalSize)
            if best == nil || distance < best!.distance {
                best = (distance, Int(position))
            }
        }
        guard let chunk = best?.position,
              let chunkLength = word(chunk), let type = word(chunk + 4), type == Self.imageType,
              let width = word(chunk + 16), let height = word(chunk + 20),
              let hotspotX = word(chunk + 24), let hotspotY = word(chunk + 28),
              (1...Self.maximumSide).contains(Int(width)), (1...Self.maximumSide).contains(Int(height)),
              hotspotX <= width, hotspotY <= height else { return nil }
        let start = chunk + Int(chunkLength)
        let count = Int(width) * Int(height)
        guard start >= chunk, start + count * 4 <= bytes.count else { return nil }
        self.width = Int(width)
        self.height = Int(height)
        self.hotspotX = Int(hotspotX)
        self.hotspotY = Int(hotspotY)
        pixels = (0..<count).map { word(start + $0 * 4)! }
    }
}
