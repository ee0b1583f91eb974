import GestureKit

/// One line of a run's machine-readable log (`log.jsonl`, `--log`): the
/// time `t` in seconds, a `type`, then fields in a fixed order. `EventLog`
/// writes them all: the player's (`snapshot`, `assert`, `error`, `end`,
/// and the `input` of device commands), and its own (`input` as the
/// window's router receives it, `label`, `control`, `gesture`).
public struct ScriptRecord: Sendable, Equatable {
    /// A JSON value of a field.
    public enum Value: Sendable, Equatable {
        case string(String)
        case number(Double)
        case bool(Bool)
    }

    public var time: Double
    public var type: String
    public var fields: [Field]

    /// A named field (a struct rather than a tuple, so records compare).
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: Value
    }

    /// - Parameter line: the script line that made the record, if any
    ///   (written first, as `line`).
    public init(time: Double, type: String, line: Int? = nil, _ fields: [(String, Value)]) {
        self.time = time
        self.type = type
        let lineField = line.flatMap { $0 > 0 ? [Field(name: "line", value: .number(Double($0)))] : nil } ?? []
        self.fields = lineField + fields.map { Field(name: $0.0, value: $0.1) }
    }

    /// Why a run stopped early.
    public static func error(time: Double, line: Int? = nil, message: String) -> ScriptRecord {
        ScriptRecord(time: time, type: "error", line: line, [("message", .string(message))])
    }

    /// The last record of every run: how many checks were made and failed,
    /// and whether the run went to its end.
    public static func end(time: Double, checks: Int, failed: Int, completed: Bool) -> ScriptRecord {
        ScriptRecord(time: time, type: "end", [("checks", .number(Double(checks))),
                                               ("failed", .number(Double(failed))), ("completed", .bool(completed))])
    }

    /// The value of field `name`, if present.
    public subscript(_ name: String) -> Value? {
        fields.first { $0.name == name }?.value
    }

    /// The record as one line of JSON (no newline).
    public var jsonLine: String {
        var line = "{\"t\":\(Self.formatTime(time)),\"type\":\(jsonString(type))"
        for field in fields {
            line += ",\(jsonString(field.name)):"
            switch field.value {
            case .string(let s): line += jsonString(s)
            case .number(let v): line += v.isFinite ? formatScriptNumber(v) : "null"
            case .bool(let b): line += b ? "true" : "false"
            }
        }
        return line + "}"
    }

    /// Milliseconds precision, integers without a fraction.
    static func formatTime(_ t: Double) -> String {
        let ms = (t * 1000).rounded() / 1000
        return formatScriptNumber(ms)
    }
}

/// The result of one check: what was checked, expected and found.
public struct AssertionOutcome: Sendable, Equatable {
    public var ok: Bool
    /// What was checked, e.g. `label output`, `view image rotation`.
    public var subject: String
    /// The operator as written (`==`, `~`, `<=`...).
    public var op: String
    public var expected: String
    public var actual: String
    /// Whether expected and actual are texts (quoted in messages).
    public var isText: Bool
    /// Whether expected alone is a text: a label check whose actual is
    /// why there was nothing to compare (no such label on screen, a
    /// pattern given up), which reads unquoted.
    public var expectedIsText: Bool
    /// A diff image written for a failed golden comparison (file name in
    /// the output folder).
    public var diffFile: String?

    public init(ok: Bool, subject: String, op: String = "==", expected: String, actual: String,
                isText: Bool = false, expectedIsText: Bool? = nil, diffFile: String? = nil) {
        self.ok = ok
        self.subject = subject
        self.op = op
        self.expected = expected
        self.actual = actual
        self.isText = isText
        self.expectedIsText = expectedIsText ?? isText
        self.diffFile = diffFile
    }
}

/// A check with where the script made it.
public struct AssertionResult: Sendable, Equatable {
    public var file: String
    public var line: Int
    public var column: Int
    /// The script line as written (without its comment).
    public var source: String
    public var outcome: AssertionOutcome

    public var ok: Bool { outcome.ok }

    /// The compiler-style message a failure prints, e.g.
    /// `s.gds:12:1: assertion failed: expect label output == "Tapped": expected "Tapped", actual "Double tapped"`.
    public var message: String {
        let o = outcome
        let show = { (s: String) in o.isText ? jsonString(s) : s }
        let expected = (o.op == "==" ? "" : o.op + " ") + (o.expectedIsText ? jsonString(o.expected) : o.expected)
        let diff = o.diffFile.map { " (diff image: \($0))" } ?? ""
        return "\(file):\(line):\(column): assertion \(o.ok ? "passed" : "failed"): \(source): expected \(expected), actual \(show(o.actual))\(diff)"
    }
}
