import CWaylandClient

/// The cursor one `wl_pointer` shows over the window: a surface with the
/// cursor role holding a theme's arrow at the window's scale.
///
/// The compositor only accepts `wl_pointer.set_cursor` with the serial of
/// the latest `enter`, and shows the image until the pointer leaves; so it
/// is set on every enter and again when the scale changes meanwhile.
final class PointerCursor {
    private let connection: WaylandConnection
    private let surface: OpaquePointer
    private let surfaceVersion: UInt32
    /// The buffer currently attached, to skip a commit that changes nothing.
    private var shown: (buffer: OpaquePointer, scale: Int)?

    /// Creates the cursor surface on `compositor` (a `wl_compositor` of
    /// `version`).
    init(compositor: OpaquePointer, version: UInt32, connection: WaylandConnection) {
        self.connection = connection
        surface = wl_compositor_create_surface(compositor)
        surfaceVersion = version
    }

    deinit {
        wl_surface_destroy(surface)
    }

    /// Makes `pointer` show `image` (loaded for buffer `scale`) from the
    /// `enter` numbered `serial` on.
    func show(_ image: CursorImage, scale: Int, on pointer: OpaquePointer, serial: UInt32) {
        // Buffer scale needs wl_surface v3, and a buffer whose size is not a
        // multiple of its scale is a protocol error on some compositors:
        // such an image is shown at scale 1 (too big) rather than not at all.
        var bufferScale = Int32(scale)
        if surfaceVersion < UInt32(WL_SURFACE_SET_BUFFER_SCALE_SINCE_VERSION)
            || image.width % bufferScale != 0 || image.height % bufferScale != 0 {
            bufferScale = 1
        }
        if shown?.buffer != image.buffer || shown?.scale != Int(bufferScale) {
            wl_surface_attach(surface, image.buffer, 0, 0)
            if surfaceVersion >= UInt32(WL_SURFACE_SET_BUFFER_SCALE_SINCE_VERSION) {
                wl_surface_set_buffer_scale(surface, bufferScale)
            }
            if surfaceVersion >= UInt32(WL_SURFACE_DAMAGE_BUFFER_SINCE_VERSION) {
                wl_surface_damage_buffer(surface, 0, 0, image.width, image.height)
            } else {
                wl_surface_damage(surface, 0, 0, image.width, image.height)
            }
            wl_surface_commit(surface)
            shown = (image.buffer, Int(bufferScale))
        }
        // The hotspot is in surface (logical) coordinates.
        wl_pointer_set_cursor(pointer, serial, surface, image.hotspotX / bufferScale, image.hotspotY / bufferScale)
    }

    /// Forgets the attached buffer: its theme is being destroyed, and the
    /// next theme may hand out a new buffer at the same address.
    func themeWillChange() {
        shown = nil
    }
}
