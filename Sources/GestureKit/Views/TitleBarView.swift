/// The minimal client-side title bar a window shows where the compositor
/// draws no decorations (GNOME, for example): the title, a close button,
/// drag to move, double-tap (or double-click) to maximize or restore. Like
/// every view it works with touch and with the pointer.
public final class TitleBarView: View {
    /// Its height: like every touch target, 44 px at least (its close
    /// button is as high as the bar).
    public static let height = 44.0

    /// The window's title, centred, bold, shrinking when the bar is narrow.
    public let titleLabel = Label()
    /// The close button at the right end of the bar.
    public let closeButton = CloseButton()

    /// A title bar showing `title`; a ``Window`` makes its own when it needs
    /// one (see ``Window/showsClientSideDecorations``).
    public init(title: String) {
        super.init()
        name = "titleBar"
        backgroundColor = Color(rgb: 0xe8e8ed)
        titleLabel.text = title
        titleLabel.font = Font(size: 14, bold: true)
        titleLabel.textColor = Color(rgb: 0x303036)
        titleLabel.minimumScaleFactor = 0.7
        addSubview(titleLabel)
        addSubview(closeButton)
    }

    public override func layoutSubviews() {
        titleLabel.frame = Rect(x: 50, y: 0, width: max(0, bounds.width - 100), height: bounds.height)
        closeButton.frame = Rect(x: bounds.width - 46, y: 0, width: 46, height: bounds.height)
    }

    private var moveStarted = false

    // The move starts only once the drag passes the tap slop: the
    // compositor's move grab swallows the release, so starting it on the
    // press would make a double-click impossible.

    /// A second tap in a row (``Touch/tapCount`` 2) asks the window system to
    /// maximize the window, or to restore it when it is maximized.
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        moveStarted = false
        guard let t = touches.first, t.tapCount == 2, let window else { return }
        window.request(.setMaximized(!window.environment.windowState.contains(.maximized)))
    }

    /// Once the touch has moved beyond the tap slop, asks the window system for
    /// an interactive move (``PlatformRequest/beginMove``), once per touch.
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard !moveStarted, let t = touches.first, t.tapCount == 0 else { return }
        moveStarted = true
        window?.request(.beginMove)
    }

    /// Kept by the bar: touches on it do not travel up the chain.
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    /// Kept by the bar.
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

    /// The title bar's close button: a cross that closes the window when a
    /// touch ends on it.
    public final class CloseButton: View {
        public override func draw(_ rect: Rect, in canvas: Canvas) {
            let c = bounds.center, r = 6.0, color = Color(rgb: 0x303036)
            canvas.strokeLine(from: Point(x: c.x - r, y: c.y - r), to: Point(x: c.x + r, y: c.y + r), color: color, lineWidth: 2)
            canvas.strokeLine(from: Point(x: c.x - r, y: c.y + r), to: Point(x: c.x + r, y: c.y - r), color: color, lineWidth: 2)
        }

        /// Kept by the button: touches on it do not reach the bar.
        public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
        /// Kept by the button.
        public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
        /// Kept by the button; a cancelled touch closes nothing.
        public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
        /// Asks the window system to close the window (``PlatformRequest/close``)
        /// if the touch lifted on the button.
        public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
            guard let t = touches.first, point(inside: t.location(in: self)) else { return }
            window?.request(.close)
        }
    }
}

/// An invisible strip along a window edge that starts an interactive
/// resize from that edge (client-side decorations only).
final class ResizeEdgeView: View {
    let edges: WindowEdges

    init(edges: WindowEdges) {
        self.edges = edges
        super.init()
        name = "resizeEdge"
    }

    /// The double arrow of the edges a press here resizes.
    override var cursorShape: CursorShape? { .resize(edges) }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { window?.request(.beginResize(edges)) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
}
