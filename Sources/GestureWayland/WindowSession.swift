import GestureKit
import GestureRender
import Logging

/// Everything that exists while `WaylandApplication.run(window:)` shows a
/// window, wired together: the toplevel and its decoration, the presenter
/// and the scale it draws at, the outputs the window is on, input delivery,
/// the app's platform requests and the scheduler's timer. Dropping the
/// session takes the window off screen.
final class WindowSession {
    private let window: Window
    private let toplevel: Toplevel
    private let presenter: Presenter
    private let registry: Registry
    private let timer: DeadlineTimer
    private let surfaceOutputs: SurfaceOutputs
    /// The compositor's preferred fractional scale; nil where fractional
    /// scaling is not offered (integer output scales are used instead).
    private var fractionalScale: FractionalScale?
    /// Nil without `zxdg_decoration_manager_v1`: the window decorates itself.
    private var decoration: ToplevelDecoration?
    /// `wl_surface.set_buffer_scale` needs `wl_compositor` v3.
    private let supportsBufferScale: Bool
    private let inputStamp = LatestInputStamp()
    /// The toplevel state last configured, nil before the first configure.
    private var toplevelState: ToplevelState?
    /// The environment's description last noted, to note only changes.
    private var notedEnvironment = ""
    /// The density given by the user, overriding the outputs' (`--dpi`).
    private let configuredDensity: OutputDensity?
    private var isClosed = false

    init(window: Window, title: String, appID: String, defaultSize: PixelSize, renderer: Renderer,
         registry: Registry, timer: DeadlineTimer, connection: WaylandConnection,
         density: OutputDensity? = nil) throws(WaylandError) {
        configuredDensity = density
        let globals = try registry.required()
        let display = registry.display
        self.window = window
        self.timer = timer
        self.registry = registry
        // Labels fit their text with the fonts it will be drawn in.
        window.textMeasurer = renderer.textMeasurer
        supportsBufferScale = globals.compositor.version >= 3
        toplevel = Toplevel(compositor: globals.compositor.proxy, wmBase: globals.wmBase, title: title,
                            appID: appID, defaultSize: defaultSize, connection: connection)
        surfaceOutputs = SurfaceOutputs(surface: toplevel.surface, registry: registry)

        // Everything attached to the surface or toplevel now, before the
        // first commit, so the first configure already accounts for it.
        var viewport: Viewport?
        if let viewporter = display.viewporter, let manager = display.fractionalScaleManager {
            viewport = Viewport(viewporter: viewporter, surface: toplevel.surface, connection: connection)
            fractionalScale = FractionalScale(manager: manager, surface: toplevel.surface, connection: connection)
        }
        if let manager = display.decorationManager {
            decoration = ToplevelDecoration(manager: manager, toplevel: toplevel.xdgToplevel, connection: connection)
        }
        presenter = Presenter(surface: toplevel.surface, surfaceVersion: globals.compositor.version,
                              pool: BufferPool(shm: globals.shm.proxy, scheduler: window.scheduler,
                                                          connection: connection),
                              viewport: viewport, presentation: display.presentation,
                              window: window, renderer: renderer, connection: connection)

        toplevel.delegate = self
        surfaceOutputs.onChange = { [weak self] in self?.displayDidChange() }
        fractionalScale?.onChange = { [weak self] in self?.displayDidChange() }
        decoration?.onChange = { [weak self] in self?.displayDidChange() }
        display.onOutputsChange = { [weak self] in
            self?.surfaceOutputs.pruneRemovedOutputs()
            self?.displayDidChange()
        }
        registry.inputTarget.attach(window: window, surface: toplevel.surface, compositor: globals.compositor.proxy,
                                    compositorVersion: globals.compositor.version, shm: globals.shm.proxy,
                                    connection: connection)
        window.addObserver(inputStamp)
        window.platformRequestHandler = { [weak self] request in self?.carryOut(request) }
        // Timers come and go several times while one batch of input is
        // handled (a recognizer's timer replaced, the presenter's wait): the
        // timer is armed once, before the loop sleeps, not for each change.
        window.scheduler.onScheduleChange = { [weak self] in self?.timerIsStale = true }
        // The scale and environment known so far (all outputs), so that
        // even the first frame is drawn at the right scale.
        displayDidChange()
        toplevel.map()
        armTimer()
        // window.onNeedsDisplay stays unused: the presenter checks
        // needsDisplay before every sleep, and all toolkit code runs inside
        // the loop, so no change can slip past that check.
    }

