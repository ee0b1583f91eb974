import GestureKit

/// The picture the Gestures page pinches and rotates: a small landscape,
/// drawn so that its orientation and scale are easy to see.
enum Picture {
    /// 330x310 (the proportions the page gives it), drawn again every
    /// frame it is pinched or turned: five filled shapes cost the live app
    /// less than resampling a bitmap's hundred thousand pixels (CPU per touch
    /// event 170 -> 135 us in the live benchmark, event -> commit 1.3 ->
    /// 0.8 ms), and its edges stay sharp at every scale.
    ///
    /// Its outline, 3 wide along a curve of radius 8, is the whole
    /// picture filled in the outline's colour, with the landscape (`scene`)
    /// drawn over it, inset by the line's width and rounded by its inner
    /// edge. Each edge is then drawn once: a line stroked over the sky
    /// would fill the sky's edge and the line's outer edge along the same
    /// curve, and the line's inner edge as well, half again the edges a
    /// frame rasterizes (2 of the 6 edge crossings per pixel row of the
    /// turned picture). The hills stop at the inner edge, the landscape's
    /// corners.
    static let landscape = Image(size: Size(width: 330, height: 310), rendering: .drawing,
                                 cornerRadius: outlineRadius + outlineWidth / 2, draw: drawLandscape)
    private static let outlineRadius = 8.0, outlineWidth = 3.0
    private static let outlineColor = Color(rgb: 0x023047)

    /// The landscape inside the outline: its corners are the outline's
    /// inner edge, and the sky's, which must match them for the sky to be
    /// drawn without a cut.
    private static let scene = Image(size: Size(width: 330 - 2 * outlineWidth, height: 310 - 2 * outlineWidth),
                                     rendering: .drawing, cornerRadius: sceneRadius, draw: drawScene)
    private static let sceneRadius = outlineRadius - outlineWidth / 2

    private static func drawLandscape(_ canvas: Canvas, _ r: Rect) {
        canvas.fillRoundedRect(r, radius: landscape.cornerRadius, color: outlineColor)
        canvas.drawImage(scene, in: r.insetBy(dx: outlineWidth, dy: outlineWidth))
    }

    /// The sky, the sun and two hills, placed in the whole picture's
    /// rectangle (the scene's, grown by the outline).
    private static func drawScene(_ canvas: Canvas, _ inner: Rect) {
        let r = inner.insetBy(dx: -outlineWidth, dy: -outlineWidth)
        canvas.fillRoundedRect(inner, radius: sceneRadius, color: Color(rgb: 0x8ecae6))
        canvas.fillEllipse(in: Rect(x: r.minX + r.width * 0.62, y: r.minY + r.height * 0.1,
                                    width: r.width * 0.22, height: r.width * 0.22), color: Color(rgb: 0xffb703))
        canvas.fillEllipse(in: Rect(x: r.minX - r.width * 0.2, y: r.minY + r.height * 0.55,
                                    width: r.width * 0.9, height: r.height * 0.8), color: Color(rgb: 0x2a9d8f))
        canvas.fillEllipse(in: Rect(x: r.minX + r.width * 0.35, y: r.minY + r.height * 0.65,
                                    width: r.width * 0.9, height: r.height * 0.7), color: Color(rgb: 0x264653))
    }
}
