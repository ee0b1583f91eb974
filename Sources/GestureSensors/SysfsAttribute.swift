#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads sysfs attribute files: small text files that a driver fills on
/// every `read`. Plain open/read/close, since the content can change
/// between reads and must not be cached or buffered.
enum SysfsAttribute {
    /// Sysfs attributes are at most a page, and the numbers read here are
    /// a few dozen bytes; anything longer is not a number we want.
    private static let capacity = 128

    /// The file's text with surrounding whitespace (the driver's trailing
    /// newline) removed, or the reason it could not be read.
    static func text(at path: String) -> Result<String, IIOAccelerometerError> {
        // O_NONBLOCK: a FIFO planted in a test tree (or a wrong root) must
        // not hang the app's only thread.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(failure(for: errno, path: path)) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: capacity)
        var used = 0
        while used < capacity {
            let n = bytes.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress! + used, capacity - used)
            }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(failure(for: errno, path: path))
            }
            used += n
        }
        if used == capacity { return .failure(.notNumeric(path: path)) }
        let text = String(decoding: bytes[..<used], as: UTF8.self)
        return .success(trimmed(text))
    }

    /// The file's content as a number. Only the parse is checked: NaN and
    /// infinities come through, and the caller judges what is plausible.
    static func number(at path: String) -> Result<Double, IIOAccelerometerError> {
        text(at: path).flatMap { text in
            guard let value = Double(text) else { return .failure(.notNumeric(path: path)) }
            return .success(value)
        }
    }

    /// The names in folder `path` (without "." and ".."), or nil when it
    /// cannot be listed.
    static func entries(of path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether something exists at `path` (a file, a folder, a symlink's
    /// target).
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    private static func failure(for code: Int32, path: String) -> IIOAccelerometerError {
        // ENODEV is what reading an attribute of an unbound device gives.
        code == ENODEV ? .deviceGone(path: path) : .unreadable(path: path)
    }

    private static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace || $0 == "\0" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }
}
