import GestureKit

/// A place in the window, as a script names it: window coordinates, or a
/// point of a named view resolved when the command runs (after layout), so
/// scripts survive layout changes.
public enum ScriptPoint: Equatable, Sendable, CustomStringConvertible {
    /// Window coordinates in logical pixels.
    case absolute(Point)
    /// A point of a named view (`@single`, `@single.topleft+5,5`).
    indirect case view(ViewReference)

    public var description: String {
        switch self {
        case .absolute(let p): return "\(formatScriptNumber(p.x)) \(formatScriptNumber(p.y))"
        case .view(let reference): return reference.description
        }
    }
}

/// `@NAME[.ANCHOR][+DX,DY]`: the anchor point of the first view named NAME
/// (depth-first from the window), in window coordinates, moved by an
/// offset in window pixels.
public struct ViewReference: Equatable, Sendable, CustomStringConvertible {
    /// Where on the view's bounds the point lies.
    public enum Anchor: String, CaseIterable, Sendable {
        case center, topleft, top, topright, left, right, bottomleft, bottom, bottomright

        /// The anchor's position in `bounds`.
        public func point(in bounds: Rect) -> Point {
            switch self {
            case .center: return Point(x: bounds.midX, y: bounds.midY)
            case .topleft: return Point(x: bounds.minX, y: bounds.minY)
            case .top: return Point(x: bounds.midX, y: bounds.minY)
            case .topright: return Point(x: bounds.maxX, y: bounds.minY)
            case .left: return Point(x: bounds.minX, y: bounds.midY)
            case .right: return Point(x: bounds.maxX, y: bounds.midY)
            case .bottomleft: return Point(x: bounds.minX, y: bounds.maxY)
            case .bottom: return Point(x: bounds.midX, y: bounds.maxY)
            case .bottomright: return Point(x: bounds.maxX, y: bounds.maxY)
            }
        }
    }

    public var name: String
    public var anchor: Anchor
    /// Added after the anchor is converted to window coordinates.
    public var offset: Point
    /// Where the reference was written, for errors at run time (a view
    /// that does not exist); not part of equality.
    public var column: Int

    public init(name: String, anchor: Anchor = .center, offset: Point = .zero, column: Int = 0) {
        self.name = name
        self.anchor = anchor
        self.offset = offset
        self.column = column
    }

    public static func == (a: ViewReference, b: ViewReference) -> Bool {
        a.name == b.name && a.anchor == b.anchor && a.offset == b.offset
    }

    public var description: String {
        var text = "@" + (Self.isPlainName(name) ? name : ScriptLexer.quote(name))
        if anchor != .center { text += "." + anchor.rawValue }
        if offset != .zero {
            let dx = formatScriptNumber(offset.x)
            text += (dx.hasPrefix("-") ? dx : "+" + dx) + "," + formatScriptNumber(offset.y)
        }
        return text
    }

    /// Names written without quotes: letters, digits and `_`. Anything
    /// else (spaces, `-`, which would read as an offset) is quoted.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// The reference's point in window coordinates, or nil when no view in
    /// `window` has the name.
    public func resolve(in window: Window) -> Point? {
        window.layoutIfNeeded()
        guard let view = window.view(named: name) else { return nil }
        return view.convert(anchor.point(in: view.bounds), to: nil) + offset
    }
}

extension ViewReference {
    /// Why a reference word is malformed (a message for the parser).
    struct SyntaxError: Error {
        var message: String
    }

    /// Parses `@NAME[.ANCHOR][(+|-)DX,DY]`; `text` includes the `@`.
    static func parse(_ text: String, column: Int) throws(SyntaxError) -> ViewReference {
        var rest = Substring(text.dropFirst())
        let name: String
        if rest.hasPrefix("\"") {
            var end = rest.index(after: rest.startIndex)
            var escaped = false
            while end < rest.endIndex {
                let ch = rest[end]
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { break }
                end = rest.index(after: end)
            }
            guard end < rest.endIndex else { throw SyntaxError(message: "unterminated view name in '\(text)'") }
            name = ScriptLexer.unquote(String(rest[...end]))
            rest = rest[rest.index(after: end)...]
        } else {
            let nameEnd = rest.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? rest.endIndex
            name = String(rest[..<nameEnd])
            rest = rest[nameEnd...]
        }
        guard !name.isEmpty else {
            throw SyntaxError(message: "expected a view name after '@' (letters, digits and _, or quoted), got '\(text)'")
        }
        var anchor = Anchor.center
        if rest.hasPrefix(".") {
            let anchorEnd = rest.dropFirst().firstIndex { !$0.isLetter } ?? rest.endIndex
            let word = String(rest[rest.index(after: rest.startIndex)..<anchorEnd])
            guard let a = Anchor(rawValue: word.lowercased()) else {
                let names = Anchor.allCases.map(\.rawValue).joined(separator: ", ")
                throw SyntaxError(message: "unknown anchor '.\(word)' in '\(text)'; expected one of: \(names)")
            }
            anchor = a
            rest = rest[anchorEnd...]
        }
        var offset = Point.zero
        if !rest.isEmpty {
            let parts = rest.split(separator: ",", omittingEmptySubsequences: false)
            guard rest.first == "+" || rest.first == "-", parts.count == 2,
                  let dx = ScriptLexer.decimal(parts[0]), let dy = ScriptLexer.decimal(parts[1]),
                  dx.isFinite, dy.isFinite else {
                throw SyntaxError(message: "expected an offset such as +10,-5 after '@\(name)', got '\(rest)'")
            }
            guard ScriptDefaults.isCoordinate(dx), ScriptDefaults.isCoordinate(dy) else {
                let limit = formatScriptNumber(ScriptDefaults.coordinateLimit)
                throw SyntaxError(message: "offset '\(rest)' after '@\(name)' is beyond \(limit) px (\(ScriptDefaults.coordinateLimitMeaning))")
            }
            offset = Point(x: dx, y: dy)
        }
        return ViewReference(name: name, anchor: anchor, offset: offset, column: column)
    }
}

/// A number as a script writes it: whole numbers without a fraction, other
/// values in Swift's shortest form that reads back to the same `Double`,
/// so that formatting and parsing a command round-trips exactly.
public func formatScriptNumber(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 {
        return String(Int(v))
    }
    return String(v)
}
