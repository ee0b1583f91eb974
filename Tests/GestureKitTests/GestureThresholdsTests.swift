import Testing
@testable import GestureKit

/// The threshold presets and how the window converts their millimetres:
/// each platform's documented values, in the unit it states them.
@Suite("Gesture threshold presets")
struct GestureThresholdsTests {
    @Test("the presets are uikit, android, gtk and flutter, found by name; other names find nothing")
    func presetsByName() {
        #expect(GestureThresholds.presets.map(\.name) == ["uikit", "android", "gtk", "flutter"])
        for preset in GestureThresholds.presets {
            #expect(GestureThresholds.preset(named: preset.name) == preset)
        }
        #expect(GestureThresholds.preset(named: "ios") == nil)
        #expect(GestureThresholds.preset(named: "Android") == nil)
    }

    @Test("UIKit's preset keeps the toolkit's earlier behaviour: 10 px slops, 0.5 s long press, no double-tap minimum")
    func uikitUnchanged() {
        let t = GestureThresholds.uikit
        #expect(t.tapSlop == .logicalPixels(10) && t.panSlop == .logicalPixels(10))
        #expect(t.longPressDuration == 0.5 && t.longPressAllowableMovement == .logicalPixels(10))
        #expect(t.multiTapInterval == 0.35 && t.multiTapMinimumInterval == 0)
    }

    @Test("Android's 8 dp touch slop is 1.27 mm: 4.8 px at 96 dpi, 7.5 px at 150 dpi")
    func androidDp() {
        var t = GestureThresholds.android
        #expect(abs(t.logicalPixels(t.tapSlop) - 4.8) < 0.01)
        #expect(t.describe(t.tapSlop) == "8 dp = 1.27 mm = 4.8 px")
        t.pixelsPerMillimetre = 150 / 25.4
        #expect(t.describe(t.tapSlop) == "8 dp = 1.27 mm = 7.5 px")
        #expect(t.describe(t.multiTapDistance) == "100 dp = 15.88 mm = 93.8 px")
        #expect(t.longPressDuration == 0.4 && t.multiTapInterval == 0.3 && t.multiTapMinimumInterval == 0.04)
        #expect(t.describe(t.pinchSlop) == "16 dp = 2.54 mm = 15 px")
    }

    @Test("Flutter's 18 logical px touch slop and 36 px pan slop are 18 and 36 px at 96 dpi")
    func flutterPixels() {
        let t = GestureThresholds.flutter
        #expect(t.describe(t.tapSlop) == "18 Flutter px = 4.76 mm = 18 px")
        #expect(abs(t.logicalPixels(t.panSlop) - 36) < 1e-9)
        #expect(t.multiTapMinimumInterval == 0.04 && t.longPressDuration == 0.5)
    }

    @Test("GTK's pixels are the desktop's: 5 px click distance and 8 px drag threshold at any density")
    func gtkPixels() {
        var t = GestureThresholds.gtk
        t.pixelsPerMillimetre = 10
        #expect(t.logicalPixels(t.tapSlop) == 5 && t.logicalPixels(t.panSlop) == 8)
        #expect(t.describe(t.panSlop) == "8 px")
        #expect(t.multiTapInterval == 0.4 && t.longPressDuration == 0.5)
    }
}

/// Where the window's density comes from: the output's physical size and
/// mode, or the documented default with the reason when they are unusable.
@Suite("Output density")
struct OutputDensityTests {
    func measure(_ w: Int32, _ h: Int32, mode: (Int32, Int32)? = (1920, 1080), scale: Double = 1) -> OutputDensity {
        OutputDensity.measure(widthMillimetres: w, heightMillimetres: h, modeWidth: mode?.0, modeHeight: mode?.1,
                              scale: scale)
    }

    @Test("a 24-inch 1080p monitor (527x296 mm) is about 3.64 px/mm, measured")
    func monitor() {
        let d = measure(527, 296)
        #expect(abs(d.pixelsPerMillimetre - 3.643) < 0.01)
        #expect(d.source == .measured(widthMillimetres: 527, heightMillimetres: 296))
        #expect(d.description == "3.64 px/mm (93 dpi), measured from 527x296 mm")
    }

    @Test("the output's scale divides the hardware density: integer 2, fractional 1.5")
    func scales() {
        let hardware = measure(294, 166, mode: (2880, 1620)).pixelsPerMillimetre
        #expect(abs(measure(294, 166, mode: (2880, 1620), scale: 2).pixelsPerMillimetre - hardware / 2) < 1e-9)
        #expect(abs(measure(294, 166, mode: (2880, 1620), scale: 1.5).pixelsPerMillimetre - hardware / 1.5) < 1e-9)
    }

    @Test("0 mm falls back to 96 dpi, saying the output reports no physical size")
    func zero() {
        let d = measure(0, 0)
        #expect(d.pixelsPerMillimetre == GestureThresholds.defaultPixelsPerMillimetre)
        #expect(d.description == "3.78 px/mm (96 dpi), default: the output reports no physical size (0x0 mm)")
    }

    @Test("absurd sizes fall back with the reason: an EDID's 16x9 'mm', a 5 m wall, 1 mm per pixel, a square for 16:9")
    func absurd() {
        for (d, reason) in [(measure(16, 9), "implausible (diagonal 18 mm)"),
                            (measure(4000, 3000), "implausible (diagonal 5000 mm)"),
                            (measure(1280, 800, mode: (1280, 800)), "is 25 dpi, implausible"),
                            (measure(300, 300), "does not have the shape of 1920x1080 px"),
                            (measure(527, 296, mode: nil), "no current mode")] {
            #expect(d.pixelsPerMillimetre == GestureThresholds.defaultPixelsPerMillimetre)
            guard case .fallback(let why) = d.source else {
                Issue.record("\(d) is no fallback")
                continue
            }
            #expect(why.contains(reason), "\(why)")
        }
    }

