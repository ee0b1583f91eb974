import Glibc
import GestureScript

/// The file operations the runner needs beyond `ScriptFiles` (which joins
/// and splits paths, reads, writes and creates folders): folder listing,
/// copying, removal, temporary folders, on Glibc directly (the app is
/// moving off Foundation). Failures throw `RunnerError` with the path and
/// `strerror`.
enum FileSystem {
    private static func status(_ path: String) -> stat? {
        var s = stat()
        return stat(path, &s) == 0 ? s : nil
    }

    static func isDirectory(_ path: String) -> Bool {
        status(path).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
    }

    /// The size in bytes of a regular file, nil for anything else.
    static func size(of path: String) -> Int? {
        status(path).flatMap { $0.st_mode & S_IFMT == S_IFREG ? Int($0.st_size) : nil }
    }

    /// The names in a folder (without `.` and `..`), unsorted.
    static func contents(of directory: String) throws(RunnerError) -> [String] {
        guard let dir = opendir(directory) else { throw .system("cannot read folder \(directory)", errno) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether anything (a file, a folder, a link) is at `path`.
    static func exists(_ path: String) -> Bool {
        var s = stat()
        return lstat(path, &s) == 0
    }

    /// Whether `path` is a symbolic link (whatever it points to).
    static func isLink(_ path: String) -> Bool {
        var s = stat()
        return lstat(path, &s) == 0 && s.st_mode & S_IFMT == S_IFLNK
    }

    /// The absolute path `path` resolves to (links followed); nil when it
    /// does not exist.
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// The absolute path `path` names, as `ScriptFiles.resolved(_:)` gives
    /// it: its links followed, a link to something not there yet too, so
    /// that a file the run is still to write is where writing it would put
    /// it. Nil when the links loop or the current folder is unknown.
    static func absolute(_ path: String) -> String? {
        ScriptFiles.resolved(path.isEmpty ? "." : path)
    }

    /// `path` relative to `folder` when it lies inside it (both absolute,
    /// as `absolute(_:)` gives them); nil otherwise, and for `folder`
    /// itself.
    static func relative(_ path: String, inside folder: String) -> String? {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) && path.count > prefix.count ? String(path.dropFirst(prefix.count)) : nil
    }

    /// Up to the first `count` bytes of a regular file; none when it
    /// cannot be read.
    static func prefix(of path: String, count: Int) -> [UInt8] {
        guard size(of: path) != nil else { return [] }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count) }
        return Array(bytes.prefix(max(read, 0)))
    }

    /// `ScriptFiles.createFolder`, failing as the runner does.
    static func createFolder(_ path: String) throws(RunnerError) {
        try RunnerError.files { () throws(ScriptFileError) in try ScriptFiles.createFolder(path) }
    }

    /// `ScriptFiles.writeInPlace`, failing as the runner does.
    static func write(_ bytes: some Collection<UInt8>, to path: String) throws(RunnerError) {
        try RunnerError.files { () throws(ScriptFileError) in try ScriptFiles.writeInPlace(bytes, to: path) }
    }

    /// Copies the regular file at `source` to `destination` (replaced
    /// whole once the copy is, `ScriptFiles.copyFile`). Anything else (a
    /// folder, a pipe, a device without end) is left alone: returns whether
    /// it copied.
    @discardableResult
    static func copyRegularFile(_ source: String, to destination: String) throws(RunnerError) -> Bool {
        guard size(of: source) != nil else { return false }
        try RunnerError.files { () throws(ScriptFileError) in try ScriptFiles.copyFile(source, to: destination) }
        return true
    }

    /// Removes a file or a folder with everything in it; symbolic links are
    /// removed, never followed.
    static func remove(_ path: String) throws(RunnerError) {
        var s = stat()
        guard lstat(path, &s) == 0 else { return }
        if s.st_mode & S_IFMT == S_IFDIR {
            for name in try contents(of: path) { try remove(ScriptFiles.path(path, name)) }
            if rmdir(path) != 0 { throw .system("cannot remove \(path)", errno) }
        } else if unlink(path) != 0 {
            throw .system("cannot remove \(path)", errno)
        }
    }

    /// A new private folder under `$TMPDIR` (or /tmp).
    static func makeTemporaryDirectory(prefix: String) throws(RunnerError) -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array(ScriptFiles.path(base, prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw .system("cannot create a temporary folder in \(base)", errno) }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// This program's own executable, to start workers from.
    static func currentExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

