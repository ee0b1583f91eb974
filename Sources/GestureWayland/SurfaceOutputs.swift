import CWaylandClient

/// Which outputs a surface is shown on, from `wl_surface.enter` and
/// `leave`: where its integer scale and its orientation come from.
///
/// The outputs are kept as proxies and resolved against the registry on
/// every read, so an output whose global went away drops out by itself.
final class SurfaceOutputs {
    private let registry: Registry
    /// Entered outputs, oldest first.
    private var entered: [OpaquePointer] = []

    /// Called when the surface entered or left an output.
    var onChange: (() -> Void)?

    /// Starts listening on `surface`, which must have no listener yet (a
    /// `wl_surface` takes one) and must outlive this object.
    init(surface: OpaquePointer, registry: Registry) {
        self.registry = registry
        wl_surface_add_listener(surface, surfaceListener.pointer, listenerUserData(self))
    }

    /// The outputs the surface is on, the most recently entered last.
    var outputs: [Output] {
        entered.compactMap(output(for:))
    }

    /// The output the window counts as being on, for its orientation and
    /// output metrics: the one it entered last (where it was moved to),
    /// else, before it is shown, the only or first output there is.
    var primary: Output? {
        outputs.last ?? registry.outputs.sorted { $0.key < $1.key }.first?.value
    }

    /// The integer scale to draw at: the largest of the outputs the surface
    /// is on, so that it is crisp on each (the compositor scales down on
    /// the others). Before the first `enter`, the largest of all outputs:
    /// a first frame too sharp costs less than one drawn blurry and redrawn.
    var integerScale: Int32 {
        let candidates = outputs.isEmpty ? Array(registry.outputs.values) : outputs
        return candidates.map(\.properties.scale).max() ?? 1
    }

    /// Forgets outputs whose global went away: a new output may later get
    /// the same proxy address.
    func pruneRemovedOutputs() {
        entered.removeAll { output(for: $0) == nil }
    }

    private func output(for proxy: OpaquePointer) -> Output? {
        registry.outputs.values.first { $0.proxy == proxy }
    }

    fileprivate func handleEnter(_ output: OpaquePointer?) {
        // Nil when the output's proxy was already destroyed on our side.
        guard let output, !entered.contains(output) else { return }
        entered.append(output)
        onChange?()
    }

    fileprivate func handleLeave(_ output: OpaquePointer?) {
        guard let output, let index = entered.firstIndex(of: output) else { return }
        entered.remove(at: index)
        onChange?()
    }
}

private let surfaceListener = ListenerTable(wl_surface_listener(
    enter: { data, _, output in
        listenerOwner(data, as: SurfaceOutputs.self).handleEnter(output)
    },
    leave: { data, _, output in
        listenerOwner(data, as: SurfaceOutputs.self).handleLeave(output)
    }
))
