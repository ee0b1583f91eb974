import GestureKit

/// The pages the app can show, in tab order.
public enum DemoPage: String, CaseIterable, Sendable {
    case flatcube
    case gestures

    /// A new controller for the page.
    public func makeController() -> ViewController {
        switch self {
        case .flatcube: return FlatCubeViewController()
        case .gestures: return GesturesViewController()
        }
    }

    public var title: String {
        switch self {
        case .flatcube: return "FlatCube"
        case .gestures: return "Gestures"
        }
    }
}

/// Builds the app's window: titled "Gesture Demo", showing one page, with
/// the app's keyboard shortcuts.
public enum DemoApp {
    public static let title = "Gesture Demo"
    public static let appID = "org.gesturedemo.GestureDemo"
    public static let defaultSize = Size(width: 800, height: 600)

    public static func makeWindow(size: Size = defaultSize, timeSource: TimeSource,
                                  page: DemoPage = .flatcube) -> Window {
        let window = Window(size: size, timeSource: timeSource)
        window.title = title
        let shell = DemoShell(window: window)
        shell.show(page)
        window.keyCommands = shell.keyCommands
        window.layoutIfNeeded()
        return window
    }
}

/// Switches pages (keeping each page's state) and holds the app's one
/// table of keyboard shortcuts. The window keeps it alive through the
/// shortcuts' actions.
final class DemoShell {
    private weak var window: Window?
    private var controllers: [DemoPage: ViewController] = [:]
    private(set) var currentPage: DemoPage?

    init(window: Window) {
        self.window = window
    }

    func show(_ page: DemoPage) {
        guard let window, page != currentPage else { return }
        let controller = controllers[page] ?? page.makeController()
        controllers[page] = controller
        currentPage = page
        window.rootViewController = controller
    }

    /// Every shortcut of the app (the README and the help list them).
    var keyCommands: [KeyCommand] {
        var commands = [
            KeyCommand(keysym: Keysym.q, modifiers: .control, title: "Quit") {
                self.window?.request(.close)
            },
            KeyCommand(keysym: Keysym.f11, title: "Toggle fullscreen") {
                guard let window = self.window else { return }
                window.request(.setFullscreen(!window.environment.windowState.contains(.fullscreen)))
            },
            KeyCommand(keysym: Keysym.r, modifiers: .control, title: "Simulate a device rotation") {
                guard let window = self.window else { return }
                var env = window.environment
                env.orientation = env.orientation.rotatedClockwise
                window.updateEnvironment(env)
            },
        ]
        for (index, page) in DemoPage.allCases.enumerated() {
            commands.append(KeyCommand(keysym: Keysym.digit(index + 1), title: "Show \(page.title)") {
                self.show(page)
            })
        }
        return commands
    }
}
