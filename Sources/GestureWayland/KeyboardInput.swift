import CPosix
import CWaylandClient
import CXkbCommon
import GestureKit
import Glibc
import Logging

/// One seat's `wl_keyboard`: turns its keys into the window's `KeyEvent`s
/// by keysym (so shortcuts follow the user's layout), keeps the window's
/// modifiers current, and repeats held keys as the compositor asks.
///
/// Which shortcut a key runs is the app's business (`Window.handleKey`);
/// nothing here knows any.
final class KeyboardInput {
    private let connection: WaylandConnection
    private let proxy: OpaquePointer
    private let seat: OpaquePointer
    private let version: UInt32
    private let target: InputTarget
    private let context: OpaquePointer

    /// Where the compositor's keymap stands.
    private enum KeymapState {
        /// None yet, or the last one was unusable (not XKB v1, not mapped,
        /// not compiled): keys are dropped.
        case none
        /// Its text, kept as sent until a key or modifier needs it:
        /// compiling takes about 2 ms, and the keymap arrives while the app
        /// connects, ahead of a first frame that needs no keys (they come
        /// once the window has focus, after that frame).
        case pending([CChar])
        case compiled(Keymap)
    }

    private var keymapState = KeymapState.none
    /// The latest `wl_keyboard.modifiers` but all-zero ones: a keymap
    /// compiled after them takes them first, also one sent after them (a
    /// compositor need not send them again for a new keymap).
    private var latestModifiers: (depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32)?

    /// The compositor's keymap, compiling a pending one first; nil (keys
    /// dropped) until one arrives, or when it does not compile.
    private func compiledKeymap() -> Keymap? {
        switch keymapState {
        case .none:
            return nil
        case .compiled(let keymap):
            return keymap
        case .pending(let text):
            let keymap = text.withUnsafeBufferPointer { Keymap(context: context, text: $0.baseAddress!, length: $0.count) }
            keymapState = keymap.map(KeymapState.compiled) ?? .none
            if keymap == nil {
                logger.warning("the compositor's keymap does not compile: keyboard input ignored")
            }
            if let keymap, let m = latestModifiers {
                keymap.updateModifiers(depressed: m.depressed, latched: m.latched, locked: m.locked, group: m.group)
            }
            // The compiler's working memory (some 300 KB) is freed between
            // the app's long-lived allocations; give those pages back.
            cposix_release_free_memory()
            return keymap
        }
    }
    /// The window, while it has this keyboard's focus (enter to leave).
    /// Whether the keyboard focus is on the shown window. (A flag, not a
    /// weak reference: a weak reference to the window would make every
    /// retain of it, on every touch, take the runtime's slow path.)
    private var hasFocus = false
    private var focusedWindow: Window? { hasFocus ? target.window : nil }
    private let keyRepeat = KeyRepeat(settings: .fallback)
    /// The repeat settings last told to the focused window, so that each
    /// change reaches its input tap (a recording) once.
    private var announcedSettings: (window: ObjectIdentifier, settings: KeyRepeatSettings)?

    /// Takes the keyboard of `seat` (a `wl_seat` of `version`; the keyboard
    /// gets the same version). Nil when xkbcommon cannot allocate.
    init?(seat: OpaquePointer, version: UInt32, target: InputTarget, connection: WaylandConnection) {
        // Neither include paths nor the environment's XKB_DEFAULT_* matter:
        // keymaps come complete from the compositor, never from names.
        let flags = XKB_CONTEXT_NO_DEFAULT_INCLUDES.rawValue | XKB_CONTEXT_NO_ENVIRONMENT_NAMES.rawValue
        guard let context = xkb_context_new(xkb_context_flags(rawValue: flags)) else { return nil }
        self.context = context
        self.connection = connection
        self.seat = seat
        self.version = version
        self.target = target
        proxy = wl_seat_get_keyboard(seat)
        wl_keyboard_add_listener(proxy, keyboardListener.pointer, listenerUserData(self))
    }

    deinit {
        keyRepeat.stop()
        if version >= UInt32(WL_KEYBOARD_RELEASE_SINCE_VERSION) {
            wl_keyboard_release(proxy)
        } else {
            wl_keyboard_destroy(proxy)
        }
        keymapState = .none
        xkb_context_unref(context)
    }

    /// Treats the focus as lost: the keyboard is going away, and keys held
    /// now will never be seen released.
    func cancel() {
        keyRepeat.stop()
        guard let window = focusedWindow else { return }
        hasFocus = false
        window.keyboardFocusLost()
    }

    // MARK: Events

