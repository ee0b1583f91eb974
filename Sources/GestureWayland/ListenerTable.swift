/// A Wayland listener struct at a fixed heap address for the whole process.
///
/// `wl_*_add_listener` stores the pointer it is given and reads through it
/// on every event, so the struct must never move or be freed; a Swift value
/// or a `withUnsafePointer` temporary would do both. Each table is created
/// once, from a global `let` (initialised exactly once, thread-safely), and
/// deliberately never deallocated.
///
/// Build it with the listener's memberwise initialiser so that every slot
/// is filled: libwayland calls a NULL slot unchecked and crashes when that
/// event arrives, and a field added by a newer header then fails to compile
/// instead of failing at run time.
struct ListenerTable<Listener>: @unchecked Sendable {
    // Sendable is sound: the struct is written once in init and afterwards
    // only read, by libwayland.
    let pointer: UnsafePointer<Listener>

    init(_ listener: Listener) {
        let storage = UnsafeMutablePointer<Listener>.allocate(capacity: 1)
        storage.initialize(to: listener)
        pointer = UnsafePointer(storage)
    }
}

/// The `void *data` to register with a listener so that its C callbacks
/// (which cannot capture context) find `object` again.
///
/// Unretained: the object owns the proxy and destroys it in `deinit`, so no
/// event can arrive for an object that is gone.
func listenerUserData<Object: AnyObject>(_ object: Object) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
}

/// The object registered with `listenerUserData` for a callback's `data`.
func listenerOwner<Object: AnyObject>(_ data: UnsafeMutableRawPointer?, as type: Object.Type) -> Object {
    Unmanaged<Object>.fromOpaque(data!).takeUnretainedValue()
}
