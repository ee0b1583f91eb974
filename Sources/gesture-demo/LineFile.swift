import GestureScript
import Glibc

/// A file written one line at a time, each line at once (unbuffered), so
/// a reader sees it while the app runs and a killed session leaves
/// everything written so far: the live log and a recording. `-` is
/// standard output.
final class LineFile {
    private let fd: Int32
    private let closesFile: Bool

    /// - Parameter what: what the file is, for the error message.
    init(path: String, what: String) throws {
        if path == "-" {
            fd = STDOUT_FILENO
            closesFile = false
            return
        }
        do {
            fd = try ScriptFiles.create(path)
        } catch {
            throw ExitError.usage("cannot write \(what) \(path)")
        }
        closesFile = true
    }

    deinit {
        if closesFile { close(fd) }
    }

    func write(_ line: String) {
        ScriptFiles.write(line + "\n", to: fd)
    }
}
