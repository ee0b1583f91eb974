import CWaylandClient
import GestureKit

/// A `wl_output` (a monitor, or a tablet's panel): what a window on it
/// needs to know to draw crisply and to follow the panel's rotation.
///
/// The compositor announces changes as a group closed by `done` (v2+), so
/// `properties` only ever holds a consistent set: a rotation never shows up
/// with the previous mode, say.
final class Output {
    /// What the compositor told about the output, as of its latest `done`.
    struct Properties: Equatable {
        /// Integer scale factor the compositor recommends for buffers shown
        /// on this output (at least 1).
        var scale: Int32 = 1
        /// How the compositor rotates or flips content for this output.
        var transform = OutputTransform.normal
        /// The current mode in hardware pixels (the panel's own, before the
        /// transform); nil until announced.
        var modeSize: PixelSize?
        /// Refresh rate of the current mode in mHz; nil when unknown (0).
        var refreshMillihertz: Int32?
        /// `wl_output.name` (v4), e.g. "DP-1"; stable across sessions.
        var name: String?
        /// `wl_output.description` (v4), for people.
        var description: String?
        /// Manufacturer and model from `geometry`, the only labels v1-v3 have.
        var make = ""
        var model = ""
        /// The physical size of the panel in millimetres from `geometry`, in
        /// its own orientation (before the transform); 0 when the compositor
        /// does not know it (projectors, virtual outputs).
        var physicalWidth: Int32 = 0
        var physicalHeight: Int32 = 0

        /// The best label there is: the connector name, else the
        /// description, else make and model.
        var displayName: String {
            if let name, !name.isEmpty { return name }
            if let description, !description.isEmpty { return description }
            return [make, model].filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    private let connection: WaylandConnection
    /// The bound `wl_output`, which `wl_surface.enter` and `leave` name.
    let proxy: OpaquePointer
    private let version: UInt32

    /// The latest complete set of properties.
    private(set) var properties = Properties()
    /// Changes announced since the last `done`.
    private var pending = Properties()

    /// Called after `properties` changed.
    var onChange: (() -> Void)?

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

    fileprivate func handleGeometry(make: String, model: String, physicalWidth: Int32, physicalHeight: Int32,
                                    transform: Int32) {
        pending.make = make
        pending.model = model
        pending.physicalWidth = physicalWidth
        pending.physicalHeight = physicalHeight
        pending.transform = OutputTransform(rawValue: Int(transform)) ?? .normal
        applyUnlessGrouped()
    }

    fileprivate func handleMode(flags: UInt32, width: Int32, height: Int32, refresh: Int32) {
        // Version 1 and 2 compositors may list every mode; only the current
        // one is where the window is shown.
        guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
        pending.modeSize = PixelSize(width: width, height: height)
        pending.refreshMillihertz = refresh > 0 ? refresh : nil
        applyUnlessGrouped()
    }

    fileprivate func handleScale(_ factor: Int32) {
        pending.scale = max(1, factor)
        applyUnlessGrouped()
    }

    fileprivate func handleName(_ name: String) {
        pending.name = name
    }

    fileprivate func handleDescription(_ description: String) {
        pending.description = description
    }

    fileprivate func handleDone() {
        apply()
    }

    /// Version 1 has no `done`: each event stands alone.
    private func applyUnlessGrouped() {
        if version < UInt32(WL_OUTPUT_DONE_SINCE_VERSION) {
            apply()
        }
    }

    private func apply() {
        guard pending != properties else { return }
        properties = pending
        onChange?()
    }
}

private func string(_ text: UnsafePointer<CChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
}

private let outputListener = ListenerTable(wl_output_listener(
    geometry: { data, _, _, _, physicalWidth, physicalHeight, _, make, model, transform in
        listenerOwner(data, as: Output.self)
            .handleGeometry(make: string(make), model: string(model), physicalWidth: physicalWidth,
                            physicalHeight: physicalHeight, transform: transform)
    },
    mode: { data, _, flags, width, height, refresh in
        listenerOwner(data, as: Output.self).handleMode(flags: flags, width: width, height: height, refresh: refresh)
    },
    done: { data, _ in
        listenerOwner(data, as: Output.self).handleDone()
    },
    scale: { data, _, factor in
        listenerOwner(data, as: Output.self).handleScale(factor)
    },
    name: { data, _, name in
        listenerOwner(data, as: Output.self).handleName(string(name))
    },
    description: { data, _, description in
        listenerOwner(data, as: Output.self).handleDescription(string(description))
    }
))
