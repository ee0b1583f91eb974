import GestureKit

/// The window's shared-memory buffers: hands out one the compositor is not
/// reading, and tracks what each one is missing so that a frame only
/// repaints damage. Sizes and regions are in buffer pixels (the window's
/// logical size times its scale).
final class BufferPool {
    /// Two buffers alternate when the compositor releases the previous frame
    /// promptly; a third absorbs the case where it still holds two (one on
    /// screen, one queued). More would only cost memory.
    static let capacity = 3

    /// How long the window must go without a new frame before the pool
    /// frees the buffers that are not on screen (seconds). Double buffering
    /// needs two only while frames follow each other; an idle window at
    /// 1024x768 holds 3 MiB less. The first frame after costs a copy of
    /// the one on screen into a new buffer (a few milliseconds at that
    /// size), so the wait is longer than a pause between two taps.
    static let spareBufferIdleTime = 5.0

    private let connection: WaylandConnection
    private let shm: OpaquePointer
    private let scheduler: Scheduler
    /// Frees the spare buffers once `spareBufferIdleTime` has passed since
    /// the latest frame; pending while a buffer other than the one on
    /// screen is kept.
    private lazy var spareRelease = IdleTimeout(delay: Self.spareBufferIdleTime, scheduler: scheduler) {
        [weak self] in self?.releaseSpareBuffers()
    }

    /// The size of the buffers handed out.
    private(set) var size = PixelSize(width: 0, height: 0)
    private var buffers: [ShmBuffer] = []
    /// The buffer holding the latest presented frame.
    private weak var front: ShmBuffer?
    /// Buffers of an earlier size that the compositor still holds; freed
    /// once released (destroying them earlier could blank the window).
    private var retired: [ShmBuffer] = []

    /// A pool allocating from the `wl_shm` global `shm`, timing its idle
    /// periods on `scheduler`.
    init(shm: OpaquePointer, scheduler: Scheduler, connection: WaylandConnection) {
        self.connection = connection
        self.shm = shm
        self.scheduler = scheduler
        buffers.reserveCapacity(Self.capacity)
    }

    /// Switches to buffers of `newSize`; old ones go once released.
    func resize(to newSize: PixelSize) {
        guard newSize != size else { return }
        size = newSize
        retired.append(contentsOf: buffers.filter(\.isBusy))
        buffers.removeAll(keepingCapacity: true)
    }

    /// A buffer that may be drawn into, or nil while the compositor holds
    /// them all (a `wl_buffer.release` will free one).
    func acquire() throws(WaylandError) -> ShmBuffer? {
        retired.removeAll { !$0.isBusy }
        if let free = buffers.first(where: { !$0.isBusy }) {
            return free
        }
        guard buffers.count < Self.capacity, size.isDrawable else { return nil }
        let buffer = try ShmBuffer(shm: shm, size: size, connection: connection)
        // Copying the latest frame is far cheaper than rendering the whole
        // window into the new buffer (reading a buffer the compositor holds
        // is fine; only writing is not).
        if let front, front.size == size {
            buffer.pixels.copyMemory(from: front.pixels, byteCount: front.stride * Int(front.size.height))
            buffer.staleRegion = nil
        }
        buffers.append(buffer)
        return buffer
    }

    /// Brings `buffer` up to the latest frame where it fell behind (its
    /// stale region) by copying those pixels from the buffer that shows it,
    /// but for those within `repainted`, which the next frame draws whole;
    /// returns whether it could. Reading a buffer the compositor holds is
    /// fine; only writing is not.
    func catchUp(_ buffer: ShmBuffer, except repainted: Region) -> Bool {
        guard let missed = buffer.staleRegion else { return true }
        guard let front, front !== buffer, front.size == buffer.size else { return false }
        // A picture moving every frame repaints much of what the buffer
        // missed: copying that too would write it twice.
        let stale = missed.subtracting(repainted)
        for rect in stale.rects {
            buffer.forEachRow(of: rect) { offset, count in
                (buffer.pixels + offset).copyMemory(from: front.pixels + offset, byteCount: count * 4)
            }
        }
        buffer.staleRegion = nil
        return true
    }

    /// Records that `buffer` now shows the latest frame, which differs from
    /// the previous one within `damage` (buffer pixels), and was handed to
    /// the compositor.
    func didPresent(_ buffer: ShmBuffer, damage: Region) {
        for other in buffers where other !== buffer {
            other.staleRegion = other.staleRegion?.union(damage) ?? damage
        }
        buffer.staleRegion = nil
        buffer.isBusy = true
        front = buffer
        if buffers.count > 1 || spareRelease.isPending { spareRelease.restart() }
    }

    /// Frees every buffer the compositor has released, except the one on
    /// screen (the compositor may read it again for a repaint), so the
    /// next frame copies it into a new one.
    private func releaseSpareBuffers() {
        buffers.removeAll { $0 !== front && !$0.isBusy }
        retired.removeAll { !$0.isBusy }
    }
}
