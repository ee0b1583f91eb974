import GestureKit

/// Where every seat delivers its input: the toolkit's router for the window
/// being shown, and the surface whose events count as that window's.
///
/// Shared by all seats, so that their timestamps go through one
/// `EventClock`. Before a window is shown (`router` nil) input is dropped.
final class InputTarget {
    /// The toolkit's input entry point, nil while no window is shown.
    var router: InputRouter?
    /// The window's `wl_surface`; focus and touch-down events for any other
    /// surface are ignored.
    var surface: OpaquePointer?

    private var clock = EventClock()

    /// The router, if `surface` is the window's surface.
    func router(for surface: OpaquePointer?) -> InputRouter? {
        guard surface != nil, surface == self.surface else { return nil }
        return router
    }

    /// Seconds for a protocol event timestamp.
    func seconds(fromMilliseconds milliseconds: UInt32) -> Double {
        clock.seconds(fromMilliseconds: milliseconds)
    }
}
