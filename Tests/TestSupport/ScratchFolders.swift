import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Folders to remove together, later: for scratch folders that outlive the
/// test that made them (a suite's shared run, read by all its tests; a log
/// a test returns to its caller), which no single test can remove.
public final class ScratchFolderList: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []

    public init() {}

    /// Remembers `folder` for `removeAll()`.
    public func add(_ folder: URL) {
        lock.withLock { paths.append(folder.path) }
    }

    /// Removes every folder remembered (and what is in it), and forgets
    /// them. Folders already gone are skipped.
    public func removeAll() {
        let taken = lock.withLock {
            defer { paths.removeAll() }
            return paths
        }
        for path in taken { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The folders remembered and not yet removed.
    public var count: Int { lock.withLock { paths.count } }
}

/// The list the test process empties as it exits.
private let removedAtExit: ScratchFolderList = {
    atexit { removedAtExit.removeAll() }
    return ScratchFolderList()
}()

/// A new empty folder under the system's temporary directory, as
/// `temporaryDirectory` makes one, removed when the test process exits.
public func temporaryDirectoryRemovedAtExit(_ purpose: String) throws -> URL {
    let folder = try temporaryDirectory(purpose)
    removedAtExit.add(folder)
    return folder
}
