import GestureScript
import Glibc

/// A file written one line at a time, each line at once (unbuffered), so
/// a reader sees it while the app runs and a killed session leaves
/// everything written so far: the live log and a recording. `-` is
/// standard output.
///
/// A line that cannot be written (a full disk, a file system that fails
/// when the file closes) does not stop the session: it is said at once in
/// the app's log, and `failure` says it after the session, so the run can
/// end as failed instead of leaving a file that looks whole.
final class LineFile {
    private let fd: Int32
    private let closesFile: Bool
    private let path: String
    private let what: String
    /// The first write that failed, and how many lines were lost since
    /// (that one included; 0 when the close failed, after every line was
    /// handed over); nil while none has.
    private var firstError: (code: Int32, lostLines: Int)?
    /// Set once the file is closed (`close()`).
    private var isClosed = false

    /// - Parameter what: what the file is, for the error message.
    init(path: String, what: String) throws {
        self.path = path
        self.what = what
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
        close()
    }

    func write(_ line: String) {
        guard !isClosed else { return }
        if var failed = firstError {
            // After a failure the file misses a line already: later lines
            // would leave a script or log with a hole in it.
            failed.lostLines += 1
            firstError = failed
            return
        }
        let code = ScriptFiles.write(line + "\n", to: fd)
        guard code != 0 else { return }
        firstError = (code, 1)
        appLog.error("\(cannotWrite(code)); the lines after this are lost")
    }

    private func cannotWrite(_ code: Int32) -> String {
        "cannot write \(what) \(path): \(String(cString: strerror(code)))"
    }

    /// Closes the file (standard output stays open); a close that fails
    /// counts as a failed write.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        guard closesFile else { return }
        let code = ScriptFiles.closeAfterWriting(fd)
        if code != 0, firstError == nil { firstError = (code, 0) }
    }

    /// Why the file is not whole, or nil when every line was written.
    var failure: String? {
        guard let firstError else { return nil }
        let lost = switch firstError.lostLines {
        case 0: "as it closed: its end may be missing"
        case 1: "1 line lost"
        case let count: "\(count) lines lost"
        }
        return "\(cannotWrite(firstError.code)) (\(lost))"
    }
}
