/// A tappable button with a title: it runs its action when a touch that
/// began on it ends inside it. At least 44 px tall is the caller's job.
public final class Button: View {
    public let titleLabel: Label
    public var onTap: (() -> Void)?
    private var isHighlighted = false { didSet { setNeedsDisplay() } }

    public init(title: String, onTap: (() -> Void)? = nil) {
        titleLabel = Label(text: title)
        self.onTap = onTap
        super.init()
        titleLabel.textColor = .systemBlue
        titleLabel.font = Font(size: 18)
        cornerRadius = 10
        backgroundColor = .white
        addSubview(titleLabel)
    }

    public override func layoutSubviews() {
        titleLabel.frame = bounds
    }

    public override func draw(_ rect: Rect, in canvas: Canvas) {
        if isHighlighted { canvas.fillRoundedRect(bounds, radius: cornerRadius, color: Color(rgb: 0xe5e5ea)) }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) { isHighlighted = true }
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        if let t = touches.first { isHighlighted = point(inside: t.location(in: self)) }
    }
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { isHighlighted = false }
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        isHighlighted = false
        guard let t = touches.first, point(inside: t.location(in: self)) else { return }
        onTap?()
    }
}
