import CPosix
import Glibc

/// The files a script run reads and writes (scripts, logs, snapshots,
/// goldens, recordings), through the C library: Foundation would map
/// about 10 MB of libraries (ICU among them) into the live app for these
/// few calls.
///
/// Paths are strings, joined and split as `NSString`'s path helpers do for
/// the paths used here.
public enum ScriptFiles {
    /// `name` inside `folder` (`name` alone when `folder` is empty).
    public static func path(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folder part of `path`: "" for a bare file name, "/" for a file
    /// at the root.
    public static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// The last component of `path` (its file name).
    public static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/"), trimmed.count > 1 else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Removes the file at `path` (a link, not its target); nothing there
    /// is no failure.
    public static func removeFile(_ path: String) throws(ScriptFileError) {
        guard unlink(path) != 0 else { return }
        let code = errno
        if code != ENOENT { throw ScriptFileError(path: path, action: "remove", errno: code) }
    }

    /// What is at `path`, links followed; nil when nothing is.
    public static func type(of path: String) -> FileType? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .folder
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFIFO: return .pipe
        default: return .socket
        }
    }

    /// What is at `path`, links followed, as a run reading a file sees it.
    public static func kind(of path: String) -> FileKind {
        switch type(of: path) {
        case nil: .missing
        case .regular: .regular
        case .folder: .other("a folder")
        case .pipe: .other("a FIFO")
        case .socket: .other("a socket")
        case .characterDevice, .blockDevice: .other("a device")
        }
    }

    /// The file (or folder) `path` reaches, links followed: its device and
    /// inode, the same for every path that reaches it; nil when nothing
    /// is there.
    public static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Whether `a` and `b` name one file, however spelt: where either
    /// exists, whether both are the same file (device and inode, links
    /// followed, so a link to the other or a hard link is the same file);
    /// where neither does, whether they lead to the same path once links
    /// are followed (`resolved(_:)`), so that writing one would make the
    /// other: the same name in the same folder, or a link to nowhere and
    /// the path it points at.
    public static func isSameFile(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let first = identity(of: a), second = identity(of: b)
        if first != nil || second != nil { return first == second }
        guard let resolvedA = resolved(a) else { return false }
        return resolvedA == resolved(b)
    }

    /// `path` as an absolute path through no link, as `realpath -m` gives
    /// it: each link on the way followed (its target read against the
    /// link's own folder when relative), the last one too even when it
    /// leads nowhere, and `.`, `..` and repeated slashes taken out. From
    /// the first part that is not there on, the rest is taken as written.
    /// Nil when the links loop (more than 40 of them, as Linux allows) or
    /// the working folder is unknown.
    public static func resolved(_ path: String) -> String? {
        var done: [Substring] = []
        if !path.hasPrefix("/") {
            guard let cwd = getcwd(nil, 0) else { return nil }
            done = String(cString: cwd).split(separator: "/")
            free(cwd)
        }
        var rest = Array(path.split(separator: "/").reversed())
        var links = 0, missing = false
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        while let part = rest.popLast() {
            if part == "." { continue }
            if part == ".." {
                _ = done.popLast()
                continue
            }
            done.append(part)
            if missing { continue }
            let sofar = "/" + done.joined(separator: "/")
            let count = readlink(sofar, &target, target.count - 1)
            if count < 0 {
                // Not a link: a file or folder, or nothing from here on.
                missing = errno == ENOENT
                continue
            }
            links += 1
            if links > 40 { return nil }
            let link = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            done.removeLast()
            if link.hasPrefix("/") { done.removeAll() }
            rest += link.split(separator: "/").reversed()
        }
        return "/" + done.joined(separator: "/")
    }

    /// Creates `path` and its missing parents, as `mkdir -p` does. A file
    /// where a folder should be is reported as "a file is in the way".
    public static func createFolder(_ path: String) throws(ScriptFileError) {
        var isFolder = stat()
        if stat(path, &isFolder) == 0 {
            guard isFolder.st_mode & S_IFMT == S_IFDIR else {
                throw ScriptFileError(path: path, action: "create folder", reason: "a file is in the way")
            }
            return
        }
        let parent = folder(of: path)
        if !parent.isEmpty, parent != path { try createFolder(parent) }
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw ScriptFileError(path: path, action: "create folder", errno: errno)
        }
    }

    /// The most a script may hold: 64 MiB, more than an hour of ten
    /// fingers recorded at 120 Hz. A file past it (or one without end, such
    /// as /dev/zero) is refused before it fills the memory.
    public static let maximumTextSize = 64 << 20

    /// The largest `log.jsonl` a headless run writes, 256 MiB (four times
    /// the script size limit; a log is a few times its script's size): a
    /// run whose log passes it is stopped, as one whose gestures never let
    /// time pass would otherwise fill the disk until killed. The test
    /// runner reads back no larger log either.
    public static let maximumLogSize = 4 * maximumTextSize

    /// The UTF-8 text of the file at `path`. Bytes that are not UTF-8, or
    /// more than `maximumTextSize` of them, fail the read. A FIFO with no
    /// writer is waited for, `waiting` called once before (`readChunks`).
    public static func readText(_ path: String, waiting: () -> Void = {}) throws(ScriptFileError) -> String {
        guard let bytes = try readBytes(path, atMost: maximumTextSize, waiting: waiting) else {
            throw ScriptFileError(path: path, action: "read", reason: "larger than \(maximumTextSize >> 20) MiB, too large for a script")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ScriptFileError(path: path, action: "read", reason: "not UTF-8 text")
        }
        return text
    }

    /// The bytes of the file at `path` if it holds at most `limit`; nil for
    /// a larger file, or one without end such as /dev/zero, which is read
    /// no further than one byte past `limit`. `waiting` as `readChunks`.
    public static func readBytes(_ path: String, atMost limit: Int,
                                 waiting: () -> Void = {}) throws(ScriptFileError) -> [UInt8]? {
        let bytes = try readBytes(path, upTo: limit + 1, waiting: waiting)
        return bytes.count <= limit ? bytes : nil
    }

    /// The bytes of the file at `path`, or its first `limit` bytes.
    /// `waiting` as `readChunks`.
    public static func readBytes(_ path: String, upTo limit: Int = .max,
                                 waiting: () -> Void = {}) throws(ScriptFileError) -> [UInt8] {
        var bytes: [UInt8] = []
        try readChunks(path, upTo: limit, waiting: waiting) { bytes += $0 }
        return bytes
    }

    /// Reads the file at `path` from its start, at most 64 KiB at a time,
    /// handing each chunk to `take` until the end or `limit` bytes: a copy
    /// holds one chunk in memory, never the whole file.
    ///
    /// A FIFO with no writer yet is waited for, as `open` would, but
    /// `waiting` is called first, once, so that the caller can say why
    /// nothing happens; it is not called when a writer is there already.
    public static func readChunks(_ path: String, upTo limit: Int = .max, waiting: () -> Void = {},
                                  _ take: (ArraySlice<UInt8>) throws(ScriptFileError) -> Void) throws(ScriptFileError) {
        // Opened as any file, a FIFO blocks in open() until a writer opens
        // it, and nothing can be said before. So a FIFO is opened with
        // O_NONBLOCK, which returns at once, writer or not; its first read
        // (below) tells whether one is there. Anything else is opened as
        // always. (Should the path change between the two calls, a FIFO
        // opened without the flag only waits unexplained; another file
        // opened with it has the flag cleared after the first read.)
        var firstOfFIFO = type(of: path) == .pipe
        let fd = open(path, O_RDONLY | O_CLOEXEC | (firstOfFIFO ? O_NONBLOCK : 0))
        guard fd >= 0 else { throw ScriptFileError(path: path, action: "read", errno: errno) }
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: min(65536, max(limit, 1)))
        var done = 0
        while done < limit {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if firstOfFIFO {
                // The FIFO's first read, without waiting, tells what poll
                // cannot (it is quiet both ways): bytes, or EAGAIN, when a
                // writer is there, so nothing is said and the reads go on
                // as from any file; 0, the end, when no writer is.
                firstOfFIFO = false
                let code = errno
                if n == 0 { waitForWriter(fd, waiting) }
                setBlocking(fd)
                if n == 0 || (n < 0 && code == EAGAIN) { continue }
                errno = code
            }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw ScriptFileError(path: path, action: "read", errno: errno)
            }
            let kept = min(n, limit - done)
            try take(chunk[..<kept])
            done += kept
        }
    }

    /// Waits until a writer has opened the FIFO read by `fd` (opened
    /// without blocking, found empty and without a writer) and written, or
    /// come and gone; calls `waiting` first, unless a writer has been
    /// already.
    ///
    /// Linux tells a reader that a writer came and went (POLLHUP) only of
    /// a writer since the reader's open, so a new reader waits here, as a
    /// blocking open would, for the first writer: its bytes (POLLIN) or its
    /// end (POLLHUP). A pipe without a name (/dev/stdin, `<(...)`), which
    /// never waits in open, has POLLHUP at once when its writer is gone:
    /// its end is read without a word.
    static func waitForWriter(_ fd: Int32, _ waiting: () -> Void) {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        if poll(&entry, 1, 0) != 0 { return }
        waiting()
        while poll(&entry, 1, -1) < 0, errno == EINTR {}
    }

    /// Clears `O_NONBLOCK` on `fd`, so that its reads wait for bytes.
    static func setBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0, flags & O_NONBLOCK != 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// Writes `text` to `path` atomically (a temporary file renamed into
    /// place), so a reader never sees half a file.
    public static func writeText(_ text: String, to path: String) throws(ScriptFileError) {
        let (temporary, fd) = try createPartial(of: path)
        let code = write(text, to: fd)
        try putInPlace(temporary, at: path, writeError: closeAfterWriting(fd, writeError: code))
    }

    /// Copies the file at `source` to `destination` atomically (a temporary
    /// file renamed into place), a chunk at a time, so that a large file
    /// never sits in memory whole. The temporary file is made once the
    /// source is open, so a source that cannot be read leaves nothing.
    public static func copyFile(_ source: String, to destination: String) throws(ScriptFileError) {
        var temporary = ""
        var output: Int32?
        func opened() throws(ScriptFileError) -> Int32 {
            if let output { return output }
            let (path, fd) = try createPartial(of: destination)
            temporary = path
            output = fd
            return fd
        }
        let copy: Int32
        do throws(ScriptFileError) {
            try readChunks(source) { (chunk) throws(ScriptFileError) in
                let fd = try opened()
                let code = chunk.withUnsafeBytes { write($0, to: fd) }
                if code != 0 { throw ScriptFileError(path: destination, action: "write", errno: code) }
            }
            copy = try opened()
        } catch {
            if let output {
                close(output)
                unlink(temporary)
            }
            throw error
        }
        try putInPlace(temporary, at: destination, writeError: closeAfterWriting(copy))
    }

    /// Creates the file that `path` is written in before it is whole
    /// (`writeText`, `copyFile`, `StreamedTextFile`), beside it:
    /// `PATH.PID-RANDOM.partial`, a name of this write alone, made new
    /// (`cposix_create_partial`, which snapshots' PNG files use too). So runs writing into one folder at once never write
    /// into each other's temporary file (the last one renamed into place
    /// wins, whole), and a link planted at a temporary name is never
    /// followed. Returns its path and its descriptor; a failure names
    /// `path`.
    static func createPartial(of path: String) throws(ScriptFileError) -> (path: String, fd: Int32) {
        var name = [CChar](repeating: 0, count: path.utf8.count + 40)
        let fd = cposix_create_partial(path, &name, name.count)
        guard fd >= 0 else { throw ScriptFileError(path: path, action: "write", errno: errno) }
        return (name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }, fd)
    }

    /// Creates a new file at `path` for writing; returns its descriptor.
    /// Anything already there, a symbolic link included (even one to
    /// nowhere), fails it with `EEXIST`: the file is never another's.
    static func createNew(_ path: String) throws(ScriptFileError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ScriptFileError(path: path, action: "write", errno: errno) }
        return fd
    }

    /// Renames the closed `partial` file to `path`, or, when its writing
    /// failed (`writeError`, an `errno`; 0 when it did not) or the rename
    /// does, removes it and throws why.
    static func putInPlace(_ partial: String, at path: String, writeError: Int32) throws(ScriptFileError) {
        guard writeError == 0, rename(partial, path) == 0 else {
            let failure = ScriptFileError(path: path, action: "write", errno: writeError == 0 ? errno : writeError)
            unlink(partial)
            throw failure
        }
    }

    /// Opens `path` for writing, created or emptied; returns its descriptor.
    public static func create(_ path: String) throws(ScriptFileError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ScriptFileError(path: path, action: "write", errno: errno) }
        return fd
    }

    /// Writes `bytes` straight into `path`, created or emptied, without
    /// `writeText`'s temporary file: for paths that must be written where
    /// they are (a device such as /dev/stdout, a symbolic link kept as one),
    /// and failures that name `path` itself.
    public static func writeInPlace(_ bytes: some Collection<UInt8>, to path: String) throws(ScriptFileError) {
        let fd = try create(path)
        let code = Array(bytes).withUnsafeBytes { write($0, to: fd) }
        let failed = closeAfterWriting(fd, writeError: code)
        if failed != 0 { throw ScriptFileError(path: path, action: "write", errno: failed) }
    }

    /// Closes a descriptor written to; returns the first failure: the
    /// writes' (`writeError`, an `errno`, 0 when they succeeded), else the
    /// close's, else 0. Some file systems (NFS, FUSE, a full quota) only
    /// report that written data could not be stored when the file closes.
    /// The descriptor is gone either way; an interrupted close counts as
    /// done, as Linux releases the descriptor before it can be interrupted.
    public static func closeAfterWriting(_ fd: Int32, writeError: Int32 = 0) -> Int32 {
        let closed = close(fd) == 0
        let code = closed ? 0 : errno
        if writeError != 0 { return writeError }
        return code == EINTR ? 0 : code
    }

    /// Writes all of `text` to the descriptor at once, unbuffered; returns
    /// 0, or the `errno` of the write that failed.
    @discardableResult
    public static func write(_ text: String, to fd: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: fd) }
    }

    /// Writes all of `bytes` to the descriptor; returns 0, or the `errno`
    /// of the write that failed.
    public static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32 {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return 0
    }
}

