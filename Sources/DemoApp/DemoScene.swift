import GestureKit

/// The pages of the app, in tab order.
public enum DemoPage: String, CaseIterable, Sendable {
    case touches
    case flatcube
    case gestures

    /// Every page's name, in tab order: what scripts call the pages.
    public static let names: [String] = allCases.map(\.rawValue)

    /// A new controller for the page.
    public func makeController() -> ViewController {
        switch self {
        case .touches: return TouchesViewController()
        case .flatcube: return FlatCubeViewController()
        case .gestures: return GesturesViewController()
        }
    }
}

/// Builds the app's window: titled "Gesture Demo", a tab bar over the
/// pages, and the app's keyboard shortcuts.
public enum DemoApp {
    public static let title = "Gesture Demo"
    public static let appID = "org.gesturedemo.GestureDemo"
    public static let defaultSize = Size(width: 800, height: 600)
    /// The smallest window every page and overlay lays out in without
    /// clipping or overlapping text, in logical px. 360 is the narrowest
    /// common phone width (most phones are 360 to 430 px wide in portrait);
    /// 480 is less than any 7-inch tablet's height in landscape (600 px
    /// less its system bars) and a phone's in portrait. The tallest page,
    /// Touches, needs about that much in one column: the description on
    /// two lines, four metrics, a picture of at least 44 px and three
    /// 44 px switch rows. A phone in landscape (about 360 px high) is below
    /// it.
    public static let minimumContentSize = Size(width: 360, height: 480)

    /// - Parameter output: where the view-tree dump key prints.
    public static func makeWindow(size: Size = defaultSize, timeSource: TimeSource, page: DemoPage = .touches,
                                  output: @escaping (String) -> Void = { print($0) }) -> Window {
        let window = Window(size: size, timeSource: timeSource)
        window.title = title
        let shell = DemoShell(window: window, output: output)
        shell.show(page)
        window.keyCommands = shell.keyCommands
        window.application.presentShakeToEdit = { shell.presentUndoSheet() }
        window.layoutIfNeeded()
        return window
    }

    /// The page controller the window shows.
    public static func currentPage(of window: Window) -> ViewController? {
        (window.rootViewController as? TabBarController)?.selectedViewController
    }

    /// Switches the window to `page` (as the tab bar or its key would).
    public static func show(_ page: DemoPage, in window: Window) {
        (window.rootViewController as? TabBarController)?.selectedIndex = DemoPage.allCases.firstIndex(of: page) ?? 0
    }
}

/// The app shell: the tab bar controller with every page, the one table of
/// keyboard shortcuts, the shake-to-edit sheet and the overlays. The window
/// keeps it alive through the shortcuts' actions.
final class DemoShell {
    /// Unowned: the window keeps the shell alive through its shortcuts.
    private unowned let window: Window?
    private let tabs = TabBarController()
    private let output: (String) -> Void
    private var helpOverlay: HelpOverlayView?
    private var debugOverlay: DebugOverlayView?
    /// The Undo/Redo sheet last shown, while it lives.
    private weak var undoSheet: ActionSheet?

    init(window: Window, output: @escaping (String) -> Void) {
        self.window = window
        self.output = output
        tabs.viewControllers = DemoPage.allCases.map { $0.makeController() }
        window.rootViewController = tabs
        tabs.onSelect = { [weak self] _ in self?.debugOverlay?.refresh() }
    }

    func show(_ page: DemoPage) {
        tabs.selectedIndex = DemoPage.allCases.firstIndex(of: page) ?? 0
    }