    @Test("a given density (--dpi 160) is 6.3 px/mm, said to be given")
    func configured() {
        let d = OutputDensity.configured(dotsPerInch: 160)
        #expect(abs(d.pixelsPerMillimetre - 6.299) < 0.001)
        #expect(d.description == "6.30 px/mm (160 dpi), given by --dpi")
    }
}

/// The window judges by one set of thresholds, converts its millimetres
/// with the environment's density, and tells its observers of changes.
@Suite("Window thresholds")
struct WindowThresholdsTests {
    final class Changes: WindowObserver {
        var names: [String] = []
        func gestureThresholdsDidChange(_ thresholds: GestureThresholds) { names.append(thresholds.name) }
    }

    @Test("a new density reaches the thresholds, and a preset set later takes the window's density")
    func densityFollowsEnvironment() {
        let h = ViewInWindow()
        let changes = Changes()
        h.window.addObserver(changes)
        var environment = h.window.environment
        environment.density = .configured(dotsPerInch: 150)
        h.window.updateEnvironment(environment)
        #expect(abs(h.window.gestureThresholds.pixelsPerMillimetre - 150 / 25.4) < 1e-9)
        h.window.gestureThresholds = .android
        #expect(abs(h.window.gestureThresholds.pixelsPerMillimetre - 150 / 25.4) < 1e-9)
        #expect(changes.names == ["uikit", "android"])
    }

    @Test("under Android's thresholds a 6 px wobble fails a tap (4.8 px slop); under UIKit's it taps")
    func slopByPreset() {
        for (preset, recognized) in [(GestureThresholds.android, false), (.uikit, true)] {
            let h = ViewInWindow()
            h.window.gestureThresholds = preset
            let tap = TapGestureRecognizer()
            let log = h.attach(tap)
            h.down(0, 50, 50); h.frame()
            h.move(0, 56, 50); h.frame()
            h.up(0); h.frame()
            #expect((log.states == [.ended]) == recognized, "\(preset.name): \(log.states)")
            if !recognized { #expect(tap.lastFailure == "moved 6 px > 4.8 px") }
        }
    }

    /// A view in a window judged by `preset`, with a double-tap recognizer
    /// on it and the log of its actions.
    func doubleTapInWindow(_ preset: GestureThresholds) -> (ViewInWindow, TapGestureRecognizer, ActionLog) {
        let h = ViewInWindow()
        h.window.gestureThresholds = preset
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        return (h, doubleTap, h.attach(doubleTap))
    }

    /// Taps at (50, 50) and expects it to be the double tap's second
    /// (tap count 2, the recognizer ended) when `recognized`, else a new
    /// first tap.
    static func expectSecondTap(_ h: ViewInWindow, _ log: ActionLog, recognized: Bool,
                                _ preset: GestureThresholds, sourceLocation: SourceLocation = #_sourceLocation) {
        h.down(0, 50, 50); h.frame()
        let second = h.view.lastBegan.first
        h.up(0); h.frame()
        #expect((log.states == [.ended]) == recognized, "\(preset.name): \(log.states)", sourceLocation: sourceLocation)
        #expect(second?.tapCount == (recognized ? 2 : 1), "\(preset.name)", sourceLocation: sourceLocation)
    }

    @Test("a second tap 20 ms after the first lifts is no double tap under Android's 40 ms minimum, and is under UIKit's")
    func doubleTapMinimum() {
        for (preset, recognized) in [(GestureThresholds.android, false), (.uikit, true)] {
            let (h, doubleTap, log) = doubleTapInWindow(preset)
            h.tap(50, 50)
            h.wait(0.02)
            Self.expectSecondTap(h, log, recognized: recognized, preset)
            if !recognized {
                h.wait(0.3)
                #expect(doubleTap.lastFailure == "no tap 2 within 0.3 s")
            }
        }
    }

    @Test("GTK's 0.4 s double-click time runs from the first press: a 0.15 s press and a 0.3 s pause are two taps")
    func gtkDoubleClickFromPress() {
        for (preset, recognized) in [(GestureThresholds.gtk, false), (.uikit, true)] {
            let (h, _, log) = doubleTapInWindow(preset)
            h.down(0, 50, 50); h.frame()
            h.wait(0.15)
            h.up(0); h.frame()
            h.wait(0.3)
            Self.expectSecondTap(h, log, recognized: recognized, preset)
        }
        // Within 0.4 s of the first press it is a double click under GTK.
        let (h, _, log) = doubleTapInWindow(.gtk)
        h.down(0, 50, 50); h.frame()
        h.wait(0.15)
        h.up(0); h.frame()
        h.wait(0.2)
        h.tap(50, 50)
        #expect(log.states == [.ended])
    }

    @Test("a tap too quick after the first starts the double tap anew: with a tap 0.1 s later it is a double tap (Android, Flutter)")
    func doubleTapAfterQuickRetap() {
        for preset in [GestureThresholds.android, .flutter] {
            let (h, _, log) = doubleTapInWindow(preset)
            h.tap(50, 50)
            h.wait(0.02)
            h.tap(50, 50)
            #expect(log.states.isEmpty, "\(preset.name): \(log.states)")
            h.wait(0.1)
            h.down(0, 50, 50); h.frame()
            let third = h.view.lastBegan.first
            h.up(0); h.frame()
            #expect(third?.tapCount == 2, "\(preset.name)")
            #expect(log.states == [.ended], "\(preset.name): \(log.states)")
        }
    }
}
