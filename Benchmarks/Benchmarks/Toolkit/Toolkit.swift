import Benchmark
import DemoApp
import GestureKit
import GestureRender
#if canImport(Glibc)
import Glibc
#endif

// The toolkit's in-process figures (issue 10): touch events per second
// through hit-testing and the Gestures page's recognizers, heap
// allocations per event, the same events paced as live (caches cold after
// each pause), with and without drawing each frame, the live benchmark's
// pinch drawn at weston's pace, a full 1920x1080 frame, a label's new text
// and a label's numbers changing.
// Figures are printed, never asserted: `scripts/bench.sh` runs them.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration.maxDuration = .seconds(3)
    Benchmark.defaultConfiguration.maxIterations = 100_000

    // One scaled iteration is one touch event, so with `--scale` every
    // figure reads per event (throughput: events per second).
    Benchmark("Touch events through the Gestures page",
              configuration: .init(metrics: [.throughput, .wallClock, .mallocCountTotal],
                                   scalingFactor: .kilo)) { benchmark in
        var workload = TouchWorkload()
        workload.playCycle()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { workload.step() }
        benchmark.stopMeasurement()
        blackHole(workload.window)
    }

    // Only the 200 frames of the pinch-and-rotate, over and over: the
    // steady state of a gesture under way, where nothing may allocate.
    Benchmark("Pinch-and-rotate moves on the Gestures page",
              configuration: .init(metrics: [.throughput, .wallClock, .mallocCountTotal],
                                   scalingFactor: .kilo)) { benchmark in
        var workload = TouchWorkload(.pinchMovesOnly)
        workload.playCycle()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { workload.step() }
        benchmark.stopMeasurement()
        blackHole(workload.window)
    }

    // The same moves as live, where a touch frame (two fingers: two
    // events) comes every 8 ms and the thread sleeps in between: the time
    // of the two events after each pause, with whatever caches the pause
    // left cold, frame after frame of one gesture. Only that time is
    // measured, not the pause; each iteration records 40 frames.
    let afterPause = BenchmarkMetric.custom("Two events after 8 ms (us)", useScalingFactor: false)
    Benchmark("Pinch-and-rotate moves, one frame every 8 ms",
              configuration: .init(metrics: [afterPause], maxDuration: .seconds(4), maxIterations: 10)) { benchmark in
        var workload = TouchWorkload(.pinchMovesOnly)
        workload.playCycle()
        pacedFrames {
            benchmark.measurement(afterPause, microseconds { workload.step(); workload.step() })
        }
        blackHole(workload.window)
    }

    // The same, with each touch frame's damage repainted at 1024x768 as
    // the live app does: the two moves and the repaint after an 8 ms pause,
    // and, for comparison, the next touch frame right after it, while the
    // caches are warm. Each iteration records 40 of each.
    let frameAfterPause = BenchmarkMetric.custom("Frame after 8 ms (us)", useScalingFactor: false)
    let frameBackToBack = BenchmarkMetric.custom("Frame right after (us)", useScalingFactor: false)
    let frameDamage = BenchmarkMetric.custom("Pixels damaged per frame", useScalingFactor: false)
    Benchmark("Pinch-and-rotate frames drawn at 1024x768, one every 8 ms",
              configuration: .init(metrics: [frameAfterPause, frameBackToBack, frameDamage],
                                   maxDuration: .seconds(4), maxIterations: 10)) { benchmark in
        let (played, frame) = drawnPinch(.pinchMovesOnly)
        var workload = played
        var damaged = 0
        func timedFrame() -> Int { microseconds { workload.step(); workload.step(); damaged = frame.draw() } }
        pacedFrames {
            benchmark.measurement(frameAfterPause, timedFrame())
            benchmark.measurement(frameDamage, damaged)
            benchmark.measurement(frameBackToBack, timedFrame())
            benchmark.measurement(frameDamage, damaged)
        }
    }

    // The live benchmark's pinch, drawn as weston's headless output paces
    // the live app: a frame every 25 ms (its repaint interval here). As
    // live, the app sleeps from a frame's commit to the next presentation
    // (about 22 ms), reads the two touch frames that came meanwhile, and
    // draws 3 ms later with the next one; the timed part is that touch
    // frame and the drawing. The picture grows to fill its frame, so a
    // frame repaints up to three times the pixels of the pinch above, and
    // the drawing code last ran 25 ms before.
    let liveFrame = BenchmarkMetric.custom("Touch frame and drawing (us)", useScalingFactor: false)
    Benchmark("The live pinch's frames drawn at 1024x768, one every 25 ms",
              configuration: .init(metrics: [liveFrame, frameDamage],
                                   maxDuration: .seconds(4), maxIterations: 10)) { benchmark in
        let (played, frame) = drawnPinch(.livePinchMovesOnly)
        var workload = played
        var damaged = 0
        for _ in 0..<40 {
            usleep(22_000)
            for _ in 0..<4 { workload.step() }
            usleep(3_000)
            benchmark.measurement(liveFrame, microseconds {
                for _ in 0..<2 { workload.step() }
                damaged = frame.draw()
            })
            benchmark.measurement(frameDamage, damaged)
        }
    }

    Benchmark("Full 1920x1080 frame of the Gestures page",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal])) { benchmark in
        let frame = FrameTarget(size: Size(width: 1920, height: 1080))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            frame.window.invalidateAll()
            frame.draw()
        }
        benchmark.stopMeasurement()
    }

    let damagedPixels = BenchmarkMetric.custom("Damaged pixels", useScalingFactor: false)
    /// The Gestures page's feedback label at 1920x1080 showing `texts` in
    /// turn, each change drawn: its time, allocations and damage.
    ///
    /// Each sample runs this closure once, on a new window and renderer;
    /// every text is drawn once before the change measured, so its glyphs
    /// are known (as they are to a window that has shown them before) and
    /// the figure is the steady state's, not a first drawing's.
    func labelChanges(_ name: String, between texts: [String]) {
        Benchmark(name, configuration: .init(metrics: [.wallClock, .mallocCountTotal, damagedPixels])) { benchmark in
            let frame = FrameTarget(size: Size(width: 1920, height: 1080))
            guard let label = frame.window.view(named: "output") as? Label else {
                preconditionFailure("the Gestures page has no output label")
            }
            for text in texts {
                label.text = text
                frame.draw()
            }
            var area = 0
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                label.text = texts[i % texts.count]
                area = frame.draw()
            }
            benchmark.stopMeasurement()
            benchmark.measurement(damagedPixels, area)
        }
    }
    labelChanges("Label-only change at 1920x1080",
                 between: ["Pinched, Scale:1.50, Velocity:0.32", "Rotated, Radians:0.52, Velocity:1.10"])
    // The feedback of a pinch under way: the same message, its numbers
    // changing, as every frame of a gesture shows it.
    labelChanges("Label numbers change at 1920x1080",
                 between: ["Rotated, Radians:0.52, Velocity:1.10 (uikit)", "Rotated, Radians:0.55, Velocity:1.12 (uikit)"])
}

