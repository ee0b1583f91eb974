import GestureKit

/// The picture the Gestures page pinches and rotates: a small landscape,
/// drawn so that its orientation and scale are easy to see.
enum Picture {
    /// 330x310 (the proportions the page gives it), drawn again every
    /// frame it is pinched or turned: five filled shapes cost the live app
    /// less than resampling a bitmap's hundred thousand pixels (CPU per touch
    /// event 170 -> 135 us in the live benchmark, event -> commit 1.3 ->
    /// 0.8 ms), and its edges stay sharp at every scale.
    /// Its corners are cut round where its outline's outer edge turns (the
    /// line, 3 wide, follows a curve of radius 8 half its width inside), so
    /// that the hills stop at the outline there too.
    static let landscape = Image(size: Size(width: 330, height: 310), rendering: .drawing,
                                 cornerRadius: cornerRadius, draw: drawLandscape)
    private static let outlineRadius = 8.0, outlineWidth = 3.0
    /// The outline's outer edge: the image's corners, and the sky's, which
    /// must match them for the sky to be drawn unclipped.
    private static let cornerRadius = outlineRadius + outlineWidth / 2

    private static func drawLandscape(_ canvas: Canvas, _ r: Rect) {
        canvas.fillRoundedRect(r, radius: cornerRadius, color: Color(rgb: 0x8ecae6))
        canvas.fillEllipse(in: Rect(x: r.minX + r.width * 0.62, y: r.minY + r.height * 0.1,
                                    width: r.width * 0.22, height: r.width * 0.22), color: Color(rgb: 0xffb703))
        canvas.fillEllipse(in: Rect(x: r.minX - r.width * 0.2, y: r.minY + r.height * 0.55,
                                    width: r.width * 0.9, height: r.height * 0.8), color: Color(rgb: 0x2a9d8f))
        canvas.fillEllipse(in: Rect(x: r.minX + r.width * 0.35, y: r.minY + r.height * 0.65,
                                    width: r.width * 0.9, height: r.height * 0.7), color: Color(rgb: 0x264653))
        canvas.strokeRoundedRect(r, radius: outlineRadius, color: Color(rgb: 0x023047), lineWidth: outlineWidth)
    }
}
