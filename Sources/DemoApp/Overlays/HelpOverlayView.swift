import GestureKit

/// Lists every keyboard shortcut (from the window's one table). A touch
/// anywhere closes it.
final class HelpOverlayView: View {
    var onDismiss: (() -> Void)?
    private let lines: [(String, String)]

    init(commands: [KeyCommand]) {
        var seen = Set<String>()
        var lines: [(String, String)] = []
        for c in commands where seen.insert(c.title + c.keyDescription).inserted {
            lines.append((c.keyDescription, c.title))
        }
        self.lines = lines
        super.init()
        name = "help"
        backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.96)
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        canvas.drawText("Keyboard shortcuts", in: Rect(x: 0, y: 52, width: bounds.width, height: 32),
                        font: Font(size: 20, bold: true), color: .black, alignment: .center)
        let rowHeight = min(26, max(16, (bounds.height - 130) / Double(max(1, lines.count))))
        for (i, line) in lines.enumerated() {
            let y = 92 + Double(i) * rowHeight
            canvas.drawText(line.0, in: Rect(x: 0, y: y, width: bounds.midX - 12, height: rowHeight),
                            font: Font(size: 15, bold: true), color: Color(rgb: 0x1c1c1e), alignment: .right)
            canvas.drawText(line.1, in: Rect(x: bounds.midX + 12, y: y, width: bounds.width / 2 - 24, height: rowHeight),
                            font: Font(size: 15), color: Color(rgb: 0x3a3a3c), alignment: .left)
        }
        canvas.drawText("\(DemoApp.title) \(DemoApp.version) · Touch anywhere or press Esc to close", in: Rect(x: 0, y: bounds.height - 36, width: bounds.width, height: 24),
                        font: .caption, color: .gray, alignment: .center)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { onDismiss?() }
}
