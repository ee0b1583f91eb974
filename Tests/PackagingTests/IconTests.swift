import DemoApp
import Foundation
import GestureRender
import TestSupport
import Testing

/// The app icon is drawn by hand as SVG; its PNG sizes are committed
/// (installing needs no SVG renderer) and must stay what the SVG renders.
@Suite("App icon")
struct IconTests {
    static let sizes = [16, 24, 32, 48, 64, 128, 256, 512]
    static let icons = packageRoot.appendingPathComponent("data/icons/hicolor")
    static let svg = icons.appendingPathComponent("scalable/apps/\(DemoApp.appID).svg")

    @Test("the icon tree holds the SVG and one PNG per size, named after the app id")
    func iconFiles() throws {
        #expect(FileManager.default.fileExists(atPath: Self.svg.path))
        for size in Self.sizes {
            let png = try RenderedImage(contentsOfPNG: Self.icons
                .appendingPathComponent("\(size)x\(size)/apps/\(DemoApp.appID).png").path)
            #expect(png.width == size && png.height == size)
        }
    }

    @Test("each committed PNG is the SVG rendered at its size",
          .enabled(if: slowTierEnabled, "set GESTURE_E2E=1 (needs rsvg-convert from scripts/setup.sh --test)"))
    func pngsMatchTheSVG() throws {
        let scratch = try temporaryDirectory("icons")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for size in Self.sizes {
            let rendered = scratch.appendingPathComponent("\(size).png")
            let run = try runCommand(["rsvg-convert", "--width", "\(size)", "--height", "\(size)",
                                      "--format", "png", Self.svg.path, "--output", rendered.path])
            try #require(run.status == 0, "\(run.transcript)")
            let committed = try RenderedImage(contentsOfPNG: Self.icons
                .appendingPathComponent("\(size)x\(size)/apps/\(DemoApp.appID).png").path)
            let difference = ImageDifference.compare(try RenderedImage(contentsOfPNG: rendered.path), committed,
                                                     tolerance: 2)
            #expect(difference.isMatch, "\(size)x\(size): \(difference); run data/icons/render.sh")
        }
    }
}
