import GestureKit

/// Parses the line-oriented script language (docs/scripting.md). The whole
/// script is checked before anything runs, so a malformed script never
/// produces partial output; every malformed line gives exactly one error,
/// at the word where the line stops making sense.
public enum ScriptParser {
    /// Every command with its arguments, for `unknown command` messages and
    /// the usage shown with an argument error.
    static let usage: [(name: String, forms: [String])] = [
        ("size", ["size WIDTH HEIGHT"]),
        ("down", ["down ID X Y"]),
        ("move", ["move ID X Y"]),
        ("up", ["up ID"]),
        ("frame", ["frame"]),
        ("cancel", ["cancel"]),
        ("tap", ["tap X Y [X Y]..."]),
        ("doubletap", ["doubletap X Y [X Y]..."]),
        ("longpress", ["longpress X Y [MS]"]),
        ("swipe", ["swipe X Y DX DY [MS] [STEPS]"]),
        ("drag", ["drag X Y TO_X TO_Y [MS] [STEPS]"]),
        ("pinch", ["pinch X Y FROM_SPAN TO_SPAN [MS] [STEPS]"]),
        ("rotate", ["rotate X Y SPAN RADIANS [MS] [STEPS]"]),
        ("pointer", ["pointer move X Y", "pointer down|up [left|right|middle]", "pointer scroll DX DY",
                     "pointer leave"]),
        ("touchpad", ["touchpad pinch|swipe|hold begin FINGERS", "touchpad pinch update DX DY SCALE ROTATION",
                      "touchpad swipe update DX DY", "touchpad pinch|swipe|hold end [cancelled]"]),
        ("key", ["key [press|release] CHORD", "key hold CHORD MS"]),
        ("keyboard", ["keyboard repeat RATE DELAY"]),
        ("wait", ["wait MS"]),
        ("snapshot", ["snapshot NAME [vs GOLDEN.png [tolerance N]]"]),
        ("page", ["page NAME"]),
        ("shake", ["shake MS", "shake begin", "shake end [MS]"]),
        ("orientation", ["orientation portrait|landscape-left|landscape-right|upside-down"]),
        ("thresholds", ["thresholds " + GestureThresholds.presets.map(\.name).joined(separator: "|")]),
        ("expect", ["expect label|view|switch|recognizer|last-gesture|counter|page|orientation ..."]),
    ]

    /// Parses a whole script.
    /// - Parameters:
    ///   - pages: the page names `page` accepts (any when nil).
    ///   - counters: the counter names `expect counter` accepts (any when nil).
    public static func parse(_ text: String, fileName: String, pages: [String]? = nil,
                             counters: [String]? = nil) throws(ScriptErrors) -> Script {
        try parse(text, fileName: fileName, vocabulary: ScriptVocabulary(pages: pages, counters: counters))
    }

    public static func parse(_ text: String, fileName: String,
                             vocabulary: ScriptVocabulary) throws(ScriptErrors) -> Script {
        try parse(text, fileName: fileName, vocabulary: vocabulary, commandLimit: ScriptDefaults.maximumCommands)
    }

