/// An on/off control, drawn as iOS's switch. A tap (touch that ends inside)
/// toggles it. Its frame is at least 44 px high so it is an easy touch
/// target; the track is drawn centred in it.
open class Switch: View {
    /// Whether the switch is on. Every change, the app's included, redraws it
    /// and tells the window's observers (value "on" or "off"); only the user's
    /// taps call ``onValueChanged``.
    public var isOn: Bool {
        didSet {
            guard isOn != oldValue else { return }
            setNeedsDisplay()
            for o in window?.observers ?? [] { o.controlValueDidChange(self, value: isOn ? "on" : "off") }
        }
    }

    /// Called after the user toggled the switch.
    public var onValueChanged: ((Switch) -> Void)?

    /// The track's colour while on (iOS's green by default); off, it is light
    /// grey.
    public var onTintColor = Color.systemGreen

    /// The size of the drawn track, as iOS's switch.
    public static let trackSize = Size(width: 51, height: 31)
    /// The frame size that gives a 44 px touch target around the track.
    public static let preferredSize = Size(width: 60, height: 44)

    /// A switch, off unless `isOn`, in `frame` (see ``preferredSize``).
    public init(isOn: Bool = false, frame: Rect = .zero) {
        self.isOn = isOn
        super.init(frame: frame)
    }

    /// Kept by the switch: touches on it do not travel up the chain.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    /// Kept by the switch; unlike iOS's, it cannot be dragged from one side to
    /// the other.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    /// Kept by the switch; a cancelled touch toggles nothing.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

    /// Toggles ``isOn`` and calls ``onValueChanged`` if the touch lifted inside
    /// the bounds.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let t = touches.first, point(inside: t.location(in: self)) else { return }
        isOn.toggle()
        onValueChanged?(self)
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        let track = Rect(x: bounds.midX - Self.trackSize.width / 2, y: bounds.midY - Self.trackSize.height / 2,
                         width: Self.trackSize.width, height: Self.trackSize.height)
        let radius = track.height / 2
        canvas.fillRoundedRect(track, radius: radius, color: isOn ? onTintColor : Color.lightGray)
        let knobDiameter = track.height - 4
        let knobX = isOn ? track.maxX - 2 - knobDiameter : track.minX + 2
        canvas.fillEllipse(in: Rect(x: knobX, y: track.minY + 2, width: knobDiameter, height: knobDiameter),
                           color: .white)
    }
}
