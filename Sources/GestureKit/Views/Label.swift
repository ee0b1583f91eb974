/// Text in a rectangle. Like UIKit's `UILabel`, it ignores touches by
/// default (`isUserInteractionEnabled` is false), so touches pass to what
/// is below.
///
/// The text is fitted to the bounds with the window's text measurer (see
/// `TextLayout`): it stays on one line unless `numberOfLines` allows more,
/// breaking at spaces and newlines, and shrinks down to
/// `minimumScaleFactor` before it is cut with an ellipsis. The lines are
/// centred vertically and placed by `alignment`.
open class Label: View {
    /// The text shown; "\n" starts a new line where ``numberOfLines`` allows.
    /// Setting different text redraws the label and, for a named label in a
    /// window, tells the window's observers.
    public var text: String {
        get { storage }
        set {
            guard newValue != storage else { return }
            // Swapped in, not assigned, here and below: no access to the
            // texts frees one while it lasts, so reading them is checked
            // for exclusivity at compile time, not at run time.
            var old = newValue
            swap(&old, &storage)
            storageKey = nil
            textDidChange(from: old)
        }
    }

    private var storage: String
    /// Where `updateText(_:)` builds the next text; it and `storage` swap
    /// places, so both keep their capacity. After a change it holds the
    /// text shown before.
    private var scratch = ""
    /// What `storage` and `scratch` show, when an `updateText(key:_:)`
    /// said so; nil when unknown.
    private var storageKey: TextKey?
    private var scratchKey: TextKey?

    /// Builds the new text in place: `build` gets an empty string with the
    /// label's spare capacity to append to. For text that changes with
    /// every touch event (a pinch's scale), this allocates nothing once
    /// the label has held text as long.
    public func updateText(_ build: (inout String) -> Void) {
        buildScratch(build)
        scratchKey = nil
        showScratch()
    }

    /// Builds the next text in `scratch`, moved out while `build` runs.
    private func buildScratch(_ build: (inout String) -> Void) {
        var text = ""
        swap(&text, &scratch)
        text.removeAll(keepingCapacity: true)
        build(&text)
        swap(&text, &scratch)
    }

    /// Names the text that `updateText(key:_:)` builds: equal keys must
    /// mean equal text (say, a kind of message and the numbers it shows,
    /// as rounded for display).
    public struct TextKey: Hashable, Sendable {
        private let a: Int, b: Int, c: Int, d: Int

        public init(_ a: Int, _ b: Int = 0, _ c: Int = 0, _ d: Int = 0) {
            (self.a, self.b, self.c, self.d) = (a, b, c, d)
        }
    }

    /// As `updateText(_:)`, for text that `key` determines: when the label
    /// shows that text already, or showed it just before its current text,
    /// `build` is not called. Two messages that take turns (a pinch and a
    /// rotation reporting in the same frame) then cost a swap each, and
    /// are built again only when what they show changes.
    public func updateText(key: TextKey, _ build: (inout String) -> Void) {
        if storageKey == key { return }
        if scratchKey != key {
            buildScratch(build)
            scratchKey = key
        }
        showScratch()
    }

    /// Shows the text in `scratch`, if it differs from the text shown.
    private func showScratch() {
        guard scratch != storage else {
            storageKey = scratchKey
            return
        }
        swap(&scratch, &storage)
        swap(&scratchKey, &storageKey)
        textDidChange(from: scratch)
    }

