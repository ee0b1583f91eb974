/// A malformed script line: where, and what was expected there.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Every malformed line of a script, one error each, in line order. A
/// script with any is not run at all.
public struct ScriptErrors: Error, CustomStringConvertible {
    public var errors: [ScriptError]

    public init(_ errors: [ScriptError]) {
        self.errors = errors
    }

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

/// The script ran past `ScriptPlayer.timeLimit` of virtual time.
public struct ScriptTimeLimitError: Error, CustomStringConvertible {
    public var limit: Double

    public init(limit: Double) {
        self.limit = limit
    }

    public var description: String {
        "stopped: the script runs past the time limit of \(formatScriptNumber(limit)) s of virtual time (--time-limit)"
    }
}
