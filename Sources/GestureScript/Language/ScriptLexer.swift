import GestureKit

/// One word of a script line, as written, with the column it starts at.
///
/// A word runs to the next space or tab outside double quotes, so a quoted
/// part may hold spaces: `"Double tapped"`, `@"Undo Count".top`.
struct ScriptToken: Equatable {
    /// The word as written (quotes and escapes included).
    var text: String
    /// 1-based column of its first character.
    var column: Int

    /// Whether the whole word is one string literal (`"..."`).
    var isQuoted: Bool { text.count >= 2 && text.first == "\"" && text.last == "\"" }

    /// The column just after the word, where a missing next word would be.
    var endColumn: Int { column + text.count }

    /// The word's value: a string literal's content with its escapes
    /// undone, any other word as written.
    var value: String { isQuoted ? ScriptLexer.unquote(text) : text }
}

/// Splits script lines into words. Kept apart from the parser so that the
/// rules for comments and quotes live in one place (docs/scripting.md,
/// "Lines, words and comments").
enum ScriptLexer {
    /// A line that cannot be split: an unterminated string literal.
    struct Failure: Error {
        var column: Int
        var message: String
    }

    /// The words of `line`. `#` at the start of a word begins a comment
    /// that runs to the end of the line; inside a string literal it is an
    /// ordinary character. In a string literal `\"` is a quote and `\\` a
    /// backslash; any other backslash stays as written, so a regular
    /// expression such as `"\d+"` needs no doubling.
    ///
    /// Control characters (NUL, escape, form feed...) are refused
    /// anywhere, and invisible spaces (no-break, zero-width...) outside a
    /// string literal: such a line would read as something else than it
    /// shows.
    static func tokenize(_ line: Substring) throws(Failure) -> [ScriptToken] {
        var tokens: [ScriptToken] = []
        var current = ""
        var start = 0
        var column = 0
        var inString = false
        var stringStart = 0
        var escaped = false
        for ch in line {
            column += 1
            if let problem = unprintable(ch, inString: inString) {
                throw Failure(column: column, message: problem)
            }
            if inString {
                current.append(ch)
                if escaped {
                    escaped = false
                } else if ch == "\\" {
                    escaped = true
                } else if ch == "\"" {
                    inString = false
                }
                continue
            }
            if ch == " " || ch == "\t" || ch == "\r" {
                if !current.isEmpty { tokens.append(ScriptToken(text: current, column: start)) }
                current = ""
                continue
            }
            if current.isEmpty {
                if ch == "#" { break }
                start = column
            }
            if ch == "\"" {
                inString = true
                stringStart = column
            }
            current.append(ch)
        }
        if inString {
            throw Failure(column: stringStart, message: "unterminated string: expected a closing '\"'")
        }
        if !current.isEmpty { tokens.append(ScriptToken(text: current, column: start)) }
        return tokens
    }

    /// Why `ch` may not stand in a script line, or nil if it may: a
    /// control character (tab and a line end's carriage return aside), or
    /// outside a string an invisible space.
    private static func unprintable(_ ch: Character, inString: Bool) -> String? {
        guard let scalar = ch.unicodeScalars.first else { return nil }
        let code = "U+" + formatHex(scalar.value, digits: 4).uppercased()
        switch scalar.value {
        case 0x09, 0x0d:
            return nil
        case 0x00...0x1f, 0x7f...0x9f:
            return "control character \(code): a script line holds printable text only"
        case 0xa0, 0x1680, 0x2000...0x200b, 0x202f, 0x205f, 0x2060, 0x3000, 0xfeff:
            return inString ? nil : "invisible space \(code) outside a string: separate words with plain spaces or tabs"
        default:
            return nil
        }
    }

    /// The number `text` writes in decimal (`12`, `-0.5`, `1e3`); nil for
    /// anything else, hexadecimal and `inf` or `nan` included.
    static func decimal(_ text: some StringProtocol) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e")
                || byte == UInt8(ascii: "E")
        }) else { return nil }
        return Double(String(text))
    }

    /// The content of a string literal (`"a \"b\""` -> `a "b"`).
    static func unquote(_ literal: String) -> String {
        var out = ""
        var escaped = false
        for ch in literal.dropFirst().dropLast() {
            if escaped {
                if ch != "\"" && ch != "\\" { out.append("\\") }
                out.append(ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        if escaped { out.append("\\") }
        return out
    }

    /// `text` as a string literal that `unquote` turns back into `text`.
    static func quote(_ text: String) -> String {
        var out = "\""
        for ch in text {
            if ch == "\"" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out + "\""
    }

    /// Whether `text` can be written as a bare word (no quotes needed):
    /// non-empty, no spaces, quotes or backslashes, and not starting a
    /// comment.
    static func isBareWord(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix("#")
            && !text.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" || $0.isNewline }
    }
}
