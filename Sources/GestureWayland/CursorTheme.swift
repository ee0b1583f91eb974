import CWaylandClient
import CWaylandCursor
import GestureKit
import Glibc
import Logging

/// One still cursor image of a theme: a `wl_buffer` the theme owns, in
/// buffer pixels, with its hotspot.
struct CursorImage {
    let buffer: OpaquePointer
    let width: Int32
    let height: Int32
    let hotspotX: Int32
    let hotspotY: Int32
}

/// The cursors of the user's XCursor theme (`XCURSOR_THEME`, at
/// `XCURSOR_SIZE`, default 24 logical pixels) at one buffer scale: the
/// arrow, and the resize double arrows when the pointer first needs one.
///
/// Only the cursors shown are read: each from the one file it is in,
/// found as libXcursor and libwayland-cursor look (the theme's folder on
/// the search path, then the themes it inherits), and copied into a small
/// buffer of its own. libwayland-cursor's `wl_cursor_theme_load` reads
/// every cursor of the theme at that size into one shm pool instead
/// (Adwaita at 24 px: 1.1 MB mapped, half of it resident; four times that
/// at scale 2) for one image. Where no theme has an arrow,
/// libwayland-cursor is asked after all, for its built-in cursors.
final class CursorTheme {
    /// The cursor size when `XCURSOR_SIZE` is unset or invalid, in logical
    /// pixels: the common desktop default.
    static let defaultSize: Int32 = 24
    /// The names tried for the arrow, newest convention first: "default"
    /// (CSS/freedesktop names) and "left_ptr" (X11 core names, and the one
    /// libwayland-cursor's built-in fallback has).
    static let arrowNames = ["default", "left_ptr"]

    /// The names tried for `shape`, the CSS name first, then the X11 core
    /// cursor's; a shape no theme has falls back to the arrow.
    static func names(for shape: CursorShape) -> [String] {
        guard case .resize(let edges) = shape else { return arrowNames }
        switch (edges.contains(.top), edges.contains(.bottom), edges.contains(.left), edges.contains(.right)) {
        case (true, false, true, false): return ["nw-resize", "top_left_corner"]
        case (true, false, false, true): return ["ne-resize", "top_right_corner"]
        case (false, true, true, false): return ["sw-resize", "bottom_left_corner"]
        case (false, true, false, true): return ["se-resize", "bottom_right_corner"]
        case (true, false, false, false): return ["n-resize", "top_side"]
        case (false, true, false, false): return ["s-resize", "bottom_side"]
        case (false, false, true, false): return ["w-resize", "left_side"]
        case (false, false, false, true): return ["e-resize", "right_side"]
        default: return arrowNames
        }
    }

    /// The buffer scale the images were loaded for.
    let scale: Int
    /// The arrow, nil when neither a theme nor libwayland-cursor has one.
    let arrow: CursorImage?
    private let shm: OpaquePointer
    private let connection: WaylandConnection
    /// The theme's name, nil for the default theme.
    private let themeName: String?
    /// The nominal size in buffer pixels.
    private let pixelSize: Int
    /// The buffers holding the pixels of cursors read from a theme's files.
    private var buffers: [ShmBuffer] = []
    /// The shapes other than the arrow looked up so far (nil: the theme has
    /// none, and the arrow stands in).
    private var others: [CursorShape: CursorImage?] = [:]
    /// libwayland-cursor's theme, loaded only when no file had an arrow.
    private let fallback: OpaquePointer?

    /// Loads the arrow at `scale`; nil when it cannot be allocated.
    init?(shm: OpaquePointer, scale: Int, connection: WaylandConnection) {
        let name = environmentValue("XCURSOR_THEME").flatMap { $0.isEmpty ? nil : $0 }
        let size = environmentValue("XCURSOR_SIZE").flatMap { Int32($0) }.flatMap { $0 > 0 && $0 <= 256 ? $0 : nil }
            ?? Self.defaultSize
        self.scale = scale
        self.shm = shm
        self.connection = connection
        themeName = name
        pixelSize = Int(size) * scale
        if let image = XCursorThemeFiles.image(names: Self.arrowNames, theme: name ?? "default", size: pixelSize) {
            guard let loaded = Self.upload(image, shm: shm, connection: connection) else { return nil }
            buffers = [loaded.buffer]
            fallback = nil
            arrow = loaded.image
            return
        }
        // A missing theme is not an error to libwayland-cursor: it loads
        // the "default" theme's inheritance chain and, if that is empty
        // too, a few built-in cursors. Nil here means it could not allocate.
        guard let theme = wl_cursor_theme_load(name, Int32(pixelSize), shm) else { return nil }
        fallback = theme
        arrow = Self.image(named: Self.arrowNames, in: theme)
    }

    deinit {
        // Destroys the buffers too; a cursor surface still showing one keeps
        // its contents on the compositor side.
        if let fallback { wl_cursor_theme_destroy(fallback) }
    }

    /// The image for `shape`, read on first use; the arrow where the theme
    /// has no such cursor (or its buffer cannot be allocated).
    func image(for shape: CursorShape) -> CursorImage? {
        if shape == .arrow { return arrow }
        if let known = others[shape] { return known ?? arrow }
        let names = Self.names(for: shape)
        var found: CursorImage?
        if let fallback {
            found = Self.image(named: names, in: fallback)
        } else if let image = XCursorThemeFiles.image(names: names, theme: themeName ?? "default", size: pixelSize),
                  let loaded = Self.upload(image, shm: shm, connection: connection) {
            buffers.append(loaded.buffer)
            found = loaded.image
        }
        others[shape] = .some(found)
        return found ?? arrow
    }

