import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A socket where the compositor's should be that takes the connection
/// and never answers (a hung compositor).
@Suite("A compositor that never answers")
struct SilentCompositorTests {
    @Test("the app gives up after 10 s with one line and exit 1, instead of waiting forever")
    func givesUp() throws {
        let runtime = try temporaryDirectory("silent")
        defer { try? FileManager.default.removeItem(at: runtime) }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        let socketPath = runtime.appendingPathComponent("silent-0").path
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (i, byte) in socketPath.utf8.prefix(bytes.count - 1).enumerated() { bytes[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(listener, 4) == 0, "cannot listen at \(socketPath)")
        // The connection lands in the backlog, accepted or not: the app's
        // connect succeeds and its requests are never read.
        let started = Date()
        let run = try runCommand([gestureDemoBinary().path],
                                 environment: ["WAYLAND_DISPLAY": "silent-0", "XDG_RUNTIME_DIR": runtime.path],
                                 timeout: 30)
        #expect(!run.timedOut)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("the Wayland compositor accepted the connection but did not answer within 10 s"),
                "\(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 20)
    }
}
