import DemoApp
import Foundation
import TestSupport
import Testing

/// `gesture-demo --version` prints the version kept in DemoApp.version.
@Suite("Version")
struct VersionTests {
    @Test("--version prints the app's version alone and exits 0")
    func versionFlag() throws {
        let run = try runGestureDemo(["--version"])
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.stdout == DemoApp.version + "\n")
        #expect(run.stderr.isEmpty)
    }

    @Test("the version is a semantic version, as the metainfo's releases and the git tags use")
    func versionIsSemantic() {
        let parts = DemoApp.version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) },
                "\(DemoApp.version)")
    }
}
