import CWaylandProtocols

/// A surface's `wp_viewport`: shows the whole buffer scaled to a given
/// size in surface coordinates, so that a buffer drawn at a fractional
/// scale still covers exactly the window's logical size.
///
/// Like every surface state, a destination takes effect on the next
/// commit, together with the buffer it was set for.
final class Viewport {
    private let connection: WaylandConnection
    private let proxy: OpaquePointer
    /// The destination last set, to send a request only on change.
    private var destination: PixelSize?

    /// Creates the viewport of `surface` (a surface can have one).
    init(viewporter: OpaquePointer, surface: OpaquePointer, connection: WaylandConnection) {
        self.connection = connection
        proxy = wp_viewporter_get_viewport(viewporter, surface)
    }

    deinit {
        wp_viewport_destroy(proxy)
    }

    /// Makes the next committed buffer fill `size` (surface coordinates).
    func setDestination(_ size: PixelSize) {
        guard size != destination, size.isDrawable else { return }
        destination = size
        wp_viewport_set_destination(proxy, size.width, size.height)
    }
}