    deinit {
        // Every began touch must end, even when the window goes first.
        registry.cancelInput()
        // The window and the registry outlive the session; leave nothing
        // pointing back here.
        window.scheduler.onScheduleChange = nil
        window.platformRequestHandler = nil
        window.removeObserver(inputStamp)
        registry.inputTarget.detach()
        registry.display.onOutputsChange = nil
        timer.arm(at: nil)
        // The protocol requires the decoration to go before its toplevel.
        decoration = nil
        fractionalScale = nil
    }

    /// Set when the scheduler's next deadline may have moved since the
    /// timer was last armed.
    private var timerIsStale = false

    private func armTimer() {
        timerIsStale = false
        timer.arm(at: window.scheduler.nextDeadline)
    }

    // MARK: Scale and environment

    /// Recomputes the scale and the display environment after anything
    /// they depend on changed: outputs entered or left, an output's
    /// properties, the preferred fractional scale, the decoration mode, the
    /// toplevel's state.
    private func displayDidChange() {
        let scale = currentScale()
        presenter.setScale(scale)

        var environment = window.environment
        environment.scale = scale.factor
        environment.density = configuredDensity ?? Self.density(of: surfaceOutputs.primary?.properties, scale: scale)
        if let output = surfaceOutputs.primary?.properties {
            environment.outputName = output.displayName
            environment.outputSize = output.modeSize?.logical
            environment.outputRefresh = output.refreshMillihertz.map { Double($0) / 1000 }
            // The window derives the orientation from it and its aspect.
            environment.outputTransform = output.transform
        }
        environment.serverSideDecorations = decoration?.isServerSide ?? false
        // A window on a desktop that draws no decorations draws its own,
        // from the compositor's first configure, which settles the mode:
        // before it nothing shows, and the page keeps the whole window.
        environment.clientSideDecorations = toplevelState != nil && !environment.serverSideDecorations
        environment.windowState = toplevelState.map(Self.windowState(for:)) ?? []
        let description = Self.describe(environment)
        if description != notedEnvironment {
            notedEnvironment = description
            logger.info("display: \(description)")
        }
        window.updateEnvironment(environment)
        // The minimum depends on the decorations just settled; before the
        // first configure, on those the window will likely draw, so that
        // the compositor's first size leaves room for them.
        let drawsTitleBar = toplevelState == nil ? !environment.serverSideDecorations : window.showsClientSideDecorations
        toplevel.setMinimumSize(PixelSize(rounding: window.minimumSize(drawingTitleBar: drawsTitleBar)))
    }

    /// The logical pixels per millimetre of `output`, drawn at `scale`: the
    /// compositor's fractional scale where it offers one (it is the
    /// output's), else the output's own integer scale. Nothing usable gives
    /// the default density with the reason (an output reporting 0 mm or a
    /// made-up size), which `describe` says, so a fallback is never silent.
    private static func density(of output: Output.Properties?, scale: SurfaceScale) -> OutputDensity {
        guard let output else { return .default }
        let logicalToHardware: Double
        if case .fractional(let factor) = scale {
            logicalToHardware = factor
        } else {
            logicalToHardware = Double(output.scale)
        }
        return OutputDensity.measure(widthMillimetres: output.physicalWidth, heightMillimetres: output.physicalHeight,
                                     modeWidth: output.modeSize?.width, modeHeight: output.modeSize?.height,
                                     scale: logicalToHardware)
    }

    private static func windowState(for state: ToplevelState) -> WindowState {
        var windowState: WindowState = []
        if state.contains(.fullscreen) { windowState.insert(.fullscreen) }
        if state.contains(.maximized) { windowState.insert(.maximized) }
        if state.contains(.activated) { windowState.insert(.activated) }
        if state.contains(.resizing) { windowState.insert(.resizing) }
        if !state.isDisjoint(with: [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom]) { windowState.insert(.tiled) }
        return windowState
    }

    /// One line saying where and how the window is shown, e.g. `scale 2,
    /// output "DP-1" 3840x2160 at 60 Hz, transform 90, orientation
    /// landscapeRight, client-side decorations; density: 6.01 px/mm (153
    /// dpi), measured from 133x100 mm` (the density converts the gesture
    /// thresholds given in millimetres).
    private static func describe(_ environment: DisplayEnvironment) -> String {
        var parts = ["scale \(formatted(environment.scale))"]
        var output = "output \"\(environment.outputName)\""
        if let size = environment.outputSize {
            output += " \(formatted(size.width))x\(formatted(size.height))"
        }
        if let refresh = environment.outputRefresh {
            output += " at \(formatted(refresh)) Hz"
        }
        parts.append(output)
        parts.append("transform \(environment.outputTransform.degrees)\(environment.outputTransform.isFlipped ? " flipped" : "")")
        parts.append("orientation \(environment.orientation.rawValue)")
        parts.append(environment.serverSideDecorations ? "server-side decorations" : "client-side decorations")
        return parts.joined(separator: ", ") + "; density: \(environment.density)"
    }

