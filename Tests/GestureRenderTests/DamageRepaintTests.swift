import DemoApp
import GestureKit
import GestureRender
import Testing

/// The backend repaints only each frame's damage into a buffer that keeps
/// the frames before. These tests play a gesture that way, frame by frame,
/// and hold the buffer at the end to a whole repaint: any pixel a frame
/// changed but its damage left out (a label's old text, a picture's
/// corner, a shape filled outside its clip) would show as a difference.
@Suite("Rendering: frames repainted from their damage alone")
struct DamageRepaintTests {
    static let size = Size(width: 800, height: 600)

    @Test("a pinch and turn on the Gestures page, repainted frame by frame within each frame's damage, ends as a whole repaint, at scale 1, 1.5 and 2",
          arguments: [1.0, 1.5, 2.0])
    func pinchFrames(scale: Double) throws {
        let page = try playPinch(scale: scale, span: { 1 + 2 * $0 }, angle: { 1.1 * $0 })
        #expect(page.imageScale > 2.5 && page.imageRotation > 1, "scale \(page.imageScale), turn \(page.imageRotation)")
    }

    // Pinched in while turning, the picture leaves behind area its new
    // place does not cover: the damage must hold where it was too.
    @Test("a pinch in, turning, repainted frame by frame within each frame's damage, ends as a whole repaint, at scale 1, 1.5 and 2",
          arguments: [1.0, 1.5, 2.0])
    func pinchInFrames(scale: Double) throws {
        let page = try playPinch(scale: scale, span: { 3 - 2 * $0 }, angle: { -0.9 * $0 })
        #expect(page.imageScale < 0.5 && page.imageRotation < -0.8, "scale \(page.imageScale), turn \(page.imageRotation)")
    }

    /// Plays two fingers on the picture, `span` and `angle` giving their
    /// distance (in quarters of the pinch area's shorter side) and turn
    /// for progress 0...1, repainting each frame's damage alone, and
    /// expects the buffer to end as a whole repaint.
    private func playPinch(scale: Double, span spanFactor: @escaping (Double) -> Double,
                           angle: @escaping (Double) -> Double) throws -> GesturesViewController {
        let app = AppWindow(size: Self.size, page: .gestures)
        let page = try #require(app.page(GesturesViewController.self))
        let renderer = Renderer()
        let width = Int((Self.size.width * scale).rounded()), height = Int((Self.size.height * scale).rounded())
        // A colour no frame draws: a pixel never repainted shows.
        var buffer = [UInt32](repeating: 0xff00_ff00, count: width * height)
        var frames = 0
        /// Repaints the window's damage as the backend does: in whole
        /// buffer pixels, given back in the window's coordinates.
        func repaint(whole: Bool = false) {
            guard let damage = app.window.takeDamage() else { return }
            let clip = whole ? nil : damage.map { $0.integral(scale: scale).unscaled(by: scale) }
            buffer.withUnsafeMutableBytes {
                renderer.render(app.window, into: $0.baseAddress!, width: width, height: height, stride: width * 4,
                                scale: scale, clip: clip)
            }
            frames += 1
        }
        app.window.invalidateAll()
        repaint(whole: true)

        let centre = app.centre(of: page.pinchArea.contentView)
        let frame = page.pinchArea.contentView.bounds
        let span = min(frame.width, frame.height) / 4
        app.twoFingers(about: centre, steps: 40, span: { span * spanFactor($0) }, angle: angle,
                       afterFrame: { repaint() })
        app.wait(0.5)
        repaint()
        #expect(frames > 30, "\(frames) frames repainted")

        let reference = RenderedImage(window: app.window, scale: scale)
        try #require(reference.width == width && reference.height == height)
        var differing = 0, example: (Int, Int)?
        for y in 0..<height {
            for x in 0..<width where buffer[y * width + x] != reference.argb(x: x, y: y) {
                differing += 1
                example = example ?? (x, y)
            }
        }
        #expect(differing == 0, "\(differing) pixels differ from a whole repaint, e.g. \(String(describing: example))")
        return page
    }
}
