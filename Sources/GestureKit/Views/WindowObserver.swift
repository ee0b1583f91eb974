/// Watches what happens in a window: the app's JSON log, the debug overlay
/// and tests use it. Every method has an empty default.
public protocol WindowObserver: AnyObject {
    func labelTextDidChange(_ label: Label, from oldText: String)
    func controlValueDidChange(_ control: View, value: String)
    func gestureRecognizer(_ recognizer: GestureRecognizer, didTransitionFrom old: GestureRecognizer.State,
                           to new: GestureRecognizer.State, reason: String?)
    func touchesDidChange(_ touches: [Touch], in window: Window)
    func environmentDidChange(_ environment: DisplayEnvironment)
    /// The window's gesture thresholds changed: another set, or a new
    /// density for their millimetres.
    func gestureThresholdsDidChange(_ thresholds: GestureThresholds)
    /// The window's logical size changed (a configure, a script's `size`).
    func windowDidResize(_ window: Window, from oldSize: Size)
}

extension WindowObserver {
    public func labelTextDidChange(_ label: Label, from oldText: String) {}
    public func controlValueDidChange(_ control: View, value: String) {}
    public func gestureRecognizer(_ recognizer: GestureRecognizer, didTransitionFrom old: GestureRecognizer.State,
                                  to new: GestureRecognizer.State, reason: String?) {}
    public func touchesDidChange(_ touches: [Touch], in window: Window) {}
    public func environmentDidChange(_ environment: DisplayEnvironment) {}
    public func gestureThresholdsDidChange(_ thresholds: GestureThresholds) {}
    public func windowDidResize(_ window: Window, from oldSize: Size) {}
}
