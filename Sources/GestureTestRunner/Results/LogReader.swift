import GestureScript

/// Reads back what `EventLog` writes: `log.jsonl`, one flat JSON object a
/// line (`t`, `type`, then fields of strings, numbers and booleans), into
/// `ScriptRecord`s. The runner's own `results.jsonl` has the same shape.
/// A line that is not such an object is skipped, so a log cut short by a
/// crash still gives every record written before it; `forEachLine` hands
/// over such lines too, for a file that must be whole.
enum LogReader {
    /// One line of a records file, as `forEachLine(atPath:atMost:_:)`
    /// hands it over.
    struct Line {
        /// 1 for the file's first line.
        var number: Int
        /// Nil when the line is empty or is not a flat JSON object.
        var record: ScriptRecord?
        /// Whether the line holds no byte at all.
        var isEmpty: Bool
        /// False for a last line that no line end closes: every line a
        /// writer finishes ends with one, so the file was cut short.
        var isEnded: Bool
    }

    static func records(in text: String) -> [ScriptRecord] {
        records(in: Array(text.utf8))
    }

    /// The records of a log's bytes; bytes that are not UTF-8 in a string
    /// value become U+FFFD.
    static func records(in bytes: [UInt8]) -> [ScriptRecord] {
        var records: [ScriptRecord] = []
        var number = 0
        _ = forEachLine(in: bytes + [UInt8(ascii: "\n")], counting: &number) { line in
            if let record = line.record { records.append(record) }
        }
        return records
    }

    /// The records of the file at `path`, which is read only up to `limit`
    /// bytes: a larger file (or one without end, such as /dev/zero) is
    /// refused rather than read until the memory runs out, and one that
    /// cannot be read is refused rather than taken as empty.
    static func records(atPath path: String, atMost limit: Int) throws(RecordsFileError) -> [ScriptRecord] {
        var records: [ScriptRecord] = []
        try forEachRecord(atPath: path, atMost: limit) { records.append($0) }
        return records
    }

    /// Hands `take` each record of the file at `path` as its line is read,
    /// 64 KiB at a time, so that a long log's bytes and records are never
    /// all in memory at once. Refuses the file as `records(atPath:atMost:)`
    /// does; one found larger than `limit` only while it is read (it grew)
    /// has had its first records taken when the error comes.
    static func forEachRecord(atPath path: String, atMost limit: Int,
                              _ take: (ScriptRecord) -> Void) throws(RecordsFileError) {
        try forEachLine(atPath: path, atMost: limit) { line in
            if let record = line.record { take(record) }
        }
    }

    /// Hands `take` every line of the file at `path` as it is read, as
    /// `forEachRecord(atPath:atMost:_:)` does, with the lines that are
    /// empty or no record and the last line's missing end: for a file that
    /// must be whole (a report's results), where a damaged line is an
    /// error rather than the end of a log cut short by a crash.
    static func forEachLine(atPath path: String, atMost limit: Int, _ take: (Line) -> Void) throws(RecordsFileError) {
        // A regular file says its size: no need to read it to refuse it.
        if let size = FileSystem.size(of: path), size > limit { throw .tooLarge(limit: limit) }
        // The bytes read and not yet taken: the start of a line whose end
        // is still to come.
        var pending: [UInt8] = []
        var total = 0
        var number = 0
        do {
            try ScriptFiles.readChunks(path, upTo: limit + 1) { chunk in
                total += chunk.count
                // A chunk without a line's end only waits for the next: a
                // file of one endless line is read once, not again and
                // again.
                guard total <= limit else { return }
                let ends = chunk.contains(UInt8(ascii: "\n"))
                pending.append(contentsOf: chunk)
                guard ends else { return }
                let taken = forEachLine(in: pending, counting: &number, take)
                pending.removeSubrange(..<taken)
            }
        } catch {
            throw .unreadable(error.reason)
        }
        // Bounded again: the file may grow while it is read.
        guard total <= limit else { throw .tooLarge(limit: limit) }
        guard !pending.isEmpty else { return }
        number += 1
        take(Line(number: number, record: record(pending, pending.indices), isEmpty: false, isEnded: false))
    }

