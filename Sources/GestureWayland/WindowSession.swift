import GestureKit
import GestureRender

/// Everything that exists while `WaylandApplication.run(window:)` shows a
/// window, wired together: the toplevel, its presenter, input delivery and
/// the scheduler's timer. Dropping the session takes the window off screen.
final class WindowSession {
    private let window: Window
    private let toplevel: Toplevel
    private let presenter: Presenter
    private let registry: Registry
    private let timer: DeadlineTimer
    private var isClosed = false

    init(window: Window, title: String, appID: String, defaultSize: PixelSize, renderer: Renderer,
         registry: Registry, timer: DeadlineTimer, connection: WaylandConnection) throws(WaylandError) {
        let globals = try registry.required()
        self.window = window
        self.timer = timer
        self.registry = registry
        toplevel = Toplevel(compositor: globals.compositor.proxy, wmBase: globals.wmBase, title: title,
                            appID: appID, defaultSize: defaultSize, connection: connection)
        presenter = Presenter(surface: toplevel.surface, surfaceVersion: globals.compositor.version,
                              pool: BufferPool(shm: globals.shm.proxy, connection: connection),
                              window: window, renderer: renderer, connection: connection)

        toplevel.delegate = self
        registry.inputTarget.surface = toplevel.surface
        registry.inputTarget.router = window.input
        window.scheduler.onScheduleChange = { [weak self] in self?.armTimer() }
        armTimer()
        // window.onNeedsDisplay stays unused: the presenter checks
        // needsDisplay before every sleep, and all toolkit code runs inside
        // the loop, so no change can slip past that check.
    }

    deinit {
        // Every began touch must end, even when the window goes first.
        registry.cancelInput()
        // The window outlives the session; leave nothing pointing back here.
        window.scheduler.onScheduleChange = nil
        registry.inputTarget.router = nil
        registry.inputTarget.surface = nil
        timer.arm(at: nil)
    }

    private func armTimer() {
        timer.arm(at: window.scheduler.nextDeadline)
    }
}

extension WindowSession: ToplevelDelegate {
    func toplevel(_ toplevel: Toplevel, didConfigure size: PixelSize) {
        presenter.configure(size: size)
    }

    func toplevelDidRequestClose(_ toplevel: Toplevel) {
        isClosed = true
    }
}

extension WindowSession: EventLoopDelegate {
    var keepsRunning: Bool { !isClosed }

    func eventLoopDidDispatch() {
        // Some compositors (weston 10) send no wl_touch.frame after the last
        // touch-up; the end of a batch is the latest point to deliver it.
        window.input.endOfInputBatch()
    }

    func eventLoopTimerDidFire() {
        window.scheduler.fireDueTimers()
        armTimer()
    }

    func eventLoopWillSleep() throws(WaylandError) {
        try presenter.presentIfNeeded()
    }
}
