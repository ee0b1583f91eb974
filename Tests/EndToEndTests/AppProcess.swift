import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The real `gesture-demo` binary, run as its users run it.
enum AppBinary {
    /// Runs the app headless on `page` with `script` and returns the
    /// snapshot PNG named `snapshot` (the reference the live screenshot
    /// must match).
    static func renderHeadless(script: String, snapshot: String, page: String = "flatcube",
                               in directory: URL) throws -> URL {
        let scriptURL = directory.appendingPathComponent("\(snapshot).gds")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("headless-\(snapshot)")
        let run = try runGestureDemo(["--headless", "--page", page, "--script", scriptURL.path, "--out", out.path])
        guard run.status == 0 else {
            throw WestonSessionError.startupFailed("headless run exited \(run.status)", logTail: run.stderr)
        }
        return out.appendingPathComponent("\(snapshot).png")
    }

    /// The frame (x, y, width, height) of view `name` on `page` at a
    /// window size, from `gesture-demo --dump-tree` (the layout the app
    /// itself computes); nil when no view has that name.
    static func frame(of name: String, page: String, width: Int, height: Int) throws -> [Double]? {
        let run = try runGestureDemo(["--dump-tree", "--page", page, "--size", "\(width)x\(height)"])
        func find(_ node: Any?) -> [Double]? {
            guard let view = node as? [String: Any] else { return nil }
            if view["name"] as? String == name { return (view["frame"] as? [NSNumber])?.map(\.doubleValue) }
            return (view["subviews"] as? [Any])?.lazy.compactMap(find).first
        }
        return find(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)))
    }
}

/// Reads the JSON-lines log the app writes with `--log`.
struct AppLog {
    let url: URL

