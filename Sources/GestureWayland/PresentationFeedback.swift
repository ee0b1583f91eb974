import CWaylandProtocols
import Glibc

/// The `wp_presentation` global: for each frame committed, when it actually
/// reached the screen (or that it never did).
///
/// Timestamps are handed out on `CLOCK_MONOTONIC`, the clock of
/// `MonotonicTimeSource` and of the backend's input stamps, converted from
/// the clock the compositor announces (`ClockConversion`); so a latency is
/// one subtraction. A time on a clock this process cannot read is no time.
final class Presentation {
    private let connection: WaylandConnection
    private let proxy: OpaquePointer
    /// The clock of the compositor's timestamps. `clock_id` arrives right
    /// after binding (with the start-up roundtrip), long before a frame;
    /// until then the clock is unknown.
    private(set) var clockID: clockid_t?
    private let clocks: ClockConversion
    /// Feedback requested and not yet answered, oldest first. Owned here
    /// because libwayland only keeps an unretained pointer to each.
    /// A compositor answers each frame within a refresh or two, but one may
    /// never answer (sway's headless output): past `pendingLimit` frames
    /// waiting, the oldest is given up as unknown.
    private var pending = Outstanding<PresentationFeedback>(limit: pendingLimit)
    static let pendingLimit = 16

    /// Adopts a bound `wp_presentation` proxy.
    init(proxy: OpaquePointer, connection: WaylandConnection, clocks: ClockConversion = ClockConversion()) {
        self.connection = connection
        self.proxy = proxy
        self.clocks = clocks
        wp_presentation_add_listener(proxy, presentationListener.pointer, listenerUserData(self))
    }

    deinit {
        // Destroying the proxies drops their events; nobody waits for them.
        pending.removeAll()
        wp_presentation_destroy(proxy)
    }

    /// Asks when the content of `surface`'s next commit is presented: call
    /// just before that commit. `completion` receives the presentation time
    /// (`CLOCK_MONOTONIC` seconds), or nil when the frame was never shown
    /// (replaced by a newer commit before a repaint, or the window hidden),
    /// was shown at a time on no clock known here, or is still unanswered
    /// when `pendingLimit` newer frames are.
    func requestFeedback(for surface: OpaquePointer, completion: @escaping (_ presentedAt: Double?) -> Void) {
        let feedback = PresentationFeedback(proxy: wp_presentation_feedback(proxy, surface)) { [unowned self] feedback, presented in
            pending.remove(feedback)
            completion(presented.flatMap(monotonicSeconds(from:)))
        }
        // Its proxy goes with it: an answer coming after all is dropped.
        pending.add(feedback)?.finish(presentedAt: nil)
    }

    /// A compositor timestamp on `CLOCK_MONOTONIC`; nil before the clock
    /// is announced or when it cannot be read here.
    private func monotonicSeconds(from seconds: Double) -> Double? {
        clockID.flatMap { clocks.monotonicSeconds(seconds, on: $0) }
    }

    fileprivate func handleClockID(_ clock: UInt32) {
        let id = clockid_t(bitPattern: clock)
        clockID = id
        if !clocks.canRead(id) {
            logger.info("wp_presentation clock \(clock) cannot be read here: input-to-present latency unknown")
        } else {
            logger.info("wp_presentation clock: \(ClockConversion.name(of: id))")
        }
    }
}

/// One frame's `wp_presentation_feedback`: answered exactly once, by
/// `presented` or `discarded`, after which the compositor forgets it and
/// the proxy is destroyed.
private final class PresentationFeedback {
    private let proxy: OpaquePointer
    private var completion: ((PresentationFeedback, Double?) -> Void)?

    init(proxy: OpaquePointer, completion: @escaping (PresentationFeedback, Double?) -> Void) {
        self.proxy = proxy
        self.completion = completion
        wp_presentation_feedback_add_listener(proxy, feedbackListener.pointer, listenerUserData(self))
    }

    deinit {
        wp_presentation_feedback_destroy(proxy)
    }

    fileprivate func finish(presentedAt seconds: Double?) {
        // The completion releases this object: take it out first.
        let completion = self.completion
        self.completion = nil
        completion?(self, seconds)
    }
}

private let presentationListener = ListenerTable(wp_presentation_listener(
    clock_id: { data, _, clock in
        listenerOwner(data, as: Presentation.self).handleClockID(clock)
    }
))

private let feedbackListener = ListenerTable(wp_presentation_feedback_listener(
    // Which output showed the frame; the window's output is tracked
    // through wl_surface.enter already.
    sync_output: { _, _, _ in },
    presented: { data, _, secondsHigh, secondsLow, nanoseconds, _, _, _, _ in
        let seconds = Double(UInt64(secondsHigh) << 32 | UInt64(secondsLow)) + Double(nanoseconds) / 1e9
        listenerOwner(data, as: PresentationFeedback.self).finish(presentedAt: seconds)
    },
    discarded: { data, _ in
        listenerOwner(data, as: PresentationFeedback.self).finish(presentedAt: nil)
    }
))
