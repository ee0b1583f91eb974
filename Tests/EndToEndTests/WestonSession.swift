import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A private headless weston with the weston-inject module loaded: real
/// Wayland clients run against it, input goes in through the compositor's
/// own seat, and screenshots come from its renderer.
///
/// Every session owns a fresh runtime directory (mode 0700) holding the
/// Wayland socket, the control socket, weston's log, client logs and
/// screenshots. `stop()` (also run on deinit) terminates every process the
/// session started and removes that directory; set `GESTURE_E2E_KEEP=1` to
/// keep it for inspection.
///
/// All methods block the calling thread for at most their timeout; a
/// session is meant to be driven from one test at a time.
final class WestonSession {
    /// Output size in logical pixels (`--width`/`--height`).
    let width: Int
    let height: Int
    /// Output scale; screenshots are `width * scale` by `height * scale`.
    let scale: Int

    /// The session's private `XDG_RUNTIME_DIR`.
    let runtimeDirectory: URL
    /// `WAYLAND_DISPLAY` for clients of this session.
    let socketName: String
    let controlSocketPath: String
    let westonLogURL: URL
    /// Wall time from launching weston to the first answered `ping`.
    private(set) var startupDuration: TimeInterval = 0
    /// weston's pid; it stays valid (and reaped) after `stop()`.
    var westonProcessIdentifier: Int32 { weston.processIdentifier }
    var isWestonRunning: Bool { weston.isRunning }

    private let weston: Process
    private var control: ControlChannel?
    private var clients: [(process: Process, log: URL)] = []
    private var screenshotCount = 0
    private var stopped = false

    /// Starts weston and waits until the inject module answers.
    ///
    /// - Parameters:
    ///   - module: the inject module; by default `locateModule()`.
    ///   - extraArguments: appended to weston's command line (e.g. `--debug`).
    ///   - startupTimeout: seconds to wait for the control socket.
    ///   - shell: weston's shell: kiosk-shell (every window fullscreen at
    ///     0,0) or desktop-shell (floating windows the app decorates).
    init(width: Int = 800, height: Int = 600, scale: Int = 1, module: URL? = nil,
         extraArguments: [String] = [], startupTimeout: TimeInterval = 10, shell: String = "kiosk-shell.so") throws {
        self.width = width
        self.height = height
        self.scale = scale

        let module = try module ?? Self.locateModule()
        let westonExecutable = try Self.locateWeston()
        runtimeDirectory = try Self.makePrivateDirectory()
        socketName = "wayland-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        controlSocketPath = runtimeDirectory.appendingPathComponent("inject.sock").path
        westonLogURL = runtimeDirectory.appendingPathComponent("weston.log")

        let process = Process()
        process.executableURL = westonExecutable
        process.arguments = [
            "--backend=headless-backend.so",
            // Without a renderer headless weston draws nothing and captures hang.
            "--use-pixman",
            "--shell=\(shell)",
            "--width=\(width)", "--height=\(height)", "--scale=\(scale)",
            "--socket=\(socketName)",
            "--modules=\(module.path)",
            // The idle timeout would blank the output mid-test.
            "--idle-time=0",
            // A weston.ini on the machine must not change what tests see.
            "--no-config",
        ] + extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        environment["WESTON_INJECT_SOCKET"] = controlSocketPath
        // Otherwise weston would pick a nested backend or connect to the
        // desktop the tests were started from.
        for key in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY"] {
            environment.removeValue(forKey: key)
        }
        process.environment = environment
        process.currentDirectoryURL = runtimeDirectory
        process.standardInput = FileHandle.nullDevice
        let log: FileHandle
        do {
            log = try Self.createLogFile(at: westonLogURL)
        } catch {
            try? FileManager.default.removeItem(at: runtimeDirectory)
            throw error
        }
        // weston holds its own descriptor once started.
        defer { try? log.close() }
        process.standardOutput = log
        process.standardError = log
        weston = process

        let started = Date()
        do {
            try Self.run(process)
        } catch {
            removeRuntimeDirectory()
            throw WestonSessionError.startupFailed("cannot launch \(westonExecutable.path): \(error)",
                                                  logTail: "")
        }