/// Touch frames paced as live, one every 8 ms: 40 times, a sleep of 8 ms
/// (the thread idle, as between a live app's frames), then `frame`, which
/// times its work with `microseconds(_:)`.
func pacedFrames(_ frame: () -> Void) {
    for _ in 0..<40 {
        usleep(8_000)
        frame()
    }
}

/// The Gestures page with `cycle` played once and drawn (the fingers
/// down, lazily made state made): where the frame benchmarks start.
func drawnPinch(_ cycle: TouchWorkload.Cycle) -> (workload: TouchWorkload, frame: FrameTarget) {
    let renderer = Renderer()
    var workload = TouchWorkload(cycle, textMeasurer: renderer.textMeasurer)
    let frame = FrameTarget(window: workload.window, renderer: renderer)
    workload.playCycle()
    frame.draw()
    return (workload, frame)
}

/// The time `work` takes, in microseconds.
func microseconds(_ work: () -> Void) -> Int {
    let start = ContinuousClock.now
    work()
    return Int((ContinuousClock.now - start) / .microseconds(1))
}

/// A window on the Gestures page and a buffer it is drawn into, as the
/// backend does for each frame: only the damage is repainted.
final class FrameTarget {
    let window: Window
    private let renderer: Renderer
    private let width: Int, height: Int
    private let pixels: UnsafeMutableRawPointer

    convenience init(size: Size) {
        self.init(window: DemoApp.makeWindow(size: size, timeSource: VirtualTimeSource(), page: .gestures))
    }

    /// `window` drawn by `renderer` into a buffer of the window's size,
    /// measuring its text as it is drawn.
    init(window: Window, renderer: Renderer = Renderer()) {
        self.window = window
        self.renderer = renderer
        width = Int(window.bounds.width)
        height = Int(window.bounds.height)
        pixels = .allocate(byteCount: width * height * 4, alignment: 16)
        window.textMeasurer = renderer.textMeasurer
        draw()
    }

    deinit { pixels.deallocate() }

    /// Repaints the window's damage; returns its area in pixels.
    @discardableResult
    func draw() -> Int {
        guard let damage = window.takeDamage() else { return 0 }
        let whole = damage.rects == [window.bounds]
        renderer.render(window, into: pixels, width: width, height: height, stride: width * 4, scale: 1,
                        clip: whole ? nil : damage)
        return Int(damage.area)
    }
}
