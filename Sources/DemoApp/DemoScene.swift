import GestureKit

/// The pages the app can show. Until the tab bar exists, one is chosen at
/// launch.
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
}

/// Builds the app's window: the chosen page as root controller, titled
/// "Gesture Demo".
public enum DemoApp {
    public static let title = "Gesture Demo"
    public static let appID = "org.gesturedemo.GestureDemo"
    public static let defaultSize = Size(width: 800, height: 600)

    public static func makeWindow(size: Size = defaultSize, timeSource: TimeSource,
                                  page: DemoPage = .flatcube) -> Window {
        let window = Window(size: size, timeSource: timeSource)
        window.rootViewController = page.makeController()
        window.layoutIfNeeded()
        return window
    }
}