        do {
            try waitUntilReady(timeout: startupTimeout)
        } catch {
            stop()
            throw error
        }
        startupDuration = Date().timeIntervalSince(started)
    }

    deinit {
        stop()
    }

    // MARK: Input

    /// Sends one command to the inject module and waits for its reply.
    /// Throws `commandFailed` when the module answers `error: ...`.
    func send(_ command: String) throws {
        guard let control else {
            throw WestonSessionError.controlChannel("session is stopped")
        }
        guard !command.contains("\n") else {
            throw WestonSessionError.controlChannel("a command must be a single line: \(command.debugDescription)")
        }
        let reply: String
        do {
            reply = try control.roundTrip(command)
        } catch WestonSessionError.controlChannel(let reason) {
            throw WestonSessionError.controlChannel(
                "\(reason) after \(command.debugDescription); weston log (tail):\n\(westonLogTail())")
        }
        if reply == "ok" { return }
        if reply.hasPrefix("error: ") {
            throw WestonSessionError.commandFailed(command: command, reason: String(reply.dropFirst(7)))
        }
        throw WestonSessionError.controlChannel("unexpected reply \(reply.debugDescription) to \(command.debugDescription)")
    }

    /// Sends the commands in order, stopping at the first failure.
    func send(_ commands: [String]) throws {
        for command in commands {
            try send(command)
        }
    }

    // MARK: Clients

    /// Starts a Wayland client connected to this session. Its stdout and
    /// stderr go to one file, readable with `output(of:)`; the session
    /// terminates it on `stop()`.
    @discardableResult
    func launchClient(executable: URL, arguments: [String] = [],
                      extraEnv: [String: String] = [:]) throws -> Process {
        guard !stopped else {
            throw WestonSessionError.controlChannel("session is stopped")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        environment.removeValue(forKey: "DISPLAY")
        environment["WAYLAND_DISPLAY"] = socketName
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        environment.merge(extraEnv) { _, new in new }
        process.environment = environment
        process.currentDirectoryURL = runtimeDirectory
        process.standardInput = FileHandle.nullDevice

        let logURL = runtimeDirectory.appendingPathComponent(
            "client-\(clients.count)-\(executable.lastPathComponent).log")
        let log = try Self.createLogFile(at: logURL)
        process.standardOutput = log
        process.standardError = log
        defer { try? log.close() }
        try Self.run(process)
        clients.append((process, logURL))
        return process
    }

    /// Everything a client launched by this session has written so far
    /// (empty after `stop()`, which deletes the logs with the directory).
    func output(of client: Process) -> String {
        guard let entry = clients.first(where: { $0.process === client }),
              let data = FileManager.default.contents(atPath: entry.log.path) else {
            return ""
        }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: Screenshots

    /// Captures the output as it looks after the compositor's next repaint
    /// (so it includes everything clients committed before the call), saved
    /// as `screenshot-N.png` in the runtime directory.
    func screenshot() throws -> Screenshot {
        screenshotCount += 1
        let url = runtimeDirectory.appendingPathComponent("screenshot-\(screenshotCount).png")
        try send("screenshot \(url.path)")
        return try Screenshot(contentsOfPNG: url)
    }

    // MARK: Waiting

    /// Polls `condition` until it holds or `timeout` seconds pass; returns
    /// whether it held. Errors thrown by the condition propagate.
    func waitFor(timeout: TimeInterval = 5, pollInterval: TimeInterval = 0.02,
                 condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if try condition() { return true }
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: pollInterval)
        }
    }

    // MARK: Teardown

    /// Terminates the clients, then weston, and removes the runtime
    /// directory. Safe to call more than once.
    func stop() {
        guard !stopped else { return }
        stopped = true
        control?.close()
        control = nil
        for client in clients {
            Self.terminate(client.process, grace: 2)
        }
        Self.terminate(weston, grace: 5)
        if ProcessInfo.processInfo.environment["GESTURE_E2E_KEEP"] == "1" {
            FileHandle.standardError.write(Data("WestonSession: kept \(runtimeDirectory.path)\n".utf8))
        } else {
            removeRuntimeDirectory()
        }
    }

    /// The last lines of weston's log, for failure messages.
    func westonLogTail(lines: Int = 30) -> String {
        guard let data = FileManager.default.contents(atPath: westonLogURL.path) else { return "" }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .suffix(lines).joined(separator: "\n")
    }

    // MARK: Private

    private func waitUntilReady(timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        let waylandSocket = runtimeDirectory.appendingPathComponent(socketName).path
        var lastProblem = "control socket never appeared"
        while Date() < deadline {
            guard weston.isRunning else {
                throw WestonSessionError.startupFailed(
                    "weston exited with status \(weston.terminationStatus)", logTail: westonLogTail())
            }
            if FileManager.default.fileExists(atPath: controlSocketPath),
               FileManager.default.fileExists(atPath: waylandSocket) {
                do {
                    let channel = try ControlChannel(path: controlSocketPath)
                    if try channel.roundTrip("ping") == "ok" {
                        control = channel
                        return
                    }
                    channel.close()
                    lastProblem = "ping was not answered with ok"
                } catch {
                    lastProblem = "\(error)"
                }
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw WestonSessionError.startupFailed(
            "no answer on \(controlSocketPath) within \(timeout) s (\(lastProblem))", logTail: westonLogTail())
    }

    private func removeRuntimeDirectory() {
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// Starts `process` with no signals blocked.
    ///
    /// A child inherits the signal mask of the thread that spawns it, and
    /// the threads tests run on (dispatch workers) block nearly every
    /// signal, SIGTERM included. Unchanged, a client would ignore `stop()`
    /// until SIGKILL, and the app would run under conditions it never
    /// meets in real use.
    private static func run(_ process: Process) throws {
        var unblocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&unblocked)
        pthread_sigmask(SIG_SETMASK, &unblocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
    }

    /// SIGTERM, then SIGKILL after `grace` seconds; always reaps.
    private static func terminate(_ process: Process, grace: TimeInterval) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(grace)
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    private static func createLogFile(at url: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: url.path) else {
            throw WestonSessionError.startupFailed("cannot create \(url.path)", logTail: "")
        }
        return handle
    }

    /// A unix socket path must fit in 108 bytes, so a long `TMPDIR` is
    /// passed over for /tmp.
    private static func makePrivateDirectory() throws -> URL {
        var base = NSTemporaryDirectory()
        if base.utf8.count > 60 { base = "/tmp/" }
        if !base.hasSuffix("/") { base += "/" }
        var template = Array((base + "gesture-e2e-XXXXXX").utf8CString)
        // mkdtemp creates the directory with mode 0700, as Wayland requires
        // of XDG_RUNTIME_DIR.
        guard let result = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw WestonSessionError.startupFailed("mkdtemp failed: \(String(cString: strerror(errno)))",
                                                  logTail: "")
        }
        return URL(fileURLWithPath: String(cString: result), isDirectory: true)
    }

    /// `GESTURE_E2E_MODULE`, or `.build/weston-inject.so` in the package.
    static func locateModule() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        let url: URL
        if let path = environment["GESTURE_E2E_MODULE"], !path.isEmpty {
            url = URL(fileURLWithPath: path)
        } else {
            url = packageRoot.appendingPathComponent(".build/weston-inject.so")
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw WestonSessionError.moduleMissing(url.path)
        }
        return url
    }

    /// `GESTURE_E2E_WESTON`, or `weston` from `PATH`.
    static func locateWeston() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["GESTURE_E2E_WESTON"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/weston"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return URL(fileURLWithPath: candidate)
            }
        }
        throw WestonSessionError.startupFailed("weston not found in PATH (apt-get install weston)", logTail: "")
    }
}

