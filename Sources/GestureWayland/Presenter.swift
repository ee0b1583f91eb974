import CPosix
import CWaylandClient
import GestureKit
import GestureRender

/// Puts the window's pixels on screen: at most one frame per display
/// refresh, only when something changed, repainting only the damage, at
/// the scale of the outputs the window is on.
///
/// The event loop calls `presentIfNeeded(input:)` once per wake-up,
/// after all events and timers have run and before it sleeps. With no
/// frame in flight, a change is drawn and committed at once (so input
/// reaches the screen with no added latency). With one in flight, the next
/// frame waits until the compositor has presented it (or discarded it),
/// not merely until its frame callback: compositors send the callback as
/// they start a repaint (weston: 7 ms before the refresh), and a frame
/// drawn then would wait a whole refresh more for the repaint after, its
/// input growing older; drawn when the previous frame is on screen, it
/// carries the newest input into the very next repaint. And while fingers
/// are moving, a frame ready to be drawn waits (briefly: about one input
/// interval) for their next touch event, so that it shows the newest
/// position the moment it is known rather than one that is already a few
/// milliseconds old. So a burst of touch events costs one draw per
/// refresh, each as fresh as it can be. An idle window commits nothing and
/// requests no callbacks.
///
/// Between a frame's commit and its presentation, nothing that arrives can
/// be shown before the presentation, so the compositor's events (input,
/// the frame's callback, buffer releases) may wait until it is due
/// (`eventsMayWaitUntil(input:)`) and are then read together: one wake-up
/// for a refresh's worth of touch events (UIKit, too, hands an app its
/// touches once per display frame). Before the callback, the presentation
/// is forecast from the compositor's rhythm, and only for a frame drawn
/// right after the previous one was presented; after it, from the
/// callback. While fingers move at a steady rate, they wait a little
/// longer: until just before the touch event the next frame would wait
/// for is due (`LatestInputStamp.nextArrival(after:)`). That wake-up reads
/// and handles the presentation and the touch events held since the
/// commit; the awaited event is then read the moment it comes, and only it
/// stands between its arrival and the frame (`holdEnd`).
///
/// Sizes: `configure(size:)` and the toolkit speak logical pixels; buffers,
/// their damage and the pool speak buffer pixels (`SurfaceScale`).
final class Presenter {
    private enum Phase {
        /// No configure acknowledged yet: attaching a buffer is forbidden.
        case unconfigured
        /// A frame may be drawn now.
        case ready
        /// A frame was committed; the next one waits for this callback
        /// (and then for the frame's presentation, where it is reported).
        case awaitingFrame(OpaquePointer)
        /// The frame's callback came at `callbackAt` (`CLOCK_MONOTONIC`);
        /// the next frame waits for the compositor to present or discard it.
        case awaitingPresentation(callbackAt: Double)
    }

    /// When the presenter last became ready to draw (`CLOCK_MONOTONIC`).
    private var readySince = 0.0
    /// When the frame whose presentation made the presenter ready reached
    /// the screen (`CLOCK_MONOTONIC`); nil when it became ready otherwise
    /// (a callback with no presentation to wait for, a wait that ran out).
    private var readyPresentation: Double?
    /// How long before a touch event is due a hold that waits for it ends
    /// (seconds): long enough for the loop to wake and handle what was held
    /// (a cold wake-up and a refresh's worth of touch events take about
    /// 0.15 ms on this project's machine), so that the event itself is read
    /// as it comes. Ending the hold 0.1 ms after the event was due instead
    /// (one wake-up for everything) had the frame's newest event 0.63 to
    /// 0.74 ms old at its commit under headless weston, against 0.46 to
    /// 0.53 ms this way (six alternated runs each). The price is a second
    /// wake-up a frame (about one read in six more): CPU per touch event
    /// read 5% higher on average in those runs (the runs' noise is about
    /// as large). 0.15 and 0.4 ms read the same as this within the noise.
    static let arrivalLead = 0.00025
    /// Wakes the loop when a frame has waited long enough for input.
    private var inputWaitTimer: ScheduledTimer?
    /// The longest a ready frame waits for the next touch event, as a
    /// multiple of the input's interval, and at most (seconds): just over
    /// one interval, so a finger that stopped costs little.
    static let inputWaitFactor = 1.25
    static let inputWaitLimit = 0.012

    /// Counts commits with a buffer, so a presentation report is matched to
    /// the frame it is about.
    private var frameNumber = 0
    /// The newest frame the compositor presented or discarded.
    private var presentedFrameNumber = 0
    /// A compositor that never answers a feedback must not stall drawing:
    /// after its frame callback a frame waits at most this long (seconds),
    /// and after a few such frames in a row no longer waits at all
    /// (`PresentationForecast.isWorthWaitingFor`).
    static let presentationWaitLimit = 0.1
    private var presentationWaitTimer: ScheduledTimer?
    private var forecast = PresentationForecast()

