import Testing
@testable import GestureKit

/// Text measured in round numbers: every character is half the font size
/// wide, and a line is exactly the font size high.
final class HalfEmMeasurer: TextMeasuring {
    func width(of text: String, font: Font) -> Double { Double(text.count) * font.size / 2 }
    func metrics(of font: Font) -> FontMetrics { FontMetrics(ascent: font.size * 0.8, descent: font.size * 0.2) }
}

@Suite("Label fits its text")
struct LabelTests {
    let window = Window(size: Size(width: 400, height: 300), timeSource: VirtualTimeSource())

    /// A 20 pt label (10 px per character, 20 px per line) in the window.
    func label(_ text: String, width: Double, height: Double, lines: Int = 1, minimumScale: Double = 1) -> Label {
        window.textMeasurer = HalfEmMeasurer()
        let label = Label(text: text, frame: Rect(x: 0, y: 0, width: width, height: height))
        label.font = Font(size: 20)
        label.numberOfLines = lines
        label.minimumScaleFactor = minimumScale
        window.addSubview(label)
        return label
    }

    @Test("text that fits stays on one line at full size, centred both ways")
    func fits() {
        let l = label("hello", width: 200, height: 40)
        #expect(l.textLayout.lines.map(\.text) == ["hello"])
        #expect(l.textLayout.font.size == 20)
        #expect(l.textFrame == Rect(x: 75, y: 10, width: 50, height: 20))
        #expect(!l.isTruncated)
    }

    @Test("left and right alignment put the line against that edge")
    func alignment() {
        let l = label("hello", width: 200, height: 40)
        l.alignment = .left
        #expect(l.textFrame.minX == 0)
        l.alignment = .right
        #expect(l.textFrame.maxX == 200)
    }

    @Test("a one-line label shrinks its font to the largest half point at which the text fits the width")
    func shrinks() {
        // 16 characters in 100 px: 6.25 px each, a 12.5 pt font.
        let l = label("abcdefghijklmnop", width: 100, height: 40, minimumScale: 0.5)
        #expect(l.textLayout.font.size == 12.5)
        #expect(l.textFrame.width == 100)
        #expect(!l.isTruncated)
    }

    @Test("a label that may take two lines breaks at spaces before it shrinks")
    func wraps() {
        let l = label("aaaa bbbb cccc", width: 100, height: 50, lines: 2, minimumScale: 0.5)
        #expect(l.textLayout.lines.map(\.text) == ["aaaa bbbb", "cccc"])
        #expect(l.textLayout.font.size == 20)
        #expect(l.textFrame == Rect(x: 5, y: 5, width: 90, height: 40))
    }

    @Test("when the lines do not fit the height the font shrinks until they do")
    func shrinksToHeight() {
        // Two 20 px lines need 40 px; in 30 px each line may be 15 px.
        let l = label("aaaa bbbb cccc", width: 100, height: 30, lines: 2, minimumScale: 0.5)
        #expect(l.textLayout.lines.count == 2)
        #expect(l.textLayout.font.size == 15)
        #expect(l.textFrame.height <= 30)
    }

    @Test("newlines start new lines; zero lines means as many as the height holds")
    func newlines() {
        let l = label("one\ntwo\nthree", width: 200, height: 100, lines: 0)
        #expect(l.textLayout.lines.map(\.text) == ["one", "two", "three"])
        let single = label("one\ntwo", width: 200, height: 100)
        #expect(single.textLayout.lines.map(\.text) == ["one two"])
    }

    @Test("text that fits at no allowed size is cut with an ellipsis, and the label says so")
    func truncates() {
        let l = label("abcdefghij", width: 60, height: 40)
        #expect(l.textLayout.lines.map(\.text) == ["abcde…"])
        #expect(l.isTruncated)
        #expect(l.textFrame.width <= 60)
        let wrapped = label("aaaa bbbb cccc dddd eeee", width: 100, height: 40, lines: 2)
        #expect(wrapped.textLayout.lines.map(\.text) == ["aaaa bbbb", "cccc dddd…"])
        #expect(wrapped.isTruncated)
    }

