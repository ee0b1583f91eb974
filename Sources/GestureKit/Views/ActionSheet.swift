/// A modal sheet of buttons over a dimmed window, as UIKit's action sheet:
/// touches outside its buttons do nothing; choosing a button dismisses it.
public final class ActionSheet: View {
    public struct Action {
        public var title: String
        public var handler: () -> Void
        public init(title: String, handler: @escaping () -> Void) {
            self.title = title
            self.handler = handler
        }
    }

    private let panel = View()
    private let titleLabel: Label
    private var buttons: [Button] = []

    public init(title: String, actions: [Action], cancelTitle: String = "Cancel") {
        titleLabel = Label(text: title)
        super.init()
        name = "actionSheet"
        backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.35)
        panel.backgroundColor = Color(rgb: 0xf2f2f7)
        panel.cornerRadius = 14
        titleLabel.font = Font(size: 15)
        titleLabel.textColor = Color(rgb: 0x6e6e73)
        addSubview(panel)
        panel.addSubview(titleLabel)
        for action in actions + [Action(title: cancelTitle, handler: {})] {
            let button = Button(title: action.title)
            button.name = action.title
            button.onTap = { [weak self] in
                self?.dismiss()
                action.handler()
            }
            buttons.append(button)
            panel.addSubview(button)
        }
        buttons.last?.titleLabel.font = Font(size: 18, bold: true)
    }

    /// Shows the sheet over the whole window.
    public func present(in window: Window) {
        frame = window.bounds
        window.addSubview(self)
    }

    public func dismiss() {
        removeFromSuperview()
    }

    public var isPresented: Bool { window != nil }

    public override func layoutSubviews() {
        let width = min(360, bounds.width - 24)
        let rowHeight = 48.0, gap = 8.0
        let height = 40 + Double(buttons.count) * (rowHeight + gap)
        panel.frame = Rect(x: bounds.midX - width / 2, y: bounds.maxY - height - 16, width: width, height: height)
        titleLabel.frame = Rect(x: 0, y: 6, width: width, height: 28)
        for (i, button) in buttons.enumerated() {
            button.frame = Rect(x: 8, y: 40 + Double(i) * (rowHeight + gap), width: width - 16, height: rowHeight)
        }
    }

    // Modal: touches outside the buttons stop here.
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
}