    /// Parses a whole script of at most `commandLimit` commands.
    static func parse(_ text: String, fileName: String, vocabulary: ScriptVocabulary,
                      commandLimit: Int) throws(ScriptErrors) -> Script {
        // A script may be millions of lines long (a long recording, at
        // most `ScriptFiles.maximumTextSize`): its lines are read one at a
        // time rather than split into an array first, and the commands'
        // room is reserved once, so that parsing holds little more than
        // the commands themselves.
        var commands: [Script.Line] = []
        commands.reserveCapacity(min(commandLineCount(text), commandLimit))
        var errors: [ScriptError] = []
        var stoppedReading = false
        var lineNumber = 0
        var rest = Substring(text)
        // A byte-order mark some editors write first is not part of the
        // first command.
        if rest.first == "\u{FEFF}" { rest = rest.dropFirst() }
        while true {
            // Swift reads a Windows line end ("\r\n") as one character,
            // which a search for "\n" alone passes over: such a file would
            // be one long line, and one starting with a comment a script
            // that checks nothing. A carriage return alone (classic Mac
            // files) ends a line too.
            let end = rest.firstIndex { $0 == "\n" || $0 == "\r\n" || $0 == "\r" } ?? rest.endIndex
            lineNumber += 1
            do {
                if let line = try parseLine(rest[..<end], number: lineNumber, fileName: fileName, vocabulary: vocabulary) {
                    guard commands.count < commandLimit else {
                        errors.append(ScriptError(file: fileName, line: lineNumber, column: line.column,
                                                  message: "more than \(commandLimit) commands: "
                                                      + "a script holds at most that many (split it into several)"))
                        break
                    }
                    commands.append(line)
                }
            } catch {
                errors.append(error)
                // A file that is no script at all (a log, a binary) would
                // otherwise print an error for each of its lines.
                if errors.count == maximumErrors, end < rest.endIndex {
                    errors.append(ScriptError(file: fileName, line: lineNumber, column: 1,
                                              message: stoppedReadingMessage))
                    stoppedReading = true
                    break
                }
            }
            guard end < rest.endIndex else { break }
            rest = rest[rest.index(after: end)...]
        }
        guard errors.isEmpty else { throw ScriptErrors(errors, stoppedReading: stoppedReading) }
        return Script(fileName: fileName, commands: commands)
    }

    /// Whether `name` may name a snapshot: letters, digits, `-`, `_` and
    /// `.`, not first (so it never leads out of its folder).
    public static func isSnapshotName(_ name: some StringProtocol) -> Bool {
        !name.isEmpty && !name.hasPrefix(".")
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
    }

    /// The longest snapshot NAME, in bytes of UTF-8: with its longest
    /// suffix it still makes a file name.
    static let maximumSnapshotNameBytes = 200

    /// The most errors one script reports before it stops reading.
    static let maximumErrors = 100

    /// The note after the last of `maximumErrors` errors: no malformed
    /// line itself, so counts of malformed lines leave it out.
    public static let stoppedReadingMessage = "stopping after \(maximumErrors) errors: is this a script?"

