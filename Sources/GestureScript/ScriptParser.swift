import GestureKit

/// A malformed script: where, and what was expected there.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Parses the line-oriented script language (see docs/scripting.md). The
/// whole script is checked before anything runs, so a malformed script
/// never produces partial output.
public enum ScriptParser {
    /// Every command with the arguments it takes, for error messages.
    static let usage: [(name: String, arguments: [String])] = [
        ("size", ["WIDTH", "HEIGHT"]),
        ("down", ["ID", "X", "Y"]),
        ("move", ["ID", "X", "Y"]),
        ("up", ["ID"]),
        ("frame", []),
        ("cancel", []),
        ("wait", ["MS"]),
        ("snapshot", ["NAME"]),
        ("page", ["NAME"]),
        ("shake", ["MS"]),
    ]

    /// - Parameter pages: the page names `page` accepts (any when nil).
    public static func parse(_ text: String, fileName: String, pages: [String]? = nil) throws(ScriptError) -> Script {
        var commands: [(Int, ScriptCommand)] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let tokens = tokenize(rawLine)
            guard let head = tokens.first else { continue }
            let fail = { (column: Int, message: String) -> ScriptError in
                ScriptError(file: fileName, line: lineNumber, column: column, message: message)
            }
            guard let spec = usage.first(where: { $0.name == head.text }) else {
                let names = usage.map(\.name).joined(separator: ", ")
                throw fail(head.column, "unknown command '\(head.text)'; expected one of: \(names)")
            }
            let args = Array(tokens.dropFirst())
            let form = ([spec.name] + spec.arguments).joined(separator: " ")
            if args.count < spec.arguments.count {
                let column = (tokens.last.map { $0.column + $0.text.count + 1 }) ?? 1
                throw fail(column, "expected \(spec.arguments[args.count]) (usage: \(form))")
            }
            if args.count > spec.arguments.count {
                let extra = args[spec.arguments.count]
                throw fail(extra.column, "unexpected '\(extra.text)' (usage: \(form))")
            }
            func number(_ i: Int, allowNegative: Bool = true) throws(ScriptError) -> Double {
                let token = args[i]
                guard let v = Double(token.text), v.isFinite, allowNegative || v >= 0 else {
                    let what = allowNegative ? "a number" : "a non-negative number"
                    throw fail(token.column, "expected \(spec.arguments[i]) as \(what), got '\(token.text)'")
                }
                return v
            }
            func touchID(_ i: Int) throws(ScriptError) -> Int32 {
                let token = args[i]
                guard let v = Int32(token.text), v >= 0 else {
                    throw fail(token.column, "expected ID as a whole number from 0 to \(Int32.max), got '\(token.text)'")
                }
                return v
            }
            let command: ScriptCommand
            switch spec.name {
            case "size":
                let w = try number(0, allowNegative: false), h = try number(1, allowNegative: false)
                guard w >= 1, h >= 1, w <= 16384, h <= 16384 else {
                    throw fail(args[0].column, "expected a size from 1x1 to 16384x16384, got \(args[0].text)x\(args[1].text)")
                }
                command = .size(Size(width: w, height: h))
            case "down": command = .down(id: try touchID(0), at: Point(x: try number(1), y: try number(2)))
            case "move": command = .move(id: try touchID(0), to: Point(x: try number(1), y: try number(2)))
            case "up": command = .up(id: try touchID(0))
            case "frame": command = .frame
            case "cancel": command = .cancel
            case "wait": command = .wait(milliseconds: try number(0, allowNegative: false))
            case "snapshot":
                let name = args[0]
                let allowed = name.text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
                guard allowed, !name.text.hasPrefix("."), name.text.count <= 100 else {
                    throw fail(name.column, "expected NAME of letters, digits, '-', '_' or '.' (not starting with '.'), got '\(name.text)'")
                }
                command = .snapshot(name: name.text)
            case "page":
                let name = args[0]
                if let pages, !pages.contains(name.text) {
                    throw fail(name.column, "expected NAME as one of: \(pages.joined(separator: ", ")), got '\(name.text)'")
                }
                command = .page(name: name.text)
            case "shake":
                command = .shake(milliseconds: try number(0, allowNegative: false))
            default:
                throw fail(head.column, "unknown command '\(head.text)'")
            }
            commands.append((lineNumber, command))
        }
        return Script(fileName: fileName, commands: commands)
    }

    /// Words of a line with their 1-based columns; `#` starts a comment.
    static func tokenize(_ line: Substring) -> [(text: String, column: Int)] {
        var tokens: [(String, Int)] = []
        var current = ""
        var start = 0
        var column = 0
        for ch in line {
            column += 1
            if ch == "#" && current.isEmpty { break }
            if ch == " " || ch == "\t" || ch == "\r" {
                if !current.isEmpty { tokens.append((current, start)); current = "" }
            } else {
                if current.isEmpty { start = column }
                current.append(ch)
            }
        }
        if !current.isEmpty { tokens.append((current, start)) }
        return tokens
    }
}
