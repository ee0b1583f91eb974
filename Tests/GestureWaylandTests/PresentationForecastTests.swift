import Testing
@testable import GestureWayland

@Suite("Presentation forecast")
struct PresentationForecastTests {
    /// Records frames whose callbacks came 25 ms apart, each presented
    /// `delay` seconds after its callback.
    static func recording(_ delays: [Double]) -> PresentationForecast {
        var forecast = PresentationForecast()
        for (i, delay) in delays.enumerated() {
            let callback = 10 + 0.025 * Double(i)
            forecast.record(callback: callback, presented: callback + delay, longest: 0.1)
        }
        return forecast
    }

    @Test("forecasts nothing until three frames were presented")
    func needsThreeFrames() throws {
        #expect(Self.recording([]).presentation(afterCallbackAt: 20) == nil)
        #expect(Self.recording([0.016, 0.016]).presentation(afterCallbackAt: 20) == nil)
        let due = try #require(Self.recording([0.016, 0.016, 0.016]).presentation(afterCallbackAt: 20))
        #expect(abs(due - 20.016) < 1e-9)
    }

    @Test("forecasts the shortest recent delay after the callback, so that it errs early")
    func shortestDelay() throws {
        let due = try #require(Self.recording([0.016, 0.012, 0.020, 0.017]).presentation(afterCallbackAt: 20))
        #expect(abs(due - 20.012) < 1e-9)
    }

    @Test("a delay older than the last eight frames no longer counts")
    func forgetsOldFrames() throws {
        let forecast = Self.recording([0.004] + Array(repeating: 0.016, count: 7))
        #expect(try abs(#require(forecast.presentation(afterCallbackAt: 20)) - 20.004) < 1e-9)
        var later = forecast
        later.record(callback: 30, presented: 30.016, longest: 0.1)
        #expect(try abs(#require(later.presentation(afterCallbackAt: 40)) - 40.016) < 1e-9)
    }

    @Test("a presentation before its callback, or after the longest wait, is not the compositor's rhythm")
    func ignoresImplausibleDelays() {
        var forecast = Self.recording([0.016, 0.016])
        forecast.record(callback: 30, presented: 29.99, longest: 0.1)
        forecast.record(callback: 31, presented: 31, longest: 0.1)
        forecast.record(callback: 32, presented: 32.5, longest: 0.1)
        #expect(forecast.presentation(afterCallbackAt: 40) == nil, "only two plausible frames so far")
        forecast.record(callback: 33, presented: 33.016, longest: 0.1)
        #expect(forecast.presentation(afterCallbackAt: 40) != nil)
    }

    /// Records frames `first...` presented at `times`.
    static func presenting(from first: Int, at times: [Double]) -> PresentationForecast {
        var forecast = PresentationForecast()
        for (i, time) in times.enumerated() {
            forecast.record(frame: first + i, presented: time, longest: 0.1)
        }
        return forecast
    }

    @Test("before its callback, a frame is due one interval (the shortest recent) after the frame before it")
    func rhythmAfterPreviousPresentation() throws {
        let forecast = Self.presenting(from: 1, at: [10, 10.026, 10.051, 10.076])
        #expect(forecast.presentation(ofFrame: 5).map { abs($0 - 10.101) < 1e-9 } == true)
        #expect(Self.presenting(from: 1, at: [10, 10.025, 10.05]).presentation(ofFrame: 4) == nil,
                "two intervals are too few to go by")
    }

    @Test("no rhythm forecast for a frame whose predecessor was not the last presented")
    func rhythmNeedsTheFrameBefore() {
        let forecast = Self.presenting(from: 1, at: [10, 10.025, 10.05, 10.075])
        #expect(forecast.presentation(ofFrame: 6) == nil, "frame 5 was never presented")
        #expect(forecast.presentation(ofFrame: 4) == nil, "frame 4 is already on screen")
    }

    @Test("only consecutive frames give intervals, and implausible ones are left out")
    func rhythmIntervals() {
        var forecast = PresentationForecast()
        // Frames 1 and 3: a skipped number says nothing of the rhythm.
        forecast.record(frame: 1, presented: 10, longest: 0.1)
        forecast.record(frame: 3, presented: 10.03, longest: 0.1)
        // Backwards, and a stall longer than the longest wait.
        forecast.record(frame: 4, presented: 10.02, longest: 0.1)
        forecast.record(frame: 5, presented: 10.5, longest: 0.1)
        forecast.record(frame: 6, presented: 10.516, longest: 0.1)
        forecast.record(frame: 7, presented: 10.532, longest: 0.1)
        #expect(forecast.presentation(ofFrame: 8) == nil, "only two plausible intervals so far")
        forecast.record(frame: 8, presented: 10.550, longest: 0.1)
        #expect(forecast.presentation(ofFrame: 9).map { abs($0 - 10.566) < 1e-9 } == true)
    }

    @Test("presentations stop being waited for after three in a row never came, and are again once one comes")
    func givesUpOnSilentCompositors() {
        var forecast = PresentationForecast()
        #expect(forecast.isWorthWaitingFor)
        forecast.recordTimeout()
        forecast.recordTimeout()
        #expect(forecast.isWorthWaitingFor, "two timeouts may be a busy compositor")
        forecast.recordTimeout()
        #expect(!forecast.isWorthWaitingFor)
        forecast.recordPresentation()
        #expect(forecast.isWorthWaitingFor)
        forecast.recordTimeout()
        forecast.recordTimeout()
        forecast.recordPresentation()
        forecast.recordTimeout()
        #expect(forecast.isWorthWaitingFor, "only timeouts in a row count")
    }
}
