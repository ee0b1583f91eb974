import Foundation
import TestSupport

/// `gesture-demo test ARGUMENTS` run as a user runs it: the built binary,
/// from the package's folder, its output captured.
enum RunnerProcess {
    static let fixtures = "Tests/RunnerFixtures"
    static let suite = fixtures + "/suite"

    /// Runs `gesture-demo test ARGUMENTS` in the package folder; workers
    /// started through `crashing-worker.sh` find the real app in
    /// `GESTURE_DEMO_BINARY`; `environment` adds to theirs. After
    /// `timeout` seconds the command is killed, and the result says so
    /// (`timedOut`).
    static func test(_ arguments: [String], environment: [String: String] = [:],
                     timeout: TimeInterval? = nil) throws -> CommandResult {
        try runCommand([gestureDemoBinary().path, "test"] + arguments,
                       environment: environment.merging(["GESTURE_DEMO_BINARY": gestureDemoBinary().path]) { $1 },
                       timeout: timeout)
    }
}

extension CommandResult {
    /// The closing line.
    var summary: String? { stdout.split(separator: "\n").last.map(String.init) }
}
