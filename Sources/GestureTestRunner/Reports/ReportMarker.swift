import GestureScript

/// `report.jsonl` in a `--report` folder, the first file a run writes
/// there: it says the folder is a `gesture-demo test` report, so that a
/// run stopped midway (Ctrl+C, a CI job's time limit), which leaves only
/// its scripts' folders, is still known as one and the next run into the
/// folder may empty it; and, when the run's `--junit` file lies in the
/// folder, where, so that the next run may remove that too:
///
///     {"t":0,"type":"report","program":"gesture-demo test","junit":"ci/junit.xml"}
enum ReportMarker {
    static let name = "report.jsonl"

    /// How every marker's line starts: the line without a JUnit file,
    /// less its closing brace.
    private static let opening = String(line(junit: nil).dropLast())

    /// The marker's line (without its end): `junit` is the JUnit file's
    /// path from the report's folder, when it lies there.
    static func line(junit: String?) -> String {
        var fields: [(String, ScriptRecord.Value)] = [("program", .string("gesture-demo test"))]
        if let junit { fields.append(("junit", .string(junit))) }
        return ScriptRecord(time: 0, type: "report", fields).jsonLine
    }

    /// Whether a file's first bytes are a marker's.
    static func isMarker(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: opening.utf8)
    }

    /// The JUnit file the marker in the report folder `folder` names, as a
    /// path from the folder; nil without one, and for one that would lie
    /// outside the folder (absolute, or through `..`), which no run writes.
    static func junit(inReport folder: String) -> String? {
        let path = ScriptFiles.path(folder, name)
        // A named pipe would wait for a writer: only a regular file is read.
        guard FileSystem.size(of: path) != nil,
              let records = try? LogReader.records(atPath: path, atMost: 1 << 16),
              let record = records.first, record.type == "report",
              let junit = record["junit"]?.string,
              !junit.isEmpty, !junit.hasPrefix("/"), !junit.split(separator: "/").contains("..")
        else { return nil }
        return junit
    }
}
