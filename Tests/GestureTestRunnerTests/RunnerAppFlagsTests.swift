import TestSupport
import Testing

/// The app's own flags, which ArgumentParser reads wherever they stand,
/// given to `test`: refused, since the runner's workers would not use them.
@Suite("gesture-demo test: the app's window and threshold flags")
struct RunnerAppFlagsTests {
    @Test("--thresholds, --size, --page and --dpi after test are usage errors naming them: exit 2, nothing run",
          arguments: [["--thresholds", "android"], ["--size", "300x300"], ["--page", "flatcube"], ["--dpi", "120"],
                      ["--page", "touches", "--thresholds", "uikit"]])
    func refused(_ flags: [String]) throws {
        let run = try RunnerProcess.test([RunnerProcess.suite + "/passing"] + flags)
        #expect(run.status == 2, "\(run.transcript)")
        let named = flags.filter { $0.hasPrefix("--") }.joined(separator: ", ")
        #expect(run.stderr.contains("'thresholds' lines: \(named) does not apply to it"), "\(run.stderr)")
        #expect(!run.stdout.contains("passed"), "\(run.stdout)")
    }

    @Test("the app's run flags after test are usage errors naming them: exit 2, nothing run",
          arguments: [["--script", "x.gds"], ["--out", "elsewhere"], ["--headless"], ["--live"], ["--log", "l.jsonl"],
                      ["--record", "r.gds"], ["--dump-tree"], ["--out", "o", "--headless"]])
    func runFlagsRefused(_ flags: [String]) throws {
        let run = try RunnerProcess.test([RunnerProcess.suite + "/passing"] + flags)
        #expect(run.status == 2, "\(run.transcript)")
        let named = ["--headless", "--live", "--script", "--out", "--log", "--record", "--dump-tree"].filter(flags.contains)
        #expect(run.stderr.contains("writing into --report: \(named.joined(separator: ", ")) does not apply to it"),
                "\(run.stderr)")
        #expect(!run.stdout.contains("passed"), "\(run.stdout)")
    }

    @Test("an empty --junit is a usage error saying the path is empty")
    func emptyJUnit() throws {
        let run = try RunnerProcess.test([RunnerProcess.suite + "/passing", "--junit", ""])
        #expect(run.status == 2, "\(run.transcript)")
        #expect(run.stderr.contains("--junit '': an empty path names no file to write"), "\(run.stderr)")
    }
}
