import CPosix
import Glibc
import Testing

/// `cposix_populate_in_background`, which backs a new window buffer's
/// lower half with memory while the first frame is drawn into its upper
/// half (`ShmBuffer`).
@Suite("Populating a buffer in the background")
struct BackgroundPopulateTests {
    static let pages = 64

    /// How many of the `count` pages mapped at `start` have memory behind them.
    static func residentPages(_ start: UnsafeMutableRawPointer, count: Int) -> Int {
        var vector = [UInt8](repeating: 0, count: count)
        guard mincore(start, count * pageSize, &vector) == 0 else { return -1 }
        return vector.filter { $0 & 1 != 0 }.count
    }

    static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }

    @Test("the range is backed once the thread has ended, and holds what was written before and after")
    func backsWithoutWriting() throws {
        let size = Self.pages * Self.pageSize
        let fd = cposix_shm_file_create("populate-test", size)
        try #require(fd >= 0)
        defer { close(fd) }
        let memory = try #require(cposix_mmap_shared(fd, size))
        defer { munmap(memory, size) }

        memory.storeBytes(of: 0xab, toByteOffset: 1, as: UInt8.self)
        #expect(Self.residentPages(memory, count: Self.pages) == 1)

        // The upper half is left to the caller, as ShmBuffer leaves it to
        // the frame it draws.
        let half = size / 2
        var thread = pthread_t()
        try #require(cposix_populate_in_background(memory + half, size - half, &thread) == 0)
        pthread_join(thread, nil)

        #expect(Self.residentPages(memory + half, count: Self.pages / 2) == Self.pages / 2)
        #expect(Self.residentPages(memory, count: Self.pages / 2) == 1)
        let bytes = UnsafeRawBufferPointer(start: memory, count: size)
        #expect(bytes[1] == 0xab)
        #expect(bytes.enumerated().allSatisfy { $0.offset == 1 || $0.element == 0 })
        memory.storeBytes(of: 0xcd, toByteOffset: size - 1, as: UInt8.self)
        #expect(bytes[size - 1] == 0xcd)
    }
}
