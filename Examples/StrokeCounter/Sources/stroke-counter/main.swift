import Foundation
import GestureKit
import GestureWayland

// A GestureKit window on the Wayland desktop: one view of our own with a
// recognizer of our own. Each change of the count is printed as a line.

let clock = MonotonicTimeSource()
let window = Window(size: WaylandApplication.defaultSize, timeSource: clock)
window.title = "Stroke Counter"
let controller = CounterViewController()
controller.onChange = { count in
    FileHandle.standardOutput.write(Data("strokes: \(count)\n".utf8))
}
window.rootViewController = controller

do {
    let app = try WaylandApplication(title: "Stroke Counter", appID: "org.gesturedemo.StrokeCounter")
    try app.run(window: window)
} catch {
    FileHandle.standardError.write(Data("stroke-counter: \(error)\n".utf8))
    exit(1)
}
