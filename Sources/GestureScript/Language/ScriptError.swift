/// A malformed script line: where, and what was expected there.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    /// An error at `file`:`line`:`column`. A message of more than
    /// ``maximumMessageLength`` characters (one quoting a huge word) is
    /// cut there, saying how long it was.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message.count > Self.maximumMessageLength
            ? String(message.prefix(Self.maximumMessageLength)) + "... (\(message.count) characters in all)"
            : message
    }

    /// The longest message kept whole.
    public static let maximumMessageLength = 300

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Every malformed line of a script, one error each, in line order. A
/// script with any is not run at all.
public struct ScriptErrors: Error, CustomStringConvertible {
    public var errors: [ScriptError]
    /// Whether the parser gave up before the end of the file (too many
    /// errors): the last error then says so and is no malformed line.
    public var stoppedReading: Bool

    public init(_ errors: [ScriptError], stoppedReading: Bool = false) {
        self.errors = errors
        self.stoppedReading = stoppedReading
    }

    /// How many lines were found malformed: every error but the note
    /// that the parser stopped reading.
    public var malformedLineCount: Int { errors.count - (stoppedReading && !errors.isEmpty ? 1 : 0) }

    /// One line per error, compiler style.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// A script that failed while running (not a syntax error): a view it
/// names is missing, a snapshot cannot be written, or it ran past the
/// time limit. The run stops there.
public struct ScriptRunError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// Column of the word at fault (the command's first word when no
    /// single word is).
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int = 1, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// A step the player cannot carry out; `ScriptPlayer.run` adds where.
public struct ScriptStepError: Error, CustomStringConvertible {
    /// The column of the word at fault, when known.
    public var column: Int?
    public var message: String

    public init(column: Int? = nil, _ message: String) {
        self.column = column
        self.message = message
    }

    public var description: String { message }
}

/// The script ran past `ScriptPlayer.timeLimit`: everything due up to the
/// limit was played, then the run stopped.
public struct ScriptTimeLimitError: Error, CustomStringConvertible {
    public var limit: Double
    /// Whether the limit was on a virtual clock (headless) or real time (a
    /// live replay).
    public var isVirtual: Bool

    public init(limit: Double, isVirtual: Bool = true) {
        self.limit = limit
        self.isVirtual = isVirtual
    }

    public var description: String {
        let time = isVirtual ? "s of virtual time" : "s"
        return "stopped: the script runs past the time limit of \(formatScriptNumber(limit)) \(time) (--time-limit)"
    }
}
