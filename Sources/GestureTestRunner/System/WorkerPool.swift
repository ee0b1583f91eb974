import CPosix
import Glibc

/// How a worker process ended.
public enum WorkerExit: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal killed it (a crash: SIGSEGV, a Swift trap's SIGILL...).
    case signaled(Int32)
    /// The watchdog killed it after this many real seconds.
    case hung(seconds: Double)
    /// It could not be started at all.
    case notStarted(String)
}

/// A finished job: how its worker ended, what it printed (standard output
/// and error together, in order), and the real time it took.
struct WorkerFinish {
    var job: Int
    var exit: WorkerExit
    var output: String
    var seconds: Double
}

/// Runs jobs in parallel worker processes, at most `jobs` at a time, each
/// `program ARGUMENTS` with standard input from /dev/null and standard
/// output and error into one pipe the pool reads. A worker is a separate
/// process, so one that crashes or hangs cannot take the runner or the
/// others with it: a crash is its exit status, and a worker still running
/// after `watchdog` real seconds is killed (SIGKILL) and reported hung.
///
/// One thread and one `poll`: the pool wakes when a worker writes or ends
/// (its pipe reaches end of file once the process and everything it
/// started have closed it), at the nearest watchdog deadline, and every
/// `tickInterval` for a live progress line.
final class WorkerPool {
    let program: String
    let jobs: Int
    let watchdog: Double
    /// The most output kept per worker; the rest is dropped with a note.
    static let outputLimit = 1 << 20

    private struct Running {
        var job: Int
        var pid: pid_t
        var fd: Int32
        var start: Double
        var output: [UInt8] = []
        var truncated = false
    }

    init(program: String, jobs: Int, watchdog: Double) {
        self.program = program
        self.jobs = max(jobs, 1)
        self.watchdog = watchdog
    }

    /// Runs every job (its arguments) and reports each as it ends, in the
    /// order they end. `tick` is called every `tickInterval` seconds while
    /// workers run (nil: never).
    func run(_ arguments: [[String]], tickInterval: Double? = nil, tick: () -> Void = {},
             finished: (WorkerFinish) -> Void) {
        var next = 0
        var running: [Running] = []
        while next < arguments.count || !running.isEmpty {
            while running.count < jobs && next < arguments.count {
                let job = next
                next += 1
                switch spawn(arguments[job]) {
                case .success(let (pid, fd)):
                    running.append(Running(job: job, pid: pid, fd: fd, start: cposix_monotonic_seconds()))
                case .failure(let error):
                    finished(WorkerFinish(job: job, exit: .notStarted(error.message), output: "", seconds: 0))
                }
            }
            if running.isEmpty { continue }
            let now = cposix_monotonic_seconds()
            var wait = running.map { $0.start + watchdog - now }.min()!
            if let tickInterval { wait = min(wait, tickInterval) }
            // A worker whose pipe closed is normally gone already; one that
            // closed it and lives on is looked at again shortly.
            if running.contains(where: { $0.fd < 0 }) { wait = min(wait, 0.005) }
            var fds = running.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let timeout = Int32(max(0, min(wait, 3600) * 1000).rounded(.up))
            if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR {
                fatalError("poll failed: \(String(cString: strerror(errno)))")
            }
            for i in running.indices where fds[i].revents != 0 && drain(&running[i]) {
                close(running[i].fd)
                running[i].fd = -1
                // The pipe closes as the process exits: give it a moment to
                // become reapable rather than a whole poll round.
                for _ in 0..<20 where !hasExited(running[i].pid) { usleep(100) }
            }
            let after = cposix_monotonic_seconds()
            var index = running.count - 1
            while index >= 0 {
                let worker = running[index]
                if worker.fd < 0, let status = exitStatus(worker.pid, wait: false) {
                    running.remove(at: index)
                    finished(finish(worker, status: status))
                } else if after - worker.start >= watchdog {
                    kill(worker.pid, SIGKILL)
                    if worker.fd >= 0 { close(worker.fd) }
                    _ = exitStatus(worker.pid, wait: true)
                    running.remove(at: index)
                    finished(finish(worker, status: nil))
                }
                index -= 1
            }
            if tickInterval != nil { tick() }
        }
    }

    /// Reads what the worker wrote; true at end of file.
    private func drain(_ worker: inout Running) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { read(worker.fd, $0.baseAddress, $0.count) }
        if n < 0 { return errno != EINTR && errno != EAGAIN }
        if n == 0 { return true }
        let room = WorkerPool.outputLimit - worker.output.count
        if room > 0 { worker.output.append(contentsOf: chunk[0..<min(n, room)]) }
        if n > room { worker.truncated = true }
        return false
    }

    /// Whether `pid` has ended, without reaping it.
    private func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// The raw wait status of an ended worker (reaping it); nil while it
    /// runs and `wait` is false.
    private func exitStatus(_ pid: pid_t, wait: Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, wait ? 0 : WNOHANG)
            if result == pid { return status }
            if result == 0 { return nil }
            if errno != EINTR { return 0 }
        }
    }

    /// What became of `worker`: its wait status, or nil when the watchdog
    /// killed it.
    private func finish(_ worker: Running, status: Int32?) -> WorkerFinish {
        let seconds = cposix_monotonic_seconds() - worker.start
        var output = String(decoding: worker.output, as: UTF8.self)
        if worker.truncated { output += "\n[output cut after \(WorkerPool.outputLimit) bytes]\n" }
        let exit: WorkerExit
        if let status {
            exit = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        } else {
            exit = .hung(seconds: watchdog)
        }
        return WorkerFinish(job: worker.job, exit: exit, output: output, seconds: seconds)
    }

    private func spawn(_ arguments: [String]) -> Result<(pid_t, Int32), RunnerError> {
        var pipeEnds: [Int32] = [0, 0]
        // Close-on-exec, so no other worker inherits this one's pipe (and
        // holds its end of file back); the runner spawns from one thread.
        guard pipe(&pipeEnds) == 0 else { return .failure(.system("cannot create a pipe", errno)) }
        for fd in pipeEnds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard result == 0 else {
            close(pipeEnds[0])
            return .failure(.system("cannot start \(program)", result))
        }
        return .success((pid, pipeEnds[0]))
    }
}
