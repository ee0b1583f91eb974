import DemoApp
import GestureKit
import GestureRender
import Testing

#if canImport(Glibc)
import Glibc
#endif

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
        let repainter = FrameByFrame(app.window, scale: scale)

        let centre = app.centre(of: page.pinchArea.contentView)
        let frame = page.pinchArea.contentView.bounds
        let span = min(frame.width, frame.height) / 4
        app.twoFingers(about: centre, steps: 40, span: { span * spanFactor($0) }, angle: angle,
                       afterFrame: { repainter.repaint() })
        app.wait(0.5)
        repainter.repaint()
        #expect(repainter.frames > 30, "\(repainter.frames) frames repainted")
        try repainter.expectWholeRepaint()
        return page
    }

    /// Every page, played with touches from a fixed generator: taps,
    /// one-finger drags, two-finger pinches and pauses for the timers, at
    /// random places (tabs and controls included). A label whose last
    /// numbers change is repainted over the end of its line alone: this is
    /// where a glyph's last row of ink once went missing. Thirty sequences
    /// at scale 1, and ten at each of 1.5 and 2, where damage is rounded out
    /// to device pixels.
    @Test("random taps, drags, pinches and pauses on every page, repainted frame by frame within each frame's damage, end as a whole repaint",
          arguments: Self.randomCases)
    func randomTouches(seed: Int, scale: Double) throws {
        var random = SplitMix(seed: UInt64(seed))
        let page = DemoPage.allCases[seed % DemoPage.allCases.count]
        let app = AppWindow(size: Size(width: 1024, height: 768), page: page)
        let repainter = FrameByFrame(app.window, scale: scale)
        let input = app.window.input
        func frame() {
            input.touchFrame()
            app.wait(0.008)
            repainter.repaint()
        }
        for _ in 0..<30 {
            let p = Point(x: random.next() * 1024, y: random.next() * 768)
            switch Int(random.next() * 4) {
            case 0:
                input.touchDown(id: 1, at: p, time: app.clock.now)
                frame()
                input.touchUp(id: 1, time: app.clock.now)
                frame()
            case 1:
                let move = Point(x: random.next() * 300 - 150, y: random.next() * 300 - 150)
                input.touchDown(id: 1, at: p, time: app.clock.now)
                frame()
                for i in 1...20 {
                    let t = Double(i) / 20
                    input.touchMotion(id: 1, to: Point(x: p.x + move.x * t, y: p.y + move.y * t), time: app.clock.now)
                    frame()
                }
                input.touchUp(id: 1, time: app.clock.now)
                frame()
            case 2:
                func fingers(_ i: Int) -> (Point, Point) {
                    let r = 40 + 3 * Double(i), turn = 0.03 * Double(i)
                    return (Point(x: p.x - r * cos(turn), y: p.y - r * sin(turn)),
                            Point(x: p.x + r * cos(turn), y: p.y + r * sin(turn)))
                }
                let (a, b) = fingers(0)
                input.touchDown(id: 1, at: a, time: app.clock.now)
                input.touchDown(id: 2, at: b, time: app.clock.now)
                frame()
                for i in 1...20 {
                    let (a, b) = fingers(i)
                    input.touchMotion(id: 1, to: a, time: app.clock.now)
                    input.touchMotion(id: 2, to: b, time: app.clock.now)
                    frame()
                }
                input.touchUp(id: 1, time: app.clock.now)
                input.touchUp(id: 2, time: app.clock.now)
                frame()
            default:
                for _ in 0..<40 { frame() }
            }
        }
        app.wait(1)
        repainter.repaint()
        try repainter.expectWholeRepaint()
    }

    static let randomCases: [(Int, Double)] = (0..<30).map { ($0, 1) } + (30..<40).map { ($0, 1.5) } + (40..<50).map { ($0, 2) }
}

/// A buffer kept from frame to frame, into which each frame repaints only
/// its damage, as the backend does.
private final class FrameByFrame {
    let window: Window
    let scale: Double
    let width: Int, height: Int
    private let renderer = Renderer()
    // A colour no frame draws: a pixel never repainted shows.
    private var buffer: [UInt32]
    private(set) var frames = 0

    /// Starts with a whole repaint of `window` at `scale`.
    init(_ window: Window, scale: Double) {
        self.window = window
        self.scale = scale
        width = Int((window.bounds.width * scale).rounded())
        height = Int((window.bounds.height * scale).rounded())
        buffer = [UInt32](repeating: 0xff00_ff00, count: width * height)
        window.invalidateAll()
        repaint(whole: true)
    }

    /// Repaints the window's damage as the backend does: in whole buffer
    /// pixels, given back in the window's coordinates.
    func repaint(whole: Bool = false) {
        guard let damage = window.takeDamage() else { return }
        let clip = whole ? nil : damage.map { $0.integral(scale: scale).unscaled(by: scale) }
        buffer.withUnsafeMutableBytes {
            renderer.render(window, into: $0.baseAddress!, width: width, height: height, stride: width * 4,
                            scale: scale, clip: clip)
        }
        frames += 1
    }

    /// Expects the buffer to hold what a whole repaint of the window draws.
    func expectWholeRepaint() throws {
        let reference = RenderedImage(window: window, scale: scale)
        try #require(reference.width == width && reference.height == height)
        var differing = 0, example: (Int, Int)?
        for y in 0..<height {
            for x in 0..<width where buffer[y * width + x] != reference.argb(x: x, y: y) {
                differing += 1
                example = example ?? (x, y)
            }
        }
        #expect(differing == 0, "\(differing) pixels differ from a whole repaint, e.g. \(String(describing: example))")
    }
}

/// A fixed stream of numbers in 0..<1 from a seed (SplitMix64).
private struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> Double {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