    private func textDidChange(from old: String) {
        // Only where the old and new texts lie needs drawing again (a
        // pinch's numbers in a wide label).
        setNeedsContentDisplay()
        // The log and tests find labels by name; an unnamed label's text (a
        // tab title, a line of the debug overlay) is decoration.
        guard name != nil, withWindow({ $0.hasObservers }) == true, let window else { return }
        for o in window.observers { o.labelTextDidChange(self, from: old) }
    }
    /// The font asked for (17 px regular by default); the text may be drawn
    /// smaller (see ``minimumScaleFactor``).
    public var font = Font.body { didSet { setNeedsDisplay() } }
    /// The colour of the text; black by default.
    public var textColor = Color.black { didSet { setNeedsDisplay() } }
    /// Where each line sits across the width; centred by default (UIKit's
    /// labels default to natural, that is left, alignment).
    public var alignment = TextAlignment.center { didSet { setNeedsDisplay() } }
    /// The most lines the text may take: 1 (the default) keeps it on one
    /// line; 0 allows as many as the height holds.
    public var numberOfLines = 1 { didSet { setNeedsDisplay() } }
    /// How far the font may shrink for the text to fit, as a fraction of
    /// `font.size` (UIKit's `minimumScaleFactor`): 1, the default, never
    /// shrinks.
    public var minimumScaleFactor = 1.0 { didSet { setNeedsDisplay() } }

    /// A label showing `text` in `frame`, one line, 17 px black centred text,
    /// with user interaction off.
    public init(text: String = "", frame: Rect = .zero) {
        storage = text
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The text as it is drawn in the current bounds: its lines, the font
    /// (shrunk or not) and whether it had to be cut.
    public var textLayout: TextLayout {
        let key = LayoutKey(text: text, font: font, alignment: alignment, bounds: bounds, numberOfLines: numberOfLines,
                            minimumScaleFactor: minimumScaleFactor, measurer: ObjectIdentifier(measurer))
        if let cachedLayout, cachedLayout.key == key { return cachedLayout.layout }
        let layout = TextLayout(text: text, font: font, alignment: alignment, in: bounds, numberOfLines: numberOfLines,
                                minimumScaleFactor: minimumScaleFactor, measurer: measurer)
        cachedLayout = CachedLayout(key: key, layout: layout)
        return layout
    }

    /// The area the drawn text covers, in the label's coordinates.
    public var textFrame: Rect { textLayout.frame }

    /// Whether the text does not fit the bounds even at the smallest size
    /// allowed, so part of it is cut.
    public var isTruncated: Bool { textLayout.isTruncated }

    /// The size `text` (the label's own by default) needs at its full font
    /// size within `size`: the widest line by the lines' height. Layouts use
    /// it to give a label the room its text needs.
    public func sizeThatFits(_ size: Size, text: String? = nil) -> Size {
        // An unbounded side is a very large one, so every position stays a number.
        let bounded = Size(width: Swift.min(size.width, Self.unbounded), height: Swift.min(size.height, Self.unbounded))
        let layout = TextLayout(text: text ?? self.text, font: font, alignment: .left,
                                in: Rect(origin: .zero, size: bounded), numberOfLines: numberOfLines,
                                minimumScaleFactor: 1, measurer: measurer)
        return Size(width: layout.lines.map(\.frame.width).max() ?? 0,
                    height: layout.lines.reduce(0) { $0 + $1.frame.height })
    }

    /// The height of one line of the label's font at full size.
    public var lineHeight: Double { measurer.metrics(of: font).lineHeight }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let layout = textLayout
        for line in layout.lines {
            canvas.drawText(line.text, in: line.frame, font: layout.font, color: textColor, alignment: .left)
        }
    }

    // MARK: Measuring

    private var measurer: TextMeasuring { window?.textMeasurer ?? Self.fallbackMeasurer }
    private static let fallbackMeasurer = ApproximateTextMeasurer()
    private static let unbounded = 1e7

    private struct LayoutKey: Equatable {
        var text: String
        var font: Font
        var alignment: TextAlignment
        var bounds: Rect
        var numberOfLines: Int
        var minimumScaleFactor: Double
        var measurer: ObjectIdentifier
    }

    /// The layout of the text as last laid out, and what it was laid out
    /// for. A struct rather than a tuple: a stored tuple is copied through
    /// the runtime's generic tuple functions, field by field, and this one
    /// is read several times a frame while a label's text changes.
    private struct CachedLayout {
        var key: LayoutKey
        var layout: TextLayout
    }

