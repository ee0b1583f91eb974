/// A mouse as a finger: a left-button drag is one touch. With Alt held at
/// the press, a second touch mirrors the pointer around the window's centre
/// for the whole drag (the iOS Simulator's Option-drag), so pinch and
/// rotation work with a mouse.
final class PointerTouchEmulation {
    private unowned let frames: TouchFrames
    private var link = WindowLink()
    private var window: Window { link.window }
    /// Where the pointer is on the surface; nil while it is elsewhere.
    private(set) var location: Point?
    /// Whether the left button drags a touch: then the pointer's motion
    /// and leave change it, and deliver the touch changes waiting for a
    /// frame with it.
    private(set) var dragging = false
    private var mirrored = false
    /// The buttons pressed over the surface and not released since (any
    /// button, not only the one that drags).
    private var buttonsDown: Set<UInt32> = []

    /// Whether a button is held down over the surface.
    var hasButtonDown: Bool { !buttonsDown.isEmpty }

    /// The Linux input code of the button that drags (BTN_LEFT).
    static let leftButton: UInt32 = 272

    /// Whether `button` is the one that drags, on the surface: its press
    /// or release delivers the touch changes waiting for a frame, whatever
    /// it does to the drag.
    func buttonDeliversFrame(_ button: UInt32) -> Bool {
        button == Self.leftButton && location != nil
    }

    init(frames: TouchFrames) {
        self.frames = frames
    }

    func connect(to window: Window) { link.connect(to: window) }

    func motion(to location: Point, time: Double) {
        self.location = location
        guard dragging else { return }
        frames.move(.pointer, to: location, time: time)
        if mirrored { frames.move(.pointerMirror, to: mirror(location), time: time) }
        frames.flush()
    }

    func button(_ button: UInt32, pressed: Bool, mirroring: Bool, time: Double) {
        if pressed, location != nil {
            buttonsDown.insert(button)
        } else if !pressed {
            buttonsDown.remove(button)
        }
        guard buttonDeliversFrame(button), let location else { return }
        if pressed && !dragging {
            dragging = true
            frames.begin(.pointer, at: location, time: time)
            if mirroring {
                mirrored = true
                frames.begin(.pointerMirror, at: mirror(location), time: time)
            }
        } else if !pressed && dragging {
            endDrag(time: time, cancelled: false)
        }
        frames.flush()
    }

    /// The pointer left the surface: a drag under way is cancelled, since
    /// its end will never be seen.
    func leave(time: Double) {
        location = nil
        buttonsDown = []
        if dragging {
            endDrag(time: time, cancelled: true)
            frames.flush()
        }
    }

    /// Forgets a drag whose touches were cancelled with every other.
    func touchesCancelled() {
        dragging = false
        mirrored = false
    }

    private func endDrag(time: Double, cancelled: Bool) {
        dragging = false
        frames.end(.pointer, time: time, cancelled: cancelled)
        if mirrored {
            mirrored = false
            frames.end(.pointerMirror, time: time, cancelled: cancelled)
        }
    }

    private func mirror(_ p: Point) -> Point {
        let c = window.bounds.center
        return Point(x: 2 * c.x - p.x, y: 2 * c.y - p.y)
    }
}