enum WestonSessionError: Error, CustomStringConvertible {
    case moduleMissing(String)
    case startupFailed(String, logTail: String)
    case commandFailed(command: String, reason: String)
    case controlChannel(String)
    case screenshot(String)

    var description: String {
        switch self {
        case .moduleMissing(let path):
            return "weston-inject module not found at \(path); run tools/weston-inject/build.sh "
                + "or set GESTURE_E2E_MODULE"
        case .startupFailed(let reason, let logTail):
            return logTail.isEmpty
                ? "weston did not start: \(reason)"
                : "weston did not start: \(reason)\n--- weston log (tail) ---\n\(logTail)"
        case .commandFailed(let command, let reason):
            return "inject command \(command.debugDescription) failed: \(reason)"
        case .controlChannel(let reason):
            return "inject control channel: \(reason)"
        case .screenshot(let reason):
            return "screenshot: \(reason)"
        }
    }
}

/// The blocking client side of the inject module's line protocol.
private final class ControlChannel {
    private var fd: Int32
    private var buffer: [UInt8] = []

    /// Generous: a reply normally takes well under a millisecond, a
    /// screenshot one repaint; only a wedged compositor takes this long.
    private static let replyTimeout: Int = 10

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Self.posixError("socket") }

        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathBytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else {
            Glibc.close(fd)
            throw WestonSessionError.controlChannel("socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
            raw[pathBytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let error = Self.posixError("connect")
            Glibc.close(fd)
            throw error
        }

        var timeout = timeval(tv_sec: Self.replyTimeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close()
    }

    func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }

    /// Writes one line and reads one reply line (without the newline).
    func roundTrip(_ line: String) throws -> String {
        guard fd >= 0 else { throw WestonSessionError.controlChannel("closed") }
        let bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.posixError("send")
            }
            sent += n
        }
        return try readLine()
    }

    private func readLine() throws -> String {
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 {
                throw WestonSessionError.controlChannel("weston closed the connection")
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    throw WestonSessionError.controlChannel("no reply within \(Self.replyTimeout) s")
                }
                throw Self.posixError("recv")
            }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    private static func posixError(_ call: String) -> WestonSessionError {
        .controlChannel("\(call): \(String(cString: strerror(errno)))")
    }
}