    /// Every shortcut of the app; the help overlay and README list them.
    /// Each says whether it repeats while its keys are held: only undo and
    /// redo do, as in every editor; a held page key, toggle, rotation or
    /// quit acts once.
    var keyCommands: [KeyCommand] {
        var commands = [
            KeyCommand(keysym: Keysym.q, modifiers: .control, title: "Quit", repeats: false) {
                self.window?.request(.close)
            },
            KeyCommand(keysym: Keysym.f11, title: "Toggle fullscreen", repeats: false) {
                guard let window = self.window else { return }
                window.request(.setFullscreen(!window.environment.windowState.contains(.fullscreen)))
            },
        ]
        for (index, page) in DemoPage.allCases.enumerated() {
            let title = tabs.viewControllers[index].title ?? page.rawValue
            commands.append(KeyCommand(keysym: Keysym.digit(index + 1), title: "Show \(title)", repeats: false) {
                self.show(page)
            })
        }
        commands += [
            KeyCommand(keysym: Keysym.s, modifiers: .control, title: "Shake the device (hold; over 1 s is no shake)",
                       repeats: false,
                       action: { self.window.map { $0.shakeBegan(time: $0.scheduler.now) } },
                       onRelease: { self.window.map { $0.shakeEnded(time: $0.scheduler.now) } }),
            KeyCommand(keysym: Keysym.r, modifiers: .control, title: "Simulate a device rotation", repeats: false) {
                guard let window = self.window else { return }
                var env = window.environment
                env.orientation = env.orientation.rotatedClockwise
                window.updateEnvironment(env)
            },
            KeyCommand(keysym: Keysym.z, modifiers: .control, title: "Undo", repeats: true) {
                self.window?.application.undoManager.undo()
                self.refreshUndoSheet()
            },
            KeyCommand(keysym: Keysym.z, modifiers: [.control, .shift], title: "Redo", repeats: true) {
                self.window?.application.undoManager.redo()
                self.refreshUndoSheet()
            },
            KeyCommand(keysym: Keysym.d, modifiers: .control, title: "Toggle the debug overlay", repeats: false) {
                self.toggleDebugOverlay()
            },
            KeyCommand(keysym: Keysym.g, modifiers: .control, title: "Judge gestures by the next platform's thresholds",
                       repeats: false) {
                guard let window = self.window else { return }
                let presets = GestureThresholds.presets
                let current = GestureThresholds.presetIndex(named: window.gestureThresholds.name) ?? -1
                window.gestureThresholds = presets[(current + 1) % presets.count]
            },
            KeyCommand(keysym: Keysym.t, modifiers: .control, title: "Print the view tree as JSON", repeats: false) {
                guard let window = self.window else { return }
                self.output(ViewTreeDump.json(window))
            },
            KeyCommand(keysym: Keysym.f1, title: "Show or hide this help", repeats: false) { self.toggleHelp() },
            KeyCommand(keysym: Keysym.question, title: "Show or hide this help", repeats: false) { self.toggleHelp() },
            KeyCommand(keysym: Keysym.escape, title: "Close help or sheet", repeats: false) {
                self.helpOverlay?.removeFromSuperview()
                self.helpOverlay = nil
                self.tabs.selectedViewController?.dismissPresentedSheet()
            },
        ]
        return commands
    }

    // MARK: Shake to edit

    /// The Undo/Redo sheet an unhandled shake shows when shake-to-edit is
    /// on: a sheet of the page shown, so switching page dismisses it. A
    /// shake while it is open changes nothing.
    func presentUndoSheet() {
        guard let window, let page = tabs.selectedViewController, page.presentedSheet == nil else { return }
        let undo = window.application.undoManager
        var actions: [ActionSheet.Action] = []
        if undo.canUndo { actions.append(.init(title: "Undo \(undo.undoActionName)") { undo.undo() }) }
        if undo.canRedo { actions.append(.init(title: "Redo \(undo.redoActionName)") { undo.redo() }) }
        guard !actions.isEmpty else { return }
        let sheet = ActionSheet(title: "Shake to undo", actions: actions)
        undoSheet = sheet
        // The debug overlay's panel moves out of the sheet's way and back.
        sheet.onDismiss = { [weak self] in self?.debugOverlay?.setNeedsLayout() }
        page.present(sheet)
        debugOverlay?.setNeedsLayout()
    }

    /// Undo or redo by key while the Undo/Redo sheet is open: the sheet
    /// offers what can be undone and redone now (or goes, when nothing can).
    private func refreshUndoSheet() {
        guard let page = tabs.selectedViewController, let sheet = page.presentedSheet, sheet === undoSheet else { return }
        page.dismissPresentedSheet()
        presentUndoSheet()
    }

    // MARK: Overlays

    private func toggleHelp() {
        guard let window else { return }
        if let help = helpOverlay {
            help.removeFromSuperview()
            helpOverlay = nil
            return
        }
        let help = HelpOverlayView(commands: window.keyCommands)
        help.frame = window.bounds
        help.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        help.onDismiss = { [weak self] in self?.toggleHelp() }
        window.addSubview(help)
        helpOverlay = help
    }

    private func toggleDebugOverlay() {
        guard let window else { return }
        if let overlay = debugOverlay {
            window.removeObserver(overlay)
            overlay.removeFromSuperview()
            debugOverlay = nil
            return
        }
        let overlay = DebugOverlayView(tabs: tabs)
        overlay.frame = window.bounds
        overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(overlay)
        window.addObserver(overlay)
        debugOverlay = overlay
    }
}
