import CWaylandClient
import CWaylandCursor
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

/// An XCursor theme loaded with libwayland-cursor at one buffer scale: the
/// user's `XCURSOR_THEME` at `XCURSOR_SIZE` (default 24) logical pixels.
final class CursorTheme {
    /// The cursor size when `XCURSOR_SIZE` is unset or invalid, in logical
    /// pixels: the common desktop default.
    static let defaultSize: Int32 = 24
    /// The names tried for the arrow, newest convention first: "default"
    /// (CSS/freedesktop names) and "left_ptr" (X11 core names, and the one
    /// libwayland-cursor's built-in fallback has).
    static let arrowNames = ["default", "left_ptr"]

    /// The buffer scale the images were loaded for.
    let scale: Int
    private let theme: OpaquePointer
    private let connection: WaylandConnection

    /// Loads the theme at `scale`; nil when libwayland-cursor cannot (no
    /// memory or shm pool).
    init?(shm: OpaquePointer, scale: Int, connection: WaylandConnection) {
        let name = environmentValue("XCURSOR_THEME").flatMap { $0.isEmpty ? nil : $0 }
        let size = environmentValue("XCURSOR_SIZE").flatMap { Int32($0) }.flatMap { $0 > 0 && $0 <= 256 ? $0 : nil }
            ?? Self.defaultSize
        // A missing theme is not an error to libwayland-cursor: it loads the
        // "default" theme's inheritance chain and, if that is empty too, a
        // few built-in cursors. Nil here means it could not allocate.
        guard let theme = wl_cursor_theme_load(name, size * Int32(scale), shm) else { return nil }
        self.theme = theme
        self.scale = scale
        self.connection = connection
    }

    deinit {
        // Destroys the buffers too; a cursor surface still showing one keeps
        // its contents on the compositor side.
        wl_cursor_theme_destroy(theme)
    }

    /// The first image of the first of `names` the theme has.
    func image(named names: [String]) -> CursorImage? {
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

    /// The arrow at buffer `scale`, or nil (logged once) when the theme has
    /// none; the compositor then keeps whatever cursor it showed.
    func arrow(scale: Int) -> CursorImage? {
        if loaded?.scale != scale {
            loaded = CursorTheme(shm: shm, scale: scale, connection: connection)
        }
        if let image = loaded?.image(named: CursorTheme.arrowNames) { return image }
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