    private var cachedLayout: CachedLayout?

    // MARK: Damage

    /// The text shown on screen (its layout when the window last took the
    /// label's changes), and the measurer that laid it out; nil until
    /// first taken.
    private var shown: Shown?

    private struct Shown {
        var layout: TextLayout
        var measurer: ObjectIdentifier
    }

    /// Where the text changed, widened by what glyphs may draw beyond
    /// their advances and the line's height (accents, overhangs): when
    /// the new text keeps the old one's lines and font, only the
    /// characters that differ or moved (a pinch's numbers in a long
    /// message); otherwise the old text's frame and the new one's. The
    /// whole label while its text was never on screen.
    override func changedContentAreas(_ add: (Rect) -> Void) -> Bool {
        guard let shown else { return false }
        let now = textLayout
        let margin = Swift.max(2, Swift.max(shown.layout.font.size, now.font.size) * Self.inkMargin)
        if shown.measurer != ObjectIdentifier(measurer)
            || !Self.changedCharacters(from: shown.layout, to: now, measurer: measurer, add: { span in
                add(span.insetBy(dx: -margin, dy: -margin))
            }) {
            add(shown.layout.frame.union(now.frame).insetBy(dx: -margin, dy: -margin))
        }
        return true
    }

    /// How far beyond its frame a line's ink may reach, as a fraction of
    /// the font's size.
    private static let inkMargin = 0.25

    override func didTakeChanges() {
        shown = Shown(layout: textLayout, measurer: ObjectIdentifier(measurer))
    }

    /// Passes to `add`, line by line, the spans of `new` whose characters
    /// differ from `old`'s or are drawn elsewhere, each the advances of
    /// those characters in both texts, one line high; false, having
    /// passed nothing, unless both are in the same font on the same lines
    /// (each at the same height), all ASCII, and `measurer` gives each
    /// character's advance.
    static func changedCharacters(from old: TextLayout, to new: TextLayout, measurer: TextMeasuring,
                                  add: (Rect) -> Void) -> Bool {
        guard old.font == new.font, old.lines.count == new.lines.count,
              zip(old.lines, new.lines).allSatisfy({ $0.frame.minY == $1.frame.minY && $0.frame.height == $1.frame.height
                  && $0.text.utf8.allSatisfy { $0 < 0x80 } && $1.text.utf8.allSatisfy { $0 < 0x80 } }),
              measurer.advance(of: "0", font: new.font) != nil else { return false }
        let font = new.font
        for (before, after) in zip(old.lines, new.lines) {
            var a = before.text.unicodeScalars.makeIterator(), b = after.text.unicodeScalars.makeIterator()
            // Pen positions in each text, and the span being gathered.
            var penA = before.frame.minX, penB = after.frame.minX
            var span: (from: Double, to: Double)?
            func flush() {
                guard let s = span else { return }
                add(Rect(x: s.from, y: after.frame.minY, width: s.to - s.from, height: after.frame.height))
                span = nil
            }
            while true {
                let sa = a.next(), sb = b.next()
                if sa == nil && sb == nil { break }
                let advanceA = sa.map { measurer.advance(of: $0, font: font) ?? 0 } ?? 0
                let advanceB = sb.map { measurer.advance(of: $0, font: font) ?? 0 } ?? 0
                if sa == sb && penA == penB {
                    // The same glyph in the same place: the same pixels.
                    flush()
                } else {
                    // A text that ended stays at its end: the span may
                    // only grow by it, never miss anything.
                    let from = Swift.min(penA, penB), to = Swift.max(penA + advanceA, penB + advanceB)
                    span = (Swift.min(span?.from ?? from, from), Swift.max(span?.to ?? to, to))
                }
                penA += advanceA
                penB += advanceB
            }
            flush()
        }
        return true
    }
}
