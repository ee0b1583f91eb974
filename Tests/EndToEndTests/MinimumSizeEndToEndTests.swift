import Foundation
import TestSupport
import Testing

/// The app at its minimum window size under real weston: an output of
/// exactly 360x480 (kiosk-shell gives the window the whole output), where
/// every page and the help overlay must look as the headless rendering at
/// that size does (whose text layout the unit tests check), and the
/// window's announced minimum as the compositor receives it.
@Suite("Minimum window size end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct MinimumSizeEndToEndTests {
    /// `DemoApp.minimumContentSize`, and the client-side title bar.
    static let width = 360, height = 480, titleBarHeight = 44
    static let keyF1 = 59

    /// The app on `page` in a fresh weston whose output is the minimum size.
    static func start(page: String, extraEnv: [String: String] = [:]) throws -> (WestonSession, Process) {
        let session = try WestonSession(width: width, height: height)
        try session.send("capabilities touch,keyboard")
        let app = try session.launchClient(executable: gestureDemoBinary(), arguments: ["--page", page],
                                           extraEnv: extraEnv)
        return (session, app)
    }

    /// The headless rendering of `page` at the minimum size after `script`.
    static func reference(page: String, script: String = "", name: String, in session: WestonSession) throws -> Screenshot {
        try Screenshot(contentsOfPNG: AppBinary.renderHeadless(
            script: "size \(width) \(height)\n\(script)\nwait 400\nsnapshot \(name)\n", snapshot: name, page: page,
            in: session.runtimeDirectory))
    }

    /// The rows of the Touches page's output line at the minimum size (from
    /// the app's view-tree dump): live it names weston's output, headless
    /// it says "none (headless)".
    static func outputLineRows() throws -> ClosedRange<Int> {
        let frame = try #require(try AppBinary.frame(of: "output", page: "touches", width: width, height: height),
                                 "no output label in the tree")
        return Int(frame[1].rounded(.down))...Int((frame[1] + frame[3]).rounded(.up))
    }

    /// Waits until the live window equals `reference` (apart from `ignoredRows`).
    static func waitForMatch(_ session: WestonSession, _ reference: Screenshot,
                             ignoredRows: ClosedRange<Int>? = nil) throws -> (Bool, Screenshot.Difference) {
        var difference = Screenshot.Difference()
        let matched = try session.waitFor(timeout: 10) {
            difference = try session.screenshot().difference(from: reference)
            return ignoredRows.map { difference.isWithin(x: 0...(width - 1), y: $0) } ?? difference.isEmpty
        }
        return (matched, difference)
    }

    @Test("at 360x480 each page shows what the headless rendering at 360x480 shows",
          arguments: ["touches", "flatcube", "gestures"])
    func pagesMatchHeadless(page: String) throws {
        let (session, app) = try Self.start(page: page)
        defer { session.stop() }
        let reference = try Self.reference(page: page, name: "\(page)-minimum", in: session)
        let ignored = page == "touches" ? try Self.outputLineRows() : nil
        let (matched, difference) = try Self.waitForMatch(session, reference, ignoredRows: ignored)
        #expect(matched, "\(page) at the minimum size differs from the headless rendering in \(difference); app: \(session.output(of: app))")
    }

    @Test("at 360x480 the help overlay shows what the headless rendering shows")
    func helpMatchesHeadless() throws {
        let (session, app) = try Self.start(page: "gestures")
        defer { session.stop() }
        let page = try Self.reference(page: "gestures", name: "gestures-page", in: session)
        let (shown, _) = try Self.waitForMatch(session, page)
        try #require(shown, "the page never showed; app: \(session.output(of: app))")
        try session.send(["key \(Self.keyF1) pressed", "key \(Self.keyF1) released"])
        let help = try Self.reference(page: "gestures", script: "key f1", name: "gestures-help", in: session)
        let (matched, difference) = try Self.waitForMatch(session, help)
        #expect(matched, "the help overlay differs from the headless rendering in \(difference)")
    }

    @Test("the window asks for at least 360x480, and for the title bar's height more while it would draw one")
    func announcesMinimumSize() throws {
        let (session, app) = try Self.start(page: "touches", extraEnv: ["WAYLAND_DEBUG": "1"])
        defer { session.stop() }
        let pattern = /xdg_toplevel@\d+\.set_min_size\((\d+), (\d+)\)/
        var sizes: [[Int]] = []
        let settled = session.waitFor(timeout: 10) {
            sizes = session.output(of: app).matches(of: pattern).map { [Int($0.1)!, Int($0.2)!] }
            return sizes.last == [Self.width, Self.height]
        }
        // Before the first configure the window expects to decorate itself
        // (weston offers no server-side decorations); kiosk-shell then makes
        // it fullscreen, where it draws no title bar.
        #expect(sizes.first == [Self.width, Self.height + Self.titleBarHeight], "announced: \(sizes)")
        #expect(settled, "announced: \(sizes)")
    }
}
