/// Text fitted into a rectangle: broken into lines at spaces and newlines,
/// shrunk when allowed, and placed by alignment, all with a
/// `TextMeasuring`, so the result is what the renderer will draw.
///
/// Fitting tries the full font size first, then ever smaller sizes in half
/// points down to `minimumScaleFactor`; the first size at which every line
/// fits the width and the lines fit the height (and `numberOfLines`) wins.
/// When even the smallest does not fit, the text is cut: the lines that fit
/// are kept and the last one ends in an ellipsis (`isTruncated`).
public struct TextLayout: Equatable, Sendable {
    /// One line of text and where it is drawn: its measured advance wide,
    /// one line high (`FontMetrics.lineHeight`).
    public struct Line: Equatable, Sendable {
        /// The characters on the line, with an ellipsis at the end when it was cut.
        public var text: String
        /// Where the line is drawn, in the coordinates of the rectangle the text was
        /// fitted into: its measured width wide and one line high.
        public var frame: Rect
    }

    /// The font the lines are drawn in (smaller than asked when shrunk).
    public var font: Font
    /// The lines from top to bottom; empty for empty text.
    public var lines: [Line]
    /// Whether some of the text could not be shown: lines dropped, a line
    /// ended with an ellipsis, or the one line left is taller than the
    /// rectangle.
    public var isTruncated: Bool

    /// The area the text covers: the union of the lines' frames (an empty
    /// rectangle at the centre when there is no text).
    public var frame: Rect

    /// The fraction of a pixel by which a measured line may exceed the
    /// width and still count as fitting (rounding in the measurements).
    static let tolerance = 0.01
    /// Font sizes are tried in steps of this many points when shrinking.
    static let shrinkStep = 0.5

    /// Fits `text` into `bounds`.
    /// - Parameters:
    ///   - text: the text, broken at spaces and newlines where it wraps.
    ///   - font: the font asked for (the layout's `font` may be smaller).
    ///   - alignment: where each line sits across the bounds' width.
    ///   - bounds: the rectangle the lines must fit, in the label's
    ///     coordinates; they are centred vertically in it.
    ///   - numberOfLines: the most lines (0: as many as the height holds;
    ///     1 keeps the text on one line, newlines becoming spaces).
    ///   - minimumScaleFactor: how small the font may get (1: not at all).
    ///   - measurer: measures text as the renderer will draw it.
    public init(text: String, font: Font, alignment: TextAlignment, in bounds: Rect, numberOfLines: Int,
                minimumScaleFactor: Double, measurer: TextMeasuring) {
        self.init(text: text, font: font, alignment: alignment, in: bounds, numberOfLines: numberOfLines,
                  minimumScaleFactor: minimumScaleFactor, measurer: measurer, oneLineShortcut: true)
    }

