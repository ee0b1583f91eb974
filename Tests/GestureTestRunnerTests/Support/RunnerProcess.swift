import Foundation
import TestSupport

/// `gesture-demo test ARGUMENTS` run as a user runs it: the built binary,
/// from the package's folder, its output captured.
struct RunnerProcess {
    var exitCode: Int32
    var stdout: String
    var stderr: String

    /// The package's folder (where `Tests/` is).
    static let package = packageRoot
    static let fixtures = "Tests/RunnerFixtures"
    static let suite = fixtures + "/suite"

    /// Runs `gesture-demo test ARGUMENTS` in the package folder; workers
    /// started through `crashing-worker.sh` find the real app in
    /// `GESTURE_DEMO_BINARY`.
    static func test(_ arguments: [String]) throws -> RunnerProcess {
        let binary = try gestureDemoBinary().path
        let run = try runCommand([binary, "test"] + arguments, in: package, environment: ["GESTURE_DEMO_BINARY": binary])
        return RunnerProcess(exitCode: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    /// The closing line.
    var summary: String? { stdout.split(separator: "\n").last.map(String.init) }

    /// A fresh folder for a run's reports.
    static func scratchFolder() throws -> URL {
        try temporaryDirectory("runner-out")
    }
}
