import DemoApp
import Foundation
import GestureKit
@testable import GestureScript
import GestureRender
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Snapshots against golden images: identical pixels match, a change
/// beyond the tolerance fails with a diff image, a missing golden fails
/// with a hint, and `updateGoldens` writes goldens instead.
@MainActor
@Suite("Snapshots and goldens")
final class SnapshotWriterTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "snapshot-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func window(_ page: DemoPage = .flatcube) -> Window {
        DemoApp.makeWindow(timeSource: VirtualTimeSource(), page: page)
    }

    func writer(update: Bool = false) -> SnapshotWriter {
        SnapshotWriter(outputDirectory: folder + "/out", goldenDirectory: folder, updateGoldens: update)
    }

    func snapshot(_ window: Window, vs golden: String, tolerance: Int = 0, update: Bool = false) throws -> AssertionOutcome? {
        try writer(update: update).write(SnapshotRequest(name: "shot", golden: GoldenComparison(path: golden, tolerance: tolerance),
                                                         window: window)).comparison
    }

    @Test("updating writes the golden; the same window then matches it exactly")
    func updateThenMatch() throws {
        let updated = try snapshot(window(), vs: "goldens/a.png", update: true)
        #expect(updated?.ok == true && updated?.actual == "updated goldens/a.png")
        // The golden is the snapshot's file, copied: not compressed again.
        let golden = try Data(contentsOf: URL(fileURLWithPath: folder + "/goldens/a.png"))
        #expect(golden == (try Data(contentsOf: URL(fileURLWithPath: folder + "/out/shot.png"))))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/goldens") == ["a.png"])
        let compared = try snapshot(window(), vs: "goldens/a.png")
        #expect(compared?.ok == true && compared?.actual == "identical")
    }

    @Test("a translucent window is compared as its file stores it: its own golden matches, another colour does not")
    func translucentWindow() throws {
        func shaded(_ alpha: Double) -> Window {
            let window = Window(size: Size(width: 40, height: 30), timeSource: VirtualTimeSource())
            window.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9, alpha: alpha)
            return window
        }
        _ = try snapshot(shaded(0.3), vs: "shade.png", update: true)
        let same = try #require(try snapshot(shaded(0.3), vs: "shade.png"))
        #expect(same.ok && same.actual == "identical", "\(same.actual)")
        let other = try #require(try snapshot(shaded(0.6), vs: "shade.png"))
        #expect(!other.ok && other.actual.hasPrefix("1200 of 1200 pixels differ"), "\(other.actual)")
    }

    @Test("a window that draws its own title bar snapshots its page: the golden of the same page headless matches")
    func clientSideTitleBar() throws {
        _ = try snapshot(window(.gestures), vs: "page.png", update: true)
        let decorated = window(.gestures)
        decorated.drawsItsOwnTitleBar()
        decorated.resize(toContentSize: Size(width: 800, height: 600))
        #expect(decorated.bounds.size == Size(width: 800, height: 644))
        let outcome = try #require(try snapshot(decorated, vs: "page.png"))
        #expect(outcome.ok && outcome.actual == "identical", "\(outcome.actual)")
        let shot = try RenderedImage(contentsOfPNG: folder + "/out/shot.png")
        #expect(shot.width == 800 && shot.height == 600)
    }

    @Test("a different window fails, counts the differing pixels and writes a diff image")
    func differenceFails() throws {
        _ = try snapshot(window(), vs: "a.png", update: true)
        let changed = window()
        (DemoApp.currentPage(of: changed) as? FlatCubeViewController)?.setCounts(single: 7, double: 0)
        let outcome = try #require(try snapshot(changed, vs: "a.png"))
        #expect(!outcome.ok)
        #expect(outcome.actual.contains("pixels differ (largest channel difference"))
        #expect(outcome.diffFile == "shot.diff.png")
        let diff = try RenderedImage(contentsOfPNG: folder + "/out/shot.diff.png")
        #expect(diff.width == 800 && diff.height == 600)
        var red = 0
        for y in 0..<diff.height { for x in 0..<diff.width where diff.argb(x: x, y: y) == 0xffff_0000 { red += 1 } }
        #expect(outcome.actual.hasPrefix("\(red) of 480000 pixels differ"))
    }

    @Test("a tolerance lets small channel differences pass")
    func tolerance() throws {
        let a = RenderedImage(width: 2, height: 1), b = RenderedImage(width: 2, height: 1)
        a.setARGB(0xff10_2030, x: 0, y: 0)
        b.setARGB(0xff14_2030, x: 0, y: 0)
        #expect(ImageDifference.compare(a, b, tolerance: 3) == ImageDifference(differingPixels: 1, largestDifference: 4))
        #expect(ImageDifference.compare(a, b, tolerance: 4).isMatch)
    }

    @Test("a missing golden fails with where it was looked for and how to make it")
    func missingGolden() throws {
        let outcome = try #require(try snapshot(window(), vs: "nope.png"))
        #expect(!outcome.ok)
        #expect(outcome.actual == "no golden image at \(folder)/nope.png (--update-goldens writes it)")
    }

    @Test("a golden of another size fails with both sizes")
    func sizeMismatch() throws {
        _ = try snapshot(window(), vs: "a.png", update: true)
        let small = window()
        small.resize(to: Size(width: 400, height: 300))
        let outcome = try #require(try snapshot(small, vs: "a.png"))
        #expect(outcome.actual == "the snapshot is 400x300, the golden 800x600")
    }

    @Test("a snapshot whose file would be its golden is refused, the golden untouched: the same path, spelt otherwise, through a link",
          arguments: ["out/shot.png", "out/./shot.png", "./out/shot.png", "link.png"])
    func snapshotOverItsGolden(_ golden: String) throws {
        // The golden, as an earlier run into the goldens' folder left it.
        _ = try writer().write(SnapshotRequest(name: "shot", golden: nil, window: window()))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: folder + "/out/shot.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/shot.png"))
        let changed = window()
        (DemoApp.currentPage(of: changed) as? FlatCubeViewController)?.setCounts(single: 7, double: 0)
        for update in [false, true] {
            let error = #expect(throws: ScriptFileError.self) { try snapshot(changed, vs: golden, update: update) }
            #expect(error?.description == "cannot write \(folder)/out/shot.png: it is the golden image \(golden) itself; "
                        + "write the snapshots to another folder (--out)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out/shot.png")) == before)
        }
    }

    @Test("a snapshot whose diff image would be its golden is refused, the golden untouched")
    func diffOverItsGolden() throws {
        _ = try snapshot(window(), vs: "out/shot.diff.png", update: true)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/shot.diff.png"))
        let changed = window()
        (DemoApp.currentPage(of: changed) as? FlatCubeViewController)?.setCounts(single: 7, double: 0)
        let error = #expect(throws: ScriptFileError.self) { try snapshot(changed, vs: "out/shot.diff.png") }
        #expect(error?.description.hasPrefix("cannot write \(folder)/out/shot.diff.png: it is the golden image out/shot.diff.png itself") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out/shot.diff.png")) == before)
    }

    @Test("a golden that is a link to the snapshot's file, not there yet, is refused as that file: nothing is written")
    func goldenMadeByTheSnapshot() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: "out/shot.png")
        for update in [false, true] {
            let error = #expect(throws: ScriptFileError.self) { try snapshot(window(), vs: "link.png", update: update) }
            #expect(error?.description == "cannot write \(folder)/out/shot.png: it is the golden image link.png itself; "
                        + "write the snapshots to another folder (--out)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out/shot.png"))
            #expect(ScriptFiles.type(of: folder + "/link.png") == nil, "the link still leads nowhere")
        }
    }

    @Test("a golden that is not a file is a failed check naming what it is, without waiting on it (a FIFO no one writes)")
    func goldenNotAFile() throws {
        #expect(mkfifo(folder + "/fifo.png", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: folder + "/folder.png", withIntermediateDirectories: false)
        for (golden, kind) in [("fifo.png", "a FIFO"), ("folder.png", "a folder")] {
            let outcome = try #require(try snapshot(window(), vs: golden))
            #expect(!outcome.ok)
            #expect(outcome.actual == "\(folder)/\(golden) is \(kind), not a PNG file")
        }
    }
}
