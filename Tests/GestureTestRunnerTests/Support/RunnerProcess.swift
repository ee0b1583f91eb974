import Foundation
import TestSupport

/// `gesture-demo test ARGUMENTS` run as a user runs it: the built binary,
/// from the package's folder, its output captured.
enum RunnerProcess {
    static let fixtures = "Tests/RunnerFixtures"
    static let suite = fixtures + "/suite"

    /// Runs `gesture-demo test ARGUMENTS` in the package folder; workers
    /// started through `crashing-worker.sh` find the real app in
    /// `GESTURE_DEMO_BINARY`.
    static func test(_ arguments: [String]) throws -> CommandResult {
        try runGestureDemo(["test"] + arguments, environment: ["GESTURE_DEMO_BINARY": gestureDemoBinary().path])
    }
}

extension CommandResult {
    /// The closing line.
    var summary: String? { stdout.split(separator: "\n").last.map(String.init) }
}
