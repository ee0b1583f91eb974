import GestureKit
import GestureRender

/// Shows a toolkit `Window` on a Wayland desktop as an xdg-shell toplevel,
/// feeds it touch and pointer input, runs its timers and draws it.
///
/// Single-threaded by design: create the application and call
/// `run(window:)` on one thread; every toolkit callback (input, timers,
/// drawing) then happens on that thread, inside `run`.
///
/// ```swift
/// let clock = MonotonicTimeSource()
/// let window = ... // a GestureKit Window whose Scheduler uses `clock`
/// do {
///     let app = try WaylandApplication(title: "Gesture Demo", appID: "org.gesturedemo.GestureDemo")
///     try app.run(window: window)
/// } catch {
///     print(error) // one line
///     exit(1)
/// }
/// ```
public final class WaylandApplication {
    /// The window size when neither the compositor nor the caller picks
    /// one, in logical pixels.
    public static let defaultSize = Size(width: 800, height: 600)

    private let title: String
    private let appID: String
    private let initialSize: PixelSize
    private let renderer = Renderer()
    private let connection: WaylandConnection
    private let registry: Registry
    private var isRunning = false

    /// Logical pixels per millimetre to judge gestures by instead of what
    /// the outputs report (`--dpi`); nil to measure the output the window
    /// is on.
    public var density: OutputDensity?

    /// How long the compositor has to answer the first requests before the
    /// app gives up (seconds): one that is up answers in milliseconds.
    static let answerTimeout = 10

    /// Connects to the compositor and binds its globals.
    ///
    /// - Parameters:
    ///   - title: The window title.
    ///   - appID: The reverse-DNS application id the desktop uses to match
    ///     the window with its .desktop file, e.g. "org.example.App".
    ///   - preferredSize: The size to open at when the compositor lets the
    ///     application choose; `defaultSize` when nil.
    /// - Throws: `WaylandError.cannotConnect` when no compositor is
    ///   reachable, `.missingGlobal` when it lacks something required.
    public init(title: String, appID: String, preferredSize: Size? = nil) throws(WaylandError) {
        self.title = title
        self.appID = appID
        initialSize = PixelSize(rounding: preferredSize ?? Self.defaultSize)
        LibwaylandLog.install()
        connection = try WaylandConnection()
        registry = Registry(connection: connection)
        // The first roundtrip announces the globals; the second delivers the
        // initial state of those just bound (seat capabilities, output scale).
        try connection.awaitFirstAnswer(within: Self.answerTimeout)
        try connection.roundtrip()
        try connection.roundtrip()
        _ = try registry.required()
        registry.reportMissingOptionalGlobals()
    }

    /// Shows `window` until it is closed, then takes it off screen: by the
    /// user (the compositor's close), the app (`PlatformRequest.close`), or
    /// a termination signal (SIGTERM, SIGINT, SIGHUP), which closes it the
    /// same way, so `run` returns normally and the caller can finish its
    /// work. While it runs those signals are blocked in the calling thread
    /// and read by the event loop; the signal mask is restored on return.
    ///
    /// The window's `Scheduler` must run on `MonotonicTimeSource` time: its
    /// deadlines are armed as `CLOCK_MONOTONIC` timers.
    ///
    /// - Throws: a `WaylandError` when the connection fails (compositor gone,
    ///   protocol error) or a buffer cannot be allocated; its description
    ///   is one line naming the cause.
    public func run(window: Window) throws(WaylandError) {
        precondition(!isRunning, "WaylandApplication.run(window:) is not reentrant")
        isRunning = true
        defer { isRunning = false }

        let loop = try EventLoop(connection: connection)
        do {
            let session = try WindowSession(window: window, title: title, appID: appID,
                                            defaultSize: initialSize, renderer: renderer,
                                            registry: registry, timer: loop.timer, connection: connection,
                                            density: density)
            defer {
                logger.info("\(window.frameStatistics.summary)")
                logger.info("\(loop.counts)")
            }
            try loop.run(delegate: session)
        }
        // The session is gone: send its destroy requests so the window
        // disappears now. Failure here changes nothing.
        _ = try? connection.flush()
    }
}
