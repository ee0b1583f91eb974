import GestureScript

/// A folder a command writes a report into (`test --report`, `compare
/// --report`): new, empty, or an earlier report of the same command,
/// which is emptied first so that none of its files outlives the run.
/// Anything else is refused, so a report given `.` or `/etc` never
/// deletes someone's files nor mixes its own among them.
public struct ReportFolder {
    /// The flag the folder was given with, for the error.
    public var flag: String
    /// The file every report of this kind holds once written.
    public var marker: String
    /// Whether a name is one such a report writes.
    public var isOwnName: (String) -> Bool
    /// Whether the marker file's first bytes are this kind of report's.
    public var isOwnMarker: ([UInt8]) -> Bool = { _ in true }

    public init(flag: String, marker: String, isOwnName: @escaping (String) -> Bool) {
        self.flag = flag
        self.marker = marker
        self.isOwnName = isOwnName
    }

    /// How many of the marker's first bytes `isOwnMarker` is shown.
    static let markerPrefixLength = 512

    /// Refuses, before any work, a path where no report can go: a file
    /// (or anything but a folder) is in the way.
    public func check(_ path: String) throws(RunnerError) {
        if FileSystem.exists(path) && !FileSystem.isDirectory(path) {
            throw .usage("\(flag) \(path): not a folder (a file is in the way)")
        }
    }

    /// Makes `path` an empty folder ready for the report.
    public func prepare(_ path: String) throws(RunnerError) {
        try check(path)
        if FileSystem.isDirectory(path) {
            let names = try FileSystem.contents(of: path)
            if !names.isEmpty {
                guard names.contains(marker), names.allSatisfy(isOwnName),
                      isOwnMarker(FileSystem.prefix(of: ScriptFiles.path(path, marker), count: Self.markerPrefixLength))
                else {
                    throw .usage("\(flag) \(path): the folder holds other files; give a new or an earlier report's folder")
                }
            }
            for name in names { try FileSystem.remove(ScriptFiles.path(path, name)) }
        }
        try FileSystem.createFolder(path)
    }
}
