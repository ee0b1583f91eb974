import Foundation
import Testing

/// The window's shared-memory buffers, as the kernel maps them in the app
/// (`/proc/PID/smaps`): each the window's size, two while frames follow
/// each other, and only the one on screen once the window has been idle
/// for a while; the frame after that still shows exactly what it should.
@Suite("Window buffers end to end", .serialized,
       .enabled(if: endToEndEnabled, "set GESTURE_E2E=1 to run end-to-end tests"))
struct WindowBufferEndToEndTests {
    /// `BufferPool.spareBufferIdleTime`: how long a window goes without a
    /// frame before its spare buffers are freed.
    static let idleTime: TimeInterval = 5

    /// The sizes (KiB) of the app's `wl_shm` buffers mapped now.
    static func shmBuffers(of app: Process) -> [Int] {
        // Read to the end: String(contentsOfFile:) stops after the first
        // read, a page of this long /proc file.
        guard let file = FileHandle(forReadingAtPath: "/proc/\(app.processIdentifier)/smaps") else { return [] }
        defer { try? file.close() }
        let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        var sizes: [Int] = []
        var inBuffer = false
        for line in smaps.split(separator: "\n") {
            if line.first?.isHexDigit == true, line.contains("-") {
                inBuffer = line.contains("wayland-shm-buffer")
            } else if inBuffer, line.hasPrefix("Size:") {
                sizes.append(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0)
            }
        }
        return sizes
    }

    @Test("buffers have the window's size; an idle window keeps only the one on screen, and the next frame is whole")
    func idleWindowFreesSpareBuffer() throws {
        let run = try FlatCubeEndToEndTests.start()
        // The first frame is still on screen when this one is drawn.
        try run.tap(400, 120)
        #expect(run.session.waitFor { run.log.hasLabel("singleCounter", "1") }, "log: \(run.log.lines)")
        let windowBuffer = (800 * 600 * 4 + 4095) / 4096 * 4
        #expect(run.session.waitFor { Self.shmBuffers(of: run.app).count == 2 }, "\(Self.shmBuffers(of: run.app))")
        #expect(Self.shmBuffers(of: run.app).allSatisfy { $0 == windowBuffer }, "\(Self.shmBuffers(of: run.app)) KiB")

        #expect(run.session.waitFor(timeout: Self.idleTime + 3) { Self.shmBuffers(of: run.app).count == 1 },
                "still \(Self.shmBuffers(of: run.app)) KiB after \(Self.idleTime + 3) s idle")

        // The frame after starts from a copy of the one on screen: all of
        // it must be right, not only the counter that changed.
        try run.tap(400, 120)
        #expect(run.session.waitFor { run.log.hasLabel("singleCounter", "2") }, "log: \(run.log.lines)")
        let reference = try run.headlessReference("down 1 400 120\nup 1\nwait 6000\ndown 1 400 120\nup 1", name: "red-2")
        #expect(try run.waitForScreen(matching: reference).1.isEmpty)
        #expect(Self.shmBuffers(of: run.app).count == 2)
    }
}
