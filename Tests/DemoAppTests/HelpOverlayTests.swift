import DemoApp
import GestureKit
import Testing

/// The help overlay names the app and its version (DemoApp.version, the
/// one place `--version` reads too).
@MainActor
@Suite("Help overlay")
struct HelpOverlayTests {
    @Test("the help overlay shows the app's name and version")
    func showsVersion() throws {
        let app = DemoWindow<TouchesViewController>(.touches)
        let window = app.window
        try window.play("key ?", clock: app.clock)
        let help = try #require(window.view(named: "help"))
        window.layoutIfNeeded()
        var texts: [String] = []
        func collect(_ view: View) {
            guard !view.isHidden else { return }
            if let label = view as? Label { texts.append(label.text) }
            view.subviews.forEach(collect)
        }
        collect(help)
        #expect(texts.contains { $0.contains("Gesture Demo \(DemoApp.version)") }, "shown: \(texts)")
    }
}
