import GestureKit
import GestureScript
import Glibc

/// The run as JUnit XML, the format CI systems show test results from
/// (GitHub Actions' and GitLab's test reports, Jenkins): one `testsuite`
/// with one `testcase` per script.
///
/// It carries every element and attribute the common JUnit schema
/// (Ant's, which Jenkins and most readers follow) requires: `testsuite`
/// with `name`, `tests`, `failures`, `errors`, `skipped`, `time`,
/// `timestamp`, `hostname`, `properties`, `system-out` and `system-err`;
/// `testcase` with `name`, `classname`, `time`. A failed check or a
/// stopped run is a `failure` (its message the first `file:line:column`
/// line, its text every failed check with expected and actual); a
/// malformed script, a crash or a hang is an `error`. Each test case also
/// has `file` and `line` attributes, which GitHub and GitLab use to point
/// at the line.
struct JUnitReport {
    var results: [ScriptResult]
    var name: String
    /// When the run ended (ISO 8601, UTC, no zone, as the schema wants).
    var timestamp = JUnitReport.now()
    var hostname = JUnitReport.hostName()

    var xml: String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + document.render(xml: true) + "\n"
    }

    var document: Markup {
        let failures = results.filter { $0.status == .failed || $0.status == .stopped }.count
        let errors = results.filter { [.malformed, .crashed, .hung].contains($0.status) }.count
        let time = seconds(results.reduce(0) { $0 + $1.seconds })
        let counts = [("tests", "\(results.count)"), ("failures", "\(failures)"), ("errors", "\(errors)")]
        return .el("testsuites", [("name", name)] + counts + [("time", time)]) {
            Markup.el("testsuite", [("name", name)] + counts + [("skipped", "0"), ("time", time),
                                    ("timestamp", timestamp), ("hostname", hostname), ("id", "0"), ("package", name)]) {
                Markup.el("properties")
                for result in results { testCase(result) }
                Markup.el("system-out")
                Markup.el("system-err")
            }
        }
    }

    private func testCase(_ result: ScriptResult) -> Markup {
        let path = result.script.path
        let folder = ScriptFiles.folder(of: path)
        var attributes = [("name", ScriptFiles.lastComponent(of: path)),
                          ("classname", folder.isEmpty || folder == "." ? "scripts" : folder.split(separator: "/").joined(separator: ".")),
                          ("time", seconds(result.seconds)), ("file", path)]
        if let line = result.failedChecks.first?.line ?? errorLine(result) { attributes.append(("line", "\(line)")) }
        return .el("testcase", attributes) {
            switch result.status {
            case .passed: []
            case .failed, .stopped:
                Markup.el("failure", [("message", result.headline), ("type", result.status.rawValue)]) {
                    details(result)
                }
            case .malformed, .crashed, .hung:
                Markup.el("error", [("message", result.reason), ("type", result.status.rawValue)]) {
                    details(result)
                }
            }
            // What the worker printed, where it helps: a passing one only
            // names its temporary folder.
            if !result.status.isPassed && !result.output.isEmpty { Markup.el("system-err") { result.output } }
        }
    }

    /// Every failed check, expected against actual, then why it stopped.
    private func details(_ result: ScriptResult) -> String {
        var lines = result.failedChecks.map { check in
            "\(check.message)\n  expected: \(check.op == "==" ? "" : check.op + " ")\(check.expected)\n  actual:   \(check.actual)"
        }
        // A failed run whose log was not read: the failures it printed.
        if lines.isEmpty && result.status == .failed { lines = result.details }
        if result.status != .failed { lines.append(result.reason) }
        return lines.joined(separator: "\n")
    }

    /// The line a stopped run or a malformed script points at
    /// (`file:LINE:column: ...`).
    private func errorLine(_ result: ScriptResult) -> Int? {
        if let line = result.log.stop?["line"]?.whole { return line }
        let prefix = result.script.path + ":"
        guard result.reason.hasPrefix(prefix) else { return nil }
        return Int(result.reason.dropFirst(prefix.count).prefix { $0.isNumber })
    }

    private func seconds(_ s: Double) -> String { formatFixed(s, digits: 3) }

    static func now() -> String {
        var t = time(nil)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
            + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}
