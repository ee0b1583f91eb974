import DemoApp
import GestureKit
import Testing

/// Every page and overlay, at the minimum window size, in portrait and in
/// landscape, with the longest texts its labels show: no text is cut,
/// spills out of its label or the window, or overlaps other text, and every
/// control is a whole 44 px target (see `TextLayoutAudit`).
@Suite("Text layout of every page and overlay")
struct PageTextLayoutTests {
    /// The minimum, a phone and a small tablet in portrait, landscape
    /// windows from the minimum height to full HD and wider.
    static let sizes: [Size] = [
        DemoApp.minimumContentSize,
        Size(width: 360, height: 640), Size(width: 480, height: 800), Size(width: 600, height: 960),
        Size(width: 480, height: 480), Size(width: 640, height: 480), Size(width: 800, height: 600),
        Size(width: 1024, height: 768), Size(width: 960, height: 600), Size(width: 1920, height: 1080),
        Size(width: 2560, height: 480),
    ]

    /// What is on screen besides the page.
    enum Overlay: String, CaseIterable, CustomTestStringConvertible {
        case none, help, debug, undoSheet, undoSheetAndDebug
        var testDescription: String { rawValue }
    }

    /// The app at `size` on `page` with `overlay` up and every label of the
    /// page showing the longest text it gets at that size.
    static func app(size: Size, page: DemoPage, overlay: Overlay, clientSideDecorations: Bool = false) -> AppWindow {
        let app = AppWindow(size: size, page: .touches, clientSideDecorations: clientSideDecorations)
        let window = app.window
        var environment = window.environment
        environment.outputName = "HDMI-A-1"
        environment.outputSize = Size(width: 3840, height: 2160)
        environment.outputRefresh = 59.94
        environment.outputTransform = OutputTransform(rawValue: 7)!
        window.updateEnvironment(environment)
        if overlay == .undoSheet || overlay == .undoSheetAndDebug {
            app.tap(app.centre(of: window.view(named: "shakeToEdit")!))
        }
        DemoApp.show(page, in: window)
        // Coordinates as long as the window allows.
        let corner = "(\(formatCoordinate(window.bounds.width - 0.5)),\(formatCoordinate(window.bounds.height - 0.5)))"
        if let touches = app.page(TouchesViewController.self) {
            touches.interactionLabel.text = "Multiple tap ended \(corner)->\(corner)"
            touches.imageLabel.text = "Image touched at \(corner)"
            touches.fingersLabel.text = "Number of fingers: 10"
        }
        if let gestures = app.page(GesturesViewController.self) {
            // The longest preset names are seven letters (android, flutter).
            gestures.outputLabel.text = "Rotated, Radians:-12.57, Velocity:-10.00 (flutter)"
        }
        if let flatcube = app.page(FlatCubeViewController.self) {
            flatcube.setCounts(single: 999, double: 999)
        }
        switch overlay {
        case .none: break
        case .help: app.key(Keysym.f1)
        case .debug: app.key(Keysym.d, .control)
        case .undoSheet, .undoSheetAndDebug:
            if page != .flatcube { DemoApp.show(.flatcube, in: window) }
            window.shakeBegan(time: app.clock.now)
            window.shakeEnded(time: app.clock.now + 0.3)
            if overlay == .undoSheetAndDebug { app.key(Keysym.d, .control) }
        }
        return app
    }

    @Test("no text is cut or overlaps, every control is whole", arguments: sizes, DemoPage.allCases)
    func pages(size: Size, page: DemoPage) {
        for overlay in Overlay.allCases where !(overlay == .undoSheet || overlay == .undoSheetAndDebug) || page == .flatcube {
            let app = Self.app(size: size, page: page, overlay: overlay)
            let problems = TextLayoutAudit(app.window).problems
            #expect(problems.isEmpty, "\(page) at \(size) with \(overlay): \(problems.joined(separator: "; "))")
        }
    }

    @Test("with the window's own title bar, down to the minimum content size", arguments: DemoPage.allCases)
    func titleBar(page: DemoPage) {
        for content in [DemoApp.minimumContentSize, Size(width: 1024, height: 768)] {
            let size = Size(width: content.width, height: content.height + TitleBarView.height)
            for overlay in [Overlay.none, .help, .debug] {
                let app = Self.app(size: size, page: page, overlay: overlay, clientSideDecorations: true)
                #expect(app.window.titleBar != nil)
                let problems = TextLayoutAudit(app.window).problems
                #expect(problems.isEmpty, "\(page) at \(size) with a title bar and \(overlay): \(problems.joined(separator: "; "))")
            }
        }
    }

    @Test("the debug panel leaves every switch, button and segmented control of the page in sight",
          arguments: sizes, DemoPage.allCases)
    func debugPanelClearsControls(size: Size, page: DemoPage) throws {
        let app = Self.app(size: size, page: page, overlay: .debug)
        let window = app.window
        window.layoutIfNeeded()
        let panel = try #require(window.view(named: "debugPanel"))
        let frame = panel.convert(panel.bounds, to: nil)
        func controls(in view: View) -> [View] {
            guard !view.isHidden, view.name != "debugOverlay" else { return [] }
            if view is Switch || view is Button || view is SegmentedControl { return [view] }
            return view.subviews.flatMap(controls(in:))
        }
        let all = controls(in: window)
        #expect(!all.isEmpty, "no control found on \(page)")
        let covered = all.filter { !frame.intersection($0.convert($0.bounds, to: nil)).isEmpty }
        #expect(covered.isEmpty, "\(page) at \(size): the panel \(frame) covers \(covered.map(TextLayoutAudit.describe))")
    }

    @Test("the audit finds text that is cut, overlaps or lies outside the window, and controls off screen")
    func auditCatchesFaults() {
        let app = AppWindow(size: Size(width: 400, height: 300))
        let window = app.window
        let a = Label(text: "Overlapping text", frame: Rect(x: 10, y: 100, width: 200, height: 30))
        let b = Label(text: "More text here", frame: Rect(x: 60, y: 105, width: 200, height: 30))
        let cut = Label(text: "This text is far too long for its label", frame: Rect(x: 10, y: 200, width: 60, height: 30))
        let outside = Label(text: "Off the edge", frame: Rect(x: 350, y: 250, width: 200, height: 30))
        let toggle = Switch(frame: Rect(x: 380, y: 10, width: 60, height: 44))
        for v in [a, b, cut, outside, toggle] as [View] { window.addSubview(v) }
        let problems = TextLayoutAudit(window).problems.joined(separator: "\n")
        #expect(problems.contains("\"Overlapping text\" and label \"More text here\" overlap"), "\(problems)")
        #expect(problems.contains("\"This text is far too long for its label\" is cut"), "\(problems)")
        #expect(problems.contains("\"Off the edge\": text") && problems.contains("is outside the window"), "\(problems)")
        #expect(problems.contains("Switch at"), "\(problems)")
    }
}
