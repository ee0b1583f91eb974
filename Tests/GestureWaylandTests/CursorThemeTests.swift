import Foundation
import GestureKit
@testable import GestureWayland
import Testing

/// The arrow read from an XCursor theme's files: the nominal size nearest
/// the one asked for, found in the theme or the themes it inherits, and
/// nothing from a file that is not a cursor.
@Suite("Cursor theme files")
struct CursorThemeTests {
    /// An XCursor file with one image per (nominal size, side, hotspot),
    /// every pixel of each image set to `pixel`.
    static func cursorFile(_ images: [(nominal: Int, side: Int, hotspot: Int, pixel: UInt32)]) -> [UInt8] {
        var words: [UInt32] = [0x7275_6358, 16, 0x1_0000, UInt32(images.count)]
        var position = 16 + 12 * images.count
        var chunks: [UInt32] = []
        for image in images {
            words += [0xfffd_0002, UInt32(image.nominal), UInt32(position)]
            let chunk: [UInt32] = [36, 0xfffd_0002, UInt32(image.nominal), 1, UInt32(image.side), UInt32(image.side),
                                   UInt32(image.hotspot), UInt32(image.hotspot), 0]
                + Array(repeating: image.pixel, count: image.side * image.side)
            chunks += chunk
            position += chunk.count * 4
        }
        return (words + chunks).flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } }
    }

    static let twoSizes = cursorFile([(24, 24, 4, 0xff00_0000), (32, 32, 6, 0xffff_ffff)])

    @Test("the image of the nominal size nearest the one asked for, with its side, hotspot and pixels")
    func nearestSize() throws {
        let small = try #require(XCursorImage(bytes: Self.twoSizes, nominalSize: 24))
        #expect(small.width == 24 && small.height == 24 && small.hotspotX == 4 && small.hotspotY == 4)
        #expect(small.pixels.count == 24 * 24 && small.pixels.allSatisfy { $0 == 0xff00_0000 })
        #expect(XCursorImage(bytes: Self.twoSizes, nominalSize: 30)?.width == 32)
        #expect(XCursorImage(bytes: Self.twoSizes, nominalSize: 48)?.width == 32)
        // Equally near both: the one listed first.
        #expect(XCursorImage(bytes: Self.twoSizes, nominalSize: 28)?.width == 24)
    }

    @Test("bytes that are no cursor file, or a file cut short, give no image")
    func damagedFiles() {
        #expect(XCursorImage(bytes: [], nominalSize: 24) == nil)
        #expect(XCursorImage(bytes: Array("not a cursor at all".utf8), nominalSize: 24) == nil)
        #expect(XCursorImage(bytes: Array(Self.twoSizes.dropLast(4)), nominalSize: 32) == nil)
        var huge = Self.cursorFile([(24, 1, 0, 0)])
        huge[16 + 12 + 16] = 0xff; huge[16 + 12 + 17] = 0xff; huge[16 + 12 + 18] = 0xff  // width 16M
        #expect(XCursorImage(bytes: huge, nominalSize: 24) == nil)
    }

    /// A folder of themes for one test, removed afterwards.
    final class Themes {
        let root = NSTemporaryDirectory() + "cursor-themes-\(UUID().uuidString)"

        func add(_ theme: String, inherits: String? = nil, cursors: [String: [UInt8]] = [:]) throws {
            let folder = root + "/" + theme
            try FileManager.default.createDirectory(atPath: folder + "/cursors", withIntermediateDirectories: true)
            if let inherits {
                try "[Icon Theme]\nName=\(theme)\nInherits = \(inherits)\n".write(toFile: folder + "/index.theme",
                                                                                 atomically: true, encoding: .utf8)
            }
            for (name, bytes) in cursors {
                try Data(bytes).write(to: URL(fileURLWithPath: folder + "/cursors/" + name))
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test("the arrow comes from the theme itself first, else from the themes it inherits, in order")
    func inheritance() throws {
        let themes = Themes()
        let white = Self.cursorFile([(24, 24, 1, 0xffff_ffff)]), black = Self.cursorFile([(24, 24, 2, 0xff00_0000)])
        try themes.add("mine", inherits: "missing;base, other")
        try themes.add("base", cursors: ["left_ptr": black])
        try themes.add("other", cursors: ["default": white])
        // "default" is tried first, in every theme of the chain.
        #expect(XCursorThemeFiles.image(names: CursorTheme.arrowNames, theme: "mine", size: 24, folders: [themes.root])?.hotspotX == 1)
        try themes.add("mine", cursors: ["left_ptr": black])
        #expect(XCursorThemeFiles.image(names: CursorTheme.arrowNames, theme: "mine", size: 24, folders: [themes.root])?.hotspotX == 1)
        try themes.add("mine", cursors: ["default": black])
        #expect(XCursorThemeFiles.image(names: CursorTheme.arrowNames, theme: "mine", size: 24, folders: [themes.root])?.hotspotX == 2)
    }

    @Test("a resize cursor by its CSS name first, else by its X11 name; none where the theme has neither")
    func resizeCursorNames() throws {
        let themes = Themes()
        let css = Self.cursorFile([(24, 24, 12, 0xff00_0000)]), x11 = Self.cursorFile([(24, 24, 11, 0xff00_0000)])
        try themes.add("mine", cursors: ["bottom_right_corner": x11, "left_side": x11, "w-resize": css])
        func hotspot(_ edges: WindowEdges) -> Int? {
            XCursorThemeFiles.image(names: CursorTheme.names(for: .resize(edges)), theme: "mine", size: 24,
                                    folders: [themes.root])?.hotspotX
        }
        #expect(hotspot([.bottom, .right]) == 11)
        #expect(hotspot(.left) == 12)
        #expect(hotspot(.top) == nil)
        #expect(CursorTheme.names(for: .resize([.top, .left])) == ["nw-resize", "top_left_corner"])
        #expect(CursorTheme.names(for: .resize(.right)) == ["e-resize", "right_side"])
        #expect(CursorTheme.names(for: .arrow) == CursorTheme.arrowNames)
        #expect(CursorTheme.names(for: .resize([.left, .right])) == CursorTheme.arrowNames, "no such cursor")
    }

    @Test("a theme that inherits itself, or that has no arrow anywhere, gives none")
    func noArrow() throws {
        let themes = Themes()
        try themes.add("loop", inherits: "loop")
        try themes.add("empty", cursors: ["default": Array("junk".utf8)])
        #expect(XCursorThemeFiles.image(names: CursorTheme.arrowNames, theme: "loop", size: 24, folders: [themes.root]) == nil)
        #expect(XCursorThemeFiles.image(names: CursorTheme.arrowNames, theme: "empty", size: 24, folders: [themes.root]) == nil)
        #expect(XCursorThemeFiles.image(names: CursorTheme.arrowNames, theme: "nowhere", size: 24, folders: [themes.root]) == nil)
    }

    @Test("GNOME's Adwaita theme has an arrow at 24 and at 48 px",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/icons/Adwaita/cursors/left_ptr"),
                   "no Adwaita cursor theme (package adwaita-icon-theme)"))
    func systemTheme() throws {
        #expect(XCursorThemeFiles.image(names: CursorTheme.arrowNames, theme: "Adwaita", size: 24)?.width == 24)
        #expect(XCursorThemeFiles.image(names: CursorTheme.arrowNames, theme: "Adwaita", size: 48)?.width == 48)
    }
}
