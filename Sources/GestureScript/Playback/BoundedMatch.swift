import Glibc

/// Whole-text matching of a script's pattern with a time limit.
///
/// Swift's `Regex` backtracks, and a pattern that repeats a group which
/// itself repeats (`(.*.*)*x`) tries every way of splitting the text
/// before it fails: against a label of two dozen characters that takes
/// longer than anyone waits, and the engine offers no way to stop it. So
/// each match runs on a thread of its own while the player waits for it,
/// at most `limit` seconds; a match still running then is given up (the
/// check fails, saying why) and its thread left to the end of the process,
/// counted in `abandoned`. Label texts are short, so a sound pattern takes
/// microseconds.
public enum BoundedMatch {
    enum Outcome: Equatable {
        case matched, notMatched
        /// Still running after the limit.
        case gaveUp
    }

    /// Seconds a match may take.
    static let limit = 2.0

    /// Matches given up in this process (their threads still run).
    nonisolated(unsafe) public private(set) static var abandoned = 0

    /// Whether `regex` matches the whole of `text`, found within `limit`
    /// seconds; `.gaveUp` otherwise, or if no thread could be started.
    static func wholeMatch(_ text: String, _ regex: Regex<AnyRegexOutput>, limit: Double = limit) -> Outcome {
        let job = Job(text: text, regex: regex)
        let context = Unmanaged.passRetained(job).toOpaque()
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let started = pthread_create(&thread, &attributes, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            job.run()
            return nil
        }, context)
        pthread_attr_destroy(&attributes)
        guard started == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            return .gaveUp
        }
        let outcome = job.wait(seconds: limit)
        if outcome == .gaveUp { abandoned += 1 }
        return outcome
    }

    /// One match and its answer, shared by the waiting thread and the
    /// matching one (each access under `mutex`).
    private final class Job: @unchecked Sendable {
        let text: String
        let regex: Regex<AnyRegexOutput>
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let answered = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var outcome = Outcome.gaveUp
        private var done = false

        init(text: String, regex: Regex<AnyRegexOutput>) {
            self.text = text
            self.regex = regex
            pthread_mutex_init(mutex, nil)
            var attributes = pthread_condattr_t()
            pthread_condattr_init(&attributes)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
            pthread_cond_init(answered, &attributes)
            pthread_condattr_destroy(&attributes)
        }

        deinit {
            pthread_cond_destroy(answered)
            pthread_mutex_destroy(mutex)
            answered.deallocate()
            mutex.deallocate()
        }

        func run() {
            let found = text.wholeMatch(of: regex) != nil
            pthread_mutex_lock(mutex)
            outcome = found ? .matched : .notMatched
            done = true
            pthread_cond_signal(answered)
            pthread_mutex_unlock(mutex)
        }

        func wait(seconds: Double) -> Outcome {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let whole = Int(seconds)
            var deadline = timespec(tv_sec: now.tv_sec + whole,
                                    tv_nsec: now.tv_nsec + Int((seconds - Double(whole)) * 1e9))
            if deadline.tv_nsec >= 1_000_000_000 {
                deadline.tv_sec += 1
                deadline.tv_nsec -= 1_000_000_000
            }
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            while !done {
                if pthread_cond_timedwait(answered, mutex, &deadline) == ETIMEDOUT { break }
            }
            return done ? outcome : .gaveUp
        }
    }
}
