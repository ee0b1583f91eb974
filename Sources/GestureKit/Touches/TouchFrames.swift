/// The touches on the surface and the frame being collected: raw begin,
/// move and end calls per finger go in; one delivery per frame comes out.
///
/// Robust to odd sequences: a begin for a finger that is already down
/// cancels the old touch first; a begin past `maximumDown` fingers is
/// ignored, and so are a move or end for an unknown finger; a frame the
/// compositor never sends is made up by `endOfInputBatch()`. Every touch
/// that began ends exactly once, as ended or cancelled.
///
/// Raw changes to a touch that views or recognizers already know are kept
/// pending until its frame is delivered: a timer firing in between (a long
/// press, the missing-frame wait) must see the touch as it was last
/// delivered, not half-way through the next frame.
final class TouchFrames {
    private var link = WindowLink()
    private var window: Window { link.window }
    /// The touches down, in the order they went down, with their keys. A
    /// handful at most, so a search along the list is quicker than hashing.
    private var down: [(key: TouchKey, touch: Touch)] = []
    private var frameChanges: [Touch] = []
    /// The changes being delivered; swapped with `frameChanges`, so both
    /// keep their storage from frame to frame.
    private var delivering: [Touch] = []
    /// Touches that ended, to be reused once nothing else holds them.
    @exclusivity(unchecked) private var retiredTouches: [Touch] = []
    private static let retiredTouchLimit = 16
    private var nextIdentifier = 1
    private var taps = TapCounter()
    private var missingFrameTimer: ScheduledTimer?
    // The lists above are changed by moving them out and back (`swap`, no
    // reference counting; `changeDown`, `appendToFrame`,
    // `changeRetiredTouches`), never in place: an access to a property that
    // may free a touch (run arbitrary code) while it lasts would get every
    // read of that property checked for exclusivity at run time, and they
    // are read for every event.
    /// Changes whenever a touch goes down or lifts, so a delivery can tell
    /// whether the touches down are still the ones it saw last.
    private(set) var downTouchesVersion = 0

    /// Called when a frame the compositor left open is closed here, so a
    /// recording can write the frame the delivery had.
    var onMadeUpFrame: (() -> Void)?

    func connect(to window: Window) { link.connect(to: window) }

    // MARK: What is down

    var activeTouches: [Touch] { down.map(\.touch) }

    var hasPendingFrame: Bool { !frameChanges.isEmpty }

    func touch(for key: TouchKey) -> Touch? {
        for entry in down where entry.key == key { return entry.touch }
        return nil
    }

    /// Whether a touch is down whose key satisfies `condition`.
    func hasDown(where condition: (TouchKey) -> Bool) -> Bool {
        down.contains { condition($0.key) }
    }

    func hasActiveTouch(where condition: (Touch) -> Bool) -> Bool {
        down.contains { condition($0.touch) }
    }

    func forEachActiveTouch(_ body: (Touch) -> Void) {
        for entry in down { body(entry.touch) }
    }

    // MARK: Changes

    /// The most touches down at once (`InputRouter.maximumTouchesDown`).
    static let maximumDown = 64

    func begin(_ key: TouchKey, at location: Point, time: Double) {
        if touch(for: key) != nil {
            // The old touch's cancellation is delivered before the new
            // touch begins: in one event the new one began first, counted
            // among the fingers down beside the one it replaces.
            end(key, time: time, cancelled: true)
            flush()
        } else if down.count >= Self.maximumDown {
            return
        }
        let touch = makeTouch(at: location, time: time)
        touch.changedInFrame = true
        touch.beganInFrame = true
        changeDown { $0.append((key, touch)) }
        downTouchesVersion &+= 1
        appendToFrame(touch)
    }

