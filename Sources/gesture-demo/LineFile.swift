import Foundation

/// A file written one line at a time, each line at once (unbuffered), so
/// a reader sees it while the app runs and a killed session leaves
/// everything written so far: the live log and a recording. `-` is
/// standard output.
final class LineFile {
    private let handle: FileHandle
    private let closesHandle: Bool

    /// - Parameter what: what the file is, for the error message.
    init(path: String, what: String) throws {
        if path == "-" {
            handle = FileHandle.standardOutput
            closesHandle = false
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw ExitError.usage("cannot write \(what) \(path)")
        }
        self.handle = handle
        closesHandle = true
    }

    deinit {
        if closesHandle { try? handle.close() }
    }

    func write(_ line: String) {
        handle.write(Data((line + "\n").utf8))
    }
}