    @Test("a word wider than the line is not wrapped: the font shrinks for it")
    func longWord() {
        let l = label("ab abcdefghijkl", width: 100, height: 60, lines: 3, minimumScale: 0.5)
        #expect(l.textLayout.lines.map(\.text) == ["ab", "abcdefghijkl"])
        #expect(l.textLayout.font.size == 16.5)
    }

    @Test("sizeThatFits gives the size of the lines at full size, for the label's text or another")
    func sizeThatFits() {
        let l = label("aaaa bbbb cccc", width: 10, height: 10, lines: 0)
        #expect(l.sizeThatFits(Size(width: 100, height: .infinity)) == Size(width: 90, height: 40))
        #expect(l.sizeThatFits(Size(width: 1000, height: .infinity), text: "abc") == Size(width: 30, height: 20))
        #expect(l.lineHeight == 20)
    }

    @Test("empty text has no lines and an empty frame at the centre")
    func empty() {
        let l = label("", width: 100, height: 40)
        #expect(l.textLayout.lines.isEmpty)
        #expect(l.textFrame.isEmpty && l.textFrame.origin == Point(x: 50, y: 20))
        #expect(!l.isTruncated)
    }

    @Test("a new text measurer lays the whole window out again and labels measure with it")
    func newMeasurerRelaysOut() {
        final class CountingView: View {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let view = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        let l = Label(text: "abcd", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        l.font = Font(size: 20)
        view.addSubview(l)
        _ = window.takeDamage()
        let before = view.layouts
        window.textMeasurer = HalfEmMeasurer()
        #expect(window.needsDisplay)
        _ = window.takeDamage()
        #expect(view.layouts == before + 1)
        #expect(l.textFrame.width == 40)
    }

    @Test("observers hear of named labels' new texts, not of unnamed ones'")
    func observedTexts() {
        final class Texts: WindowObserver {
            var changes: [String] = []
            func labelTextDidChange(_ label: Label, from oldText: String) { changes.append(label.text) }
        }
        let texts = Texts()
        window.addObserver(texts)
        let named = label("a", width: 100, height: 40)
        named.name = "named"
        let unnamed = label("a", width: 100, height: 40)
        named.text = "b"
        unnamed.text = "c"
        #expect(texts.changes == ["b"])
    }
}

/// `Label.updateText(_:)`, the way text that changes with every touch event
/// is set: it behaves as setting `text` does.
@Suite("Label text built in place")
struct LabelUpdateTextTests {
    final class TextChanges: WindowObserver {
        var changes: [(old: String, new: String)] = []
        func labelTextDidChange(_ label: Label, from oldText: String) { changes.append((oldText, label.text)) }
    }

    let window = Window(size: Size(width: 400, height: 300), timeSource: VirtualTimeSource())
    let label = Label(text: "Pinched, Scale:1.00", frame: Rect(x: 10, y: 10, width: 300, height: 30))
    let observer = TextChanges()

    init() {
        label.name = "output"
        window.addSubview(label)
        window.addObserver(observer)
        _ = window.takeDamage()
    }

    /// `rect` moved by (dx, dy).
    static func moved(_ rect: Rect, _ dx: Double, _ dy: Double) -> Rect {
        Rect(x: rect.minX + dx, y: rect.minY + dy, width: rect.width, height: rect.height)
    }

    /// Whether `region` covers all of `rect`.
    static func covers(_ region: Region, _ rect: Rect) -> Bool { Region(rect).subtracting(region).isEmpty }

    @Test("new text replaces the old, redraws only the characters that changed and tells observers the old text")
    func newText() throws {
        label.updateText { $0 += "Pinched, Scale:"; $0 += formatFixed(1.5) }
        #expect(label.text == "Pinched, Scale:1.50")
        #expect(observer.changes.map(\.old) == ["Pinched, Scale:1.00"])
        #expect(observer.changes.map(\.new) == ["Pinched, Scale:1.50"])
        let damage = try #require(window.takeDamage())
        // The label is at (10, 10); its centred text is narrower than it.
        // Every character is as wide here (the window's estimate), so the
        // texts lie in the same place and only the 18th character differs.
        let line = Self.moved(label.textFrame, 10, 10)
        let advance = try #require(window.textMeasurer.advance(of: "0", font: label.font))
        let changed = Rect(x: line.minX + 17 * advance, y: line.minY, width: advance, height: line.height)
        #expect(Self.covers(damage, changed), "\(damage.rects) misses the changed digit at \(changed)")
        let unchanged = Rect(x: line.minX, y: line.minY, width: 15 * advance, height: line.height)
        #expect(!damage.intersects(unchanged), "\(damage.rects) redraws \"Pinched, Scale:\"")
        #expect(damage.subtracting(Region(Rect(x: 9, y: 9, width: 302, height: 32))).isEmpty, "\(damage.rects)")
    }

    @Test("a text that moves, or in another script, or measured without advances, redraws the old and the new text whole",
          arguments: ["Pinched, Scale:1.5", "Pinched, Scalé:1.00", "Pinched, Scale:1.01"])
    func wholeTexts(text: String) throws {
        if text.hasSuffix("1.01") {
            // A measurer that gives only widths.
            window.textMeasurer = HalfEmMeasurer()
            _ = window.takeDamage()
        }
        let oldFrame = label.textFrame
        label.text = text
        let damage = try #require(window.takeDamage())
        let shown = Self.moved(oldFrame.union(label.textFrame), 10, 10)
        #expect(Self.covers(damage, shown), "\(damage.rects) misses the texts at \(shown)")
        #expect(damage.area < 302 * 32 * 0.8, "the whole label was damaged: \(damage.rects)")
    }

    @Test("the changed spans: each run of characters that differ or moved, in both texts, line by line")
    func changedSpans() {
        /// Every character 10 px wide but "i", 4 px.
        final class Advances: TextMeasuring {
            func width(of text: String, font: Font) -> Double {
                text.unicodeScalars.reduce(0) { $0 + (advance(of: $1, font: font) ?? 0) }
            }
            func metrics(of font: Font) -> FontMetrics { FontMetrics(ascent: 16, descent: 4) }
            func advance(of scalar: Unicode.Scalar, font: Font) -> Double? { scalar == "i" ? 4 : 10 }
        }
        func layout(_ text: String, _ measurer: TextMeasuring) -> TextLayout {
            TextLayout(text: text, font: Font(size: 20), alignment: .left, in: Rect(x: 0, y: 0, width: 400, height: 60),
                       numberOfLines: 2, minimumScaleFactor: 1, measurer: measurer)
        }
        func spans(_ a: String, _ b: String, measurer: TextMeasuring = Advances()) -> [Rect]? {
            var found: [Rect] = []
            let told = Label.changedCharacters(from: layout(a, measurer), to: layout(b, measurer),
                                               measurer: measurer) { found.append($0) }
            return told ? found : nil
        }
        let y = 20.0, h = 20.0  // One line, centred in 60 px.
        // Two runs apart.
        #expect(spans("a=10, b=20", "a=17, b=29") == [Rect(x: 30, y: y, width: 10, height: h),
                                                      Rect(x: 90, y: y, width: 10, height: h)])
        // Longer: the new tail.
        #expect(spans("ab", "abcd") == [Rect(x: 20, y: y, width: 20, height: h)])
        // Shorter: the old tail.
        #expect(spans("abcd", "ab") == [Rect(x: 20, y: y, width: 20, height: h)])
        // A narrower character moves all after it: from it to the end of
        // the longer text.
        #expect(spans("abcd", "aicd") == [Rect(x: 10, y: y, width: 30, height: h)])
        #expect(spans("same", "same") == [])
        // Not ASCII, or a measurer without advances: nothing to say.
        #expect(spans("über", "uber") == nil)
        #expect(spans("ab", "ac", measurer: HalfEmMeasurer()) == nil)
    }