/// What is at a path (`ScriptFiles.kind(of:)`).
public enum FileKind: Equatable, Sendable {
    /// Nothing (or a link to nothing).
    case missing
    /// A regular file.
    case regular
    /// Anything else, as a message names it ("a folder", "a FIFO", "a
    /// socket", "a device"): something a run does not read as a file, as
    /// reading a FIFO or a terminal may wait forever.
    case other(String)
}

/// A file that could not be read, written or created: which, and why.
public struct ScriptFileError: Error, CustomStringConvertible {
    public var path: String
    /// "read", "write", "create folder", "remove".
    public var action: String
    /// Why, as the C library says it ("No such file or directory").
    public var reason: String
    /// The C library's error number, when the C library refused.
    public var code: Int32?

    public init(path: String, action: String, reason: String, code: Int32? = nil) {
        self.path = path
        self.action = action
        self.reason = reason
        self.code = code
    }

    /// A failure for the C library's error number `code`, with its reason.
    public init(path: String, action: String, errno code: Int32) {
        self.init(path: path, action: action, reason: String(cString: strerror(code)), code: code)
    }

    public var description: String { "cannot \(action) \(path): \(reason)" }
}

/// The kinds of things a path can reach once its links are followed.
public enum FileType: Sendable {
    case regular, folder, characterDevice, blockDevice, pipe, socket

    /// "a named pipe (FIFO)", to say what a path is instead of a file.
    public var description: String {
        switch self {
        case .regular: "a regular file"
        case .folder: "a folder"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .pipe: "a named pipe (FIFO)"
        case .socket: "a socket"
        }
    }
}

/// What tells one file or folder from another on this machine, whatever
/// path reaches it: its device and inode.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
}