    var lines: [String] {
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    var records: [[String: Any]] {
        lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// Every text label `name` showed, in order.
    func texts(of name: String) -> [String] {
        records.filter { $0["type"] as? String == "label" && $0["name"] as? String == name }
            .compactMap { $0["text"] as? String }
    }

    /// The values control `name` was set to, in order.
    func controlValues(_ name: String) -> [String] {
        records.filter { $0["type"] as? String == "control" && $0["name"] as? String == name }
            .compactMap { $0["value"] as? String }
    }

    /// Whether a label named `name` was set to `text`.
    func hasLabel(_ name: String, _ text: String) -> Bool {
        texts(of: name).contains(text)
    }

    /// The logged transitions (began, ended, cancelled) of one recognizer;
    /// its failures, logged too (with their reasons), are left out.
    func gestureStates(_ name: String) -> [String] {
        records.filter { $0["type"] as? String == "gesture" && $0["name"] as? String == name }
            .compactMap { $0["state"] as? String }.filter { $0 != "failed" }
    }

    /// When (the app's clock, CLOCK_MONOTONIC seconds) label `name` was set
    /// to `text`.
    func labelTimes(name: String, text: String) -> [Double] {
        records.filter { $0["type"] as? String == "label" && $0["name"] as? String == name
            && $0["text"] as? String == text }
            .compactMap { ($0["t"] as? NSNumber)?.doubleValue }
    }
}

/// The real app on one page in a fresh 800x600 weston, mapped and drawn.
final class RunningApp {
    let session: WestonSession
    let app: Process
    let log: AppLog
    let page: String
    var scratch: URL { session.runtimeDirectory }

    /// - Parameters:
    ///   - capabilities: the seat's; without a pointer by default, since
    ///     it would enter the window at weston's default position.
    ///   - scale, westonArguments: the output's scale and further weston
    ///     options (e.g. `--transform=rotate-90`).
    ///   - isShown: when a screenshot shows the page drawn.
    ///   - arguments: further arguments for the app (e.g. `--thresholds android`).
    init(page: String, capabilities: String = "touch,keyboard", extraEnv: [String: String] = [:],
         scale: Int = 1, westonArguments: [String] = [], arguments: [String] = [],
         isShown: (Screenshot) -> Bool) throws {
        self.page = page
        session = try WestonSession(width: 800, height: 600, scale: scale, extraArguments: westonArguments)
        try session.send("capabilities \(capabilities)")
        log = AppLog(url: session.runtimeDirectory.appendingPathComponent("app-log.jsonl"))
        app = try session.launchClient(executable: gestureDemoBinary(),
                                       arguments: ["--page", page, "--log", log.url.path] + arguments,
                                       extraEnv: extraEnv)
        let shown = try session.waitFor(timeout: 10) { isShown(try session.screenshot()) }
        guard shown else {
            throw WestonSessionError.startupFailed("the app never showed \(page); its output:\n\(session.output(of: app))",
                                                  logTail: session.westonLogTail())
        }
    }

    deinit { session.stop() }

    /// Presses Ctrl+Q (evdev codes 29 and 16), requires the app to quit,
    /// and returns all it printed.
    func quitWithCtrlQ(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try session.send(["key 29 pressed", "key 16 pressed"])
        try #require(session.waitFor { !app.isRunning }, "Ctrl+Q did not quit", sourceLocation: sourceLocation)
        return session.output(of: app)
    }

    /// Kills the compositor and expects what a lost compositor must
    /// cause: the app exits (within 5 s) with status 1 and one line of
    /// output naming the compositor, not a crash.
    func expectEndsOnLostCompositor(sourceLocation: SourceLocation = #_sourceLocation) throws {
        kill(session.westonProcessIdentifier, SIGKILL)
        try #require(session.waitFor(timeout: 5) { !app.isRunning }, "the app outlived its compositor",
                     sourceLocation: sourceLocation)
        #expect(app.terminationStatus == 1, sourceLocation: sourceLocation)
        #expect(app.terminationReason == .exit, "no crash signal", sourceLocation: sourceLocation)
        let lines = session.output(of: app).split(separator: "\n")
        #expect(lines.count == 1, "output: \(lines)", sourceLocation: sourceLocation)
        #expect(lines.first?.contains("compositor") == true, sourceLocation: sourceLocation)
    }

    /// Injects a one-finger tap; like weston 10, no frame after the up.
    func tap(_ x: Int, _ y: Int, id: Int = 0) throws {
        try session.send(["touch-down \(id) \(x) \(y)", "touch-frame", "touch-up \(id)"])
    }

    /// Waits (3 s at most) until the live window equals `reference`, apart
    /// from the rows in `ignoredRows` (e.g. labels showing live velocities);
    /// returns the last screenshot and where it still differs.
    func waitForScreen(matching reference: Screenshot, ignoredRows: ClosedRange<Int>? = nil) throws
        -> (Screenshot, Screenshot.Difference) {
        var live = try session.screenshot()
        var difference = live.difference(from: reference)
        let matches = { (d: Screenshot.Difference) in
            ignoredRows.map { d.isWithin(x: 0...(reference.width - 1), y: $0) } ?? d.isEmpty
        }
        _ = try session.waitFor(timeout: 3) {
            live = try session.screenshot()
            difference = live.difference(from: reference)
            return matches(difference)
        }
        return (live, difference)
    }

    /// A screenshot once the app stopped drawing: two in a row alike.
    func settledScreenshot(timeout: TimeInterval = 3) throws -> Screenshot {
        var last = try session.screenshot()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.03)
            let next = try session.screenshot()
            if next.difference(from: last).isEmpty { return next }
            last = next
        }
        return last
    }

    /// The headless rendering of this page after `script` (plus a 400 ms
    /// wait), for comparison with the live window.
    func headlessReference(_ script: String, name: String) throws -> Screenshot {
        try Screenshot(contentsOfPNG: AppBinary.renderHeadless(
            script: script + "\nwait 400\nsnapshot \(name)\n", snapshot: name, page: page, in: scratch))
    }
}

/// CPU time (user + system) a process has used, in clock ticks.
func cpuTicks(of pid: Int32) -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command name: state is field 3, utime 14, stime 15.
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
    return user + system
}

/// CLOCK_MONOTONIC in seconds: the clock of the app's live log.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
