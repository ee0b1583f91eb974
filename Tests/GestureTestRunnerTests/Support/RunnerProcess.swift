import Foundation

/// `gesture-demo test ARGUMENTS` run as a user runs it: the built binary,
/// from the package's folder, its output captured.
struct RunnerProcess {
    var exitCode: Int32
    var stdout: String
    var stderr: String

    /// The package's folder (where `Tests/` is).
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = "Tests/RunnerFixtures"
    static let suite = fixtures + "/suite"

    /// `GESTURE_DEMO_BINARY`, or `gesture-demo` built next to this test
    /// bundle, or the package's `.build/debug`.
    static func binary() throws -> String {
        if let path = ProcessInfo.processInfo.environment["GESTURE_DEMO_BINARY"] { return path }
        var candidates: [String] = []
        if let bundle = Bundle.main.executableURL {
            candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("gesture-demo").path)
        }
        candidates.append(package.appendingPathComponent(".build/debug/gesture-demo").path)
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw RunnerTestError("no gesture-demo binary at \(candidates); run swift build first")
        }
        return found
    }

    /// Runs `gesture-demo test ARGUMENTS` in the package folder; workers
    /// started through `crashing-worker.sh` find the real app in
    /// `GESTURE_DEMO_BINARY`.
    static func test(_ arguments: [String]) throws -> RunnerProcess {
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        let binary = try binary()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["test"] + arguments
        process.currentDirectoryURL = package
        var environment = ProcessInfo.processInfo.environment
        environment["GESTURE_DEMO_BINARY"] = binary
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        let read = { (url: URL) in String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }
        return RunnerProcess(exitCode: process.terminationStatus, stdout: read(out), stderr: read(err))
    }

    /// The closing line.
    var summary: String? { stdout.split(separator: "\n").last.map(String.init) }

    /// A fresh folder for a run's reports.
    static func scratchFolder() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("runner-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

struct RunnerTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
