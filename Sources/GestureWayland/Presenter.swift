import CWaylandClient
import GestureKit
import GestureRender

/// Puts the window's pixels on screen: at most one frame per display
/// refresh, only when something changed, repainting only the damage.
///
/// The event loop calls `presentIfNeeded()` once per wake-up, after all
/// events and timers have run and before it sleeps. If the previous frame's
/// callback has not arrived yet the new frame waits for it (so a burst of
/// touch events costs one draw per refresh); otherwise it is drawn and
/// committed at once (so input reaches the screen with no added latency).
/// An idle window commits nothing and requests no callbacks.
final class Presenter {
    private enum Phase {
        /// No configure acknowledged yet: attaching a buffer is forbidden.
        case unconfigured
        /// A frame may be drawn now.
        case ready
        /// A frame was committed; the next one waits for this callback.
        case awaitingFrame(OpaquePointer)
    }

    private let connection: WaylandConnection
    private let surface: OpaquePointer
    /// The `wl_compositor` version, which the surface shares.
    private let surfaceVersion: UInt32
    private let pool: BufferPool
    private let window: Window
    private let renderer: Renderer

    private var phase = Phase.unconfigured
    private var size = PixelSize(width: 0, height: 0)
    /// Set by a resize: the whole window must be drawn whatever the toolkit
    /// reports as damaged.
    private var needsFullRedraw = false
    /// Set by a configure: its acknowledgement only takes effect on commit,
    /// so one must follow even when nothing needs drawing.
    private var needsCommit = false

    init(surface: OpaquePointer, surfaceVersion: UInt32, pool: BufferPool,
         window: Window, renderer: Renderer, connection: WaylandConnection) {
        self.connection = connection
        self.surface = surface
        self.surfaceVersion = surfaceVersion
        self.pool = pool
        self.window = window
        self.renderer = renderer
    }

    deinit {
        if case let .awaitingFrame(callback) = phase {
            wl_callback_destroy(callback)
        }
    }

    /// Adopts the size the compositor settled on.
    func configure(size newSize: PixelSize) {
        if newSize != size {
            size = newSize
            pool.resize(to: newSize)
            window.resize(to: newSize.logical)
            needsFullRedraw = true
        }
        needsCommit = true
        if case .unconfigured = phase {
            phase = .ready
        }
    }

    /// Draws and commits a frame if one is due and allowed now.
    func presentIfNeeded() throws(WaylandError) {
        guard case .ready = phase else { return }
        guard needsFullRedraw || window.needsDisplay else {
            commitIfNeeded()
            return
        }
        guard let buffer = try pool.acquire() else { return }

        let bounds = size.bounds
        let toolkitDamage = window.takeDamage()
        let damage = needsFullRedraw ? bounds : toolkitDamage.map { $0.integral().intersection(bounds) }
        needsFullRedraw = false
        guard let damage, !damage.isEmpty else {
            commitIfNeeded()
            return
        }

        // The buffer may be frames behind: repaint what it missed as well.
        let clip = buffer.staleRegion?.union(damage) ?? damage
        // TODO: HiDPI: a buffer scale from the outputs the surface is on.
        renderer.render(window, into: buffer.pixels,
                        width: Int(buffer.size.width), height: Int(buffer.size.height),
                        stride: buffer.stride, scale: 1,
                        clip: clip == bounds ? nil : clip)
        pool.didPresent(buffer, damage: damage)

        wl_surface_attach(surface, buffer.proxy, 0, 0)
        addDamage(damage)
        let callback: OpaquePointer = wl_surface_frame(surface)
        wl_callback_add_listener(callback, frameListener.pointer, listenerUserData(self))
        wl_surface_commit(surface)
        needsCommit = false
        phase = .awaitingFrame(callback)
    }

    private func commitIfNeeded() {
        guard needsCommit else { return }
        needsCommit = false
        wl_surface_commit(surface)
    }

    private func addDamage(_ rect: Rect) {
        let x = Int32(rect.minX), y = Int32(rect.minY)
        let width = Int32(rect.width), height = Int32(rect.height)
        if surfaceVersion >= UInt32(WL_SURFACE_DAMAGE_BUFFER_SINCE_VERSION) {
            wl_surface_damage_buffer(surface, x, y, width, height)
        } else {
            // Surface coordinates; the same as buffer ones at scale 1.
            wl_surface_damage(surface, x, y, width, height)
        }
    }

    fileprivate func handleFrameDone(_ callback: OpaquePointer?) {
        guard case let .awaitingFrame(pending) = phase, pending == callback else {
            preconditionFailure("frame callback done in phase \(phase)")
        }
        wl_callback_destroy(pending)
        phase = .ready
    }
}

private let frameListener = ListenerTable(wl_callback_listener(
    done: { data, callback, _ in
        listenerOwner(data, as: Presenter.self).handleFrameDone(callback)
    }
))
