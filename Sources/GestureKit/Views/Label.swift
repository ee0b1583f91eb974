/// A line of text. Like UIKit's `UILabel`, it ignores touches by default
/// (`isUserInteractionEnabled` is false), so touches pass to what is below.
open class Label: View {
    public var text: String {
        didSet {
            guard text != oldValue else { return }
            setNeedsDisplay()
            for o in window?.observers ?? [] { o.labelTextDidChange(self, from: oldValue) }
        }
    }
    public var font = Font.body { didSet { setNeedsDisplay() } }
    public var textColor = Color.black { didSet { setNeedsDisplay() } }
    public var alignment = TextAlignment.center { didSet { setNeedsDisplay() } }

    public init(text: String = "", frame: Rect = .zero) {
        self.text = text
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.drawText(text, in: bounds, font: font, color: textColor, alignment: alignment)
    }
}
