import CWaylandClient

/// A `wl_output` (a monitor). Only its scale is kept for now: the basis for
/// HiDPI buffers once the window tracks which outputs it is on.
final class Output {
    private let connection: WaylandConnection
    private let proxy: OpaquePointer
    private let version: UInt32

    /// Integer scale factor the compositor recommends for this output.
    private(set) var scale: Int32 = 1

    /// The scale last announced; it takes effect on `done` (v2+), which
    /// closes an atomic group of output property changes.
    private var pendingScale: Int32 = 1

    /// Adopts a bound `wl_output` proxy of `version`.
    init(proxy: OpaquePointer, version: UInt32, connection: WaylandConnection) {
        self.connection = connection
        self.proxy = proxy
        self.version = version
        wl_output_add_listener(proxy, outputListener.pointer, listenerUserData(self))
    }

    deinit {
        if version >= UInt32(WL_OUTPUT_RELEASE_SINCE_VERSION) {
            wl_output_release(proxy)
        } else {
            wl_output_destroy(proxy)
        }
    }

    fileprivate func handleScale(_ factor: Int32) {
        pendingScale = max(1, factor)
        // Version 1 has no done event to wait for.
        if version < UInt32(WL_OUTPUT_DONE_SINCE_VERSION) {
            scale = pendingScale
        }
    }

    fileprivate func handleDone() {
        scale = pendingScale
    }
}

private let outputListener = ListenerTable(wl_output_listener(
    // Geometry, mode, name and description matter to output-aware layout
    // and diagnostics, neither of which exists yet.
    geometry: { _, _, _, _, _, _, _, _, _, _ in },
    mode: { _, _, _, _, _, _ in },
    done: { data, _ in
        listenerOwner(data, as: Output.self).handleDone()
    },
    scale: { data, _, factor in
        listenerOwner(data, as: Output.self).handleScale(factor)
    },
    name: { _, _, _ in },
    description: { _, _, _ in }
))
