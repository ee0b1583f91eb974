import CPosix
import GestureScript
import Glibc

/// How a worker ended a job.
public enum WorkerExit: Sendable, Equatable {
    /// The job ran to its end with this exit code (a worker reports it,
    /// as `gesture-demo --headless --script` would exit).
    case exited(Int32)
    /// A signal killed the worker during the job (a crash: SIGSEGV, a
    /// Swift trap's SIGILL...).
    case signaled(Int32)
    /// The worker exited with this status before the job ended.
    case vanished(Int32)
    /// The watchdog killed the worker after this many real seconds.
    case hung(seconds: Double)
    /// No worker could be started for it.
    case notStarted(String)
}

/// A finished job: how it ended, what its worker printed for it (standard
/// output and error together, in order), and the real time it took.
struct WorkerFinish {
    var job: Int
    var exit: WorkerExit
    var output: String
    var seconds: Double
}

/// Runs jobs in up to `jobs` worker processes (`program test --serve`),
/// each taking one job after another over its standard input
/// (`WorkerProtocol`), so a suite pays for starting the program once per
/// worker, not once per script.
///
/// Every worker is a separate process in a process group of its own, so a
/// script that crashes or hangs cannot take the runner or the others with
/// it: a worker that dies during a job reports that job as a crash (its
/// signal or exit status); one whose job outlives `watchdog` real seconds
/// is killed, group and all (SIGKILL), and its job reported hung. Either
/// way the next job gets a fresh worker. Interrupting the runner (Ctrl+C,
/// SIGTERM) kills every worker group before the runner goes.
///
/// One thread and one `poll` over the workers' output pipes: the pool
/// wakes when a worker writes or ends, at the nearest watchdog deadline,
/// and every `tickInterval` for a live progress line.
final class WorkerPool {
    let program: String
    /// What a worker is started with after `program`.
    static let arguments = ["test", "--serve"]
    let jobs: Int
    let watchdog: Double
    /// The most workers that ran at once in the last `run`.
    private(set) var mostWorkers = 0
    /// Why fewer than `jobs` workers ran, if a worker could not start while
    /// others ran (the system's limit on open files or processes): the
    /// jobs then waited for those instead of failing.
    private(set) var shortfall: String?
    /// The most output kept per job; the rest is dropped with a note.
    static let outputLimit = 1 << 20

    private final class Worker {
        let pid: pid_t
        var input: Int32
        var output: Int32
        var buffer: [UInt8] = []
        var job: Int?
        var start = 0.0
        var truncated = false

        init(pid: pid_t, input: Int32, output: Int32) {
            self.pid = pid
            self.input = input
            self.output = output
        }
    }

    /// - Parameters:
    ///   - program: the worker executable, started as `program test --serve`.
    init(program: String, jobs: Int, watchdog: Double) {
        self.program = program
        self.jobs = max(jobs, 1)
        self.watchdog = watchdog
    }

