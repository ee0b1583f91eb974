import DemoApp
import GestureKit
import GestureScript
import Testing

/// The Gestures page's preset chooser: it sets the window's thresholds,
/// follows them whoever changes them, and the label names the preset that
/// judged; the debug overlay shows the conversion.
@MainActor
@Suite("Threshold chooser")
struct ThresholdChooserTests: DemoWindowSuite {
    let app = DemoWindow<GesturesViewController>(.gestures)

    @Test("the chooser's segments are UIKit, Android, GTK and Flutter, UIKit first, each a 44 px target at 360 px wide")
    func segments() {
        #expect(vc.presetChooser.titles == ["UIKit", "Android", "GTK", "Flutter"])
        #expect(vc.presetChooser.selectedIndex == 0)
        window.resize(to: Size(width: 360, height: 480))
        window.layoutIfNeeded()
        let segment = vc.presetChooser.segmentFrame(3)
        #expect(segment.width >= 44 && segment.height >= 44, "\(segment)")
    }

    @Test("tapping Android judges by Android's rules: a tap reads Tapped (android)")
    func tapChooses() throws {
        let android = vc.presetChooser.convert(vc.presetChooser.segmentFrame(1), to: nil)
        try play("tap \(android.midX) \(android.midY)\nwait 400\ntap @tapArea\nwait 400")
        #expect(window.gestureThresholds.name == "android")
        #expect(vc.outputLabel.text == "Tapped (android)")
    }

    @Test("the chooser follows a script's 'thresholds' line and Ctrl+G, which steps on to the next preset")
    func follows() throws {
        try play("thresholds flutter")
        #expect(vc.presetChooser.selectedIndex == 3)
        window.handleKey(KeyEvent(keysym: Keysym.g, modifiers: .control))
        #expect(window.gestureThresholds.name == "uikit" && vc.presetChooser.selectedIndex == 0)
        window.handleKey(KeyEvent(keysym: Keysym.g, modifiers: .control))
        #expect(window.gestureThresholds.name == "android" && vc.presetChooser.selectedIndex == 1)
    }

    @Test("the debug overlay shows the preset's slops in its unit, millimetres and pixels, and where the density comes from")
    func overlay() throws {
        var environment = window.environment
        environment.density = .configured(dotsPerInch: 150)
        window.updateEnvironment(environment)
        try play("thresholds android\nkey ctrl+d")
        let lines = try #require(window.view(named: "debugPanel")?.subviews.compactMap { ($0 as? Label)?.text }.first)
        #expect(lines.contains("android: tap slop 8 dp = 1.27 mm = 7.5 px, pan slop 8 dp = 1.27 mm = 7.5 px"), "\(lines)")
        #expect(lines.contains("density 5.91 px/mm (150 dpi), given by --dpi"), "\(lines)")
    }

    @Test("the debug overlay keeps a pan's reason for beginning while it changes and after it ends")
    func overlayKeepsReason() throws {
        try play("key ctrl+d\ndown 1 @panArea\nframe\nwait 16\nmove 1 @panArea+20,0\nframe\nwait 16\nmove 1 @panArea+40,0\nframe")
        func panLine() -> String? {
            window.view(named: "debugPanel")?.subviews.compactMap { ($0 as? Label)?.text }.first?
                .split(separator: "\n").first { $0.hasPrefix("pan ") }.map(String.init)
        }
        #expect(panLine()?.hasPrefix("pan changed (began: moved ") == true, "\(panLine() ?? "no pan line")")
        try play("up 1\nframe\nwait 100")
        #expect(panLine()?.hasPrefix("pan possible (") == true, "\(panLine() ?? "no pan line")")
        #expect(panLine()?.contains("moved ") == true, "\(panLine() ?? "no pan line")")
    }
}
