import GestureKit

/// Counts the strokes drawn across it; a double tap starts again.
final class CounterView: View {
    private(set) var count = 0 {
        didSet { setNeedsDisplay() }
    }

    /// Called with the new count after each change.
    var onChange: ((Int) -> Void)?

    override init() {
        super.init()
        name = "counter"
        backgroundColor = Color(rgb: 0xf2f2f7)

        let stroke = StrokeGestureRecognizer { [unowned self] _ in
            self.count += 1
            self.onChange?(self.count)
        }
        stroke.name = "stroke"
        let doubleTap = TapGestureRecognizer { [unowned self] _ in
            self.count = 0
            self.onChange?(self.count)
        }
        doubleTap.name = "reset"
        doubleTap.numberOfTapsRequired = 2
        addGestureRecognizer(stroke)
        addGestureRecognizer(doubleTap)
    }

    override func draw(_ rect: Rect, in canvas: Canvas) {
        let middle = bounds.height / 2
        canvas.drawText("Strokes: \(count)", in: Rect(x: 0, y: middle - 40, width: bounds.width, height: 48),
                        font: Font(size: 36, bold: true), color: .black, alignment: .center)
        canvas.drawText("Draw a line across the window; double-tap to start again",
                        in: Rect(x: 0, y: middle + 16, width: bounds.width, height: 24),
                        font: .body, color: .gray, alignment: .center)
    }
}

/// The window's root controller: its view is a `CounterView`.
final class CounterViewController: ViewController {
    var onChange: ((Int) -> Void)?

    override func loadView() -> View {
        let view = CounterView()
        view.onChange = { [unowned self] count in self.onChange?(count) }
        return view
    }
}
