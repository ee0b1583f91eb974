import DemoApp
import GestureKit
import GestureScript

extension Window {
    /// Plays `text` as a script on `clock`, through the real input
    /// pipeline; its `page` lines switch this window's page as the app's
    /// do.
    @MainActor
    func play(_ text: String, clock: VirtualTimeSource) throws {
        let player = ScriptPlayer(window: self, clock: clock)
        player.connectPages(DemoPage.names)
        try player.run(ScriptParser.parse(text, fileName: "test"))
    }
}
