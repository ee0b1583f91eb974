import CPosix
import Glibc
import Testing

/// `cposix_populate_in_background`, which backs a new window buffer with
/// memory from its last row up while the first frame is drawn into it
/// from the top (`ShmBuffer`).
@Suite("Populating a buffer in the background")
struct BackgroundPopulateTests {
    /// More than one of the thread's quarter-megabyte steps, and not a
    /// whole number of them: the last step is a short one.
    static let pages = 100

    /// How many of the `count` pages mapped at `start` have memory behind them.
    static func residentPages(_ start: UnsafeMutableRawPointer, count: Int) -> Int {
        var vector = [UInt8](repeating: 0, count: count)
        guard mincore(start, count * pageSize, &vector) == 0 else { return -1 }
        return vector.filter { $0 & 1 != 0 }.count
    }

    static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }

    @Test("the whole range is backed once the thread has ended, and holds what was written before and after")
    func backsWithoutWriting() throws {
        let size = Self.pages * Self.pageSize
        let fd = cposix_shm_file_create("populate-test", size)
        try #require(fd >= 0)
        defer { close(fd) }
        let memory = try #require(cposix_mmap_shared(fd, size))
        defer { munmap(memory, size) }

        // Written before the thread starts, as the frame may write the top
        // rows before the thread gets to them.
        memory.storeBytes(of: 0xab, toByteOffset: 1, as: UInt8.self)
        #expect(Self.residentPages(memory, count: Self.pages) == 1)

        var thread = pthread_t()
        try #require(cposix_populate_in_background(memory, size, &thread) == 0)
        pthread_join(thread, nil)

        #expect(Self.residentPages(memory, count: Self.pages) == Self.pages)
        let bytes = UnsafeRawBufferPointer(start: memory, count: size)
        #expect(bytes[1] == 0xab)
        #expect(bytes.enumerated().allSatisfy { $0.offset == 1 || $0.element == 0 })
        memory.storeBytes(of: 0xcd, toByteOffset: size - 1, as: UInt8.self)
        #expect(bytes[size - 1] == 0xcd)
    }

    /// How many of the pages of a new `size`-byte shared mapping have
    /// memory behind them once the thread has populated it whole.
    static func pagesBackedAfterPopulating(size: Int) throws -> Int {
        let fd = cposix_shm_file_create("populate-test", size)
        try #require(fd >= 0)
        defer { close(fd) }
        let memory = try #require(cposix_mmap_shared(fd, size))
        defer { munmap(memory, size) }
        var thread = pthread_t()
        try #require(cposix_populate_in_background(memory, size, &thread) == 0)
        pthread_join(thread, nil)
        return residentPages(memory, count: (size + pageSize - 1) / pageSize)
    }

    @Test("a range that ends inside a page is backed whole, each step starting on a page")
    func backsRangeEndingInsidePage() throws {
        // A window buffer is width * 4 bytes a row: 1000x700 ends 2,800,000
        // bytes in, not on a page.
        #expect(try Self.pagesBackedAfterPopulating(size: Self.pages * Self.pageSize - 100) == Self.pages)
    }

    @Test("a range smaller than one step is backed whole")
    func backsShortRange() throws {
        #expect(try Self.pagesBackedAfterPopulating(size: 3 * Self.pageSize) == 3)
    }
}