    /// Hands `take` each whole line of `bytes`, numbered on from `number`
    /// (which ends as the last one's); returns how many bytes those lines
    /// took (the rest starts a line not yet ended).
    private static func forEachLine(in bytes: [UInt8], counting number: inout Int, _ take: (Line) -> Void) -> Int {
        var start = 0
        while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            number += 1
            let isEmpty = end == start
            take(Line(number: number, record: isEmpty ? nil : record(bytes, start..<end), isEmpty: isEmpty, isEnded: true))
            start = end + 1
        }
        return start
    }

    /// The line at `range` of `bytes`; nil unless it is a flat JSON object.
    static func record(_ bytes: [UInt8], _ range: Range<Int>) -> ScriptRecord? {
        var parser = FlatJSONParser(bytes: bytes, range: range)
        guard let fields = parser.object() else { return nil }
        var time = 0.0, type = "", rest: [(String, ScriptRecord.Value)] = []
        rest.reserveCapacity(fields.count)
        for (name, value) in fields {
            switch (name, value) {
            case ("t", .number(let t)): time = t
            case ("type", .string(let s)): type = s
            default: if let value { rest.append((name, value)) }
            }
        }
        return ScriptRecord(time: time, type: type, rest)
    }
}

/// Why `LogReader.records(atPath:atMost:)` did not read a file.
enum RecordsFileError: Error {
    /// Larger than `limit` bytes, or without end.
    case tooLarge(limit: Int)
    /// Not readable, for the C library's reason.
    case unreadable(String)

    /// "larger than 256 MiB", "larger than 100 bytes", or the C library's
    /// reason.
    var reason: String {
        switch self {
        case .tooLarge(let limit):
            "larger than " + (limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes")
        case .unreadable(let reason):
            reason
        }
    }
}

/// A JSON reader for one object whose values are strings, numbers,
/// booleans or null (nil); nested values make it fail. It reads a range of
/// a larger buffer, so a file's lines are not copied one by one.
private struct FlatJSONParser {
    let bytes: [UInt8]
    var i: Int
    let end: Int

    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        i = range.lowerBound
        end = range.upperBound
    }

    mutating func object() -> [(String, ScriptRecord.Value?)]? {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return nil }
        var fields: [(String, ScriptRecord.Value?)] = []
        skipSpace()
        if take(UInt8(ascii: "}")) { return atEnd() ? fields : nil }
        while true {
            skipSpace()
            guard let name = string() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            guard let value = value() else { return nil }
            fields.append((name, value))
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "}")) else { return nil }
            return atEnd() ? fields : nil
        }
    }

    private mutating func atEnd() -> Bool {
        skipSpace()
        return i == end
    }

    /// A value: `.some(nil)` for null, nil when malformed.
    private mutating func value() -> ScriptRecord.Value?? {
        guard i < end else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "\""): return string().map { .some(.string($0)) }
        case UInt8(ascii: "t"): return literal("true") ? .some(.bool(true)) : nil
        case UInt8(ascii: "f"): return literal("false") ? .some(.bool(false)) : nil
        case UInt8(ascii: "n"): return literal("null") ? .some(nil) : nil
        default:
            let start = i
            while i < end, Self.isNumberByte(bytes[i]) { i += 1 }
            guard let number = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { return nil }
            return .some(.number(number))
        }
    }

    private static func isNumberByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "e"), UInt8(ascii: "E"): true
        default: false
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard end - i >= count else { return false }
        for k in 0..<count where bytes[i + k] != word.utf8Start[k] { return false }
        i += count
        return true
    }

    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        // Most strings have no escape: one slice, decoded once.
        var run = i
        while i < end, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") { i += 1 }
        guard i < end else { return nil }
        if bytes[i] == UInt8(ascii: "\"") {
            i += 1
            return String(decoding: bytes[run..<i - 1], as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        func flush() { scalars.append(contentsOf: String(decoding: bytes[run..<i], as: UTF8.self).unicodeScalars) }
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                flush()
                i += 1
                return String(scalars)
            }
            guard b == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            flush()
            i += 1
            guard i < end else { return nil }
            let escape = bytes[i]
            i += 1
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "u"):
                guard var code = hex4() else { return nil }
                if (0xD800..<0xDC00).contains(code), literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(escape))
            }
            run = i
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard end - i >= 4, let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else {
            return nil
        }
        i += 4
        return v
    }

    private mutating func take(_ b: UInt8) -> Bool {
        guard i < end, bytes[i] == b else { return false }
        i += 1
        return true
    }

    private mutating func skipSpace() {
        while i < end {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }
}
