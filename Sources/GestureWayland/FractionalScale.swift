import CWaylandProtocols

/// A surface's `wp_fractional_scale_v1`: the scale (say 1.5) the compositor
/// would like the surface drawn at, which may be finer than any integer
/// `wl_output.scale`.
///
/// Only useful together with a `Viewport`: the buffer is drawn at this
/// scale with buffer scale 1, and the viewport maps it onto the window's
/// logical size.
final class FractionalScale {
    /// The protocol's fixed denominator: scales come as multiples of 1/120.
    static let denominator = 120.0

    private let connection: WaylandConnection
    private let proxy: OpaquePointer

    /// The preferred scale, nil until the compositor sends one (it does
    /// once it knows where the surface is).
    private(set) var preferredScale: Double?

    /// Called when `preferredScale` changed.
    var onChange: (() -> Void)?

    /// Asks `manager` for the fractional scale of `surface`.
    init(manager: OpaquePointer, surface: OpaquePointer, connection: WaylandConnection) {
        self.connection = connection
        proxy = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
        wp_fractional_scale_v1_add_listener(proxy, fractionalScaleListener.pointer, listenerUserData(self))
    }

    deinit {
        wp_fractional_scale_v1_destroy(proxy)
    }

    fileprivate func handlePreferredScale(_ numerator: UInt32) {
        // Zero would mean a buffer of no pixels; it is a compositor bug.
        guard numerator > 0 else { return }
        let scale = Double(numerator) / Self.denominator
        guard scale != preferredScale else { return }
        preferredScale = scale
        onChange?()
    }
}

private let fractionalScaleListener = ListenerTable(wp_fractional_scale_v1_listener(
    preferred_scale: { data, _, numerator in
        listenerOwner(data, as: FractionalScale.self).handlePreferredScale(numerator)
    }
))
