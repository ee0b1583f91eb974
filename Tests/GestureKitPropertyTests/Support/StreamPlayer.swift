import GestureKit

/// Feeds raw input to a window the way the Wayland backend's event loop
/// does: protocol events go to `window.input`; before the loop sleeps it
/// ends the input batch, then it moves the virtual clock from deadline to
/// deadline and fires the timers due. Every loop is bounded, so a toolkit
/// that keeps rescheduling timers shows up as `timerLoopExhausted` instead
/// of hanging the test.
struct StreamPlayer {
    let window: Window
    let clock: VirtualTimeSource
    /// Where each compositor id was last put, for `.nudge`.
    private var lastPosition: [Int32: Point] = [:]
    /// Set when timers were still firing after `maxTimerFirings`.
    private(set) var timerLoopExhausted = false

    /// More timer firings than any finite stream here can cause.
    static let maxTimerFirings = 10_000
    /// How far past the last event `close()` lets time run: beyond every
    /// threshold in `Thresholds`, so every pending timeout has fired.
    static let closingWait = 5.0

    init(window: Window, clock: VirtualTimeSource) {
        self.window = window
        self.clock = clock
    }

    mutating func play(_ stream: [RawInput]) {
        for input in stream { play(input) }
    }

    mutating func play(_ input: RawInput) {
        let router = window.input
        let now = clock.now
        switch input {
        case let .down(id, x, y):
            lastPosition[id] = Point(x: x, y: y)
            router.touchDown(id: id, at: Point(x: x, y: y), time: now)
        case let .motion(id, x, y):
            lastPosition[id] = Point(x: x, y: y)
            router.touchMotion(id: id, to: Point(x: x, y: y), time: now)
        case let .nudge(id, dx, dy):
            let p = (lastPosition[id] ?? .zero) + Point(x: dx, y: dy)
            lastPosition[id] = p
            router.touchMotion(id: id, to: p, time: now)
        case let .up(id):
            router.touchUp(id: id, time: now)
        case .frame:
            router.touchFrame()
        case .endOfBatch:
            router.endOfInputBatch()
        case let .wait(seconds):
            wait(seconds)
        case .compositorCancel:
            router.touchCancel()
        case .seatLost:
            router.cancelAll()
        }
    }

    /// Ends the batch, then lets `seconds` of virtual time pass, firing
    /// every timer at its deadline.
    mutating func wait(_ seconds: Double) {
        window.input.endOfInputBatch()
        let target = clock.now + seconds
        var firings = 0
        while let deadline = window.scheduler.nextDeadline, deadline <= target {
            guard firings < Self.maxTimerFirings else {
                timerLoopExhausted = true
                break
            }
            clock.advance(to: deadline)
            window.scheduler.fireDueTimers()
            firings += 1
        }
        clock.advance(to: target)
    }

    /// Closes the stream as a compositor that goes away would: the seat
    /// loses its touch capability, then time runs past every deadline.
    mutating func close() {
        window.input.cancelAll()
        wait(Self.closingWait)
    }
}
