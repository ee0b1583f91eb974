import CWaylandClient
import Glibc

/// The client's connection to the compositor (`wl_display`), and the one
/// place that turns its failures into `WaylandError`s.
///
/// Every object that owns protocol proxies keeps a strong reference to the
/// connection: proxies must be destroyed before `wl_display_disconnect`,
/// which this class calls last, from `deinit`.
final class WaylandConnection {
    /// The `wl_display`.
    let display: OpaquePointer
    /// The socket, for `poll`.
    let fileDescriptor: Int32

    /// What `flush` achieved.
    enum FlushResult {
        /// Every request was written.
        case flushed
        /// The socket buffer is full: poll for `POLLOUT`, then flush again.
        case wouldBlock
        /// The compositor closed the socket. Not final yet: a protocol error
        /// explaining why may still be waiting to be read.
        case peerClosed
    }

    /// Connects to the compositor named by `WAYLAND_DISPLAY` (libwayland's
    /// rules: default "wayland-0", relative to `XDG_RUNTIME_DIR`).
    init() throws(WaylandError) {
        // errno is read inside: unlocking the log's mutex may clobber it.
        let (connected, connectErrno) = LibwaylandLog.whileConnecting {
            (wl_display_connect(nil), errno)
        }
        guard let display = connected else {
            let reason = errnoDescription(connectErrno)
            throw .cannotConnect(waylandDisplay: environmentValue("WAYLAND_DISPLAY"),
                                 runtimeDirectory: environmentValue("XDG_RUNTIME_DIR"),
                                 reason: reason)
        }
        self.display = display
        fileDescriptor = wl_display_get_fd(display)
    }

    deinit {
        wl_display_disconnect(display)
    }

    /// Sends all requests and dispatches every event until the compositor has
    /// processed them: used at start-up to learn globals and their state.
    func roundtrip() throws(WaylandError) {
        if wl_display_roundtrip(display) < 0 {
            throw failure()
        }
    }

    /// Sends the requests made so far and waits until the compositor has
    /// said something back, at most `seconds`: a compositor answers the
    /// first requests at once, and one that does not would leave
    /// `roundtrip` blocked forever.
    func awaitFirstAnswer(within seconds: Int) throws(WaylandError) {
        var flushed = false
        let deadline = monotonicSeconds() + Double(seconds)
        while true {
            if !flushed {
                switch try flush() {
                case .flushed: flushed = true
                case .wouldBlock: break
                case .peerClosed: throw failure()
                }
            }
            let left = deadline - monotonicSeconds()
            guard left > 0 else { throw .compositorSilent(seconds: seconds) }
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(flushed ? POLLIN : POLLIN | POLLOUT), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0 {
                if errno == EINTR { continue }
                throw .systemCallFailed(call: "poll", reason: errnoDescription(errno))
            }
            if ready > 0 && descriptor.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { return }
        }
    }

    /// Dispatches the events already read; returns how many were dispatched.
    func dispatchPending() throws(WaylandError) -> Int32 {
        let count = wl_display_dispatch_pending(display)
        if count < 0 {
            throw failure()
        }
        return count
    }

    /// Announces the intent to read. False while events are still queued:
    /// they must be dispatched first. After true, exactly one of
    /// `readEvents` or `cancelRead` must follow.
    func prepareRead() -> Bool {
        wl_display_prepare_read(display) == 0
    }

    /// Reads what the socket holds into the event queue (does not dispatch).
    func readEvents() throws(WaylandError) {
        if wl_display_read_events(display) < 0 {
            throw failure()
        }
    }

    /// Gives up the read intent taken by `prepareRead`.
    func cancelRead() {
        wl_display_cancel_read(display)
    }

    /// Writes buffered requests to the socket.
    func flush() throws(WaylandError) -> FlushResult {
        if wl_display_flush(display) >= 0 {
            return .flushed
        }
        switch errno {
        case EAGAIN:
            return .wouldBlock
        case EPIPE:
            // libwayland leaves the display usable here on purpose, so that
            // the error event the compositor sent before hanging up can
            // still be read.
            return .peerClosed
        default:
            throw failure()
        }
    }

    /// The error that ended the connection, from libwayland's record of it.
    func failure() -> WaylandError {
        let code = wl_display_get_error(display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var objectID: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &objectID)
            return .protocolError(interface: interface.flatMap { $0.pointee.name }.map { String(cString: $0) },
                                  objectID: objectID,
                                  code: protocolCode,
                                  message: LibwaylandLog.takeProtocolErrorMessage())
        }
        return .connectionLost(reason: errnoDescription(code != 0 ? code : errno))
    }
}

/// Seconds on `CLOCK_MONOTONIC`.
private func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

private func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
