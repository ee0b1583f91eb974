/// Turns raw input (compositor touch points, pointer events, script lines)
/// into `Touch` objects and delivers them one frame at a time.
///
/// Robust to odd sequences: a down for an id that is already down cancels
/// the old touch first; motion or up for an unknown id is ignored; a missing
/// `frame` is made up by `endOfInputBatch()` (weston 10 sends none after the
/// last up). Every touch that began ends exactly once, as ended or
/// cancelled.
public final class InputRouter {
    private unowned let window: Window
    private var touchesByKey: [Int64: Touch] = [:]
    private var frameChanges: [Touch] = []
    private var nextIdentifier = 1
    private var lastTap: (location: Point, time: Double, count: Int)?
    private var missingFrameTimer: ScheduledTimer?

    private var pointerLocation: Point?
    private var pointerTouchDown = false
    /// Pointer-emulated touches live apart from compositor ids (which are
    /// non-negative 32-bit values).
    private static let pointerKey: Int64 = -1
    private static let leftButton: UInt32 = 272

    init(window: Window) {
        self.window = window
    }

    /// Touches currently on the surface.
    public var activeTouches: [Touch] { Array(touchesByKey.values) }

    /// Whether changes are waiting for a frame.
    public var hasPendingFrame: Bool { !frameChanges.isEmpty }

    // MARK: Touch input

    public func touchDown(id: Int32, at location: Point, time: Double) {
        begin(key: Int64(id), at: location, time: time)
    }

    public func touchMotion(id: Int32, to location: Point, time: Double) {
        move(key: Int64(id), to: location, time: time)
    }

    public func touchUp(id: Int32, time: Double) {
        end(key: Int64(id), time: time, cancelled: false)
    }

    /// Delivers everything since the previous frame as one event.
    public func touchFrame() {
        flush()
    }

    /// The compositor took the touches away (e.g. for a system gesture):
    /// every active touch is cancelled.
    public func touchCancel() {
        cancelAll()
    }

    /// Called by the backend after each batch of dispatched protocol events.
    /// A frame the compositor left open is delivered now only if no finger
    /// is down any more (weston 10 sends no `wl_touch.frame` after the last
    /// up). With fingers still down its `frame` is surely on the way, and
    /// closing the frame early would split one event into two; only if it
    /// has not come after `Thresholds.missingFrameTimeout` is the frame
    /// delivered anyway.
    public func endOfInputBatch() {
        guard !frameChanges.isEmpty else { return }
        if touchesByKey.isEmpty {
            flush()
        } else if missingFrameTimer == nil {
            missingFrameTimer = window.scheduler.schedule(after: Thresholds.missingFrameTimeout) { [weak self] _ in
                self?.missingFrameTimer = nil
                self?.flush()
            }
        }
    }

    /// Cancels every touch, compositor and pointer alike (seat capability
    /// lost, window closing).
    public func cancelAll() {
        for key in touchesByKey.keys.sorted() {
            end(key: key, time: window.scheduler.now, cancelled: true)
        }
        pointerTouchDown = false
        flush()
    }

    // MARK: Pointer input (left-button drag = one touch)

    public func pointerMotion(to location: Point, time: Double) {
        pointerLocation = location
        guard pointerTouchDown else { return }
        move(key: Self.pointerKey, to: location, time: time)
        flush()
    }

    public func pointerButton(_ button: UInt32, pressed: Bool, time: Double) {
        guard button == Self.leftButton, let location = pointerLocation else { return }
        if pressed && !pointerTouchDown {
            pointerTouchDown = true
            begin(key: Self.pointerKey, at: location, time: time)
        } else if !pressed && pointerTouchDown {
            pointerTouchDown = false
            end(key: Self.pointerKey, time: time, cancelled: false)
        }
        flush()
    }

    /// The pointer left the surface: a drag in progress is cancelled, since
    /// its end will never be seen.
    public func pointerLeave(time: Double) {
        pointerLocation = nil
        if pointerTouchDown {
            pointerTouchDown = false
            end(key: Self.pointerKey, time: time, cancelled: true)
            flush()
        }
    }

