import Foundation
import TestSupport
import Testing

/// The app's flags that `test` and `compare` take too (`--time-limit`,
/// `--size`, `--dpi`, `--thresholds`), given a value they refuse, run as a
/// user runs them.
@Suite("flags the app shares with its subcommands")
struct SharedOptionsTests {
    static let script = packageRoot.appendingPathComponent("docs/gesture-lab/wobbly-tap.gds").path

    @Test("a bad value is a usage error of the command it follows: its message, that command's usage line, exit 2",
          arguments: [
              (["test", "--time-limit", "0"], "test", "--time-limit expects a positive number of seconds, got '0'"),
              (["compare", "--time-limit", "0", script], "compare", "--time-limit expects a positive number of seconds, got '0'"),
              // Compare decodes FILE before it checks its flags.
              (["compare", "--time-limit", "0"], "compare", "Missing expected argument '<file>'"),
              (["compare", script, "--time-limit", "-5"], "compare", "--time-limit expects a positive number of seconds, got '-5'"),
              (["compare", "--dpi", "5", script], "compare", "--dpi expects logical pixels per inch from 20 to 1000, got '5'"),
              (["compare", script, "--size", "0x0"], "compare", "--size expects WIDTHxHEIGHT from 1x1 to 16384x16384, got '0x0'"),
              (["test", "--dpi", "5"], "test", "--dpi expects logical pixels per inch from 20 to 1000, got '5'"),
              (["test", "--thresholds", "ios"], "test", "--thresholds expects one of: uikit, android, gtk, flutter; got 'ios'"),
              (["--headless", "--time-limit", "0"], nil, "--time-limit expects a positive number of seconds, got '0'"),
              (["--time-limit", "0", "--dpi", "5"], nil, "--time-limit expects a positive number of seconds, got '0'"),
          ] as [([String], String?, String)])
    func usageOfTheCommandGiven(_ arguments: [String], _ subcommand: String?, _ message: String) throws {
        let run = try runGestureDemo(arguments)
        #expect(run.status == 2, "\(run.transcript)")
        #expect(run.stderr.contains("Error: \(message)\n"), "\(run.stderr)")
        let command = ["gesture-demo", subcommand].compactMap { $0 }.joined(separator: " ")
        let usage = run.stderr.split(separator: "\n").first { $0.hasPrefix("Usage: ") }.map(String.init)
        let expected = "Usage: \(command) " + (subcommand == nil ? "<options> <subcommand>" : "")
        #expect(usage?.hasPrefix(expected) == true, "\(run.stderr)")
        #expect(run.stderr.contains("See '\(command) --help' for more information."), "\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
    }
}