    /// Runs every job (the arguments of a headless run) and reports each as
    /// it ends, in the order they end. `tick` is called every
    /// `tickInterval` seconds while jobs run (nil: never).
    func run(_ jobArguments: [[String]], tickInterval: Double? = nil, tick: () -> Void = {},
             finished: (WorkerFinish) -> Void) {
        WorkerGroups.installInterruptHandler()
        // A worker that died while its job line was being written must not
        // kill the runner with SIGPIPE: its end shows on its output pipe.
        signal(SIGPIPE, SIG_IGN)
        var next = 0
        var workers: [Worker] = []
        var done = 0
        var capacity = jobs
        mostWorkers = 0
        shortfall = nil
        while done < jobArguments.count {
            // Hand out jobs to idle workers, starting workers as needed.
            while next < jobArguments.count {
                var worker = workers.first { $0.job == nil }
                if worker == nil && workers.count < capacity {
                    guard let started = start() else {
                        let why = String(cString: strerror(errno))
                        if !workers.isEmpty {
                            // The rest wait for the workers there are (all
                            // busy), and no more are tried.
                            capacity = workers.count
                            shortfall = why
                            break
                        }
                        finished(WorkerFinish(job: next, exit: .notStarted("cannot start \(program): \(why)"), output: "", seconds: 0))
                        next += 1
                        done += 1
                        continue
                    }
                    workers.append(started)
                    mostWorkers = max(mostWorkers, workers.count)
                    worker = started
                }
                guard let worker else { break }
                let job = next
                next += 1
                guard let line = WorkerProtocol.line(for: jobArguments[job]) else {
                    finished(WorkerFinish(job: job, exit: .notStarted("a path holds a newline or U+001F"), output: "", seconds: 0))
                    done += 1
                    continue
                }
                worker.job = job
                worker.start = cposix_monotonic_seconds()
                worker.buffer.removeAll(keepingCapacity: true)
                worker.truncated = false
                send(line, to: worker)
            }
            let busy = workers.filter { $0.job != nil }
            if busy.isEmpty { continue }
            let now = cposix_monotonic_seconds()
            var wait = busy.map { $0.start + watchdog - now }.min()!
            if let tickInterval { wait = min(wait, tickInterval) }
            var fds = workers.map { pollfd(fd: $0.output, events: Int16(POLLIN), revents: 0) }
            let timeout = Int32(max(0, min(wait, 3600) * 1000).rounded(.up))
            if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR {
                fatalError("poll failed: \(String(cString: strerror(errno)))")
            }
            var gone: [Worker] = []
            for (i, worker) in workers.enumerated() where fds[i].revents != 0 {
                let ended = read(worker)
                var retiring = false
                while let (code, output, last) = takeJobEnd(worker) {
                    if let job = worker.job {
                        finished(WorkerFinish(job: job, exit: .exited(code), output: output,
                                              seconds: cposix_monotonic_seconds() - worker.start))
                        done += 1
                    }
                    worker.job = nil
                    retiring = retiring || last
                }
                if retiring && worker.job == nil {
                    // Its job said it was its last: it is exiting.
                    _ = stop(worker, kill: false)
                    gone.append(worker)
                } else if ended {
                    // Its output is gone, so is its use: kill what is left.
                    let status = stop(worker, kill: true)
                    if let job = worker.job {
                        let exit: WorkerExit = status & 0x7f == 0 ? .vanished((status >> 8) & 0xff) : .signaled(status & 0x7f)
                        finished(WorkerFinish(job: job, exit: exit, output: outputText(worker),
                                              seconds: cposix_monotonic_seconds() - worker.start))
                        done += 1
                    }
                    gone.append(worker)
                }
            }
            let after = cposix_monotonic_seconds()
            for worker in workers where worker.job != nil && !gone.contains(where: { $0 === worker })
                && after - worker.start >= watchdog {
                _ = stop(worker, kill: true)
                finished(WorkerFinish(job: worker.job!, exit: .hung(seconds: watchdog), output: outputText(worker),
                                      seconds: after - worker.start))
                done += 1
                gone.append(worker)
            }
            workers.removeAll { w in gone.contains { $0 === w } }
            if tickInterval != nil { tick() }
        }
        // End of input: the workers finish and exit.
        for worker in workers { _ = stop(worker, kill: false) }
    }

    /// Writes a job's line; a worker that has died shows it on its output.
    private func send(_ line: String, to worker: Worker) {
        // A dead worker's EPIPE comes back as a code (SIGPIPE is ignored).
        ScriptFiles.write(line, to: worker.input)
    }

