import DemoApp
import GestureKit
import GestureScript

/// The app's window showing `page` on `clock`, and a player for it whose
/// `page` lines switch the window's tabs as the app's do.
@MainActor
func demoPlayer(_ page: DemoPage, clock: VirtualTimeSource) -> (window: Window, player: ScriptPlayer) {
    let window = DemoApp.makeWindow(timeSource: clock, page: page)
    let player = ScriptPlayer(window: window, clock: clock)
    player.connectPages(DemoPage.names)
    return (window, player)
}

extension Window {
    /// Has the window draw its own title bar, as on a compositor without
    /// server-side decorations (mutter).
    func drawsItsOwnTitleBar() {
        var environment = self.environment
        environment.clientSideDecorations = true
        updateEnvironment(environment)
    }
}
