import Glibc

/// The few file operations the runner needs, on Glibc directly (the app
/// is moving off Foundation). Paths are plain strings joined with `/`.
/// Failures throw `RunnerError` with the path and `strerror`.
enum FileSystem {
    static func join(_ a: String, _ b: String) -> String {
        if a.isEmpty || b.hasPrefix("/") { return b }
        return a.hasSuffix("/") ? a + b : a + "/" + b
    }

    /// The folder part of `path` ("." for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func fileName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    private static func status(_ path: String) -> stat? {
        var s = stat()
        return stat(path, &s) == 0 ? s : nil
    }

    static func exists(_ path: String) -> Bool { status(path) != nil }

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

    /// The file's bytes, or its first `limit` bytes.
    static func read(_ path: String, upTo limit: Int = .max) throws(RunnerError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .system("cannot read \(path)", errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system("cannot read \(path)", errno)
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<min(n, limit - bytes.count)])
            if bytes.count >= limit { return bytes }
        }
    }

    /// The file's text, or nil when it cannot be read.
    static func text(_ path: String) -> String? {
        (try? read(path)).map { String(decoding: $0, as: UTF8.self) }
    }

    static func write(_ bytes: some Collection<UInt8>, to path: String) throws(RunnerError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .system("cannot write \(path)", errno) }
        defer { close(fd) }
        let all = Array(bytes)
        var offset = 0
        while offset < all.count {
            let n = all.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, all.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system("cannot write \(path)", errno)
            }
            offset += n
        }
    }

    static func write(_ text: String, to path: String) throws(RunnerError) {
        try write(Array(text.utf8), to: path)
    }

    static func copy(_ source: String, to destination: String) throws(RunnerError) {
        try write(try read(source), to: destination)
    }

    /// Creates `path` and its missing parents.
    static func makeDirectories(_ path: String) throws(RunnerError) {
        if isDirectory(path) { return }
        let parent = directory(of: path)
        if parent != path && parent != "." && parent != "/" { try makeDirectories(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw .system("cannot create folder \(path)", errno)
        }
    }

    /// Removes a file or a folder with everything in it; symbolic links are
    /// removed, never followed.
    static func remove(_ path: String) throws(RunnerError) {
        var s = stat()
        guard lstat(path, &s) == 0 else { return }
        if s.st_mode & S_IFMT == S_IFDIR {
            for name in try contents(of: path) { try remove(join(path, name)) }
            if rmdir(path) != 0 { throw .system("cannot remove \(path)", errno) }
        } else if unlink(path) != 0 {
            throw .system("cannot remove \(path)", errno)
        }
    }

    /// A new private folder under `$TMPDIR` (or /tmp).
    static func makeTemporaryDirectory(prefix: String) throws(RunnerError) -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array(join(base, prefix + "XXXXXX").utf8CString)
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