    private let connection: WaylandConnection
    private let surface: OpaquePointer
    /// The `wl_compositor` version, which the surface shares.
    private let surfaceVersion: UInt32
    private let pool: BufferPool
    private let window: Window
    private let renderer: Renderer
    /// Present when the scale may be fractional.
    private let viewport: Viewport?
    /// Present when the compositor reports presentation times.
    private let presentation: Presentation?

    private var phase = Phase.unconfigured
    /// The window's size in surface coordinates (logical pixels).
    private var logicalSize = PixelSize(width: 0, height: 0)
    private var scale = SurfaceScale.integer(1)
    /// The buffer scale the surface has now, to send it only on change.
    private var committedBufferScale: Int32 = 1
    /// Set by a resize or a new scale: the whole window must be drawn
    /// whatever the toolkit reports as damaged.
    private var needsFullRedraw = false
    /// Set by a configure: its acknowledgement only takes effect on commit,
    /// so one must follow even when nothing needs drawing.
    private var needsCommit = false
    /// The window size (logical) for which the buffer's part outside the
    /// window was last painted (see `outsideWindow(in:)`).
    private var outsidePaintedFor: Size?
    /// What that part shows: a neutral grey, not the window's background,
    /// so that it does not pass for part of the window.
    static let outsideColor: UInt32 = 0xff3c_3c3c

    init(surface: OpaquePointer, surfaceVersion: UInt32, pool: BufferPool, viewport: Viewport?,
         presentation: Presentation?, window: Window, renderer: Renderer, connection: WaylandConnection) {
        self.connection = connection
        self.surface = surface
        self.surfaceVersion = surfaceVersion
        self.pool = pool
        self.viewport = viewport
        self.presentation = presentation
        self.window = window
        self.renderer = renderer
    }

    deinit {
        if case let .awaitingFrame(callback) = phase {
            wl_callback_destroy(callback)
        }
        presentationWaitTimer?.invalidate()
        inputWaitTimer?.invalidate()
    }

    /// Adopts the logical size the compositor settled on.
    func configure(size newSize: PixelSize) {
        if newSize != logicalSize {
            logicalSize = newSize
            window.resize(to: newSize.logical)
            resizeBuffers()
        }
        needsCommit = true
        if case .unconfigured = phase {
            phase = .ready
        }
    }

    /// Draws the following frames at `newScale`. A fractional scale needs
    /// the viewport this presenter was made with.
    func setScale(_ newScale: SurfaceScale) {
        precondition(!newScale.needsViewport || viewport != nil, "a fractional scale needs a wp_viewport")
        guard newScale != scale else { return }
        scale = newScale
        resizeBuffers()
    }

    private func resizeBuffers() {
        pool.resize(to: scale.bufferSize(forLogical: logicalSize))
        needsFullRedraw = true
    }

    /// Draws and commits a frame if one is due and allowed now; returns
    /// whether it did.
    ///
    /// - Parameter input: the window's input stamp: when the newest input
    ///   the frame shows was delivered, if it shows any (the start of its
    ///   input-to-present latency), and how fast touches are streaming (a
    ///   ready frame may wait briefly for the next one).
    @discardableResult
    func presentIfNeeded(input: LatestInputStamp) throws(WaylandError) -> Bool {
        guard case .ready = phase else { return false }
        guard needsFullRedraw || window.needsDisplay else {
            commitIfNeeded()
            return false
        }
        if waitsForInput(input) { return false }
        inputWaitTimer?.invalidate()
        inputWaitTimer = nil
        guard let buffer = try pool.acquire() else { return false }

        let drawStart = cposix_monotonic_seconds()
        let bounds = buffer.size.bounds
        let toolkitDamage = window.takeDamage()
        let windowSize = window.bounds.size
        let outside = needsFullRedraw || outsidePaintedFor != windowSize ? outsideWindow(in: bounds) : []
        outsidePaintedFor = windowSize
        var damage = needsFullRedraw
            ? Region(bounds)
            : (toolkitDamage?.map { scale.pixelRect(covering: $0) }.intersection(bounds) ?? Region())
        for r in outside { damage.formUnion(r) }
        needsFullRedraw = false
        guard !damage.isEmpty else {
            commitIfNeeded()
            return false
        }

        // The buffer may be frames behind: what it missed is copied from
        // the latest frame (far cheaper than drawing it again), or else
        // repainted.
        let clip = pool.catchUp(buffer, except: damage) ? damage : (buffer.staleRegion?.union(damage) ?? damage)
        renderer.render(window, into: buffer.pixels,
                        width: Int(buffer.size.width), height: Int(buffer.size.height),
                        stride: buffer.stride, scale: scale.factor,
                        clip: clip.rects == [bounds] ? nil : clip.map(scale.logicalRect(for:)))
        for r in outside { Self.fill(r, with: Self.outsideColor, in: buffer) }
        let drawDuration = cposix_monotonic_seconds() - drawStart
        pool.didPresent(buffer, damage: damage)

        applySurfaceScale()
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        addDamage(damage)
        let callback: OpaquePointer = wl_surface_frame(surface)
        wl_callback_add_listener(callback, frameListener.pointer, listenerUserData(self))
        frameNumber += 1
        requestFeedback(drawDuration: drawDuration, inputTime: input.latest)
        wl_surface_commit(surface)
        needsCommit = false
        phase = .awaitingFrame(callback)
        return true
    }