    /// As the public initializer; without `oneLineShortcut`, every text
    /// goes through the whole fitting (tests hold the shortcut to it).
    init(text: String, font: Font, alignment: TextAlignment, in bounds: Rect, numberOfLines: Int,
         minimumScaleFactor: Double, measurer: TextMeasuring, oneLineShortcut: Bool) {
        guard !text.isEmpty else {
            self.font = font
            lines = []
            isTruncated = false
            frame = Rect(x: bounds.midX, y: bounds.midY, width: 0, height: 0)
            return
        }
        if oneLineShortcut, numberOfLines == 1 || Self.wrapsUnchanged(text),
           let line = Self.singleLine(text, font: font, alignment: alignment, in: bounds, measurer: measurer) {
            self.font = font
            lines = [line]
            isTruncated = false
            frame = line.frame
            return
        }
        let sizes = Self.candidateSizes(for: font.size, minimumScaleFactor: minimumScaleFactor)
        let fits = { (size: Double) -> [String]? in
            let f = Font(size: size, bold: font.bold)
            let room = Self.linesThatFit(height: bounds.height, lineHeight: measurer.metrics(of: f).lineHeight)
            let allowed = numberOfLines <= 0 ? room : Swift.min(room, numberOfLines)
            guard allowed >= 1 else { return nil }
            return Self.wrap(text, width: bounds.width, font: f, maxLines: allowed, singleLine: numberOfLines == 1,
                             measurer: measurer)
        }
        // Smaller fonts fit more, so the largest fitting size is found by
        // bisection: sizes[lo] may fit, sizes[hi] is known not to.
        var chosen: (size: Double, lines: [String])?
        if let lines = fits(sizes[0]) {
            chosen = (sizes[0], lines)
        } else if sizes.count > 1, let lines = fits(sizes[sizes.count - 1]) {
            var fitting = (index: sizes.count - 1, lines: lines), failing = 0
            while fitting.index - failing > 1 {
                let mid = (fitting.index + failing) / 2
                if let lines = fits(sizes[mid]) { fitting = (mid, lines) } else { failing = mid }
            }
            chosen = (sizes[fitting.index], fitting.lines)
        }
        let size = chosen?.size ?? sizes[sizes.count - 1]
        let f = Font(size: size, bold: font.bold)
        let metrics = measurer.metrics(of: f)
        var lines: [String]
        var truncated = false
        if let chosen {
            lines = chosen.lines
        } else {
            let room = Self.linesThatFit(height: bounds.height, lineHeight: metrics.lineHeight)
            let allowed = Swift.max(1, numberOfLines <= 0 ? room : Swift.min(room, numberOfLines))
            (lines, truncated) = Self.truncated(text, width: bounds.width, font: f, maxLines: allowed,
                                                singleLine: numberOfLines == 1, measurer: measurer)
            truncated = truncated || metrics.lineHeight > bounds.height + Self.tolerance
        }
        self.font = f
        isTruncated = truncated
        let blockHeight = Double(lines.count) * metrics.lineHeight
        let top = bounds.midY - blockHeight / 2
        self.lines = lines.enumerated().map { i, line in
            let width = measurer.width(of: line, font: f)
            return Line(text: line, frame: Rect(x: Self.start(of: width, in: bounds, alignment: alignment),
                                                y: top + Double(i) * metrics.lineHeight,
                                                width: width, height: metrics.lineHeight))
        }
        frame = self.lines.dropFirst().reduce(self.lines.first?.frame ?? Rect(x: bounds.midX, y: bounds.midY,
                                                                                width: 0, height: 0)) {
            $0.union($1.frame)
        }
    }

    /// `text` as one line at the size asked for, if it is one (no newline)
    /// and fits `bounds`: what the whole fitting gives then, measured once
    /// and without splitting the text. A label whose numbers change with
    /// every touch event is laid out again every frame.
    static func singleLine(_ text: String, font: Font, alignment: TextAlignment, in bounds: Rect,
                           measurer: TextMeasuring) -> Line? {
        let lineHeight = measurer.metrics(of: font).lineHeight
        guard !text.utf8.contains(UInt8(ascii: "\n")),
              linesThatFit(height: bounds.height, lineHeight: lineHeight) >= 1 else { return nil }
        let width = measurer.width(of: text, font: font)
        guard width <= bounds.width + tolerance else { return nil }
        return Line(text: text, frame: Rect(x: start(of: width, in: bounds, alignment: alignment),
                                            y: bounds.midY - lineHeight / 2, width: width, height: lineHeight))
    }

    /// Whether wrapping `text` at spaces gives back its words joined as
    /// they are: no space at either end, none doubled. Such a text that
    /// fits one line is laid out as that one line whatever the number of
    /// lines allowed (a two-line label's one-line message).
    static func wrapsUnchanged(_ text: String) -> Bool {
        let space = UInt8(ascii: " ")
        var previous: UInt8?
        for byte in text.utf8 {
            if byte == space && (previous == nil || previous == space) { return false }
            previous = byte
        }
        return previous != space
    }