    func move(_ key: TouchKey, to location: Point, time: Double) {
        guard let touch = touch(for: key), location.x.isFinite, location.y.isFinite else { return }
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

    func end(_ key: TouchKey, time: Double, cancelled: Bool) {
        guard let index = down.firstIndex(where: { $0.key == key }) else { return }
        let touch = down[index].touch
        changeDown { $0.remove(at: index) }
        downTouchesVersion &+= 1
        if touch.beganInFrame {
            // Down and up in one frame: the view must see it begin first.
            flush()
        }
        markChanged(touch)
        touch.pendingEnd = cancelled ? .cancelled : .ended
        let endTime = Swift.max(time, touch.pendingTimestamp ?? touch.timestamp)
        touch.pendingTimestamp = endTime
        if !cancelled {
            taps.touchLifted(touch, at: touch.pendingLocation ?? touch.locationInWindow, time: endTime,
                             judging: window.judging)
        }
    }

    /// Ends the touches down now whose keys satisfy `include` (in a stable
    /// order), as cancelled, and delivers the frame.
    func cancel(where include: (TouchKey) -> Bool) {
        for key in down.map(\.key).filter(include).sorted() {
            end(key, time: window.scheduler.now, cancelled: true)
        }
        flush()
    }

    // MARK: Frames

    /// A batch of protocol events was dispatched. A frame the compositor
    /// left open is delivered now only if no finger is down any more
    /// (weston 10 sends no `wl_touch.frame` after the last up). With fingers
    /// still down its `frame` is surely on the way, and closing the frame
    /// early would split one event into two; only if it has not come after
    /// `Thresholds.missingFrameTimeout` is the frame delivered anyway.
    func endOfInputBatch() {
        guard !frameChanges.isEmpty else { return }
        if down.isEmpty {
            closeMissingFrame()
        } else if missingFrameTimer == nil {
            var timer: ScheduledTimer? = window.scheduler.schedule(after: Thresholds.missingFrameTimeout) { [weak self] _ in
                self?.dropMissingFrameTimer()
                self?.closeMissingFrame()
            }
            swap(&timer, &missingFrameTimer)
        }
    }

    private func closeMissingFrame() {
        guard !frameChanges.isEmpty else { return }
        onMadeUpFrame?()
        flush()
    }

    /// Delivers everything changed since the previous frame as one event.
    func flush() {
        missingFrameTimer?.invalidate()
        dropMissingFrameTimer()
        guard !frameChanges.isEmpty else { return }
        // A frame delivered from inside this one (a handler cancelling every
        // touch) finds `delivering` in use and starts an empty one.
        var changed: [Touch] = []
        swap(&changed, &delivering)
        swap(&changed, &frameChanges)
        defer {
            retire(changed)
            changed.removeAllKeepingStorage()
            if delivering.isEmpty { swap(&changed, &delivering) }
        }
        for t in changed { applyPending(t) }
        for entry in down where !entry.touch.changedInFrame { entry.touch.phase = .stationary }
        // Hit-testing new touches needs current frames: a page shown since
        // the last draw has not been laid out yet.
        let timestamp = changed.reduce(-Double.infinity) { Swift.max($0, $1.timestamp) }
        link.with { window in
            if changed.contains(where: { $0.phase == .began }) { window.layoutIfPending() }
            if window.hasObservers {
                for o in window.observers { o.touchesDidChange(changed, in: window) }
            }
            window.delivery.deliver(changed, at: timestamp)
        }
        for t in changed {
            t.changedInFrame = false
            t.beganInFrame = false
        }
    }

    private func markChanged(_ touch: Touch) {
        guard !touch.changedInFrame else { return }
        touch.changedInFrame = true
        appendToFrame(touch)
    }

    private func changeDown(_ change: (inout [(key: TouchKey, touch: Touch)]) -> Void) {
        var list: [(key: TouchKey, touch: Touch)] = []
        swap(&list, &down)
        change(&list)
        swap(&list, &down)
    }

    private func appendToFrame(_ touch: Touch) {
        var list: [Touch] = []
        swap(&list, &frameChanges)
        list.append(touch)
        swap(&list, &frameChanges)
    }

    private func dropMissingFrameTimer() {
        var timer: ScheduledTimer?
        swap(&timer, &missingFrameTimer)
    }

    /// Applies a touch's pending changes as its frame is delivered.
    private func applyPending(_ touch: Touch) {
        guard !touch.beganInFrame else { return }
        touch.previousLocationInWindow = touch.locationInWindow
        if let p = touch.pendingLocation { touch.locationInWindow = p }
        if let t = touch.pendingTimestamp { touch.timestamp = t }
        touch.phase = touch.pendingEnd ?? .moved
        if touch.tapCount > 0, !touch.isWithinTapSlop(at: touch.locationInWindow, slop: window.judging.tapSlop) {
            touch.tapCount = 0
        }
        touch.pendingLocation = nil
        touch.pendingTimestamp = nil
        touch.pendingEnd = nil
    }

    // MARK: Touch objects

    /// A touch that just went down: a retired one nothing holds any more,
    /// or a new one.
    private func makeTouch(at location: Point, time: Double) -> Touch {
        let identifier = nextIdentifier
        nextIdentifier += 1
        let tapCount = taps.count(at: location, time: time, othersDown: !down.isEmpty,
                                  judging: window.judging)
        for i in retiredTouches.indices where isKnownUniquelyReferenced(&retiredTouches[i]) {
            let touch = retiredTouches[i]
            changeRetiredTouches { $0.remove(at: i) }
            touch.start(identifier: identifier, location: location, timestamp: time, tapCount: tapCount)
            return touch
        }
        return Touch(identifier: identifier, location: location, timestamp: time, tapCount: tapCount)
    }

    /// Keeps touches that ended for reuse.
    private func retire(_ touches: [Touch]) {
        changeRetiredTouches { list in
            for t in touches where !t.isActive && list.count < Self.retiredTouchLimit {
                list.append(t)
            }
        }
    }

    private func changeRetiredTouches(_ change: (inout [Touch]) -> Void) {
        var list: [Touch] = []
        swap(&list, &retiredTouches)
        change(&list)
        swap(&list, &retiredTouches)
    }

    /// The touches kept for reuse (their identifiers) and how many of them
    /// something besides this object still holds (it never reuses those):
    /// what a leak check needs to tell the pool from a leak.
    func reusePoolAudit() -> (identifiers: Set<Int>, heldElsewhere: Int) {
        var identifiers: Set<Int> = [], heldElsewhere = 0
        for i in retiredTouches.indices {
            identifiers.insert(retiredTouches[i].identifier)
            if !isKnownUniquelyReferenced(&retiredTouches[i]) { heldElsewhere += 1 }
        }
        return (identifiers, heldElsewhere)
    }
}
