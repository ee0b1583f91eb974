import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The display side in real weston: HiDPI buffers, a rotated output, the
/// presentation feedback behind the latency statistics, and a clean exit
/// when the compositor dies with all of that set up. What the app asks of
/// the compositor is read from its `WAYLAND_DEBUG` trace; what it shows,
/// from screenshots; what it believes about the display, from its notices
/// (`GESTURE_VERBOSE=1`).
@Suite("Display end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct DisplayEndToEndTests {
    /// FlatCube's translucent red, as drawn over white.
    static let red = Screenshot.Pixel(r: 255, g: 102, b: 102)
    /// FlatCube's translucent yellow, as drawn over white.
    static let yellow = Screenshot.Pixel(r: 255, g: 255, b: 102)
    /// Around the red counter's glyph, in logical pixels: only the glyph
    /// and red background (the caption is above, the yellows below).
    static let counterArea = (x: 370..<430, y: 174..<230)

    static func start(scale: Int = 1, westonArguments: [String] = [],
                      extraEnv: [String: String] = [:]) throws -> RunningApp {
        try RunningApp(page: "flatcube", extraEnv: extraEnv, scale: scale, westonArguments: westonArguments) {
            $0.containsPixel(red)
        }
    }

    // MARK: Integer scale

    @Test("on a scale-2 output the app draws a 1600x1200 buffer at buffer scale 2")
    func bufferScaleTwo() throws {
        let run = try Self.start(scale: 2, extraEnv: ["WAYLAND_DEBUG": "1"])
        let trace = run.session.output(of: run.app)
        #expect(trace.contains(".set_buffer_scale(2)"), "no set_buffer_scale(2) in the trace")
        #expect(trace.firstMatch(of: #/create_buffer\(new id wl_buffer@\d+, \d+, 1600, 1200, 6400, /#) != nil,
                "no 1600x1200 buffer in the trace")
        #expect(trace.firstMatch(of: #/xdg_toplevel@\d+\.configure\(800, 600,/#) != nil,
                "the window's size stays logical")
    }

    @Test("at scale 2 the layout is the same in logical pixels and the text has twice the detail")
    func crispAtScaleTwo() throws {
        let run = try Self.start(scale: 2)
        let live = try run.settledScreenshot()
        let reference = try run.headlessReference("", name: "scale-1")
        try #require(live.width == 1600 && live.height == 1200, "screenshot \(live.width)x\(live.height)")
        #expect(live.pixel(x: 800, y: 240) == Self.red, "red at logical (400, 120)")

        // Layout: the squares cover twice their logical extent. (Within a
        // pixel: an edge at a half logical pixel, blended at scale 1, is a
        // sharp pixel boundary at scale 2.)
        for color in [Self.red, Self.yellow] {
            let logical = try #require(reference.extent(of: color), "no \(color) at scale 1")
            let pixels = try #require(live.extent(of: color), "no \(color) at scale 2")
            let edges = [(pixels.x.lowerBound, 2 * logical.x.lowerBound), (pixels.x.upperBound, 2 * logical.x.upperBound + 1),
                         (pixels.y.lowerBound, 2 * logical.y.lowerBound), (pixels.y.upperBound, 2 * logical.y.upperBound + 1)]
            #expect(edges.allSatisfy { abs($0.0 - $0.1) <= 1 }, "\(color) covers \(pixels) at scale 2, \(logical) at scale 1")
        }
        // ...and averaged down to logical pixels the window is the scale-1
        // rendering, but for glyph edges (text is hinted per scale).
        let layout = live.downsampledDifference(by: 2, from: reference, tolerance: 24)
        #expect(Double(layout.count) < 0.01 * Double(reference.width * reference.height),
                "\(layout.count) pixels differ from the scale-1 layout, within x \(layout.minX)...\(layout.maxX), y \(layout.minY)...\(layout.maxY)")

        // Detail: the counter's glyph covers four times the pixels, while
        // its anti-aliased rim grows only twice: crisp, neither blurred
        // (an upscaled scale-1 buffer's rim grows with the area) nor
        // blocky (a pixel-doubled one keeps the scale-1 ratio exactly).
        let sharp = live.glyphStatistics(x: Self.counterArea.x, y: Self.counterArea.y, scale: 2, background: Self.red)
        let base = reference.glyphStatistics(x: Self.counterArea.x, y: Self.counterArea.y, scale: 1, background: Self.red)
        try #require(base.solid > 50, "no glyph at the red counter (layout changed?): \(base)")
        let areaRatio = Double(sharp.solid) / Double(base.solid)
        #expect(areaRatio > 3.4 && areaRatio < 4.6, "the glyph's solid area grew \(areaRatio)x, not 4x: \(sharp) vs \(base)")
        // Rim per solid pixel: half of scale 1's for an ideal glyph, the
        // same for a pixel-doubled one, more for a blurred one; where the
        // glyph falls within a pixel moves it (0.73 for the counter in the
        // middle of red).
        #expect(sharp.rimRatio < 0.8 * base.rimRatio, "rim per solid pixel: \(sharp.rimRatio) at scale 2, \(base.rimRatio) at 1")
    }

    // MARK: Orientation

    @Test("on an output rotated by 90 degrees the window is 600x800 and the app knows the transform")
    func rotatedOutput() throws {
        let run = try Self.start(westonArguments: ["--transform=rotate-90"],
                                 extraEnv: ["WAYLAND_DEBUG": "1", "GESTURE_VERBOSE": "1"])
        let output = run.session.output(of: run.app)
        // wl_output.geometry's last argument is the transform: 1 is 90°.
        #expect(output.firstMatch(of: #/wl_output@\d+\.geometry\(.*, 1\)/#) != nil, "no rotated output in the trace")
        #expect(output.firstMatch(of: #/xdg_toplevel@\d+\.configure\(600, 800,/#) != nil, "not configured 600x800")
        #expect(output.firstMatch(of: #/create_buffer\(new id wl_buffer@\d+, \d+, 600, 800, 2400, /#) != nil,
                "no 600x800 buffer")
        // Turned 90 degrees counter-clockwise on the panel: the panel is
        // the device turned right. An 800x600 panel is landscape unturned
        // (a portrait device turned left): turned right, it is held in
        // portrait, as the window's aspect says.
        #expect(output.contains("transform 90, orientation portrait"), "the app's environment: \(output.noticeLines)")
        // The compositor turns the portrait window onto the landscape
        // framebuffer: the red square is there, rotated with it.
        #expect(try run.session.screenshot().containsPixel(Self.red))
    }

    @Test("on a portrait panel (600x800) turned right the window is 800x600 and seen in landscapeLeft: rotated right")
    func rotatedPortraitPanel() throws {
        let run = try Self.start(westonArguments: ["--width=600", "--height=800", "--transform=rotate-90"],
                                 extraEnv: ["WAYLAND_DEBUG": "1", "GESTURE_VERBOSE": "1"])
        let output = run.session.output(of: run.app)
        #expect(output.firstMatch(of: #/xdg_toplevel@\d+\.configure\(800, 600,/#) != nil, "not configured 800x600")
        #expect(output.contains("transform 90, orientation landscapeLeft"), "the app's environment: \(output.noticeLines)")
    }

    // MARK: Presentation

    @Test("every frame the app commits asks wp_presentation when it was shown, and hears back")
    func presentationFeedback() throws {
        let run = try Self.start(extraEnv: ["WAYLAND_DEBUG": "1"])
        try run.tap(400, 120)
        #expect(run.session.waitFor { run.log.hasLabel("singleCounter", "1") }, "log: \(run.log.lines)")
        _ = try run.settledScreenshot()
        let trace = run.session.output(of: run.app)
        let feedback = trace.matches(of: #/wp_presentation@\d+\.feedback\((wl_surface@\d+), /#)
        try #require(!feedback.isEmpty, "no feedback requested")
        let surface = String(feedback[0].1)
        let attaches = trace.components(separatedBy: "\(surface).attach(").count - 1
        #expect(feedback.allSatisfy { $0.1 == surface[...] })
        #expect(feedback.count == attaches, "\(feedback.count) feedback requests for \(attaches) frames")
        let answers = trace.matches(of: #/wp_presentation_feedback@\d+\.(presented|discarded)\(/#)
        #expect(answers.count == feedback.count, "\(answers.count) answers to \(feedback.count) requests")
        #expect(answers.contains { $0.1 == "presented" })
    }

    // MARK: Window state

    @Test("on a desktop, F11 makes the window fullscreen and F11 again restores its own size")
    func fullscreenAndBack() throws {
        // desktop-shell (the last --shell wins) floats windows, unlike the
        // kiosk shell, which keeps every window fullscreen.
        let session = try WestonSession(width: 800, height: 600, extraArguments: ["--shell=desktop-shell.so"])
        try session.send("capabilities touch,keyboard")
        let app = try session.launchClient(executable: gestureDemoBinary(), arguments: ["--size", "500x350"],
                                           extraEnv: ["WAYLAND_DEBUG": "1"])
        let trace = { session.output(of: app) }
        let floating = #/create_buffer\(new id wl_buffer@\d+, \d+, 500, 350, 2000, /#
        try #require(session.waitFor(timeout: 10) { trace().contains(#/xdg_toplevel@\d+\.configure\(0, 0, array\[4\]\)/#)
                                                    && trace().contains(floating) },
                     "never shown floating and activated: \(trace().suffix(2000))")

        let f11 = 87 // KEY_F11
        try session.send(["key \(f11) pressed", "key \(f11) released"])
        #expect(session.waitFor { trace().contains(#/create_buffer\(new id wl_buffer@\d+, \d+, 800, 600, 3200, /#) },
                "no 800x600 frame in fullscreen")
        #expect(trace().contains("set_fullscreen(nil)"))

        try session.send(["key \(f11) pressed", "key \(f11) released"])
        let restored = session.waitFor {
            guard let range = trace().range(of: "unset_fullscreen()") else { return false }
            return trace()[range.upperBound...].contains(floating)
        }
        #expect(restored, "not back at 500x350 after leaving fullscreen: \(trace().suffix(1500))")
    }

    // MARK: Diagnostics and failure

    @Test("asked to, the app notes once each optional global weston 10 lacks; otherwise it is silent")
    func missingGlobalsNoted() throws {
        let verbose = try Self.start(extraEnv: ["GESTURE_VERBOSE": "1"])
        let notes = verbose.session.output(of: verbose.app)
        #expect(notes.components(separatedBy: "no wp_fractional_scale_manager_v1").count == 2, "\(notes.noticeLines)")
        #expect(notes.components(separatedBy: "no zxdg_decoration_manager_v1").count == 2, "\(notes.noticeLines)")
        #expect(!notes.contains("no wp_presentation"), "weston offers wp_presentation")
        verbose.session.stop()

        let quiet = try Self.start()
        Thread.sleep(forTimeInterval: 0.2)
        #expect(quiet.session.output(of: quiet.app).isEmpty, "output: \(quiet.session.output(of: quiet.app))")
    }

    @Test("a killed compositor ends a scale-2 app with one line and exit code 1")
    func lostCompositorAtScaleTwo() throws {
        try Self.start(scale: 2).expectEndsOnLostCompositor()
    }
}

