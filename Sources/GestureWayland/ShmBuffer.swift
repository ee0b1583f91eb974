import CPosix
import CWaylandClient
import GestureKit
import Glibc

/// One pixel buffer in shared memory that the compositor reads directly:
/// a memfd mapped here and wrapped in a `wl_buffer`.
///
/// Pixels are premultiplied ARGB words, as the renderer and XCursor files
/// store them. A window's buffers say XRGB8888 (alpha ignored): the window
/// is opaque, and saying so lets the compositor skip blending; a cursor's
/// say ARGB8888.
final class ShmBuffer {
    enum Format {
        case opaque
        case translucent

        var shm: UInt32 {
            switch self {
            case .opaque: WL_SHM_FORMAT_XRGB8888.rawValue
            case .translucent: WL_SHM_FORMAT_ARGB8888.rawValue
            }
        }
    }

    private let connection: WaylandConnection
    /// The `wl_buffer` to attach.
    let proxy: OpaquePointer
    /// First byte of the first row.
    let pixels: UnsafeMutableRawPointer
    /// Dimensions in buffer pixels.
    let size: PixelSize
    /// Bytes from one row to the next.
    let stride: Int
    private let byteCount: Int

    /// True from the commit that attached it until `wl_buffer.release`: the
    /// compositor may be reading it, so it must not be drawn into.
    var isBusy = false

    /// The part of this buffer (in its pixels) that no longer matches the
    /// latest presented frame (frames went to other buffers meanwhile); nil
    /// when up to date.
    /// Drawing into this buffer must repaint it along with the new damage.
    var staleRegion: Region?

    /// Allocates a buffer of `size`, initially entirely stale.
    init(shm: OpaquePointer, size: PixelSize, format: Format = .opaque,
         connection: WaylandConnection) throws(WaylandError) {
        precondition(size.isDrawable, "a wl_buffer needs a positive size")
        let stride = Int(size.width) * 4
        let byteCount = stride * Int(size.height)
        guard byteCount <= Int(Int32.max) else {
            throw .bufferAllocationFailed(reason: "\(size.width)x\(size.height) exceeds the wl_shm size limit")
        }
        let fd = cposix_shm_file_create("wayland-shm-buffer", byteCount)
        guard fd >= 0 else {
            throw .bufferAllocationFailed(reason: errnoDescription(errno))
        }
        // The compositor gets its own copy of the fd when the request is
        // sent (libwayland duplicates it), and the mapping keeps the memory.
        defer { close(fd) }
        guard let pixels = cposix_mmap_shared(fd, byteCount) else {
            throw .bufferAllocationFailed(reason: errnoDescription(errno))
        }
        populator = Self.populateFromTheBottom(of: pixels, byteCount: byteCount)
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
        proxy = wl_shm_pool_create_buffer(pool, 0, size.width, size.height, Int32(stride), format.shm)
        // The buffer keeps the pool's memory alive; one buffer per pool keeps
        // resizing simple (no pool growth, no offset bookkeeping).
        wl_shm_pool_destroy(pool)

        self.connection = connection
        self.pixels = pixels
        self.size = size
        self.stride = stride
        self.byteCount = byteCount
        staleRegion = Region(size.bounds)
        wl_buffer_add_listener(proxy, bufferListener.pointer, listenerUserData(self))
    }

    deinit {
        wl_buffer_destroy(proxy)
        if let populator { pthread_join(populator, nil) }
        munmap(pixels, byteCount)
    }

    /// The thread backing the buffer with memory, if one was started;
    /// joined before the memory is unmapped.
    private let populator: pthread_t?

    /// Buffers this large (bytes) or larger are backed with memory by
    /// another thread as they are made.
    private static let populatedInBackground = 1 << 20

    /// Starts a thread backing a new buffer of `byteCount` bytes at
    /// `pixels` with memory, from its last row up, if it is large enough;
    /// returns the thread.
    ///
    /// A new buffer is first written whole, top to bottom (the window's
    /// first frame; a copy of the latest frame), and each of its pages
    /// costs a fault on its first write: about 1.3 ms for a 1024x768
    /// window here, half the drawing of the first frame (2.6 ms, 1.3 with
    /// the buffer populated beforehand). Another thread populating the
    /// lower half meanwhile, on the other core, took the drawing to 2.2
    /// ms, but it was done before the frame got there and left the frame
    /// to fault in the upper half itself (1.16 ms of the main thread's
    /// time before the first commit, over 20 launches under perf).
    /// Working up from the bottom until it meets the frame, this thread
    /// takes part of the upper half too. From `wl_shm.create_pool` to
    /// the first commit, in five sets of alternated launches (3, 15, 15,
    /// 25 and 25 each), the medians read 2.84, 3.51, 3.07, 2.50 and 2.83
    /// ms against 3.43, 3.73, 2.86, 2.67 and 3.44: lower in four sets,
    /// by 0.28 ms on average. Its pages are populated, never written:
    /// their content stays what this thread writes.
    private static func populateFromTheBottom(of pixels: UnsafeMutableRawPointer, byteCount: Int) -> pthread_t? {
        guard byteCount >= populatedInBackground else { return nil }
        var thread = pthread_t()
        guard cposix_populate_in_background(pixels, byteCount, &thread) == 0 else { return nil }
        return thread
    }

    /// Calls `body` for each row of `rect` (buffer pixels, rounded out to
    /// whole ones and cut to the buffer), with the row's byte offset from
    /// `pixels` and its width in pixels; not at all when nothing is left.
    func forEachRow(of rect: Rect, _ body: (_ offset: Int, _ count: Int) -> Void) {
        let x0 = max(0, Int(rect.minX)), x1 = min(Int(size.width), Int(rect.maxX.rounded(.up)))
        let y0 = max(0, Int(rect.minY)), y1 = min(Int(size.height), Int(rect.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 { body(y * stride + x0 * 4, x1 - x0) }
    }

    fileprivate func handleRelease() {
        isBusy = false
    }
}

private let bufferListener = ListenerTable(wl_buffer_listener(
    release: { data, _ in
        listenerOwner(data, as: ShmBuffer.self).handleRelease()
    }
))