    /// Where a line `width` wide starts across `bounds` placed by
    /// `alignment`: the layout's lines, and a canvas drawing a line there.
    public static func start(of width: Double, in bounds: Rect, alignment: TextAlignment) -> Double {
        switch alignment {
        case .left: bounds.minX
        case .center: bounds.midX - width / 2
        case .right: bounds.maxX - width
        }
    }

    /// The font sizes to try, largest first: the requested size, then half
    /// points down to the smallest allowed.
    static func candidateSizes(for size: Double, minimumScaleFactor: Double) -> [Double] {
        let smallest = size * Swift.min(1, Swift.max(0.01, minimumScaleFactor))
        var sizes = [size]
        var next = (size / shrinkStep).rounded(.up) * shrinkStep - shrinkStep
        while next > smallest + tolerance {
            sizes.append(next)
            next -= shrinkStep
        }
        if smallest < size { sizes.append(smallest) }
        return sizes
    }

    /// How many lines of `lineHeight` fit in `height`.
    static func linesThatFit(height: Double, lineHeight: Double) -> Int {
        guard lineHeight > 0 else { return 0 }
        let count = (height + tolerance) / lineHeight
        return count >= Double(Int.max / 2) ? Int.max / 2 : Swift.max(0, Int(count))
    }

    /// The paragraphs of `text` (split at newlines; one paragraph with the
    /// newlines as spaces for a single-line label).
    static func paragraphs(_ text: String, singleLine: Bool) -> [Substring] {
        if singleLine { return [Substring(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " "))] }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// `text` broken at spaces into lines no wider than `width`, or nil when
    /// a word is wider than the line or more than `maxLines` are needed.
    static func wrap(_ text: String, width: Double, font: Font, maxLines: Int, singleLine: Bool,
                     measurer: TextMeasuring) -> [String]? {
        let limit = width + tolerance
        var lines: [String] = []
        for paragraph in paragraphs(text, singleLine: singleLine) {
            if singleLine {
                let line = String(paragraph)
                return measurer.width(of: line, font: font) <= limit ? [line] : nil
            }
            var current = ""
            for word in paragraph.split(separator: " ") {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if measurer.width(of: candidate, font: font) <= limit {
                    current = candidate
                    continue
                }
                guard !current.isEmpty, measurer.width(of: String(word), font: font) <= limit else { return nil }
                lines.append(current)
                current = String(word)
                if lines.count >= maxLines { return nil }
            }
            lines.append(current)
            if lines.count > maxLines { return nil }
        }
        return lines
    }

    /// The first `maxLines` lines of `text`, words wider than the line
    /// broken anywhere, the last line ending in an ellipsis when text was
    /// left out; and whether anything was.
    static func truncated(_ text: String, width: Double, font: Font, maxLines: Int, singleLine: Bool,
                          measurer: TextMeasuring) -> (lines: [String], truncated: Bool) {
        let limit = width + tolerance
        let fits = { (s: String) in measurer.width(of: s, font: font) <= limit }
        var lines: [String] = []
        for paragraph in paragraphs(text, singleLine: singleLine) {
            var current = ""
            for word in paragraph.split(separator: " ") {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if singleLine || fits(candidate) {
                    current = candidate
                    continue
                }
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                }
                // A word wider than the line goes on in pieces.
                for ch in word {
                    if !current.isEmpty && !fits(current + String(ch)) {
                        lines.append(current)
                        current = ""
                    }
                    current.append(ch)
                }
            }
            lines.append(current)
        }
        let cut = lines.count > maxLines || !fits(lines[Swift.min(lines.count, maxLines) - 1])
        guard cut else { return (lines, false) }
        lines = Array(lines.prefix(maxLines))
        var last = lines[lines.count - 1]
        while !last.isEmpty && !fits(last + "…") { last.removeLast() }
        lines[lines.count - 1] = last + "…"
        return (lines, true)
    }
}
