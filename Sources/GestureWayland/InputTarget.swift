import GestureKit

/// Where every seat delivers its input: the window being shown, the
/// surface whose events count as that window's, and what the seats share
/// (one clock for time stamps, the cursor theme, the touchpad gestures
/// global, the serial of the latest press).
///
/// Shared by all seats, so that their timestamps go through one
/// `EventClock`. Before a window is shown (`window` nil) input is dropped.
final class InputTarget {
    /// The window being shown, nil while none is.
    private(set) var window: Window?
    /// The window's `wl_surface`; focus and touch-down events for any other
    /// surface are ignored.
    private(set) var surface: OpaquePointer?
    /// The `wl_compositor` cursor surfaces are made with, and its version
    /// (buffer scale needs v3). Nil while no window is shown.
    private(set) var compositor: (proxy: OpaquePointer, version: UInt32)?
    /// The cursor images at the window's scale; nil while no window is
    /// shown.
    private(set) var cursorThemes: CursorThemeSource?

    /// The serial of the newest input event that may start an interactive
    /// move, resize or window menu (a pointer button press, a touch down or
    /// a key press on the window), and the `wl_seat` it came from.
    ///
    /// `xdg_toplevel.move`, `.resize` and `.show_window_menu` need exactly
    /// this pair: compositors refuse a grab whose serial does not belong to
    /// a press of that seat. Nil before the first press and after its seat
    /// went away, since the proxy is destroyed with the seat.
    private(set) var lastGrabSerial: (seat: OpaquePointer, serial: UInt32)?

    /// The touchpad gestures global (`zwp_pointer_gestures_v1`), if the
    /// compositor offers one. Pointers created before it was bound get
    /// their gestures when it arrives.
    var pointerGestures: PointerGestures? {
        didSet {
            for pointer in livePointers() { pointer.pointerGesturesDidChange() }
        }
    }

    private var clock = EventClock()
    /// Seat indices in use: each seat numbers its touches from 0, so the
    /// router tells them apart by this index.
    private var seatIndices: Set<Int> = []
    /// Every pointer, to refresh cursors on a scale change.
    private var pointers: [WeakPointer] = []
    /// The cursor buffer scale last used, to notice when it changes.
    private var cursorScale = 1

    /// The window's input router, nil while no window is shown.
    var router: InputRouter? { window?.input }

    /// The router, if `surface` is the window's surface.
    func router(for surface: OpaquePointer?) -> InputRouter? {
        isWindowSurface(surface) ? router : nil
    }

    /// The window, if `surface` is the window's surface.
    func window(for surface: OpaquePointer?) -> Window? {
        isWindowSurface(surface) ? window : nil
    }

    private func isWindowSurface(_ surface: OpaquePointer?) -> Bool {
        surface != nil && surface == self.surface
    }

    /// Seconds for a protocol event timestamp.
    func seconds(fromMilliseconds milliseconds: UInt32) -> Double {
        clock.seconds(fromMilliseconds: milliseconds)
    }

    // MARK: Window

    /// Starts delivering input to `window`, shown on `surface`.
    func attach(window: Window, surface: OpaquePointer, compositor: OpaquePointer, compositorVersion: UInt32,
                shm: OpaquePointer, connection: WaylandConnection) {
        detach()
        self.window = window
        self.surface = surface
        self.compositor = (compositor, compositorVersion)
        cursorThemes = CursorThemeSource(shm: shm, connection: connection)
        cursorScale = Self.cursorScale(for: window.environment.scale)
        window.addObserver(self)
    }

    /// Stops delivering input: the window is going off screen. Seats must
    /// have ended their input in flight before (`Registry.cancelInput()`).
    func detach() {
        window?.removeObserver(self)
        window = nil
        surface = nil
        compositor = nil
        for pointer in livePointers() { pointer.windowDidDetach() }
        cursorThemes = nil
    }

    /// The integer buffer scale for cursor images at a window scale (the
    /// next integer up, so a fractional scale gets sharp cursors).
    static func cursorScale(for scale: Double) -> Int {
        guard scale.isFinite, scale > 1 else { return 1 }
        return Int(min(scale.rounded(.up), 8))
    }

    /// The buffer scale cursor images are loaded at now.
    var currentCursorScale: Int { cursorScale }

    // MARK: Seats

    /// The lowest seat index not in use.
    func claimSeatIndex() -> Int {
        var index = 0
        while seatIndices.contains(index) { index += 1 }
        seatIndices.insert(index)
        return index
    }

    /// Gives back an index from `claimSeatIndex()`, and forgets the grab
    /// serial of a seat whose proxy is about to be destroyed.
    func releaseSeat(index: Int, proxy: OpaquePointer) {
        seatIndices.remove(index)
        if lastGrabSerial?.seat == proxy { lastGrabSerial = nil }
    }

    /// Records a press on the window (see `lastGrabSerial`).
    func recordGrabSerial(_ serial: UInt32, seat: OpaquePointer) {
        lastGrabSerial = (seat, serial)
    }

    /// Lets `pointer` hear of scale and gesture-global changes.
    func register(_ pointer: PointerInput) {
        pointers.removeAll { $0.pointer == nil }
        pointers.append(WeakPointer(pointer: pointer))
    }

    private func livePointers() -> [PointerInput] {
        pointers.compactMap(\.pointer)
    }

    private struct WeakPointer {
        weak var pointer: PointerInput?
    }
}

extension InputTarget: WindowObserver {
    func environmentDidChange(_ environment: DisplayEnvironment) {
        let scale = Self.cursorScale(for: environment.scale)
        if scale != cursorScale {
            cursorScale = scale
            for pointer in livePointers() { pointer.cursorScaleDidChange() }
        }
        // Decorations come and go with the window's state.
        for pointer in livePointers() { pointer.windowLayoutDidChange() }
    }

    func windowDidResize(_ window: Window, from oldSize: Size) {
        for pointer in livePointers() { pointer.windowLayoutDidChange() }
    }
}
