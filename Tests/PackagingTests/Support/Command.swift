import Foundation
import Testing

/// The repository the tests run in (this file is
/// `Tests/PackagingTests/Support/Command.swift`).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// What a finished command left behind.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Both streams, for failure messages.
    var transcript: String { "exit \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
}

struct CommandError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs `arguments[0]` (looked up on `PATH` unless it contains a slash)
/// with the rest as its arguments and waits for it. Output goes through
/// files, so a chatty command (a build) cannot fill a pipe and stall.
func runCommand(_ arguments: [String], in directory: URL = packageRoot,
                environment: [String: String] = [:]) throws -> CommandResult {
    let scratch = try temporaryDirectory("command")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    let read = { (url: URL) in String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }
    return CommandResult(status: process.terminationStatus, stdout: read(out), stderr: read(err))
}

/// A new empty folder under the system's temporary directory; the caller
/// removes it.
func temporaryDirectory(_ purpose: String) throws -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("gesture-packaging-\(purpose)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The debug `gesture-demo` that `swift build` made beside the tests
/// (`GESTURE_E2E_APP` overrides it, as for the end-to-end tests).
func builtApp() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["GESTURE_E2E_APP"] { return URL(fileURLWithPath: path) }
    let candidate = packageRoot.appendingPathComponent(".build/debug/gesture-demo")
    guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
        throw CommandError("no gesture-demo at \(candidate.path); run swift build first")
    }
    return candidate
}

/// Tests that need more than the -dev packages (validators, a compositor,
/// a second build) run with the end-to-end tier: `GESTURE_E2E=1`, as
/// `scripts/test.sh` sets after `scripts/setup.sh --test`.
let slowTierEnabled = ProcessInfo.processInfo.environment["GESTURE_E2E"] == "1"

/// The suites that run SwiftPM on this package's own build folder while
/// `swift test` holds it (hence `--ignore-lock`): serialized, so that no
/// two of those builds ever run at once, and in the slow tier.
@Suite(.serialized, .enabled(if: slowTierEnabled, "set GESTURE_E2E=1 (scripts/test.sh does) to run nested builds"))
enum NestedBuildTests {}