    /// The buffer's part the window does not cover, in buffer pixels: the
    /// strips right of it and below it; none while the window fills the
    /// surface. A script may size the window below the size the compositor
    /// configured (a tiling compositor keeps its tile): nothing draws
    /// there, so it is painted once, when the window's size changes or the
    /// buffers are made anew, instead of keeping what a larger frame drew.
    /// The buffers that miss that frame copy it as they catch up.
    private func outsideWindow(in bounds: Rect) -> [Rect] {
        let covered = scale.pixelRect(covering: Rect(origin: .zero, size: window.bounds.size))
        let right = min(max(covered.maxX, 0), bounds.maxX), below = min(max(covered.maxY, 0), bounds.maxY)
        return [Rect(x: right, y: 0, width: bounds.maxX - right, height: bounds.maxY),
                Rect(x: 0, y: below, width: right, height: bounds.maxY - below)].filter { !$0.isEmpty }
    }

    /// Paints whole buffer pixels `rect` in `color` (premultiplied ARGB).
    private static func fill(_ rect: Rect, with color: UInt32, in buffer: ShmBuffer) {
        buffer.forEachRow(of: rect) { offset, count in
            (buffer.pixels + offset).assumingMemoryBound(to: UInt32.self).update(repeating: color, count: count)
        }
    }

    /// Sets the surface state that must change together with the buffer:
    /// a buffer scale that does not divide the buffer size, or a viewport
    /// destination for another buffer, is a protocol error.
    private func applySurfaceScale() {
        if scale.bufferScale != committedBufferScale {
            wl_surface_set_buffer_scale(surface, scale.bufferScale)
            committedBufferScale = scale.bufferScale
        }
        if scale.needsViewport {
            viewport?.setDestination(logicalSize)
        }
    }

    /// Asks when the frame about to be committed is presented: the next
    /// frame waits for that, and the window's statistics record it.
    private func requestFeedback(drawDuration: Double, inputTime: Double?) {
        // Counted as drawn now: a compositor may never report it.
        let recorded = window.frameStatistics.record(FrameStatistics.Sample(drawDuration: drawDuration))
        guard let presentation else {
            presentedFrameNumber = frameNumber
            return
        }
        let number = frameNumber
        presentation.requestFeedback(for: surface) { [weak self] presentedAt in
            guard let self else { return }
            // A discarded frame never reached the screen: no latency.
            if let presentedAt, let inputTime {
                window.frameStatistics.setInputToPresent(presentedAt - inputTime, ofFrame: recorded)
            }
            framePresented(number, at: presentedAt)
        }
    }

    /// Until when the compositor's events may wait unread: while a frame is
    /// in flight and its presentation is not yet due.
    /// And when fingers stream touch events at a known rate, until just
    /// before the first of them after that presentation is due, when it
    /// comes soon enough that a frame ready then would wait for it
    /// (`waitsForInput`, `holdEnd`).
    func eventsMayWaitUntil(input: LatestInputStamp) -> Double? {
        let due: Double?
        switch phase {
        case .awaitingFrame:
            // Only after the frame before was presented: a compositor that
            // stopped answering has no forecast.
            due = forecast.presentation(ofFrame: frameNumber)
        case let .awaitingPresentation(callbackAt):
            due = forecast.presentation(afterCallbackAt: callbackAt)
        case .unconfigured, .ready:
            due = nil
        }
        guard let due else { return nil }
        guard let wait = inputWait(input, now: cposix_monotonic_seconds()) else { return due }
        return Self.holdEnd(presentationDue: due, nextArrival: input.nextArrival(after: due), inputWait: wait)
    }