    /// How many lines of `text` hold a word before any comment: at most
    /// as many commands as the script has (one per line that parses).
    static func commandLineCount(_ text: String) -> Int {
        var count = 0
        var atLineStart = true
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                atLineStart = true
            } else if atLineStart, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\r") {
                atLineStart = false
                if byte != UInt8(ascii: "#") { count += 1 }
            }
        }
        return count
    }

    /// Parses one line; nil for a blank or comment line.
    public static func parseLine(_ rawLine: Substring, number: Int, fileName: String,
                                 vocabulary: ScriptVocabulary = ScriptVocabulary()) throws(ScriptError) -> Script.Line? {
        let fail = { (column: Int, message: String) in
            ScriptError(file: fileName, line: number, column: column, message: message)
        }
        let tokens: [ScriptToken]
        do {
            tokens = try ScriptLexer.tokenize(rawLine)
        } catch {
            throw fail(error.column, error.message)
        }
        guard let head = tokens.first else { return nil }
        guard let spec = usage.first(where: { $0.name == head.text }) else {
            let names = usage.map(\.name).joined(separator: ", ")
            let hint = closestCommand(to: head.text).map { " (did you mean '\($0)'?)" } ?? ""
            throw fail(head.column, "unknown command '\(head.text)'\(hint); expected one of: \(names)")
        }
        var reader = LineReader(tokens: tokens, usage: spec.forms.joined(separator: " | "), vocabulary: vocabulary,
                                fail: fail)
        let command = try readCommand(spec.name, &reader, vocabulary: vocabulary)
        try reader.finish()
        let text = tokens.map(\.text).joined(separator: " ")
        return Script.Line(line: number, column: head.column, command: command, text: text)
    }

    // MARK: Commands

    private static func readCommand(_ name: String, _ r: inout LineReader,
                                    vocabulary: ScriptVocabulary) throws(ScriptError) -> ScriptCommand {
        switch name {
        case "size":
            let wToken = r.peek
            let w = try r.number("WIDTH", nonNegative: true), h = try r.number("HEIGHT", nonNegative: true)
            guard w >= 1, h >= 1, w <= 16384, h <= 16384 else {
                throw r.fail(wToken?.column ?? 1, "expected a size from 1x1 to 16384x16384, got \(formatScriptNumber(w))x\(formatScriptNumber(h))")
            }
            return .size(Size(width: w, height: h))
        case "down": return .down(id: try r.touchID(), at: try r.point())
        case "move": return .move(id: try r.touchID(), to: try r.point())
        case "up": return .up(id: try r.touchID())
        case "frame": return .frame
        case "cancel": return .cancel
        case "tap", "doubletap":
            var points = [try r.point()]
            while let next = r.peek {
                guard points.count < ScriptDefaults.maximumTapFingers else {
                    throw r.fail(next.column, "at most \(ScriptDefaults.maximumTapFingers) fingers can tap at once")
                }
                points.append(try r.point())
            }
            return .gesture(.tap(at: points, taps: name == "tap" ? 1 : 2))
        case "longpress":
            let p = try r.point()
            return .gesture(.longPress(at: p, milliseconds: try r.optionalMilliseconds(ScriptDefaults.longPressMilliseconds)))
        case "swipe":
            let p = try r.point()
            let d = Point(x: try r.coordinate("DX"), y: try r.coordinate("DY"))
            let ms = try r.optionalMilliseconds(ScriptDefaults.swipeMilliseconds)
            return .gesture(.swipe(from: p, by: d, milliseconds: ms, steps: try r.optionalSteps()))
        case "drag":
            let p = try r.point()
            let q = try r.point("TO_X", "TO_Y")
            let ms = try r.optionalMilliseconds(ScriptDefaults.dragMilliseconds)
            return .gesture(.drag(from: p, to: q, milliseconds: ms, steps: try r.optionalSteps()))
        case "pinch":
            let p = try r.point()
            let from = try r.coordinate("FROM_SPAN", nonNegative: true), to = try r.coordinate("TO_SPAN", nonNegative: true)
            let ms = try r.optionalMilliseconds(ScriptDefaults.twoFingerMilliseconds)
            return .gesture(.pinch(at: p, fromSpan: from, toSpan: to, milliseconds: ms, steps: try r.optionalSteps()))
        case "rotate":
            let p = try r.point()
            let span = try r.coordinate("SPAN", nonNegative: true), radians = try r.number("RADIANS")
            let ms = try r.optionalMilliseconds(ScriptDefaults.twoFingerMilliseconds)
            return .gesture(.rotate(at: p, span: span, radians: radians, milliseconds: ms, steps: try r.optionalSteps()))
        case "pointer": return .pointer(try readPointer(&r))
        case "touchpad": return .touchpad(try readTouchpad(&r))
        case "key": return try readKey(&r)
        case "keyboard":
            _ = try r.choice("SETTING", ["repeat"])
            let rate = try r.whole("RATE", in: 0...Int(Int32.max))
            return .keyboardRepeat(KeyRepeatSettings(rate: rate, delay: try r.whole("DELAY", in: 0...Int(Int32.max))))
        case "wait": return .wait(milliseconds: try r.number("MS", nonNegative: true))
        case "snapshot": return try readSnapshot(&r)
        case "page":
            let token = try r.take("NAME")
            if let pages = vocabulary.pages, !pages.contains(token.text) {
                throw r.fail(token.column, "expected NAME as one of: \(pages.joined(separator: ", ")), got '\(token.text)'")
            }
            return .page(name: token.text)
        case "shake":
            switch r.peek?.text {
            case "begin":
                r.index += 1
                r.usage = "shake begin"
                return .shakeBegin
            case "end":
                r.index += 1
                r.usage = "shake end [MS]"
                return .shakeEnd(milliseconds: r.peek == nil ? nil : try r.number("MS", nonNegative: true))
            default:
                return .shake(milliseconds: try r.number("MS", nonNegative: true))
            }
        case "orientation":
            let word = try r.choice("ORIENTATION", InterfaceOrientation.scriptNames.map(\.name))
            return .orientation(InterfaceOrientation(scriptName: word)!)
        case "expect": return .expect(try readAssertion(&r, vocabulary: vocabulary))
        case "thresholds": return .thresholds(name: try r.choice("PRESET", GestureThresholds.presets.map(\.name)))
        default:
            throw r.fail(1, "unknown command '\(name)'")
        }
    }

    private static func readPointer(_ r: inout LineReader) throws(ScriptError) -> PointerAction {
        let action = try r.choice("ACTION", ["move", "down", "up", "scroll", "leave"])
        switch action {
        case "move":
            r.usage = "pointer move X Y"
            return .move(to: try r.point())
        case "down", "up":
            r.usage = "pointer \(action) [left|right|middle]"
            var button = MouseButton.left
            if r.peek != nil { button = MouseButton(rawValue: try r.choice("BUTTON", MouseButton.allCases.map(\.rawValue)))! }
            return action == "down" ? .down(button) : .up(button)
        case "scroll":
            r.usage = "pointer scroll DX DY"
            return .scroll(dx: try r.coordinate("DX"), dy: try r.coordinate("DY"))
        default:
            return .leave
        }
    }

    private static func readTouchpad(_ r: inout LineReader) throws(ScriptError) -> TouchpadEvent {
        let gesture = TouchpadEvent.Gesture(rawValue: try r.choice("GESTURE", TouchpadEvent.Gesture.allCases.map(\.rawValue)))!
        let name = gesture.rawValue
        // A hold has no update: the fingers rest.
        let action = try r.choice("ACTION", gesture == .hold ? ["begin", "end"] : ["begin", "update", "end"])
        switch action {
        case "begin":
            r.usage = "touchpad \(name) begin FINGERS"
            return .begin(gesture, fingers: try r.whole("FINGERS", in: 0...Int(UInt32.max)))
        case "update" where gesture == .pinch:
            r.usage = "touchpad pinch update DX DY SCALE ROTATION"
            let dx = try r.coordinate("DX"), dy = try r.coordinate("DY")
            return .pinchUpdate(dx: dx, dy: dy, scale: try r.coordinate("SCALE"), rotation: try r.coordinate("ROTATION"))
        case "update":
            r.usage = "touchpad swipe update DX DY"
            return .swipeUpdate(dx: try r.coordinate("DX"), dy: try r.coordinate("DY"))
        default:
            r.usage = "touchpad \(name) end [cancelled]"
            guard r.peek != nil else { return .end(gesture, cancelled: false) }
            _ = try r.choice("'cancelled'", ["cancelled"])
            return .end(gesture, cancelled: true)
        }
    }

    private static func readKey(_ r: inout LineReader) throws(ScriptError) -> ScriptCommand {
        var action = KeyAction.type
        if let first = r.peek, ["press", "release", "hold"].contains(first.text) {
            r.index += 1
            r.usage = first.text == "hold" ? "key hold CHORD MS" : "key \(first.text) CHORD"
            action = first.text == "press" ? .press : first.text == "release" ? .release : .hold(milliseconds: 0)
        }
        let token = try r.take("CHORD")
        let chord: KeyChord
        switch KeyChord.parse(token.text) {
        case .success(let c): chord = c
        case .failure(let unknown):
            throw r.fail(token.column, "unknown key '\(unknown.name)' in '\(token.text)'; expected modifiers "
                         + "(ctrl, shift, alt, super) joined by '+' to a key: a character, a name such as "
                         + "escape, return, space, left, f1 to f12, or a keysym such as 0xff1b")
        }
        if case .hold = action {
            action = .hold(milliseconds: try r.number("MS", nonNegative: true))
        }
        return .key(action, chord)
    }

    private static func readSnapshot(_ r: inout LineReader) throws(ScriptError) -> ScriptCommand {
        let name = try r.take("NAME")
        guard isSnapshotName(name.text) else {
            throw r.fail(name.column, "expected NAME of letters, digits, '-', '_' or '.' (not starting with '.'), got '\(name.text)'")
        }
        // The name is a file's (NAME.png, NAME-diff.png...), and a file
        // name holds at most 255 bytes.
        guard name.text.utf8.count <= Self.maximumSnapshotNameBytes else {
            throw r.fail(name.column, "snapshot NAME of \(name.text.utf8.count) bytes: at most "
                         + "\(Self.maximumSnapshotNameBytes) bytes of UTF-8, since it names files")
        }
        guard r.peek != nil else { return .snapshot(name: name.text) }
        _ = try r.choice("'vs'", ["vs"])
        let golden = try r.take("GOLDEN")
        guard golden.value.lowercased().hasSuffix(".png") else {
            throw r.fail(golden.column, "expected GOLDEN as a .png file, got '\(golden.text)'")
        }
        var tolerance = 0
        if r.peek != nil {
            _ = try r.choice("'tolerance'", ["tolerance"])
            tolerance = try r.whole("N", in: 0...255)
        }
        return .snapshot(name: name.text, golden: GoldenComparison(path: golden.value, tolerance: tolerance))
    }

    // MARK: Assertions

    private static func readAssertion(_ r: inout LineReader,
                                        vocabulary: ScriptVocabulary) throws(ScriptError) -> ScriptAssertion {
        let subjects = ["label", "view", "switch", "recognizer", "last-gesture", "counter", "page", "orientation"]
        let subject = try r.choice("SUBJECT", subjects)
        switch subject {
        case "label":
            r.usage = "expect label NAME ==|!=|~|!~ \"TEXT\""
            let name = try r.viewName()
            let op = try r.choice("OPERATOR", ["==", "!=", "~", "!~"])
            let operand = try r.take(op.contains("~") ? "PATTERN" : "TEXT")
            if op.contains("~") {
                do {
                    _ = try Regex(operand.value)
                } catch {
                    throw r.fail(operand.column, "expected PATTERN as a regular expression: \(error)")
                }
            }
            let value = operand.value
            let check: TextCheck = switch op {
            case "==": .equals(value)
            case "!=": .notEquals(value)
            case "~": .matches(value)
            default: .notMatches(value)
            }
            return .label(name: name, check)
        case "view":
            return try readViewAssertion(&r)
        case "switch":
            r.usage = "expect switch NAME == on|off"
            let name = try r.viewName()
            _ = try r.choice("OPERATOR", ["=="])
            return .switchIsOn(name: name, try r.choice("VALUE", ["on", "off"]) == "on")
        case "recognizer":
            r.usage = "expect recognizer NAME state ==|!= STATE | expect recognizer NAME recognized OP N"
            let name = try r.recognizerName()
            let aspect = try r.choice("PROPERTY", ["state", "recognized"])
            if aspect == "state" {
                r.usage = "expect recognizer NAME state ==|!= STATE"
                let op = try r.choice("OPERATOR", ["==", "!="])
                let state = try r.choice("STATE", GestureRecognizer.State.scriptNames)
                return .recognizerState(name: name, equal: op == "==", GestureRecognizer.State.named(state)!)
            }
            r.usage = "expect recognizer NAME recognized OP N"
            let op = try r.comparison()
            return .recognizedCount(name: name, op, try r.whole("N", in: 0...Int(Int32.max)))
        case "last-gesture":
            r.usage = "expect last-gesture == NAME|none"
            _ = try r.choice("OPERATOR", ["=="])
            if r.peek?.text == "none" {
                r.index += 1
                return .lastGesture(nil)
            }
            return .lastGesture(try r.recognizerName())
        case "counter":
            r.usage = "expect counter NAME OP N"
            let token = try r.take("NAME")
            if let counters = vocabulary.counters, !counters.contains(token.value) {
                throw r.fail(token.column, "expected NAME as one of: \(counters.joined(separator: ", ")), got '\(token.text)'")
            }
            let op = try r.comparison()
            return .counter(name: token.value, op, try r.whole("N", in: Int(Int32.min)...Int(Int32.max)))
        case "page":
            r.usage = "expect page == NAME"
            _ = try r.choice("OPERATOR", ["=="])
            let token = try r.take("NAME")
            if let pages = vocabulary.pages, !pages.contains(token.text) {
                throw r.fail(token.column, "expected NAME as one of: \(pages.joined(separator: ", ")), got '\(token.text)'")
            }
            return .page(token.text)
        default:
            r.usage = "expect orientation == portrait|landscape-left|landscape-right|upside-down"
            _ = try r.choice("OPERATOR", ["=="])
            let word = try r.choice("ORIENTATION", InterfaceOrientation.scriptNames.map(\.name))
            return .orientation(InterfaceOrientation(scriptName: word)!)
        }
    }

    private static func readViewAssertion(_ r: inout LineReader) throws(ScriptError) -> ScriptAssertion {
        r.usage = "expect view NAME exists|absent|frame|center|PROPERTY ..."
        let name = try r.viewName()
        let numbers = ViewNumber.allCases.map(\.rawValue), flags = ViewFlag.allCases.map(\.rawValue)
        let property = try r.choice("PROPERTY", ["exists", "absent", "frame", "center"] + numbers + flags)
        switch property {
        case "exists", "absent":
            r.usage = "expect view NAME \(property)"
            return .view(name: name, .exists(property == "exists"))
        case "frame":
            r.usage = "expect view NAME frame == X Y WIDTH HEIGHT [within E]"
            _ = try r.choice("OPERATOR", ["=="])
            let x = try r.number("X"), y = try r.number("Y")
            let w = try r.number("WIDTH", nonNegative: true), h = try r.number("HEIGHT", nonNegative: true)
            return .view(name: name, .frame(Rect(x: x, y: y, width: w, height: h), tolerance: try r.optionalWithin()))
        case "center":
            r.usage = "expect view NAME center == X Y [within E]"
            _ = try r.choice("OPERATOR", ["=="])
            let p = Point(x: try r.number("X"), y: try r.number("Y"))
            return .view(name: name, .center(p, tolerance: try r.optionalWithin()))
        case _ where flags.contains(property):
            r.usage = "expect view NAME \(property) == true|false"
            _ = try r.choice("OPERATOR", ["=="])
            let value = try r.choice("VALUE", ["true", "false"]) == "true"
            return .view(name: name, .flag(ViewFlag(rawValue: property)!, value))
        default:
            r.usage = "expect view NAME \(property) OP NUMBER [within E]"
            let op = try r.comparison()
            let value = try r.number("NUMBER")
            return .view(name: name, .number(ViewNumber(rawValue: property)!, op, value, tolerance: try r.optionalWithin()))
        }
    }

    /// The command within two edits of `word`, for a "did you mean" hint.
    static func closestCommand(to word: String) -> String? {
        let scored = usage.map { ($0.name, editDistance(word.lowercased(), $0.name)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Reads the words after a command, each with a precise error: what was
/// expected, at the word (or at the end of the line when it is missing),
/// with the command's usage.
struct LineReader {
    let tokens: [ScriptToken]
    var index = 1
    /// The forms of the command being read, shown with every error.
    var usage: String
    /// The app's names, which view and recognizer names must be among.
    let vocabulary: ScriptVocabulary
    let makeError: (Int, String) -> ScriptError

    init(tokens: [ScriptToken], usage: String, vocabulary: ScriptVocabulary = ScriptVocabulary(),
         fail: @escaping (Int, String) -> ScriptError) {
        self.tokens = tokens
        self.usage = usage
        self.vocabulary = vocabulary
        self.makeError = fail
    }

    func fail(_ column: Int, _ message: String) -> ScriptError {
        makeError(column, message)
    }

    /// Where a missing word is reported: the end of the line, just after
    /// its last word (comments and trailing blanks aside).
    var endColumn: Int { tokens.last?.endColumn ?? 1 }

    var peek: ScriptToken? { index < tokens.count ? tokens[index] : nil }

    mutating func take(_ what: String) throws(ScriptError) -> ScriptToken {
        guard let token = peek else { throw fail(endColumn, "expected \(what) (usage: \(usage))") }
        index += 1
        return token
    }

    /// Refuses words left over after a complete command.
    func finish() throws(ScriptError) {
        if let extra = peek { throw fail(extra.column, "unexpected '\(extra.text)' (usage: \(usage))") }
    }

    mutating func number(_ what: String, nonNegative: Bool = false) throws(ScriptError) -> Double {
        let token = try take(what)
        guard let v = ScriptLexer.decimal(token.text), v.isFinite, !nonNegative || v >= 0 else {
            let kind = nonNegative ? "a non-negative number" : "a number"
            throw fail(token.column, "expected \(what) as \(kind), got '\(token.text)'")
        }
        return v
    }

    /// A coordinate, offset or distance, or another value a compositor
    /// sends as fixed point (a touchpad pinch's scale and rotation): a
    /// number within `ScriptDefaults.coordinateLimit` either way.
    mutating func coordinate(_ what: String, nonNegative: Bool = false) throws(ScriptError) -> Double {
        let column = peek?.column ?? endColumn
        let v = try number(what, nonNegative: nonNegative)
        guard ScriptDefaults.isCoordinate(v) else {
            let limit = formatScriptNumber(ScriptDefaults.coordinateLimit)
            let range = nonNegative ? "0 to \(limit)" : "-\(limit) to \(limit)"
            throw fail(column, "expected \(what) from \(range) (\(ScriptDefaults.coordinateLimitMeaning)), got '\(formatScriptNumber(v))'")
        }
        return v
    }

    mutating func whole(_ what: String, in range: ClosedRange<Int>) throws(ScriptError) -> Int {
        let token = try take(what)
        guard let v = Int(token.text), range.contains(v) else {
            throw fail(token.column, "expected \(what) as a whole number from \(range.lowerBound) to \(range.upperBound), got '\(token.text)'")
        }
        return v
    }

    mutating func touchID() throws(ScriptError) -> Int32 {
        Int32(try whole("ID", in: 0...Int(Int32.max)))
    }

    mutating func choice(_ what: String, _ choices: [String]) throws(ScriptError) -> String {
        let token = try take(what)
        guard choices.contains(token.text) else {
            let list = choices.count == 1 ? choices[0] : "one of: " + choices.joined(separator: ", ")
            throw fail(token.column, "expected \(what) as \(list), got '\(token.text)' (usage: \(usage))")
        }
        return token.text
    }

    mutating func comparison() throws(ScriptError) -> Comparison {
        Comparison(rawValue: try choice("OPERATOR", Comparison.allCases.map(\.rawValue)))!
    }

    /// `X Y` in window coordinates, or one `@VIEW` word.
    mutating func point(_ x: String = "X", _ y: String = "Y") throws(ScriptError) -> ScriptPoint {
        guard let first = peek else { throw fail(endColumn, "expected \(x) (usage: \(usage))") }
        if first.text.hasPrefix("@") {
            index += 1
            let reference: ViewReference
            do {
                reference = try ViewReference.parse(first.text, column: first.column)
            } catch {
                throw fail(first.column, error.message)
            }
            try check(reference.name, in: vocabulary.views, what: "view", at: first.column)
            return .view(reference)
        }
        guard ScriptLexer.decimal(first.text)?.isFinite == true else {
            throw fail(first.column, "expected \(x) as a number or @VIEW, got '\(first.text)'")
        }
        return .absolute(Point(x: try coordinate(x), y: try coordinate(y)))
    }

    /// A view's NAME, which some page or overlay of the app must have.
    mutating func viewName() throws(ScriptError) -> String {
        let token = try take("NAME")
        try check(token.value, in: vocabulary.views, what: "view", at: token.column)
        return token.value
    }

    /// A recognizer's NAME, which the app must have.
    mutating func recognizerName() throws(ScriptError) -> String {
        let token = try take("NAME")
        try check(token.value, in: vocabulary.recognizers, what: "recognizer", at: token.column)
        return token.value
    }

    /// Refuses a name the app has nowhere, naming the closest it has.
    func check(_ name: String, in names: NameSet?, what: String, at column: Int) throws(ScriptError) {
        guard let names, !names.contains(name) else { return }
        let closest = names.closest(to: name).map { ViewReference.isPlainName($0) ? $0 : ScriptLexer.quote($0) }
        let hint = closest.isEmpty ? "" : " (closest names: \(closest.joined(separator: ", ")))"
        throw fail(column, "no \(what) named '\(name)' on any page\(hint)")
    }

    mutating func optionalMilliseconds(_ fallback: Double) throws(ScriptError) -> Double {
        peek == nil ? fallback : try number("MS", nonNegative: true)
    }

    mutating func optionalSteps() throws(ScriptError) -> Int? {
        peek == nil ? nil : try whole("STEPS", in: 1...ScriptDefaults.maximumSteps)
    }

    /// `[within E]` after a number.
    mutating func optionalWithin() throws(ScriptError) -> Double? {
        guard peek != nil else { return nil }
        _ = try choice("'within'", ["within"])
        return try number("E", nonNegative: true)
    }
}
