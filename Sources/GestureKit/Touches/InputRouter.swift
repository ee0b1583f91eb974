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
    /// The changes being delivered; swapped with `frameChanges`, so both
    /// keep their storage from frame to frame.
    private var delivering: [Touch] = []
    /// Touches that ended, to be reused once nothing else holds them.
    private var retiredTouches: [Touch] = []
    private static let retiredTouchLimit = 16
    private var nextIdentifier = 1
    private var lastTap: (location: Point, time: Double, count: Int)?
    private var missingFrameTimer: ScheduledTimer?

    private var pointerLocation: Point?
    private var pointerTouchDown = false
    private var mirrorTouchDown = false
    /// Emulated touches (pointer, its Alt mirror, touchpad gestures) live
    /// apart from compositor ids, which are non-negative.
    private static let pointerKey: Int64 = -1
    private static let mirrorKey: Int64 = -2
    private static let leftButton: UInt32 = 272

    /// Modifiers held on the keyboard (the backend or `Window.handleKey`
    /// keeps them current): Alt turns a drag into two touches.
    public var keyboardModifiers: KeyModifiers = []

    private var touchpad = TouchpadEmulation()

    init(window: Window) {
        self.window = window
    }

    /// Sees every raw input call as it arrives, before any interpretation
    /// (for recording a live session as a script).
    public weak var tap: RawInputTap?

    /// Touches currently on the surface.
    public var activeTouches: [Touch] { Array(touchesByKey.values) }

    /// Whether changes are waiting for a frame.
    public var hasPendingFrame: Bool { !frameChanges.isEmpty }

    // MARK: Touch input

    /// A compositor touch point went down. `seat` keeps the ids of
    /// several seats apart (each seat numbers its touches from 0).
    public func touchDown(id: Int32, seat: Int = 0, at location: Point, time: Double) {
        tap?.raw(.touchDown(id: id, seat: seat, at: location), time: time)
        begin(key: Self.key(id, seat), at: location, time: time)
    }

    public func touchMotion(id: Int32, seat: Int = 0, to location: Point, time: Double) {
        tap?.raw(.touchMotion(id: id, seat: seat, to: location), time: time)
        move(key: Self.key(id, seat), to: location, time: time)
    }

    public func touchUp(id: Int32, seat: Int = 0, time: Double) {
        tap?.raw(.touchUp(id: id, seat: seat), time: time)
        end(key: Self.key(id, seat), time: time, cancelled: false)
    }

    /// The contact ellipse of a touch point (`wl_touch.shape`), in logical
    /// pixels (diameters, as the protocol sends them).
    public func touchShape(id: Int32, seat: Int = 0, major: Double, minor: Double) {
        guard let t = touchesByKey[Self.key(id, seat)], major.isFinite, minor.isFinite else { return }
        t.majorRadius = max(0, major / 2)
        t.minorRadius = max(0, minor / 2)
    }

    /// The angle of a touch point's major axis (`wl_touch.orientation`).
    public func touchOrientation(id: Int32, seat: Int = 0, degrees: Double) {
        guard let t = touchesByKey[Self.key(id, seat)], degrees.isFinite else { return }
        t.orientationAngle = degrees
    }

    /// Cancels the touches of one seat (its touch capability went away).
    public func cancelTouches(seat: Int) {
        for key in touchesByKey.keys.sorted() where key >= 0 && key >> 32 == Int64(seat) {
            end(key: key, time: window.scheduler.now, cancelled: true)
        }
        flush()
    }

    private static func key(_ id: Int32, _ seat: Int) -> Int64 {
        (Int64(max(0, seat)) << 32) | Int64(UInt32(bitPattern: id))
    }

    /// Delivers everything since the previous frame as one event.
    public func touchFrame() {
        tap?.raw(.touchFrame, time: window.scheduler.now)
        flush()
    }

    /// The compositor took the touches away (e.g. for a system gesture):
    /// every active touch is cancelled.
    public func touchCancel() {
        tap?.raw(.touchCancel, time: window.scheduler.now)
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
            closeMissingFrame()
        } else if missingFrameTimer == nil {
            missingFrameTimer = window.scheduler.schedule(after: Thresholds.missingFrameTimeout) { [weak self] _ in
                self?.missingFrameTimer = nil
                self?.closeMissingFrame()
            }
        }
    }

    /// Delivers a frame the compositor did not send, telling the tap as if
    /// it had (a recording must deliver the same events).
    private func closeMissingFrame() {
        guard !frameChanges.isEmpty else { return }
        tap?.raw(.touchFrame, time: window.scheduler.now)
        flush()
    }

    /// Cancels every touch, compositor and pointer alike (seat capability
    /// lost, window closing).
    public func cancelAll() {
        for key in touchesByKey.keys.sorted() {
            end(key: key, time: window.scheduler.now, cancelled: true)
        }
        pointerTouchDown = false
        mirrorTouchDown = false
        touchpad.kind = nil
        flush()
    }

    // MARK: Pointer input (left-button drag = one touch)

    public func pointerMotion(to location: Point, time: Double) {
        tap?.raw(.pointerMotion(to: location), time: time)
        pointerLocation = location
        guard pointerTouchDown else { return }
        move(key: Self.pointerKey, to: location, time: time)
        if mirrorTouchDown { move(key: Self.mirrorKey, to: mirror(location), time: time) }
        flush()
    }

    /// Left button: pressed starts a touch, released ends it. With Alt
    /// held at the press, a second touch mirrors the pointer around the
    /// window's centre for the whole drag (the iOS Simulator's Option-drag),
    /// so pinch and rotation work with a mouse.
    public func pointerButton(_ button: UInt32, pressed: Bool, time: Double) {
        tap?.raw(.pointerButton(button, pressed: pressed), time: time)
        guard button == Self.leftButton, let location = pointerLocation else { return }
        if pressed && !pointerTouchDown {
            pointerTouchDown = true
            begin(key: Self.pointerKey, at: location, time: time)
            if keyboardModifiers.contains(.alt) {
                mirrorTouchDown = true
                begin(key: Self.mirrorKey, at: mirror(location), time: time)
            }
        } else if !pressed && pointerTouchDown {
            endPointerTouches(time: time, cancelled: false)
        }
        flush()
    }

    /// The pointer left the surface: a drag in progress is cancelled, since
    /// its end will never be seen.
    public func pointerLeave(time: Double) {
        tap?.raw(.pointerLeave, time: time)
        pointerLocation = nil
        if pointerTouchDown {
            endPointerTouches(time: time, cancelled: true)
            flush()
        }
    }

    private func endPointerTouches(time: Double, cancelled: Bool) {
        pointerTouchDown = false
        end(key: Self.pointerKey, time: time, cancelled: cancelled)
        if mirrorTouchDown {
            mirrorTouchDown = false
            end(key: Self.mirrorKey, time: time, cancelled: cancelled)
        }
    }

    private func mirror(_ p: Point) -> Point {
        let c = window.bounds.center
        return Point(x: 2 * c.x - p.x, y: 2 * c.y - p.y)
    }

    // MARK: Touchpad gestures (zwp_pointer_gestures_v1)

    /// A touchpad pinch began at the pointer: two touches appear
    /// `Thresholds.touchpadPinchSpan` apart around it, so the pinch and
    /// rotation recognizers see an ordinary two-finger gesture.
    public func touchpadPinchBegin(fingers: Int, time: Double) {
        tap?.raw(.touchpad(.begin(.pinch, fingers: fingers)), time: time)
        touchpadEnd(cancelled: true, time: time)
        let c = pointerLocation ?? window.bounds.center
        touchpad.beginPinch(at: c)
        let (a, b) = touchpad.pinchPoints()
        begin(key: TouchpadEmulation.pinchKeys.0, at: a, time: time)
        begin(key: TouchpadEmulation.pinchKeys.1, at: b, time: time)
        flush()
    }

    /// `dx`/`dy`: movement of the fingers' centre since the last update;
    /// `scale`: since the begin; `rotation`: degrees clockwise since the
    /// last update (as the protocol reports them).
    public func touchpadPinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double, time: Double) {
        tap?.raw(.touchpad(.pinchUpdate(dx: dx, dy: dy, scale: scale, rotation: rotation)), time: time)
        guard touchpad.kind == .pinch, dx.isFinite, dy.isFinite, scale.isFinite, rotation.isFinite else { return }
        touchpad.updatePinch(dx: dx, dy: dy, scale: scale, rotationDegrees: rotation)
        let (a, b) = touchpad.pinchPoints()
        move(key: TouchpadEmulation.pinchKeys.0, to: a, time: time)
        move(key: TouchpadEmulation.pinchKeys.1, to: b, time: time)
        flush()
    }

    public func touchpadPinchEnd(cancelled: Bool, time: Double) {
        tap?.raw(.touchpad(.end(.pinch, cancelled: cancelled)), time: time)
        touchpadEnd(.pinch, cancelled: cancelled, time: time)
    }

    /// A multi-finger touchpad swipe: the fingers move as one, so it acts
    /// as one touch at the pointer that follows their movement.
    public func touchpadSwipeBegin(fingers: Int, time: Double) {
        tap?.raw(.touchpad(.begin(.swipe, fingers: fingers)), time: time)
        touchpadStrokeBegin(.swipe, time: time)
    }

    public func touchpadSwipeUpdate(dx: Double, dy: Double, time: Double) {
        tap?.raw(.touchpad(.swipeUpdate(dx: dx, dy: dy)), time: time)
        guard touchpad.kind == .swipe, dx.isFinite, dy.isFinite else { return }
        touchpad.strokePoint = touchpad.strokePoint + Point(x: dx, y: dy)
        move(key: TouchpadEmulation.strokeKey, to: touchpad.strokePoint, time: time)
        flush()
    }

    public func touchpadSwipeEnd(cancelled: Bool, time: Double) {
        tap?.raw(.touchpad(.end(.swipe, cancelled: cancelled)), time: time)
        touchpadEnd(.swipe, cancelled: cancelled, time: time)
    }

    /// Fingers resting on the touchpad: one touch held at the pointer, so
    /// a hold long enough is a long press.
    public func touchpadHoldBegin(fingers: Int, time: Double) {
        tap?.raw(.touchpad(.begin(.hold, fingers: fingers)), time: time)
        touchpadStrokeBegin(.hold, time: time)
    }

    public func touchpadHoldEnd(cancelled: Bool, time: Double) {
        tap?.raw(.touchpad(.end(.hold, cancelled: cancelled)), time: time)
        touchpadEnd(.hold, cancelled: cancelled, time: time)
    }

    /// A swipe or hold begins: any touchpad gesture still going is
    /// cancelled, and one touch goes down at the pointer.
    private func touchpadStrokeBegin(_ kind: TouchpadEmulation.Kind, time: Double) {
        touchpadEnd(cancelled: true, time: time)
        touchpad.beginStroke(kind, at: pointerLocation ?? window.bounds.center)
        begin(key: TouchpadEmulation.strokeKey, at: touchpad.strokePoint, time: time)
        flush()
    }

    /// Ends the touchpad gesture only if it is of `kind` (an end for
    /// another kind, or none, is ignored).
    private func touchpadEnd(_ kind: TouchpadEmulation.Kind, cancelled: Bool, time: Double) {
        guard touchpad.kind == kind else { return }
        touchpadEnd(cancelled: cancelled, time: time)
    }

    private func touchpadEnd(cancelled: Bool, time: Double) {
        guard touchpad.kind != nil else { return }
        for key in [TouchpadEmulation.pinchKeys.0, TouchpadEmulation.pinchKeys.1, TouchpadEmulation.strokeKey] {
            end(key: key, time: time, cancelled: cancelled)
        }
        touchpad.kind = nil
        flush()
    }

    public func pointerAxis(vertical: Double, horizontal: Double, time: Double) {
        tap?.raw(.pointerAxis(vertical: vertical, horizontal: horizontal), time: time)
    }

    // MARK: Frames

    // Raw changes to a touch that views or recognizers already know are
    // kept pending until its frame is delivered: a timer firing in between
    // (a long press, the missing-frame wait) must see the touch as it was
    // last delivered, not half-way through the next frame.

    private func begin(key: Int64, at location: Point, time: Double) {
        if touchesByKey[key] != nil {
            end(key: key, time: time, cancelled: true)
        }
        let touch = makeTouch(identifier: nextIdentifier, location: location, time: time)
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

    /// A touch that just went down: a retired one nothing holds any more,
    /// or a new one.
    private func makeTouch(identifier: Int, location: Point, time: Double) -> Touch {
        let taps = tapCount(at: location, time: time)
        for i in retiredTouches.indices where isKnownUniquelyReferenced(&retiredTouches[i]) {
            let touch = retiredTouches.remove(at: i)
            touch.start(identifier: identifier, location: location, timestamp: time, tapCount: taps, window: window)
            return touch
        }
        return Touch(identifier: identifier, location: location, timestamp: time, tapCount: taps, window: window)
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
        // A frame delivered from inside this one (a handler cancelling every
        // touch) finds `delivering` in use and starts an empty one.
        var changed: [Touch] = []
        swap(&changed, &delivering)
        swap(&changed, &frameChanges)
        defer {
            retire(changed)
            changed.removeAll(keepingCapacity: true)
            if delivering.isEmpty { swap(&changed, &delivering) }
        }
        for t in changed { applyPending(t) }
        for t in touchesByKey.values where !t.changedInFrame { t.phase = .stationary }
        // Hit-testing new touches needs current frames: a page shown since
        // the last draw has not been laid out yet.
        if changed.contains(where: { $0.phase == .began }) { window.layoutIfPending() }
        for o in window.observers { o.touchesDidChange(changed, in: window) }
        let timestamp = changed.reduce(-Double.infinity) { Swift.max($0, $1.timestamp) }
        window.delivery.deliver(changed, at: timestamp)
        for t in changed {
            t.changedInFrame = false
            t.beganInFrame = false
        }
    }

    /// The touches kept for reuse (their identifiers) and how many of them
    /// something besides the router still holds (it never reuses those):
    /// what a leak check needs to tell the pool from a leak.
    func reusePoolAudit() -> (identifiers: Set<Int>, heldElsewhere: Int) {
        var identifiers: Set<Int> = [], heldElsewhere = 0
        for i in retiredTouches.indices {
            identifiers.insert(retiredTouches[i].identifier)
            if !isKnownUniquelyReferenced(&retiredTouches[i]) { heldElsewhere += 1 }
        }
        return (identifiers, heldElsewhere)
    }

    /// Keeps touches that ended for reuse.
    private func retire(_ touches: [Touch]) {
        for t in touches where !t.isActive && retiredTouches.count < Self.retiredTouchLimit {
            retiredTouches.append(t)
        }
    }

    /// Whether a touch on the surface satisfies `condition`.
    func hasActiveTouch(where condition: (Touch) -> Bool) -> Bool {
        touchesByKey.values.contains(where: condition)
    }

    /// Calls `body` with every touch on the surface.
    func forEachActiveTouch(_ body: (Touch) -> Void) {
        for t in touchesByKey.values { body(t) }
    }
}
