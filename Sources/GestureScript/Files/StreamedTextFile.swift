import Glibc

/// A text file written as it is produced and put in place whole at the
/// end, as `ScriptFiles.writeText` puts a finished text: lines go, a
/// buffer at a time, to a temporary file of its own beside `PATH`
/// (`PATH.PID-RANDOM.partial`, see `ScriptFiles.createPartial`), which
/// `finish()` renames to `PATH`. So a long run's log costs a buffer of
/// memory rather than the whole log, a reader still never sees half a
/// file, and two runs writing the same `PATH` never mix their lines.
public final class StreamedTextFile {
    public let path: String
    /// The temporary file the lines go to until `finish()`.
    let temporary: String
    private var fd: Int32
    private var buffer: [UInt8] = []
    /// Bytes appended so far, line breaks included.
    public private(set) var size = 0
    /// The `errno` of the first write that failed (0 while none has):
    /// later lines are dropped, and `finish()` reports it.
    private var writeError: Int32 = 0
    /// Bytes kept before they are written.
    static let bufferSize = 1 << 16

    /// Creates the temporary file; a failure names `PATH`.
    public init(path: String) throws(ScriptFileError) {
        self.path = path
        (temporary, fd) = try ScriptFiles.createPartial(of: path)
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        // Never finished (the run was abandoned): no half file is left.
        if fd >= 0 {
            close(fd)
            unlink(temporary)
        }
    }

    /// Adds `line` and a line break.
    public func appendLine(_ line: String) {
        guard writeError == 0, fd >= 0 else { return }
        buffer.append(contentsOf: line.utf8)
        buffer.append(UInt8(ascii: "\n"))
        size += line.utf8.count + 1
        if buffer.count >= Self.bufferSize { flush() }
    }

    /// Writes what is left and renames the file into place.
    public func finish() throws(ScriptFileError) {
        guard fd >= 0 else { return }
        flush()
        let failed = ScriptFiles.closeAfterWriting(fd, writeError: writeError)
        fd = -1
        try ScriptFiles.putInPlace(temporary, at: path, writeError: failed)
    }

    private func flush() {
        guard writeError == 0, !buffer.isEmpty else { return }
        writeError = buffer.withUnsafeBytes { ScriptFiles.write($0, to: fd) }
        buffer.removeAll(keepingCapacity: true)
    }
}
