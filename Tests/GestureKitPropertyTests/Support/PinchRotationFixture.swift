import DemoApp
import GestureKit

/// A pinch and a rotation recognizing together, either on a bare
/// full-window view or the Gestures page's own pair (which also drive its
/// image), with the area where fingers should land.
struct PinchRotationFixture {
    let clock: VirtualTimeSource
    let window: Window
    let pinch: PinchGestureRecognizer
    let rotation: RotationGestureRecognizer
    /// The area fingers land in, in window coordinates.
    let stage: Rect
    /// Keeps the bare view's delegate alive (recognizers hold it weakly).
    private let delegate: SimultaneousDelegate?

    static func bareView() -> PinchRotationFixture {
        let clock = VirtualTimeSource()
        let window = Window(size: Size(width: 400, height: 400), timeSource: clock)
        let view = View(frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        let together = SimultaneousDelegate()
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        for r in [pinch, rotation] as [GestureRecognizer] {
            r.delegate = together
            view.addGestureRecognizer(r)
        }
        return PinchRotationFixture(clock: clock, window: window, pinch: pinch, rotation: rotation,
                                    stage: window.bounds.insetBy(dx: 40, dy: 40), delegate: together)
    }

    static func gesturesPage() -> PinchRotationFixture {
        let clock = VirtualTimeSource()
        let window = DemoApp.makeWindow(size: PageFixture.size, timeSource: clock, page: .gestures)
        let page = DemoApp.currentPage(of: window) as! GesturesViewController
        let area = page.pinchArea.convert(page.pinchArea.bounds, to: nil)
        return PinchRotationFixture(clock: clock, window: window, pinch: page.pinch, rotation: page.rotation,
                                    stage: area.insetBy(dx: area.width * 0.05, dy: area.height * 0.05),
                                    delegate: nil)
    }

    func probe() -> ContinuityProbe {
        ContinuityProbe(self)
    }
}