private extension String {
    /// What the app said apart from the protocol trace, for failure messages.
    var noticeLines: [Substring] {
        split(separator: "\n").filter { !$0.hasPrefix("[") }
    }
}

/// The anti-aliasing of a glyph: its solid pixels and its rim (pixels
/// partly covered, between the glyph's colour and the background).
struct GlyphStatistics: CustomStringConvertible {
    var solid = 0
    var rim = 0

    /// Rim pixels per solid pixel: halves when a glyph is drawn at twice
    /// the resolution, and grows when it is blurred.
    var rimRatio: Double { solid == 0 ? .infinity : Double(rim) / Double(solid) }

    var description: String { "\(solid) solid, \(rim) rim" }
}

private extension Screenshot {
    /// Whether `pixel` occurs anywhere (sampled every 4 pixels: enough for
    /// a square tens of pixels wide).
    func containsPixel(_ pixel: Pixel) -> Bool {
        stride(from: 0, to: height, by: 4).contains { y in
            stride(from: 0, to: width, by: 4).contains { x in self.pixel(x: x, y: y) == pixel }
        }
    }

    /// The smallest rectangle holding every pixel of exactly `color`.
    func extent(of color: Pixel) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y) == color {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return minX <= maxX ? (minX...maxX, minY...maxY) : nil
    }

    /// Where this screenshot, each `factor` x `factor` block averaged into
    /// one pixel (as if its buffer pixels were logical ones), differs from
    /// `reference` by more than `tolerance` in some channel.
    func downsampledDifference(by factor: Int, from reference: Screenshot, tolerance: Int) -> Difference {
        precondition(width == reference.width * factor && height == reference.height * factor, "sizes do not match")
        var result = Difference()
        let n = factor * factor
        for y in 0..<reference.height {
            for x in 0..<reference.width {
                var sums = (r: 0, g: 0, b: 0)
                for dy in 0..<factor {
                    for dx in 0..<factor {
                        let p = pixel(x: x * factor + dx, y: y * factor + dy)
                        sums.r += Int(p.r)
                        sums.g += Int(p.g)
                        sums.b += Int(p.b)
                    }
                }
                let average = Pixel(r: UInt8((sums.r + n / 2) / n), g: UInt8((sums.g + n / 2) / n),
                                    b: UInt8((sums.b + n / 2) / n))
                guard average.distance(to: reference.pixel(x: x, y: y)) > tolerance else { continue }
                result.count += 1
                result.minX = min(result.minX, x)
                result.maxX = max(result.maxX, x)
                result.minY = min(result.minY, y)
                result.maxY = max(result.maxY, y)
            }
        }
        return result
    }

    /// Solid (near black) and rim pixels of a dark glyph on `background`
    /// within a logical area, at `scale` buffer pixels per logical pixel.
    func glyphStatistics(x: Range<Int>, y: Range<Int>, scale: Int, background: Pixel) -> GlyphStatistics {
        var statistics = GlyphStatistics()
        for py in (y.lowerBound * scale)..<(y.upperBound * scale) {
            for px in (x.lowerBound * scale)..<(x.upperBound * scale) {
                let p = pixel(x: px, y: py)
                if Int(p.r) + Int(p.g) + Int(p.b) < 120 {
                    statistics.solid += 1
                } else if p.distance(to: background) > 24 {
                    statistics.rim += 1
                }
            }
        }
        return statistics
    }
}
