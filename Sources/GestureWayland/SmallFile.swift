import Glibc

/// Whole small files read into memory: a cursor theme's `index.theme` and
/// its cursor images, both checked the same way.
enum SmallFile {
    /// The bytes of the regular file at `path`, or nil when it is missing,
    /// not a regular file, empty, longer than `limit` bytes, or cannot be
    /// read whole.
    static func contents(of path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              status.st_size > 0, status.st_size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }
}
