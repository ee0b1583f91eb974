import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The package the tests run in (this file is
/// `Tests/TestSupport/Command.swift`).
public let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// What a finished command left behind.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Whether the command outlived its timeout and was killed.
    public var timedOut: Bool

    /// Both streams, for failure messages.
    public var transcript: String { "exit \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
}

/// A command the tests could not find or start.
public struct CommandError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Runs `arguments[0]` (looked up on `PATH` unless it contains a slash)
/// with the rest as its arguments, from `directory`, with `environment`
/// over the tests' own, and waits for it; after `timeout` seconds it is
/// killed (SIGKILL) and the result says so. Standard input is empty;
/// output goes through files, so a chatty command (a build) cannot fill a
/// pipe and stall.
public func runCommand(_ arguments: [String], in directory: URL = packageRoot,
                       environment: [String: String] = [:], timeout: TimeInterval? = nil) throws -> CommandResult {
    let scratch = try temporaryDirectory("command")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
    for url in [out, err] where !FileManager.default.createFile(atPath: url.path, contents: nil) {
        throw CommandError("cannot create \(url.path)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    var timedOut = false
    if let timeout {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            timedOut = true
        }
    }
    process.waitUntilExit()
    let read = { (url: URL) in String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }
    return CommandResult(status: process.terminationStatus, stdout: read(out), stderr: read(err), timedOut: timedOut)
}

/// A new empty folder under the system's temporary directory; the caller
/// removes it.
public func temporaryDirectory(_ purpose: String) throws -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("gesture-test-\(purpose)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs `body` with the path of a new empty folder (`temporaryDirectory`),
/// removed with what is in it once `body` returns or throws.
public func inTemporaryDirectory<T>(_ purpose: String, _ body: (String) throws -> T) throws -> T {
    let folder = try temporaryDirectory(purpose)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder.path)
}

/// The `gesture-demo` this test run built: `GESTURE_E2E_APP` when set,
/// else the one beside the test bundle (whatever the scratch path), else
/// the package's `.build/debug`.
public func gestureDemoBinary() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["GESTURE_E2E_APP"] {
        return URL(fileURLWithPath: path)
    }
    var candidates: [URL] = []
    if let bundle = Bundle.main.executableURL {
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("gesture-demo"))
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/gesture-demo"))
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        throw CommandError("no gesture-demo binary at \(candidates.map(\.path)); run swift build first")
    }
    return found
}

/// Runs the built `gesture-demo` (see `gestureDemoBinary()`) with
/// `arguments`, as `runCommand` runs any command.
public func runGestureDemo(_ arguments: [String], in directory: URL = packageRoot,
                           environment: [String: String] = [:]) throws -> CommandResult {
    try runCommand([gestureDemoBinary().path] + arguments, in: directory, environment: environment)
}
