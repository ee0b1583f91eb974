import GestureKit

/// Lists every keyboard shortcut (from the window's one table): keys on
/// the left, what they do on the right. A touch anywhere closes it.
///
/// The table is centred on the window's middle where it fits; in a narrow
/// window the keys move left and long descriptions wrap, and in a short
/// one the text shrinks (and below the minimum window size the footer
/// goes), so every row stays whole.
final class HelpOverlayView: View {
    var onDismiss: (() -> Void)?
    private let titleLabel = Label(text: "Keyboard shortcuts")
    private let footerLabel = Label(text: "\(DemoApp.title) \(DemoApp.version) · Touch anywhere or press Esc to close")
    private let rows: [(key: Label, title: Label)]

    private static let titleFont = Font(size: 20, bold: true)
    private static let keyFont = Font(size: 15, bold: true)
    private static let descriptionFont = Font(size: 15)
    private static let margin = 16.0
    /// Between the key and description columns.
    private static let columnGap = 24.0
    /// Between rows, beyond their lines.
    private static let rowGap = 8.0
    /// The text shrinks in steps of this fraction until the table fits.
    private static let scales = [1.0, 0.9, 0.8, 0.7, 0.6]

    init(commands: [KeyCommand]) {
        var seen = Set<String>()
        var rows: [(key: Label, title: Label)] = []
        for c in commands where seen.insert(c.title + c.keyDescription).inserted {
            let key = Label(text: c.keyDescription)
            key.alignment = .right
            key.textColor = Color(rgb: 0x1c1c1e)
            let title = Label(text: c.title)
            title.alignment = .left
            title.numberOfLines = 0
            title.textColor = Color(rgb: 0x3a3a3c)
            rows.append((key, title))
        }
        self.rows = rows
        super.init()
        name = "help"
        backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.96)
        titleLabel.font = Self.titleFont
        titleLabel.minimumScaleFactor = 0.7
        footerLabel.font = .caption
        footerLabel.textColor = .gray
        footerLabel.numberOfLines = 2
        for v in [titleLabel, footerLabel] + rows.flatMap({ [$0.key, $0.title] }) { addSubview(v) }
    }

    override func layoutSubviews() {
        let m = Self.margin
        let width = max(0, bounds.width - 2 * m)
        let titleHeight = titleLabel.lineHeight + 8
        let footerHeight = min(footerLabel.sizeThatFits(Size(width: width, height: .infinity)).height,
                               2 * footerLabel.lineHeight)
        // The room for the table under the title, with the footer or (when
        // even the smallest text needs it) without.
        let tableTop = m + titleHeight + Self.rowGap
        let withFooter = bounds.maxY - m - footerHeight - m - tableTop
        let withoutFooter = bounds.maxY - m - tableTop
        let smallest = Self.scales[Self.scales.count - 1]
        let scale = Self.scales.first { tableLayout(scale: $0).height <= withFooter } ?? smallest
        let table = tableLayout(scale: scale)
        footerLabel.isHidden = table.height > withFooter && table.height <= withoutFooter
        footerLabel.frame = Rect(x: m, y: bounds.maxY - m - footerHeight, width: width, height: footerHeight)
        let bottom = footerLabel.isHidden ? bounds.maxY : footerLabel.frame.minY

        // The title and the table, centred in the space above the footer.
        let blockHeight = titleHeight + Self.rowGap + table.height
        let top = max(m, (bottom - blockHeight) / 2)
        titleLabel.frame = Rect(x: m, y: top, width: width, height: titleHeight)
        var y = titleLabel.frame.maxY + Self.rowGap
        for (row, height) in zip(rows, table.rowHeights) {
            row.key.frame = Rect(x: m, y: y, width: table.keyColumnEnd - m, height: height)
            row.title.frame = Rect(x: table.keyColumnEnd + Self.columnGap, y: y,
                                   width: bounds.maxX - m - table.keyColumnEnd - Self.columnGap, height: height)
            y += height + table.rowGap
        }
    }

    /// Sets the rows' fonts at `scale` and measures the table: where the
    /// key column ends, each row's height, the gap between rows (which
    /// shrinks with the text) and the total height.
    private func tableLayout(scale: Double) -> (keyColumnEnd: Double, rowHeights: [Double], rowGap: Double,
                                                height: Double) {
        let m = Self.margin
        for row in rows {
            row.key.font = Font(size: Self.keyFont.size * scale, bold: true)
            row.title.font = Font(size: Self.descriptionFont.size * scale)
        }
        let unbounded = Size(width: Double.infinity, height: .infinity)
        let widestKey = rows.map { $0.key.sizeThatFits(unbounded).width }.max() ?? 0
        let widestTitle = rows.map { $0.title.sizeThatFits(unbounded).width }.max() ?? 0
        // The gap between the columns sits at the window's middle unless
        // the descriptions need more room; the keys always fit.
        let centred = bounds.midX - Self.columnGap / 2
        let keyColumnEnd = max(m + widestKey, min(centred, bounds.maxX - m - widestTitle - Self.columnGap))
        let titleWidth = max(0, bounds.maxX - m - keyColumnEnd - Self.columnGap)
        let rowHeights = rows.map { row in
            max(row.key.lineHeight, row.title.sizeThatFits(Size(width: titleWidth, height: .infinity)).height)
        }
        let rowGap = Self.rowGap * scale
        let height = rowHeights.reduce(0, +) + rowGap * Double(max(0, rows.count - 1))
        return (keyColumnEnd, rowHeights, rowGap, height)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { onDismiss?() }
}