    fileprivate func handleKeymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        keyRepeat.stop()
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else {
            logger.warning("wl_keyboard keymap format \(format) is not XKB v1: keyboard input ignored")
            keymapState = .none
            return
        }
        // Private, read-only: from v7 the compositor may hand out a sealed
        // or read-only file that a shared mapping would fail on.
        let length = Int(size)
        guard length > 0, let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0),
              mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
            logger.warning("cannot map the keyboard keymap (\(size) bytes): \(errnoDescription(errno))")
            keymapState = .none
            return
        }
        defer { munmap(mapped, length) }
        let text = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: CChar.self), count: length)
        keymapState = .pending(Array(text))
    }

    fileprivate func handleEnter(serial: UInt32, surface: OpaquePointer?) {
        guard target.window(for: surface) != nil else { return }
        hasFocus = true
        announceRepeatSettings()
        // Keys already held at enter are not presses (the protocol says
        // so); the modifiers event that follows sets the modifiers.
    }

    fileprivate func handleLeave() {
        cancel()
    }

    fileprivate func handleKey(serial: UInt32, time: UInt32, key: UInt32, state: UInt32) {
        guard let window = focusedWindow, let keymap = compiledKeymap() else { return }
        let seconds = target.seconds(fromMilliseconds: time)
        let pressed = state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue
        // The newest repeating key takes over the repeat; a modifier
        // pressed meanwhile does not stop it (Shift held while "a" repeats
        // turns the repeats into "A", as everywhere else).
        let takesOverRepeat = pressed && keymap.repeats(Self.xkbKeycode(key))
        if pressed {
            target.recordGrabSerial(serial, seat: seat)
        }
        if takesOverRepeat {
            keyRepeat.stop()
        } else if !pressed {
            keyRepeat.stop(key: key)
        }
        window.handleKey(event(for: key, keymap: keymap, pressed: pressed, isRepeat: false, time: seconds))
        // The window may have closed or lost focus in between.
        if takesOverRepeat, focusedWindow === window {
            keyRepeat.start(key: key, time: seconds, scheduler: window.scheduler) { [weak self] key, time in
                self?.sendRepeat(key: key, time: time)
            }
        }
    }

    fileprivate func handleModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        // Compositors send modifiers with every enter, often before the
        // first frame, which would wait for the keymap's compile (about
        // 2 ms) to name them. While it waits, they are kept for it: none
        // set needs nothing of it (it compiles into a state with none and
        // the first group); others (a lock, a key held at enter) are
        // named when the window first reads them, or by the first key.
        let none = depressed == 0 && latched == 0 && locked == 0 && group == 0
        latestModifiers = none ? nil : (depressed, latched, locked, group)
        if case .pending = keymapState {
            if none {
                focusedWindow?.input.keyboardModifiers = []
            } else {
                focusedWindow?.input.setKeyboardModifiers { [weak self] in self?.compiledKeymap()?.modifiers ?? [] }
            }
            return
        }
        guard let keymap = compiledKeymap() else { return }
        keymap.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
        // Alt + drag must work with no key event in between (Alt pressed
        // before the window got focus).
        focusedWindow?.input.keyboardModifiers = keymap.modifiers
    }

    fileprivate func handleRepeatInfo(rate: Int32, delay: Int32) {
        keyRepeat.update(KeyRepeatSettings(rate: Int(rate), delay: Int(delay)))
        announceRepeatSettings()
    }

    /// Tells the focused window how its keys repeat, when it has not heard
    /// these settings from this keyboard yet.
    private func announceRepeatSettings() {
        guard let window = focusedWindow else { return }
        let settings = keyRepeat.settings
        if let announced = announcedSettings, announced.window == ObjectIdentifier(window),
           announced.settings == settings { return }
        announcedSettings = (ObjectIdentifier(window), settings)
        window.keyRepeatSettingsDidChange(settings)
    }

    /// Hands the window one repeat of `key`, looked up now: a modifier
    /// pressed while holding the key counts.
    private func sendRepeat(key: UInt32, time: Double) {
        guard let window = focusedWindow, let keymap = compiledKeymap() else {
            keyRepeat.stop()
            return
        }
        window.handleKey(event(for: key, keymap: keymap, pressed: true, isRepeat: true, time: time))
    }

    // MARK: Translation

    /// Evdev codes (what `wl_keyboard.key` carries) are XKB keycodes minus 8,
    /// an offset kept from X11.
    private static func xkbKeycode(_ key: UInt32) -> xkb_keycode_t {
        key &+ 8
    }

    private func event(for key: UInt32, keymap: Keymap, pressed: Bool, isRepeat: Bool, time: Double) -> KeyEvent {
        let code = Self.xkbKeycode(key)
        let keysym = keymap.keysym(for: code)
        let base = keymap.baseKeysym(for: code)
        return KeyEvent(keysym: keysym, baseKeysym: base == 0 ? keysym : base, latinKeysym: keymap.latinKeysym(for: code),
                        keyCode: key, modifiers: keymap.modifiers,
                        isPressed: pressed, isRepeat: isRepeat, text: pressed ? keymap.text(for: code) : "",
                        time: time)
    }
}

private let keyboardListener = ListenerTable(wl_keyboard_listener(
    keymap: { data, _, format, fd, size in
        listenerOwner(data, as: KeyboardInput.self).handleKeymap(format: format, fd: fd, size: size)
    },
    enter: { data, _, serial, surface, _ in
        listenerOwner(data, as: KeyboardInput.self).handleEnter(serial: serial, surface: surface)
    },
    leave: { data, _, _, _ in
        listenerOwner(data, as: KeyboardInput.self).handleLeave()
    },
    key: { data, _, serial, time, key, state in
        listenerOwner(data, as: KeyboardInput.self).handleKey(serial: serial, time: time, key: key, state: state)
    },
    modifiers: { data, _, _, depressed, latched, locked, group in
        listenerOwner(data, as: KeyboardInput.self)
            .handleModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
    },
    // v4+; older keyboards keep the fallback settings.
    repeat_info: { data, _, rate, delay in
        listenerOwner(data, as: KeyboardInput.self).handleRepeatInfo(rate: rate, delay: delay)
    }
))