    /// When a hold that began with a frame in flight ends: when the frame's
    /// presentation is due, or, when the touch event the next frame would
    /// wait for (`waitsForInput`) is due within `inputWait` of it, a little
    /// before that event (`arrivalLead`), never before the presentation.
    static func holdEnd(presentationDue due: Double, nextArrival next: Double?, inputWait: Double) -> Double {
        guard let next, next <= due + inputWait else { return due }
        return max(due, next - arrivalLead)
    }

    private func framePresented(_ number: Int, at presentedAt: Double?) {
        if let presentedAt {
            forecast.recordPresentation()
            forecast.record(frame: number, presented: presentedAt, longest: Self.presentationWaitLimit)
        }
        presentedFrameNumber = max(presentedFrameNumber, number)
        guard case let .awaitingPresentation(callbackAt) = phase, presentedFrameNumber == frameNumber else { return }
        if let presentedAt, number == frameNumber {
            forecast.record(callback: callbackAt, presented: presentedAt, longest: Self.presentationWaitLimit)
        }
        becomeReady(presentedAt: number == frameNumber ? presentedAt : nil)
    }

    private func becomeReady(presentedAt: Double? = nil) {
        presentationWaitTimer?.invalidate()
        presentationWaitTimer = nil
        phase = .ready
        readySince = cposix_monotonic_seconds()
        readyPresentation = presentedAt
    }

    /// Whether the frame due now should wait for the next touch event:
    /// fingers are down and moving at a known rate, no event came since the
    /// previous frame was presented (or, with no presentation time, since
    /// the presenter became ready), and the wait has not run out. Arms a
    /// wake-up for when it does.
    private func waitsForInput(_ input: LatestInputStamp) -> Bool {
        let now = cposix_monotonic_seconds()
        guard !needsFullRedraw, let wait = inputWait(input, now: now) else { return false }
        let start: Double
        if let presented = readyPresentation, let arrival = input.lastArrival {
            guard arrival <= presented else { return false }
            start = presented
        } else {
            guard let last = input.lastDelivery, last < readySince else { return false }
            start = readySince
        }
        let deadline = start + wait
        guard now < deadline else { return false }
        if inputWaitTimer == nil {
            inputWaitTimer = window.scheduler.schedule(after: deadline - now) { [weak self] _ in
                self?.inputWaitTimer = nil
            }
        }
        return true
    }

    /// How long a ready frame may wait for the next touch event, when
    /// fingers are down and streaming them (the newest came within two
    /// intervals); nil when they are not.
    private func inputWait(_ input: LatestInputStamp, now: Double) -> Double? {
        guard let interval = input.interval, let last = input.lastDelivery, window.input.hasActiveTouches,
              now - last < 2 * interval + Self.inputWaitLimit else { return nil }
        return min(Self.inputWaitLimit, Self.inputWaitFactor * interval)
    }

    private func commitIfNeeded() {
        guard needsCommit else { return }
        needsCommit = false
        wl_surface_commit(surface)
    }

    private func addDamage(_ region: Region) {
        for rect in region.rects {
            if surfaceVersion >= UInt32(WL_SURFACE_DAMAGE_BUFFER_SINCE_VERSION) {
                wl_surface_damage_buffer(surface, Int32(rect.minX), Int32(rect.minY),
                                         Int32(rect.width), Int32(rect.height))
            } else {
                // Older compositors only take damage in surface coordinates.
                let logical = scale.surfaceRect(covering: rect)
                wl_surface_damage(surface, Int32(logical.minX), Int32(logical.minY),
                                  Int32(logical.width), Int32(logical.height))
            }
        }
    }

    fileprivate func handleFrameDone(_ callback: OpaquePointer?) {
        guard case let .awaitingFrame(pending) = phase, pending == callback else {
            preconditionFailure("frame callback done in phase \(phase)")
        }
        wl_callback_destroy(pending)
        // Presented already, or the compositor does not seem to report
        // presentations: the next frame may be drawn now.
        guard presentedFrameNumber < frameNumber, forecast.isWorthWaitingFor else {
            becomeReady()
            return
        }
        phase = .awaitingPresentation(callbackAt: cposix_monotonic_seconds())
        presentationWaitTimer = window.scheduler.schedule(after: Self.presentationWaitLimit) { [weak self] _ in
            self?.forecast.recordTimeout()
            self?.becomeReady()
        }
    }
}

private let frameListener = ListenerTable(wl_callback_listener(
    done: { data, callback, _ in
        listenerOwner(data, as: Presenter.self).handleFrameDone(callback)
    }
))
