import GestureScript

/// A folder a command writes a report into (`test --report`, `compare
/// --report`): new, empty, or an earlier report of the same command,
/// which is emptied first so that none of its files outlives the run.
/// Anything else is refused, so a report given `.` or `/etc` never
/// deletes someone's files nor mixes its own among them.
public struct ReportFolder {
    /// The flag the folder was given with, for the error.
    public var flag: String
    /// The files that mark the folder as this kind of report: it holds at
    /// least one of them once written (the first a report writes, when a
    /// run stopped midway leaves nothing else).
    public var markers: [String]
    /// Whether a name is one such a report writes.
    public var isOwnName: (String) -> Bool
    /// Whether a marker file's first bytes are this kind of report's, given
    /// the marker's name.
    public var isOwnMarker: (_ marker: String, _ bytes: [UInt8]) -> Bool = { _, _ in true }
    /// Files of the report in the folder that `isOwnName` does not know,
    /// as paths from the folder (`ci/junit.xml`): each, and a folder on the
    /// way to them that holds nothing else, is the report's too.
    public var ownFiles: Set<String> = []

    public init(flag: String, marker: String, isOwnName: @escaping (String) -> Bool) {
        self.init(flag: flag, markers: [marker], isOwnName: isOwnName)
    }

    public init(flag: String, markers: [String], isOwnName: @escaping (String) -> Bool) {
        self.flag = flag
        self.markers = markers
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
            if !names.isEmpty && !isEarlierReport(path, holding: names) {
                throw .usage("\(flag) \(path): the folder holds other files; give a new or an earlier report's folder")
            }
            for name in names { try FileSystem.remove(ScriptFiles.path(path, name)) }
        }
        try FileSystem.createFolder(path)
    }

    /// Whether the folder at `path`, which holds `names`, is an earlier
    /// report: it holds one of the markers, as such a report writes it,
    /// and nothing but what such a report writes.
    private func isEarlierReport(_ path: String, holding names: [String]) -> Bool {
        let marked = markers.contains { marker in
            names.contains(marker)
                && isOwnMarker(marker, FileSystem.prefix(of: ScriptFiles.path(path, marker), count: Self.markerPrefixLength))
        }
        return marked && names.allSatisfy { isOwnName($0) || holdsOwnFilesOnly(path, $0) }
    }

    /// Whether `relative`, a path in the report at `path`, is one of
    /// `ownFiles` (and no folder), or a folder (not a link to one) on the
    /// way to some of them that holds nothing else.
    private func holdsOwnFilesOnly(_ path: String, _ relative: String) -> Bool {
        let full = ScriptFiles.path(path, relative)
        let isFolder = FileSystem.isDirectory(full) && !FileSystem.isLink(full)
        if ownFiles.contains(relative) { return !isFolder }
        guard isFolder, ownFiles.contains(where: { $0.hasPrefix(relative + "/") }),
              let names = try? FileSystem.contents(of: full)
        else { return false }
        return names.allSatisfy { holdsOwnFilesOnly(path, relative + "/" + $0) }
    }
}