    /// Reads what the worker wrote; true at end of file (the worker is
    /// gone, or closed its output).
    private func read(_ worker: Worker) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { Glibc.read(worker.output, $0.baseAddress, $0.count) }
        if n < 0 { return errno != EINTR && errno != EAGAIN }
        if n == 0 { return true }
        worker.buffer.append(contentsOf: chunk[0..<n])
        return false
    }

    /// The exit code and output of the job whose end line has arrived,
    /// and whether the worker said it was its last.
    private func takeJobEnd(_ worker: Worker) -> (code: Int32, output: String, last: Bool)? {
        let marker = Array(WorkerProtocol.jobEnd.utf8)
        guard let start = worker.buffer.firstRange(of: marker),
              let newline = worker.buffer[start.upperBound...].firstIndex(of: UInt8(ascii: "\n")) else {
            if worker.buffer.count > WorkerPool.outputLimit {
                // Keep the start of a flood; the end line will still come.
                worker.buffer.removeSubrange(WorkerPool.outputLimit / 2..<(worker.buffer.count - marker.count))
                worker.truncated = true
            }
            return nil
        }
        let fields = String(decoding: worker.buffer[start.upperBound..<newline], as: UTF8.self).split(separator: " ")
        let code = fields.first.flatMap { Int32($0) } ?? 70
        let last = fields.count == 2 && fields[1] == WorkerProtocol.lastJob
        let before = Array(worker.buffer[..<start.lowerBound])
        worker.buffer.removeSubrange(..<(newline + 1))
        var output = String(decoding: before, as: UTF8.self)
        if worker.truncated { output += "\n[output cut after \(WorkerPool.outputLimit / 2) bytes]\n" }
        worker.truncated = false
        return (code, output, last)
    }

    private func outputText(_ worker: Worker) -> String {
        String(decoding: worker.buffer, as: UTF8.self)
    }

    /// Starts a worker in a process group of its own, its standard input
    /// and output on pipes (standard error joined to output); nil (errno
    /// set) when it cannot be started.
    private func start() -> Worker? {
        var toWorker: [Int32] = [0, 0], fromWorker: [Int32] = [0, 0]
        // Close-on-exec, so no other worker inherits these pipes (and
        // holds an end of file back); the runner spawns from one thread.
        guard pipe(&toWorker) == 0 else { return nil }
        guard pipe(&fromWorker) == 0 else {
            toWorker.forEach { close($0) }
            return nil
        }
        for fd in toWorker + fromWorker { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        let argv = ([program] + WorkerPool.arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        close(toWorker[0])
        close(fromWorker[1])
        guard result == 0 else {
            close(toWorker[1])
            close(fromWorker[0])
            errno = result
            return nil
        }
        WorkerGroups.add(pid)
        return Worker(pid: pid, input: toWorker[1], output: fromWorker[0])
    }

    /// Ends a worker: kills its whole group, or closes its input and lets
    /// it exit; then kills whatever it left in its group and reaps it.
    /// Returns its wait status. (The group is killed before the worker is
    /// reaped, while its id cannot yet be reused.)
    private func stop(_ worker: Worker, kill killing: Bool) -> Int32 {
        if killing { kill(-worker.pid, SIGKILL) }
        if worker.input >= 0 { close(worker.input) }
        if worker.output >= 0 { close(worker.output) }
        worker.input = -1
        worker.output = -1
        var info = siginfo_t()
        while waitid(P_PID, id_t(worker.pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        kill(-worker.pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(worker.pid, &status, 0) < 0 && errno == EINTR {}
        WorkerGroups.remove(worker.pid)
        return status
    }
}

/// The process groups of the running workers, for the interrupt handler:
/// workers sit in groups of their own (so a hung one can be killed with
/// everything it started), which also keeps a terminal's Ctrl+C from
/// reaching them, so the runner passes it on. A fixed table, so the
/// handler neither allocates nor locks.
enum WorkerGroups {
    static let capacity = 256
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<pid_t> = {
        let table = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        table.initialize(repeating: 0, count: capacity)
        return table
    }()
    nonisolated(unsafe) private static var installed = false

    static func add(_ pid: pid_t) {
        if let slot = (0..<capacity).first(where: { table[$0] == 0 }) { table[slot] = pid }
    }

    static func remove(_ pid: pid_t) {
        if let slot = (0..<capacity).first(where: { table[$0] == pid }) { table[slot] = 0 }
    }

    /// On SIGINT, SIGTERM or SIGHUP: kill every worker group, then die of
    /// the same signal.
    static func installInterruptHandler() {
        guard !installed else { return }
        installed = true
        _ = table
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(signal) { received in
                for i in 0..<WorkerGroups.capacity where WorkerGroups.table[i] > 0 { kill(-WorkerGroups.table[i], SIGKILL) }
                Glibc.signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
