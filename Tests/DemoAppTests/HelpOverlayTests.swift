import DemoApp
import GestureKit
import GestureScript
import Testing

/// The help overlay names the app and its version (DemoApp.version, the
/// one place `--version` reads too).
@MainActor
@Suite("Help overlay")
struct HelpOverlayTests {
    /// Keeps the text a view draws.
    final class TextCanvas: Canvas {
        var texts: [String] = []
        func fill(_ rect: Rect, color: Color) {}
        func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {}
        func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double) {}
        func fillEllipse(in rect: Rect, color: Color) {}
        func strokeLine(from: Point, to: Point, color: Color, lineWidth: Double) {}
        func drawText(_ text: String, in rect: Rect, font: Font, color: Color, alignment: TextAlignment) {
            texts.append(text)
        }
    }

    @Test("the help overlay shows the app's name and version")
    func showsVersion() throws {
        let clock = VirtualTimeSource()
        let window = DemoApp.makeWindow(timeSource: clock)
        try ScriptPlayer(window: window, clock: clock).run(ScriptParser.parse("key ?", fileName: "test"))
        let help = try #require(window.view(named: "help"))
        let canvas = TextCanvas()
        help.draw(help.bounds, in: canvas)
        #expect(canvas.texts.contains { $0.contains("Gesture Demo \(DemoApp.version)") }, "drawn: \(canvas.texts)")
    }
}
