import DemoApp
import Foundation
import FoundationXML
import GestureRender
import TestSupport
import Testing

/// The launcher entry and the AppStream metainfo agree with the app: the
/// app id its window reports, its version, and the README's screenshots.
@Suite("Desktop data")
struct DesktopDataTests {
    static let data = packageRoot.appendingPathComponent("data")
    static let metainfo = data.appendingPathComponent("\(DemoApp.appID).metainfo.xml")
    static let desktop = data.appendingPathComponent("\(DemoApp.appID).desktop")

    static func xml() throws -> XMLDocument {
        try XMLDocument(contentsOf: metainfo, options: [])
    }

    static func strings(_ query: String) throws -> [String] {
        try xml().nodes(forXPath: query).compactMap(\.stringValue)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test("the metainfo's id and launchable are the window's app id")
    func metainfoNamesTheAppID() throws {
        #expect(try Self.strings("/component/id") == [DemoApp.appID])
        #expect(try Self.strings("/component/launchable[@type='desktop-id']") == ["\(DemoApp.appID).desktop"])
        #expect(try Self.strings("/component/provides/binary") == ["gesture-demo"])
        #expect(FileManager.default.fileExists(atPath: Self.desktop.path))
    }

    @Test("the metainfo's newest release is the app's version")
    func newestReleaseIsTheVersion() throws {
        #expect(try Self.strings("/component/releases/release[1]/@version") == [DemoApp.version])
    }

    @Test("every metainfo screenshot is one of the README's, with its real size")
    func screenshotsAreTheReadmes() throws {
        let shots = try Self.xml().nodes(forXPath: "/component/screenshots/screenshot/image")
        #expect(shots.count == 3)
        for case let image as XMLElement in shots {
            let url = try #require(URL(string: image.stringValue ?? ""))
            #expect(url.scheme == "https")
            let local = packageRoot.appendingPathComponent("docs/screenshots/\(url.lastPathComponent)")
            let png = try RenderedImage(contentsOfPNG: local.path)
            #expect(image.attribute(forName: "width")?.stringValue == "\(png.width)", "\(url)")
            #expect(image.attribute(forName: "height")?.stringValue == "\(png.height)", "\(url)")
        }
    }

    @Test("the launcher entry starts gesture-demo with the app's icon and name")
    func desktopEntry() throws {
        let lines = try String(contentsOf: Self.desktop, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == "[Desktop Entry]")
        #expect(lines.contains("Name=\(DemoApp.title)"))
        #expect(lines.contains("Icon=\(DemoApp.appID)"))
        #expect(lines.contains("Exec=gesture-demo"), "install.sh rewrites this line to the installed path")
        #expect(lines.contains("TryExec=gesture-demo"))
    }
}
