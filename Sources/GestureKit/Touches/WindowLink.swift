/// How the parts of a window's input (the router, the touch frames, the
/// mouse emulation, the delivery) point back at their window.
///
/// The window owns its parts and makes them before it can hand out
/// itself, so it connects each part right after; nothing uses a part
/// before that. The reference is unmanaged, with the rules of
/// `unowned(unsafe)`: the window outlives its parts. It is read for every
/// touch event, where a checked unowned reference would count atomically on
/// each read, and where `with` lends the window without counting at all.
struct WindowLink {
    private var reference: Unmanaged<Window>?

    mutating func connect(to window: Window) {
        reference = Unmanaged.passUnretained(window)
    }

    /// The window, as a strong reference.
    var window: Window {
        guard let reference else { preconditionFailure("a window's input part used before the window connected it") }
        return reference.takeUnretainedValue()
    }

    /// Calls `body` with the window, counting no reference to it.
    @inline(__always)
    func with<R>(_ body: (Window) -> R) -> R {
        guard let reference else { preconditionFailure("a window's input part used before the window connected it") }
        return reference._withUnsafeGuaranteedRef(body)
    }
}