    public func pointerAxis(vertical: Double, horizontal: Double, time: Double) {}

    // MARK: Frames

    // Raw changes to a touch that views or recognizers already know are
    // kept pending until its frame is delivered: a timer firing in between
    // (a long press, the missing-frame wait) must see the touch as it was
    // last delivered, not half-way through the next frame.

    private func begin(key: Int64, at location: Point, time: Double) {
        if touchesByKey[key] != nil {
            end(key: key, time: time, cancelled: true)
        }
        let touch = Touch(identifier: nextIdentifier, location: location, timestamp: time,
                          tapCount: tapCount(at: location, time: time), window: window)
        nextIdentifier += 1
        touch.changedInFrame = true
        touch.beganInFrame = true
        touchesByKey[key] = touch
        frameChanges.append(touch)
    }

    private func move(key: Int64, to location: Point, time: Double) {
        guard let touch = touchesByKey[key], location.x.isFinite, location.y.isFinite else { return }
        if touch.beganInFrame {
            // Not delivered anywhere yet: it simply begins here.
            touch.locationInWindow = location
            touch.timestamp = time
            return
        }
        markChanged(touch)
        touch.pendingLocation = location
        touch.pendingTimestamp = time
    }

    private func end(key: Int64, time: Double, cancelled: Bool) {
        guard let touch = touchesByKey.removeValue(forKey: key) else { return }
        if touch.beganInFrame {
            // Down and up in one frame: the view must see it begin first.
            flush()
        }
        markChanged(touch)
        touch.pendingEnd = cancelled ? .cancelled : .ended
        touch.pendingTimestamp = Swift.max(time, touch.pendingTimestamp ?? touch.timestamp)
        let location = touch.pendingLocation ?? touch.locationInWindow
        if !cancelled && touch.tapCount > 0
            && location.distance(to: touch.initialLocationInWindow) <= Thresholds.tapSlop {
            lastTap = (location, touch.pendingTimestamp ?? time, touch.tapCount)
        }
    }

    private func markChanged(_ touch: Touch) {
        guard !touch.changedInFrame else { return }
        touch.changedInFrame = true
        frameChanges.append(touch)
    }

    /// Applies a touch's pending changes as its frame is delivered.
    private func applyPending(_ touch: Touch) {
        guard !touch.beganInFrame else { return }
        touch.previousLocationInWindow = touch.locationInWindow
        if let p = touch.pendingLocation { touch.locationInWindow = p }
        if let t = touch.pendingTimestamp { touch.timestamp = t }
        touch.phase = touch.pendingEnd ?? .moved
        if touch.tapCount > 0 && touch.locationInWindow.distance(to: touch.initialLocationInWindow) > Thresholds.tapSlop {
            touch.tapCount = 0
        }
        touch.pendingLocation = nil
        touch.pendingTimestamp = nil
        touch.pendingEnd = nil
    }

    private func tapCount(at location: Point, time: Double) -> Int {
        guard touchesByKey.isEmpty, let last = lastTap,
              time - last.time <= Thresholds.multiTapInterval,
              location.distance(to: last.location) <= Thresholds.multiTapDistance else { return 1 }
        return last.count + 1
    }

    private func flush() {
        missingFrameTimer?.invalidate()
        missingFrameTimer = nil
        guard !frameChanges.isEmpty else { return }
        let changed = frameChanges
        frameChanges = []
        for t in changed { applyPending(t) }
        for t in touchesByKey.values where !t.changedInFrame { t.phase = .stationary }
        let event = makeEvent(for: changed)!
        for o in window.observers { o.touchesDidChange(changed, in: window) }
        window.arena.dispatch(changed, event: event, in: window)
        for t in changed {
            t.changedInFrame = false
            t.beganInFrame = false
        }
    }

    /// An event holding `touches` and every other active touch; nil when
    /// `touches` is empty.
    func makeEvent(for touches: [Touch]) -> Event? {
        guard !touches.isEmpty else { return nil }
        var all = Set(touchesByKey.values)
        all.formUnion(touches)
        let time = touches.map(\.timestamp).max() ?? window.scheduler.now
        return Event(timestamp: time, allTouches: all)
    }
}