    /// A number without a needless ".0", e.g. 2, 1.5, 59.951.
    private static func formatted(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private func currentScale() -> SurfaceScale {
        if let fractionalScale {
            // Until the compositor says, the outputs' integer scale is the
            // best guess, drawn the fractional way to avoid a switch later.
            return .fractional(fractionalScale.preferredScale ?? Double(surfaceOutputs.integerScale))
        }
        return .integer(supportsBufferScale ? surfaceOutputs.integerScale : 1)
    }

    // MARK: Platform requests

    private func carryOut(_ request: PlatformRequest) {
        switch request {
        case .close:
            isClosed = true
        case let .setFullscreen(fullscreen):
            toplevel.setFullscreen(fullscreen)
        case let .setMaximized(maximized):
            toplevel.setMaximized(maximized)
        case .minimize:
            toplevel.minimize()
        case .beginMove:
            // Without a recent press there is nothing the compositor would
            // accept a grab for.
            guard let grab = registry.inputTarget.lastGrabSerial else { return }
            toplevel.beginMove(seat: grab.seat, serial: grab.serial)
            endInputTakenByGrab()
        case let .beginResize(edges):
            guard let grab = registry.inputTarget.lastGrabSerial else { return }
            toplevel.beginResize(seat: grab.seat, serial: grab.serial, edges: edges)
            endInputTakenByGrab()
        }
    }

    /// The compositor's move or resize grab keeps the press that started it,
    /// release included, so the touch the toolkit made of that press would
    /// never end: cancel it, as UIKit does when the system takes a touch.
    private func endInputTakenByGrab() {
        window.input.cancelAll()
    }
}

extension WindowSession {
    /// A script's `size` resizes the toolkit's window. A floating window
    /// takes that size on screen too, as the compositor leaves a floating
    /// window's size to it; a fullscreen, maximized or tiled one keeps the
    /// compositor's size, and the presenter paints the rest of its surface
    /// grey.
    private func followWindowSize() {
        let wanted = PixelSize(rounding: window.bounds.size)
        guard wanted != toplevel.size, wanted.logical == window.bounds.size,
              toplevel.adoptFloatingSize(wanted) else { return }
        presenter.configure(size: wanted)
    }
}

extension WindowSession: ToplevelDelegate {
    func toplevel(_ toplevel: Toplevel, didConfigure size: PixelSize, state: ToplevelState) {
        // The state first: whether the window draws its own title bar
        // (not when fullscreen) decides its content's size, which the
        // window's observers (a recording's header) read as it resizes.
        if state != toplevelState {
            toplevelState = state
            logger.info("window state: \(state)")
            displayDidChange()
        }
        presenter.configure(size: size)
    }

    func toplevelDidRequestClose(_ toplevel: Toplevel) {
        isClosed = true
    }
}

extension WindowSession: EventLoopDelegate {
    var keepsRunning: Bool { !isClosed }

    func eventLoopDidRead(held: Bool) {
        inputStamp.deliveriesArePrompt = !held
    }

    func eventLoopDidDispatch() {
        // Some compositors (weston 10) send no wl_touch.frame after the last
        // touch-up; the end of a batch is the latest point to deliver it.
        window.input.endOfInputBatch()
    }

    func eventLoopTimerDidFire() {
        window.scheduler.fireDueTimers()
        // The fired timer is acknowledged: whatever comes next is armed
        // before the loop sleeps again.
        timerIsStale = true
    }

    /// A desktop logging out, Ctrl+C or a closed terminal: the window
    /// closes as if the app had asked (Ctrl+Q), so the run ends normally.
    func eventLoopDidReceiveTerminationSignal(_ signal: Int32) {
        logger.info("\(TerminationSignals.name(of: signal)): closing the window")
        window.request(.close)
    }

    var compositorEventsMayWaitUntil: Double? { presenter.eventsMayWaitUntil(input: inputStamp) }

    func eventLoopWillSleep() throws(WaylandError) {
        followWindowSize()
        try presenter.presentIfNeeded(input: inputStamp)
        // Drawn, or nothing left to draw (the input changed nothing): either
        // way no later frame shows that input. A frame still waiting for
        // the compositor keeps the stamp.
        if !window.needsDisplay {
            inputStamp.reset()
        }
        if timerIsStale { armTimer() }
    }
}
