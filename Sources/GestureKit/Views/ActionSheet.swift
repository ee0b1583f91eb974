/// A sheet of buttons over a dimmed view, as UIKit's action sheet: choosing
/// a button dismisses it and runs its action; a tap on the dimmed area
/// outside the panel dismisses it as Cancel would. Touches on the sheet
/// never reach the view below it.
///
/// A view controller presents it (`ViewController.present(_:)`), so it
/// covers that controller's view only and goes with it.
public final class ActionSheet: View {
    /// One button of the sheet: its title and what choosing it does.
    public struct Action {
        /// The button's title; also the button view's ``View/name``, so tests and
        /// scripts find it by its title.
        public var title: String
        /// Run after the sheet has been dismissed, when the button is chosen.
        public var handler: () -> Void
        /// An action titled `title` that runs `handler` when chosen.
        public init(title: String, handler: @escaping () -> Void) {
            self.title = title
            self.handler = handler
        }
    }

    /// Called after the sheet left the screen, however it was dismissed.
    public var onDismiss: (() -> Void)?

    private let panel = View()
    private let titleLabel: Label
    private var buttons: [Button] = []
    /// Touches that began on the dimmed area: only those dismiss.
    private var touchesOutside: Set<Touch> = []

    // The panel's geometry, as iOS's sheet: rows of buttons under a title.
    private static let maximumWidth = 360.0
    private static let rowHeight = 48.0
    private static let rowGap = 8.0
    private static let margin = 16.0

    /// A sheet titled `title` with a button per action, in order, and a bold
    /// Cancel button last that only dismisses. It is not shown until presented.
    /// - Parameters:
    ///   - title: the text above the buttons, on at most two lines.
    ///   - actions: the choices, top to bottom.
    ///   - cancelTitle: the last button's title.
    public init(title: String, actions: [Action], cancelTitle: String = "Cancel") {
        titleLabel = Label(text: title)
        super.init()
        name = "actionSheet"
        backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.35)
        panel.backgroundColor = Color(rgb: 0xf2f2f7)
        panel.cornerRadius = 14
        titleLabel.font = Font(size: 15)
        titleLabel.textColor = Color(rgb: 0x6e6e73)
        titleLabel.numberOfLines = 2
        titleLabel.minimumScaleFactor = 0.8
        addSubview(panel)
        panel.addSubview(titleLabel)
        for action in actions + [Action(title: cancelTitle, handler: {})] {
            let button = Button(title: action.title)
            button.name = action.title
            button.titleLabel.minimumScaleFactor = 0.7
            button.onTap = { [weak self] in
                self?.dismiss()
                action.handler()
            }
            buttons.append(button)
            panel.addSubview(button)
        }
        buttons.last?.titleLabel.font = Font(size: 18, bold: true)
    }

    /// Shows the sheet over `view`: above it in its superview (over the
    /// whole window when `view` is the window), covering its frame and
    /// following its size.
    public func present(over view: View) {
        if let container = view.superview {
            frame = view.frame
            let index = container.subviews.firstIndex { $0 === view } ?? container.subviews.count - 1
            container.insertSubview(self, at: index + 1)
        } else {
            frame = view.bounds
            view.addSubview(self)
        }
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
    }

    /// Takes the sheet off the screen and calls ``onDismiss``. Does nothing when
    /// it is not presented, so dismissing twice calls `onDismiss` once.
    public func dismiss() {
        guard isPresented else { return }
        removeFromSuperview()
        onDismiss?()
    }

    /// Whether the sheet is on screen: presented and in a window.
    public var isPresented: Bool { window != nil }

    /// The panel of buttons, in the sheet's coordinates.
    public var panelFrame: Rect { panel.frame }

    public override func layoutSubviews() {
        let width = max(0, min(Self.maximumWidth, bounds.width - 24))
        let titleHeight = max(28, min(titleLabel.sizeThatFits(Size(width: width - 16, height: .infinity)).height,
                                      2 * titleLabel.lineHeight))
        let header = titleHeight + 12
        let count = Double(buttons.count)
        var rowHeight = Self.rowHeight, gap = Self.rowGap
        // A short window packs the rows, never below a 44 px touch target.
        let room = bounds.height - 2 * Self.margin - header
        if count * (rowHeight + gap) > room {
            gap = 4
            rowHeight = max(44, room / count - gap)
        }
        let height = header + count * (rowHeight + gap)
        panel.frame = Rect(x: bounds.midX - width / 2, y: bounds.maxY - height - Self.margin, width: width, height: height)
        titleLabel.frame = Rect(x: 8, y: 6, width: width - 16, height: titleHeight)
        for (i, button) in buttons.enumerated() {
            button.frame = Rect(x: 8, y: header + Double(i) * (rowHeight + gap), width: width - 16, height: rowHeight)
        }
    }

    // Touches on the panel (between the buttons) and on the dimmed area
    // stop here; a tap on the dimmed area dismisses the sheet.

    /// Keeps the touches (they do not travel up the chain) and remembers those
    /// that began on the dimmed area outside the panel.
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for t in touches where !panel.frame.contains(t.location(in: self)) { touchesOutside.insert(t) }
    }

    /// Keeps the touches; moving does nothing.
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

    /// Dismisses the sheet when a touch that began on the dimmed area also
    /// lifts there.
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        let tappedOutside = touches.contains { touchesOutside.contains($0) && !panel.frame.contains($0.location(in: self)) }
        touchesOutside.subtract(touches)
        if tappedOutside { dismiss() }
    }

    /// Forgets the touches; a cancelled touch dismisses nothing.
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        touchesOutside.subtract(touches)
    }
}
