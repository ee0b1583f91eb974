import GestureScript

/// One script of a run: its path as the user named it (or as found under
/// a named folder), and its size, a stand-in for how long it plays.
public struct ScriptFile: Sendable, Hashable {
    public var path: String
    public var size: Int

    public init(path: String, size: Int) {
        self.path = path
        self.size = size
    }
}

/// Turns the PATH arguments of `gesture-demo test` into the run's scripts.
///
/// A file is a script whatever its name. A folder contributes every
/// `.gds` file in it and in its subfolders (hidden ones, starting with
/// `.`, skipped). The result is sorted by path and free of duplicates, so
/// the same arguments list the same scripts in the same order on every
/// machine, which sharding relies on.
public enum ScriptDiscovery {
    /// The file name ending that marks a script inside a folder.
    public static let scriptExtension = ".gds"

    public static func scripts(in paths: [String]) throws(RunnerError) -> [ScriptFile] {
        var found: [String: Int] = [:]
        for path in paths {
            let path = normalized(path)
            if FileSystem.isDirectory(path) {
                try collect(folder: path, into: &found)
            } else if let size = FileSystem.size(of: path) {
                found[path] = size
            } else {
                throw .usage(ScriptFiles.exists(path) ? "\(path) is neither a script nor a folder"
                                                      : "no such file or folder: \(path)")
            }
        }
        return found.map { ScriptFile(path: $0.key, size: $0.value) }.sorted { $0.path < $1.path }
    }

    private static func collect(folder: String, into found: inout [String: Int]) throws(RunnerError) {
        for name in try FileSystem.contents(of: folder) where !name.hasPrefix(".") {
            let path = folder == "." ? name : ScriptFiles.path(folder, name)
            if FileSystem.isDirectory(path) {
                try collect(folder: path, into: &found)
            } else if name.hasSuffix(scriptExtension), let size = FileSystem.size(of: path) {
                found[path] = size
            }
        }
    }

    /// `path` without `./` segments, doubled or trailing slashes, so that
    /// `Tests/Scenarios/` and `./Tests/Scenarios` name the same scripts.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
