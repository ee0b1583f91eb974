/// A row of mutually exclusive choices, drawn as iOS's segmented control:
/// one segment per title, the selected one raised. A touch that ends on a
/// segment selects it, so each segment is a touch target of its own; lay
/// the control out at least `minimumSegmentSize` per segment (44x44 px).
/// `selectNext()` and `selectPrevious()` move the selection as a user's
/// choice does; an app may bind them to keys (the toolkit binds none).
///
/// The window's observers hear every change the user makes, with the
/// selected title as the value.
open class SegmentedControl: View {
    /// The smallest size of one segment: a touch target.
    public static let minimumSegmentSize = Size(width: 44, height: 44)

    /// The segments' titles, left to right. Setting them rebuilds the segments
    /// (keeping the selection if it is still in range).
    public var titles: [String] {
        didSet {
            guard titles != oldValue else { return }
            makeLabels()
            if !titles.indices.contains(selectedIndex) { selectedIndex = 0 }
            setNeedsLayout()
            setNeedsDisplay()
        }
    }
    private var labels: [Label] = []

    /// The selected segment. Setting it (in range) redraws; only the user's
    /// choices (touches, `selectNext()`...) call `onValueChanged`.
    public var selectedIndex: Int {
        didSet {
            guard titles.indices.contains(selectedIndex) else {
                selectedIndex = oldValue
                return
            }
            guard selectedIndex != oldValue else { return }
            styleLabels()
            setNeedsDisplay()
        }
    }

    /// Called after the user chose another segment.
    public var onValueChanged: ((SegmentedControl) -> Void)?

    /// A control with a segment per title; an out-of-range `selectedIndex`
    /// selects the first. Give it at least ``minimumWidth`` by 44 px.
    public init(titles: [String], selectedIndex: Int = 0) {
        self.titles = titles
        self.selectedIndex = titles.indices.contains(selectedIndex) ? selectedIndex : 0
        super.init()
        backgroundColor = Color(rgb: 0xe3e3e8)
        cornerRadius = 9
        makeLabels()
    }

    private func makeLabels() {
        for label in labels { label.removeFromSuperview() }
        labels = titles.map { title in
            let label = Label(text: title)
            label.minimumScaleFactor = 0.7
            addSubview(label)
            return label
        }
        styleLabels()
    }

    /// The width the control needs for every segment to be a touch target.
    public var minimumWidth: Double { Double(titles.count) * Self.minimumSegmentSize.width }

    /// The frame of segment `index` in the control's coordinates.
    public func segmentFrame(_ index: Int) -> Rect {
        let width = bounds.width / Double(Swift.max(1, titles.count))
        return Rect(x: Double(index) * width, y: 0, width: width, height: bounds.height)
    }

    /// Selects the next segment (the first after the last), as the user.
    public func selectNext() {
        choose((selectedIndex + 1) % Swift.max(1, titles.count))
    }

    /// Selects the previous segment (the last before the first), as the user.
    public func selectPrevious() {
        choose((selectedIndex + titles.count - 1) % Swift.max(1, titles.count))
    }

    private func choose(_ index: Int) {
        guard index != selectedIndex, titles.indices.contains(index) else { return }
        selectedIndex = index
        for o in window?.observers ?? [] { o.controlValueDidChange(self, value: titles[index]) }
        onValueChanged?(self)
    }

    private func styleLabels() {
        for (i, label) in labels.enumerated() { style(label, selected: i == selectedIndex) }
    }

    /// Sets a segment's title font and colour; subclasses with another look
    /// override it (and `draw(_:in:)`).
    open func style(_ label: Label, selected: Bool) {
        label.font = Font(size: 15, bold: selected)
        label.textColor = selected ? .black : Color(rgb: 0x3a3a3c)
    }

    open override func layoutSubviews() {
        for (i, label) in labels.enumerated() {
            label.frame = segmentFrame(i).insetBy(dx: 4, dy: 4)
        }
    }

    open override func draw(_ rect: Rect, in canvas: Canvas) {
        for i in titles.indices.dropFirst() where i != selectedIndex && i != selectedIndex + 1 {
            let x = segmentFrame(i).minX
            canvas.fill(Rect(x: x - 0.5, y: bounds.height * 0.25, width: 1, height: bounds.height * 0.5),
                        color: Color(rgb: 0xc7c7cc))
        }
        guard titles.indices.contains(selectedIndex) else { return }
        let thumb = segmentFrame(selectedIndex).insetBy(dx: 2, dy: 2)
        let shadow = Rect(x: thumb.minX, y: thumb.minY + 1, width: thumb.width, height: thumb.height)
        canvas.fillRoundedRect(shadow, radius: 7, color: Color(rgb: 0x000000, alpha: 0.08))
        canvas.fillRoundedRect(thumb, radius: 7, color: .white)
    }

    /// Kept by the control: touches on it do not travel up the chain.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    /// Kept by the control; the selection changes only when a touch lifts.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    /// Kept by the control; a cancelled touch selects nothing.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

    /// Selects the segment under the lifted touch, if it lifted inside the
    /// control, then tells the window's observers and calls ``onValueChanged``
    /// (neither when it was already selected).
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let p = touches.first?.location(in: self), point(inside: p) else { return }
        for i in titles.indices where segmentFrame(i).contains(p) {
            choose(i)
            return
        }
    }
}
