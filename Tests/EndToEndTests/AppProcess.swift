import Foundation

/// The real `gesture-demo` binary, run as its users run it.
enum AppBinary {
    /// `GESTURE_E2E_APP`, or the debug build next to this package.
    static func locate() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["GESTURE_E2E_APP"] {
            return URL(fileURLWithPath: path)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent(".build/debug/gesture-demo")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw WestonSessionError.startupFailed("no app binary at \(url.path); run swift build first", logTail: "")
        }
        return url
    }

    /// Runs the app headless with `script` and returns the snapshot PNG
    /// named `snapshot` (the reference the live screenshot must match).
    static func renderHeadless(script: String, snapshot: String, in directory: URL) throws -> URL {
        let scriptURL = directory.appendingPathComponent("\(snapshot).gds")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("headless-\(snapshot)")
        let process = Process()
        process.executableURL = try locate()
        process.arguments = ["--headless", "--script", scriptURL.path, "--out", out.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw WestonSessionError.startupFailed("headless run exited \(process.terminationStatus)", logTail: "")
        }
        return out.appendingPathComponent("\(snapshot).png")
    }
}

/// Reads the JSON-lines log the app writes with `--log`.
struct AppLog {
    let url: URL

    var lines: [String] {
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Whether a label named `name` was set to `text`.
    func hasLabel(_ name: String, _ text: String) -> Bool {
        lines.contains { $0.contains("\"type\":\"label\",\"name\":\"\(name)\",\"text\":\"\(text)\"") }
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
