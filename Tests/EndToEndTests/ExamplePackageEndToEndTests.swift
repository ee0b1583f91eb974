import Foundation
import TestSupport
import Testing

/// `Examples/StrokeCounter`, a package of its own that depends on this one
/// by path and uses GestureKit and the Wayland backend as an outside app
/// would: it builds, opens its window in weston, and its own recognizer
/// counts a stroke drawn with a real injected touch.
@Suite("Example package end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct ExamplePackageEndToEndTests {
    static let example = packageRoot.appendingPathComponent("Examples/StrokeCounter")
    /// A build folder of its own (the example is another root package),
    /// kept between runs so that only the first build is slow.
    static let scratch = packageRoot.appendingPathComponent(".build-examples")

    /// Empties the kept build folder when this package's source files were
    /// added, removed or renamed since it was filled: SwiftPM keeps a path
    /// dependency's list of files with the build and would compile the old
    /// list.
    static func forgetStaleBuild() {
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? []).sorted()
        let list = files.joined(separator: "\n")
        let stamp = scratch.appendingPathComponent("source-files")
        if (try? String(contentsOf: stamp, encoding: .utf8)) != list {
            try? FileManager.default.removeItem(at: scratch)
            try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try? list.write(to: stamp, atomically: true, encoding: .utf8)
        }
    }

    /// Builds the example with `swift build`, as its README says, and
    /// returns its binary.
    static func build() throws -> URL {
        forgetStaleBuild()
        let build = try runCommand(["swift", "build", "--package-path", example.path, "--scratch-path", scratch.path,
                                    "--product", "stroke-counter"])
        let output = build.stdout + build.stderr
        guard build.status == 0 else {
            throw WestonSessionError.startupFailed("the example does not build:\n\(output)", logTail: "")
        }
        let warnings = output.split(separator: "\n").filter { $0.contains("warning:") && $0.contains("Examples/") }
        #expect(warnings.isEmpty, "\(warnings)")
        return scratch.appendingPathComponent("debug/stroke-counter")
    }

    @Test("the example builds against this package, opens its window, and its recognizer counts a stroke")
    func exampleCountsAStroke() throws {
        let binary = try Self.build()
        let session = try WestonSession(width: 800, height: 600)
        defer { session.stop() }
        try session.send("capabilities touch")
        let app = try session.launchClient(executable: binary)
        // Its view fills kiosk-shell's fullscreen window with its grey.
        let shown = try session.waitFor(timeout: 10) {
            try session.screenshot().pixel(x: 20, y: 300) == .init(r: 0xf2, g: 0xf2, b: 0xf7)
        }
        try #require(shown, "no window; output: \(session.output(of: app))")
        let before = try session.screenshot()

        // A short stroke is no stroke; a long level one is.
        try session.send(["touch-down 0 300 300", "touch-frame", "touch-motion 0 340 302", "touch-frame",
                          "touch-up 0", "touch-frame"])
        try session.send(["touch-down 1 200 300", "touch-frame"])
        for x in stride(from: 240, through: 600, by: 40) {
            try session.send(["touch-motion 1 \(x) 305", "touch-frame"])
        }
        try session.send(["touch-up 1", "touch-frame"])
        let counted = session.waitFor { session.output(of: app).contains("strokes: 1") }
        #expect(counted, "output: \(session.output(of: app))")
        #expect(!session.output(of: app).contains("strokes: 2"))

        // The label redrew: the middle of the window changed.
        let redrawn = try session.waitFor {
            try session.screenshot().difference(from: before).isWithin(x: 0...799, y: 200...400)
                && !session.screenshot().difference(from: before).isEmpty
        }
        #expect(redrawn)
        #expect(app.isRunning)
    }
}
