/// Watches what happens in a window: the app's JSON log, the debug overlay
/// and tests use it. Every method has an empty default.
public protocol WindowObserver: AnyObject {
    /// A named label (one with a ``View/name``) in the window shows new text;
    /// `label.text` is the new one. Unnamed labels are decoration and not
    /// reported.
    func labelTextDidChange(_ label: Label, from oldText: String)
    /// A control's value changed: a ``Switch`` reports "on" or "off" on every
    /// change, a ``SegmentedControl`` the selected title when the user chose it.
    func controlValueDidChange(_ control: View, value: String)
    /// A recognizer in the window changed state, before its actions run.
    /// - Parameters:
    ///   - recognizer: the recognizer, already in `new`.
    ///   - old: the state it left.
    ///   - new: the state it entered.
    ///   - reason: why, as the recognizer or the arena said it (e.g. "moved
    ///     beyond the tap slop"); nil when none was given.
    func gestureRecognizer(_ recognizer: GestureRecognizer, didTransitionFrom old: GestureRecognizer.State,
                           to new: GestureRecognizer.State, reason: String?)
    /// A touch frame is about to be delivered: `touches` are the ones that
    /// changed in it, already updated, before any recognizer or view sees them.
    func touchesDidChange(_ touches: [Touch], in window: Window)
    /// The window's display environment changed (scale, output, orientation,
    /// decorations, density); called after the root controller heard of it.
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
