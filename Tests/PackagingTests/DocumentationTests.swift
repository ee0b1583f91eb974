import Foundation
import TestSupport
import Testing

extension NestedBuildTests {
    /// GestureKit's DocC documentation, built as `scripts/docs.sh` builds it.
    @Suite("Documentation")
    struct DocumentationTests {
        @Test("GestureKit's documentation builds with no DocC warning: every symbol link in the catalog resolves")
        func documentationBuilds() throws {
            let run = try runCommand([packageRoot.appendingPathComponent("scripts/docs.sh").path],
                                     environment: ["GESTURE_DOCS_SWIFTPM_FLAGS": "--ignore-lock"])
            #expect(run.status == 0, "\(run.transcript)")
            let archive = packageRoot.appendingPathComponent(".build/plugins/Swift-DocC/outputs/GestureKit.doccarchive")
            for page in ["thetouchmodel", "writingacustomrecognizer"] {
                let json = archive.appendingPathComponent("data/documentation/gesturekit/\(page).json")
                #expect(FileManager.default.fileExists(atPath: json.path), "no \(page) article in the archive")
            }
        }
    }
}