    /// A cursor file's image copied into a buffer of its own.
    private static func upload(_ image: XCursorImage, shm: OpaquePointer,
                               connection: WaylandConnection) -> (image: CursorImage, buffer: ShmBuffer)? {
        let bufferSize = PixelSize(width: Int32(image.width), height: Int32(image.height))
        guard let buffer = try? ShmBuffer(shm: shm, size: bufferSize, format: .translucent,
                                          connection: connection) else { return nil }
        image.pixels.withUnsafeBytes { buffer.pixels.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        return (CursorImage(buffer: buffer.proxy, width: bufferSize.width, height: bufferSize.height,
                            hotspotX: Int32(image.hotspotX), hotspotY: Int32(image.hotspotY)), buffer)
    }

    /// The first image of the first of `names` libwayland-cursor's theme has.
    private static func image(named names: [String], in theme: OpaquePointer) -> CursorImage? {
        for name in names {
            guard let cursor = wl_cursor_theme_get_cursor(theme, name),
                  cursor.pointee.image_count > 0,
                  let image = cursor.pointee.images[0],
                  let buffer = wl_cursor_image_get_buffer(image) else { continue }
            return CursorImage(buffer: buffer, width: Int32(image.pointee.width), height: Int32(image.pointee.height),
                               hotspotX: Int32(image.pointee.hotspot_x), hotspotY: Int32(image.pointee.hotspot_y))
        }
        return nil
    }
}

/// Finds a cursor's file in an XCursor theme the way libXcursor and
/// libwayland-cursor do: in `THEME/cursors/NAME` under each folder of the
/// search path (`XCURSOR_PATH`, or the user's and the system's icon
/// folders), then in the themes the first `THEME/index.theme` found
/// inherits (`Inherits=`), depth first.
enum XCursorThemeFiles {
    /// Themes inheriting further than this are taken to loop.
    static let maximumDepth = 16

    /// The cursor at nominal `size` (buffer pixels) from `theme` or a
    /// theme it inherits, looked for in `folders`, trying `names` in order.
    static func image(names: [String], theme: String, size: Int, folders: [String] = searchPath()) -> XCursorImage? {
        for name in names {
            if let image = cursor(name, theme: theme, size: size, folders: folders, depth: 0) { return image }
        }
        return nil
    }

    private static func cursor(_ name: String, theme: String, size: Int, folders: [String],
                               depth: Int) -> XCursorImage? {
        guard depth < maximumDepth else { return nil }
        var inherits: [String]?
        for folder in folders {
            let themeFolder = folder + "/" + theme
            if let image = XCursorImage(contentsOf: themeFolder + "/cursors/" + name, nominalSize: size) {
                return image
            }
            if inherits == nil {
                inherits = inheritedThemes(themeFolder + "/index.theme")
            }
        }
        for parent in inherits ?? [] {
            if let image = cursor(name, theme: parent, size: size, folders: folders, depth: depth + 1) { return image }
        }
        return nil
    }

    /// `XCURSOR_PATH`, else `$XDG_DATA_HOME/icons` (`~/.local/share/icons`)
    /// and the folders libXcursor has always searched; `~` is `$HOME`.
    static func searchPath() -> [String] {
        let home = environmentValue("HOME")
        let list: String
        if let path = environmentValue("XCURSOR_PATH") {
            list = path
        } else {
            let data = environmentValue("XDG_DATA_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "~/.local/share"
            list = data + "/icons:~/.icons:/usr/share/icons:/usr/share/pixmaps:~/.cursors"
                + ":/usr/share/cursors/xorg-x11:/usr/X11R6/lib/X11/icons"
        }
        return list.split(separator: ":").compactMap { entry in
            guard entry.hasPrefix("~") else { return String(entry) }
            return home.map { $0 + entry.dropFirst() }
        }
    }

    /// The themes an `index.theme` file inherits, in order; nil when the
    /// file is missing or says nothing about it.
    private static func inheritedThemes(_ path: String) -> [String]? {
        guard let bytes = SmallFile.contents(of: path, limit: indexFileLimit) else { return nil }
        for text in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard text.hasPrefix("Inherits") else { continue }
            let rest = text.dropFirst("Inherits".count).drop { $0 == " " }
            guard rest.first == "=" else { continue }
            let separators: Set<Character> = [",", ";", " ", "\t", "\r"]
            return rest.dropFirst().split { separators.contains($0) }.map(String.init)
        }
        return nil
    }

    /// An `index.theme` is a few lines; anything larger is not one.
    static let indexFileLimit = 1 << 20
}

/// Loads cursor themes on demand and keeps the one for the current scale,
/// shared by every pointer.
final class CursorThemeSource {
    private let shm: OpaquePointer
    private let connection: WaylandConnection
    private var loaded: CursorTheme?
    /// Whether the "no cursor" line was logged: once per run is enough.
    private var reportedMissing = false

    init(shm: OpaquePointer, connection: WaylandConnection) {
        self.shm = shm
        self.connection = connection
    }

    /// The image for `shape` at buffer `scale` (the arrow where the theme
    /// lacks the shape), or nil (logged once) when the theme has no arrow
    /// either; the compositor then keeps whatever cursor it showed.
    func image(for shape: CursorShape, scale: Int) -> CursorImage? {
        if loaded?.scale != scale {
            loaded = CursorTheme(shm: shm, scale: scale, connection: connection)
        }
        if let image = loaded?.image(for: shape) { return image }
        if !reportedMissing {
            reportedMissing = true
            let theme = environmentValue("XCURSOR_THEME") ?? "default"
            logger.warning("no cursor theme with an arrow found (XCURSOR_THEME=\(theme)): keeping the compositor's cursor")
        }
        return nil
    }
}

private func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
