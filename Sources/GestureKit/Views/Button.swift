/// A tappable button with a title: it runs its action when a touch that
/// began on it ends inside it. At least 44 px tall is the caller's job.
public final class Button: View {
    /// The label showing the title, filling the button; change its text, font or
    /// colour to restyle the button.
    public let titleLabel: Label
    /// Called when a touch that began on the button lifts inside its bounds.
    /// Unlike UIKit, which forgives a finger that strays some way outside,
    /// the lift must be inside the bounds.
    public var onTap: (() -> Void)?
    private var isHighlighted = false { didSet { setNeedsDisplay() } }

    /// A white, rounded button with a blue title; give it a frame at least
    /// 44 px tall to make a comfortable touch target.
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

    /// Highlights the button; the touch does not travel up the chain.
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) { isHighlighted = true }
    /// Keeps the highlight while the touch is inside the bounds and drops it
    /// outside, so the user sees whether lifting will tap.
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        if let t = touches.first { isHighlighted = point(inside: t.location(in: self)) }
    }
    /// Drops the highlight without a tap.
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { isHighlighted = false }
    /// Drops the highlight and calls ``onTap`` if the touch lifted inside the
    /// bounds.
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        isHighlighted = false
        guard let t = touches.first, point(inside: t.location(in: self)) else { return }
        onTap?()
    }
}
