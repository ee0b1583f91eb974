import CWaylandProtocols
import Logging

/// The optional globals the display side uses, bound by `Registry`: each
/// makes the window better where the compositor offers it, and the window
/// still works without it.
final class DisplayGlobals {
    private let connection: WaylandConnection

    /// `wp_viewporter`: lets a buffer of any size fill the window, which
    /// fractional scaling needs.
    var viewporter: OpaquePointer? {
        didSet { if let oldValue, oldValue != viewporter { wp_viewporter_destroy(oldValue) } }
    }
    /// `wp_fractional_scale_manager_v1`: tells the scale (say 1.5) the
    /// compositor would like the window drawn at.
    var fractionalScaleManager: OpaquePointer? {
        didSet {
            if let oldValue, oldValue != fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(oldValue) }
        }
    }
    /// `wp_presentation`: when each frame reached the screen.
    var presentation: Presentation?
    /// `zxdg_decoration_manager_v1`: lets the compositor draw the title bar.
    var decorationManager: OpaquePointer? {
        didSet { if let oldValue, oldValue != decorationManager { zxdg_decoration_manager_v1_destroy(oldValue) } }
    }

    /// Called when an output changed or went away; the window may need a
    /// new scale or environment.
    var onOutputsChange: (() -> Void)?

    /// Holds the connection so that the proxies go before it does.
    init(connection: WaylandConnection) {
        self.connection = connection
    }

    deinit {
        presentation = nil
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
    }

    /// Whether fractional scaling is possible: it takes both globals, as
    /// the buffer no longer matches the window's size.
    var supportsFractionalScale: Bool {
        viewporter != nil && fractionalScaleManager != nil
    }

    /// Notes, one line each, which of these globals are missing and what
    /// the window does instead.
    func reportMissing() {
        if fractionalScaleManager == nil {
            logger.info("no wp_fractional_scale_manager_v1: drawing at the outputs' integer scale")
        } else if viewporter == nil {
            logger.info("no wp_viewporter: drawing at the outputs' integer scale")
        }
        if presentation == nil {
            logger.info("no wp_presentation: input-to-present latency unknown")
        }
        if decorationManager == nil {
            logger.info("no zxdg_decoration_manager_v1: the window draws its own title bar")
        }
    }

    /// Forwards an output change to whoever shows a window.
    func outputsDidChange() {
        onOutputsChange?()
    }
}
