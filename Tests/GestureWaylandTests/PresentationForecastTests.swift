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
