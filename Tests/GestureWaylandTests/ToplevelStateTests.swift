import CWaylandProtocols
@testable import GestureWayland
import Testing

/// Decoding `xdg_toplevel.configure` states and naming outputs: what the
/// toolkit's title bar and metric labels are told.
@Suite("Toplevel state and output names")
struct ToplevelStateTests {
    @Test("each xdg_toplevel state value maps to its own state; unknown values to none")
    func protocolValues() {
        let decoded = (1...8).map { ToplevelState(protocolValue: UInt32($0)) }
        #expect(decoded == [.maximized, .fullscreen, .resizing, .activated,
                            .tiledLeft, .tiledRight, .tiledTop, .tiledBottom])
        #expect(ToplevelState(protocolValue: XDG_TOPLEVEL_STATE_ACTIVATED.rawValue) == .activated)
        #expect(ToplevelState(protocolValue: 0) == [])
        #expect(ToplevelState(protocolValue: 9) == [], "suspended (v6) and later mean nothing here")
    }

    @Test("states are named for the log; no state at all is a floating window")
    func names() {
        #expect(ToplevelState([.activated, .maximized]).description == "maximized, activated")
        #expect(ToplevelState().description == "floating")
    }

    @Test("an output is named by its connector, else its description, else make and model")
    func outputNames() {
        var output = Output.Properties()
        output.make = "weston"
        output.model = "headless"
        #expect(output.displayName == "weston headless")
        output.description = "Built-in panel"
        #expect(output.displayName == "Built-in panel")
        output.name = "eDP-1"
        #expect(output.displayName == "eDP-1")
    }
}
