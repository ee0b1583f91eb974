import CPosix
import Glibc

/// What the event loop asks of the code it drives. All calls come from the
/// loop's thread.
protocol EventLoopDelegate: AnyObject {
    /// False once the loop should return.
    var keepsRunning: Bool { get }
    /// The compositor's events were just read, before any of them is
    /// dispatched: `held` when they waited unread first (see
    /// `compositorEventsMayWaitUntil`), so that they reach the delegate
    /// later than they came; false when they were read as they came.
    func eventLoopDidRead(held: Bool)
    /// A batch of compositor events was just dispatched.
    func eventLoopDidDispatch()
    /// The timer's deadline has passed.
    func eventLoopTimerDidFire()
    /// SIGTERM, SIGINT or SIGHUP arrived: the app is asked to quit.
    func eventLoopDidReceiveTerminationSignal(_ signal: Int32)
    /// The loop is about to sleep: the last moment to produce requests
    /// (drawing happens here).
    func eventLoopWillSleep() throws(WaylandError)
    /// Asked after `eventLoopWillSleep`: a `CLOCK_MONOTONIC` time until
    /// which the compositor's events may wait unread, or nil to read them
    /// as they come. What arrives in the meantime is read in one batch
    /// when the time comes, or earlier, whenever the loop wakes for
    /// something else (so a timer never runs ahead of input that came
    /// before it).
    var compositorEventsMayWaitUntil: Double? { get }
}

/// The application's one event loop: a single thread that sleeps in `poll`
/// on the compositor socket, a deadline timer and the termination signals,
/// and wakes only when one of them has something. No busy loop, no
/// periodic tick: an idle window costs nothing.
///
/// Reading follows libwayland's protocol for a loop of one's own: dispatch
/// what is queued until `wl_display_prepare_read` succeeds, flush, poll,
/// then `wl_display_read_events` (or `wl_display_cancel_read`) and dispatch.
///
/// While the delegate lets the compositor's events wait (a frame is on its
/// way to the screen, and input that comes meanwhile can only be shown in
/// the frame after it), the loop sleeps without watching the socket for
/// input, then reads everything that came at once: one wake-up where there
/// would have been one per event. A hang-up still wakes it at once.
final class EventLoop {
    private let connection: WaylandConnection
    /// Wakes the loop at the toolkit scheduler's next deadline.
    let timer: DeadlineTimer
    /// Blocked while the loop exists, and read here instead.
    private let signals: TerminationSignals

    /// How often the loop read the compositor's events, and how often it
    /// let them wait for a frame first.
    struct ReadCounts: CustomStringConvertible {
        var reads = 0
        var held = 0

        var description: String {
            "compositor events read in \(reads) batches; \(held) times they waited for a frame on its way"
        }
    }
    private(set) var counts = ReadCounts()
    /// How late the loop wakes when a hold runs out: the hold asks to end
    /// that much sooner, so that what waited is read when the delegate
    /// said (a virtual machine's CPU here took about 0.1 ms to wake, and
    /// a frame's newest event waited that much longer).
    private var holdOverrun = WakeOverrun()

    init(connection: WaylandConnection) throws(WaylandError) {
        self.connection = connection
        timer = try DeadlineTimer()
        signals = try TerminationSignals()
    }

    /// Runs until `delegate.keepsRunning` is false (returns) or the
    /// connection fails (throws).
    func run(delegate: EventLoopDelegate) throws(WaylandError) {
        var descriptors = [
            pollfd(fd: connection.fileDescriptor, events: 0, revents: 0),
            pollfd(fd: timer.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let socketReadable = Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL)
        /// Polls until `deadline` with the read intent held; false when a
        /// signal interrupted it (the intent is then cancelled).
        func wait(socketEvents: Int16, until deadline: Double) throws(WaylandError) -> Bool {
            descriptors[0].events = socketEvents
            guard cposix_poll_until(&descriptors, nfds_t(descriptors.count), deadline) < 0 else { return true }
            let code = errno
            connection.cancelRead()
            if code == EINTR { return false }
            throw .systemCallFailed(call: "ppoll", reason: errnoDescription(code))
        }
        while delegate.keepsRunning {
            while !connection.prepareRead() {
                try dispatch(delegate)
            }
            // The read intent is ours now: every path below must end it with
            // exactly one read or cancel, or the next prepare deadlocks.
            guard delegate.keepsRunning else {
                connection.cancelRead()
                break
            }
            let mustWaitForWritable: Bool
            do {
                try delegate.eventLoopWillSleep()
                mustWaitForWritable = try connection.flush() == .wouldBlock
            } catch {
                connection.cancelRead()
                throw error
            }

            let writable = mustWaitForWritable ? Int16(POLLOUT) : 0
            var deadline = Double.infinity
            var held = false
            let now = cposix_monotonic_seconds()
            if let quietUntil = delegate.compositorEventsMayWaitUntil, quietUntil > now {
                // Hang-ups and errors are reported whatever the events asked.
                let end = quietUntil - holdOverrun.seconds
                guard try wait(socketEvents: writable, until: end) else { continue }
                // Only a wait that slept and ran out says how late the loop
                // wakes (one asked to end before it began returns at once).
                if end > now, descriptors.allSatisfy({ $0.revents == 0 }) {
                    holdOverrun.record(deadline: end, woke: cposix_monotonic_seconds())
                }
                counts.held += 1
                held = true
                // Whatever woke the loop, what waits on the socket is read
                // now, before any timer runs: the poll below only looks.
                deadline = -Double.infinity
            }
            guard try wait(socketEvents: Int16(POLLIN) | writable, until: deadline) else { continue }

            // A hang-up is read too: the compositor's last message (say, a
            // protocol error) may precede it, and the failed read is what
            // records the cause.
            if descriptors[0].revents & socketReadable != 0 {
                counts.reads += 1
                try connection.readEvents()
                delegate.eventLoopDidRead(held: held)
            } else {
                connection.cancelRead()
            }
            try dispatch(delegate)

            if descriptors[1].revents & Int16(POLLIN) != 0 {
                timer.acknowledge()
                delegate.eventLoopTimerDidFire()
            }

            if descriptors[2].revents & Int16(POLLIN) != 0 {
                while let signal = signals.next() {
                    delegate.eventLoopDidReceiveTerminationSignal(signal)
                }
            }
        }
    }

    private func dispatch(_ delegate: EventLoopDelegate) throws(WaylandError) {
        if try connection.dispatchPending() > 0 {
            delegate.eventLoopDidDispatch()
        }
    }
}

/// How late a timed wait returns: a running average of how long after its
/// deadline a wait that ran out woke, each sample clamped so that a wake-up
/// the scheduler delayed (the other core busy) counts for little.
struct WakeOverrun {
    private(set) var seconds = 0.0
    /// The most one wake-up counts for (seconds).
    static let longest = 0.0005

    mutating func record(deadline: Double, woke: Double) {
        let late = min(max(woke - deadline, 0), Self.longest)
        seconds = 0.75 * seconds + 0.25 * late
    }
}