    @Test("a text change after the label moved or was resized redraws the text where it is now and where it was")
    func textAfterMove() throws {
        label.frame = Rect(x: 50, y: 100, width: 200, height: 30)
        _ = window.takeDamage()
        let before = Self.moved(label.textFrame, 50, 100)
        label.text = "Rotated"
        let damage = try #require(window.takeDamage())
        #expect(Self.covers(damage, before), "\(damage.rects) misses the old text at \(before)")
        #expect(Self.covers(damage, Self.moved(label.textFrame, 50, 100)))
        let bounds = try #require(damage.bounds)
        #expect(bounds.minY >= 99 && bounds.maxY <= 131, "\(damage.rects)")
    }

    @Test("building the same text again changes nothing: no redraw, no observer call")
    func sameText() {
        label.updateText { $0 += "Pinched, Scale:1.00" }
        #expect(observer.changes.isEmpty)
        #expect(window.takeDamage() == nil)
    }

    @Test("each build starts from an empty string, whatever the label showed")
    func startsEmpty() {
        label.updateText { #expect($0.isEmpty); $0 += "A" }
        label.updateText { #expect($0.isEmpty); $0 += "B" }
        #expect(label.text == "B")
        #expect(observer.changes.map(\.old) == ["Pinched, Scale:1.00", "A"])
    }
}

/// A one-line text that fits at the size asked for is laid out without
/// the general fitting (`TextLayout.singleLine`); it must give what the
/// fitting gives.
@Suite("Text layout of one line that fits")
struct OneLineTextLayoutTests {
    @Test("one line that fits lays out as the general fitting lays it out, in every alignment")
    func sameAsFitting() {
        let measurer = HalfEmMeasurer()
        let texts = ["Pinched, Scale:1.50, Velocity:0.32", "x", "Rotated, Radians:0.52", "a b c"]
        let boxes = [Rect(x: 10, y: 5, width: 400, height: 30), Rect(x: -3, y: 0.5, width: 350.5, height: 20),
                     Rect(x: 0, y: 0, width: 90, height: 200)]
        var compared = 0
        for text in texts {
            for bounds in boxes {
                for alignment in [TextAlignment.left, .center, .right] {
                    let font = Font(size: 20)
                    // Two lines allowed, through the whole fitting, which
                    // puts a text that fits one line on one line.
                    let general = TextLayout(text: text, font: font, alignment: alignment, in: bounds, numberOfLines: 2,
                                             minimumScaleFactor: 1, measurer: measurer, oneLineShortcut: false)
                    guard general.lines.count == 1, !general.isTruncated else { continue }
                    for lines in [1, 0, 2, 3] {
                        let oneLine = TextLayout(text: text, font: font, alignment: alignment, in: bounds,
                                                 numberOfLines: lines, minimumScaleFactor: 0.5, measurer: measurer)
                        #expect(oneLine == general, "\(text) in \(bounds), \(alignment), \(lines) lines")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared >= 80, "only \(compared) layouts fitted one line")
    }

    @Test("a text with a newline, or too wide, still goes through the fitting: joined, shrunk or cut")
    func otherwiseFitted() {
        let measurer = HalfEmMeasurer()
        let bounds = Rect(x: 0, y: 0, width: 100, height: 30)
        let joined = TextLayout(text: "ab\ncd", font: Font(size: 20), alignment: .left, in: bounds, numberOfLines: 1,
                                minimumScaleFactor: 1, measurer: measurer)
        #expect(joined.lines.map(\.text) == ["ab cd"])
        let shrunk = TextLayout(text: "abcdefghijklmnop", font: Font(size: 20), alignment: .left, in: bounds,
                                numberOfLines: 1, minimumScaleFactor: 0.5, measurer: measurer)
        #expect(shrunk.font.size == 12.5)
        let cut = TextLayout(text: "abcdefghijklmnopqrstuvwxyz", font: Font(size: 20), alignment: .left, in: bounds,
                             numberOfLines: 1, minimumScaleFactor: 0.5, measurer: measurer)
        #expect(cut.isTruncated && cut.lines.first?.text.hasSuffix("…") == true)
        // Where wrapping would change the spaces, two lines allowed.
        for text in ["a  b", " ab", "ab "] {
            let wrapped = TextLayout(text: text, font: Font(size: 20), alignment: .left, in: bounds, numberOfLines: 2,
                                     minimumScaleFactor: 1, measurer: measurer)
            let general = TextLayout(text: text, font: Font(size: 20), alignment: .left, in: bounds, numberOfLines: 2,
                                     minimumScaleFactor: 1, measurer: measurer, oneLineShortcut: false)
            #expect(wrapped == general, "\(text)")
            #expect(!TextLayout.wrapsUnchanged(text), "\(text)")
        }
        #expect(TextLayout.wrapsUnchanged("Rotated, Radians:0.52, Velocity:1.10 (uikit)"))
    }
}
